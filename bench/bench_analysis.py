"""Games per second per core for every game with a whole-game engine, per player strength,
and each strength against the one below it head to head (win rate with its 95% interval).

    python bench/bench_analysis.py                  # a few seconds per line
    python bench/bench_analysis.py --games 2000 --duel-games 400
    python bench/bench_analysis.py --game ryb --players 4

Speeds are measured on one process (one core); a run on W cores plays about W
times as many games.  The head-to-head games rotate the seats every game, so
seat order does not favour either strength.
"""
from __future__ import annotations

import argparse
import time

from icp_print.validators.analysis.games import engine_key, playable
from icp_print.validators.analysis.runner import matchup, run
from icp_print.validators.analysis.text import interval

TARGETS = {"ryb": 100_000}      # games in 60 s on two cores; every other game 10,000


def speed(game, players: int, strength: str, games: int, playouts: int) -> tuple[float, float]:
    match = matchup(game, players, (strength,) * players, playouts=playouts)
    start = time.perf_counter()
    totals = run(match, games, workers=1)
    seconds = time.perf_counter() - start
    return games / seconds, totals.turns.mean()


def duel(game, players: int, strong: str, weak: str, games: int, playouts: int) -> str:
    if players == 1:
        return "-"
    seats = (strong,) + (weak,) * (players - 1)
    totals = run(matchup(game, players, seats, rotate=True, playouts=playouts), games)
    row = totals.policy_rates()[strong]
    return f"{interval(row)} (fair {100 / players:.0f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100, help="games per speed line")
    parser.add_argument("--duel-games", type=int, default=100, help="games per head-to-head line")
    parser.add_argument("--search-games", type=int, default=6, help="games for search lines")
    parser.add_argument("--playouts", type=int, default=48, help="search playouts per decision")
    args = parser.parse_args()
    engines = playable()
    keys = [args.game] if args.game else list(dict.fromkeys(engine_key(e) for e in engines.values()))
    print(f"{'game':<16} {'players':>7} {'strength':<8} {'games/s/core':>12} {'turns':>7} "
          f"{'target 60 s on 2 cores':>24}  head to head against the strength below")
    for key in keys:
        game = engines[key]
        players = args.players or (4 if game.max_players >= 4 else game.min_players)
        target = TARGETS.get(key, 10_000)
        below = None
        for strength in ("random", "greedy", "search"):
            games = args.search_games if strength == "search" else args.games
            rate, turns = speed(game, players, strength, games, args.playouts)
            needed = target / 120.0
            verdict = f"{target} games: {'met' if rate >= needed else f'needs {needed:.0f}/s'}"
            versus = "-" if below is None else \
                f"{strength} vs {below}: " + duel(game, players, strength, below,
                                                  args.search_games * 4 if strength == "search"
                                                  else args.duel_games, args.playouts)
            print(f"{key:<16} {players:>7} {strength:<8} {rate:>12.1f} {turns:>7.1f} "
                  f"{verdict:>24}  {versus}")
            below = strength


if __name__ == "__main__":
    main()
