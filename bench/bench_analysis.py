"""Games per second per core for every game with a whole-game engine and every player
strength, and each strength against the one below it (win rate with its 95% interval).

    python bench/bench_analysis.py                  # every game, a few minutes
    python bench/bench_analysis.py --game ryb --players 4 --games 400
    python bench/bench_analysis.py --game the-last-glow --variant mode=nightmare
    python bench/bench_analysis.py --game which-side --strengths greedy --games 20000

Speed is measured on one process and counted in processor seconds, so it is
the rate of one core even on a machine busy with other work; a run on W cores
plays about W times as many games.  The target column is the issue's: 100,000
greedy games of RYB (four players) and of each solo YCP game, 10,000 of every
other game, within 60 s on two cores.

Head to head, a multi-player game seats one player of the stronger strength
against the weaker ones and moves the seats round every game (``--rotate``),
so seat order favours neither; the line gives the stronger strength's share
of the wins and the fair share.  A solo game has no opponent: its line gives
each strength's win rate, and the stronger strength beats the weaker one
when its rate is higher.  Every game of a line is seeded by its number
(``--seed``), so a line gives the same numbers on any number of workers.
"""
from __future__ import annotations

import argparse
import time

from icp_print.validators.analysis import PURE, engines_build
from icp_print.validators.analysis.games import engine_key, playable
from icp_print.validators.analysis.players import STRENGTHS
from icp_print.validators.analysis.runner import Matchup, matchup, run
from icp_print.validators.analysis.text import interval
from icp_print.validators.play import PlayGame

SOLO_TARGET, TARGET = 100_000, 10_000
TARGETS = {"ryb": 100_000}
"""Greedy games within 60 s on two cores; solo games :data:`SOLO_TARGET`, others :data:`TARGET`."""
CORES = 2


def build() -> str:
    """Which build of the engines runs, as ``icp-print --version`` says."""
    built = engines_build()
    return built if built == PURE else f"{built} with mypyc (ICP_PRINT_COMPILE=1 pip install .)"


def speed(match: Matchup, games: int) -> tuple[float, float]:
    """Games per processor second on one process, and the mean game length in turns."""
    start = time.process_time()
    totals = run(match, games, workers=1)
    return games / (time.process_time() - start), totals.turns.mean()


def duel(game: PlayGame, players: int, strong: str, weak: str, games: int,
         options: dict, workers: int | None) -> str:
    """The stronger strength against the weaker one, as the module docstring says."""
    if players == 1:
        rates = [interval(run(matchup(game, 1, (name,), **options), games,
                              workers=workers).win_rates()[0]) for name in (strong, weak)]
        return f"{strong} wins {rates[0]}, {weak} wins {rates[1]}"
    seats = (strong,) + (weak,) * (players - 1)
    totals = run(matchup(game, players, seats, rotate=True, **options), games, workers=workers)
    row = totals.policy_rates()[strong]
    return f"{strong} vs {weak}: {interval(row)} of the wins (fair {100 / players:.0f}%)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="only this game")
    parser.add_argument("--players", type=int, default=None, help="default: 4, or the most below")
    parser.add_argument("--variant", action="append", default=[], help="KEY=VALUE, repeatable")
    parser.add_argument("--games", type=int, default=100, help="games per speed line")
    parser.add_argument("--search-games", type=int, default=4, help="games for the search speed line")
    parser.add_argument("--duel-games", type=int, default=100, help="games per head-to-head line")
    parser.add_argument("--search-duel-games", type=int, default=40,
                        help="games per head-to-head line with the search player")
    parser.add_argument("--playouts", type=int, default=16, help="search playouts per decision")
    parser.add_argument("--workers", type=int, default=None, help="head to head (default: every core)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--strengths", default=",".join(STRENGTHS),
                        help="comma-separated strengths to measure (head to head: against the one before)")
    args = parser.parse_args()
    engines = playable()
    keys = [args.game] if args.game else list(dict.fromkeys(engine_key(e) for e in engines.values()))
    variant = dict(v.split("=", 1) for v in args.variant)
    print(f"engines: {build()}")
    print(f"{'game':<16} {'players':>7} {'strength':<8} {'games/s/core':>12} {'turns':>7} "
          f"{'greedy target (60 s, 2 cores)':>30}  head to head against the strength below")
    short = []
    for key in keys:
        game = engines[key]
        players = args.players or min(4, game.max_players)
        target = TARGETS.get(key, SOLO_TARGET if game.max_players == 1 else TARGET)
        options = {"seed": args.seed, "playouts": args.playouts,
                   "variant": {k: v for k, v in variant.items() if k in game.variants}}
        below = None
        for strength in args.strengths.split(","):
            searching = strength == "search"
            match = matchup(game, players, (strength,) * players, **options)
            rate, turns = speed(match, args.search_games if searching else args.games)
            needed = target / (60 * CORES)
            verdict = "-" if strength != "greedy" else \
                f"{target}: {'met' if rate >= needed else f'needs {needed:.0f}/s ({needed / rate:.1f}x)'}"
            versus = "-" if below is None else duel(
                game, players, strength, below,
                args.search_duel_games if searching else args.duel_games, options, args.workers)
            label = f"{strength} ({args.playouts})" if searching else strength
            print(f"{key:<16} {players:>7} {label:<8} {rate:>12.1f} {turns:>7.1f} {verdict:>30}  {versus}",
                  flush=True)
            below = strength
            if "needs" in verdict:
                short.append(key)
    if short and engines_build() == PURE:
        print(f"short in pure Python: {', '.join(short)}; the compiled install (ICP_PRINT_COMPILE=1 pip install ., "
              "docs/analysis.md) compiles RYB's and The Last Glow's engines")


if __name__ == "__main__":
    main()
