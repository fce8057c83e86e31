"""Each player strength against the one below it, in every game: random < greedy < search.

    python bench/bench_search.py                          # every line, tens of minutes
    python bench/bench_search.py --only which-side --games 200 --playouts 64
    python bench/bench_search.py --only ryb:2 --tune horizon=3 --tune widest=12

A solo game has no opponent, so both strengths play the same seeded games
(game *i* draws the same setup and dice for both, a paired comparison): the
line gives each strength's win rate with its 95% Wilson interval, the games
only one of them won, and the difference of the rates with its 95% interval
(paired, normal approximation).  A multi-player game seats one player of the
stronger strength against weaker ones, moves the seats round every game so
seat order favours neither, and gives the stronger strength's share of the
wins with its interval against the fair share, over the games that ended by
the rules (games stopped by ``--max-turns`` are counted apart).  The stronger strength beats
the weaker one where the interval lies above the fair share (multi-player)
or the difference's interval lies above zero (solo).

``--measure PREFIX`` adds, to a solo line, how many events whose name starts
with PREFIX each strength's games count (the mean per game with its 95%
interval, and the paired difference): the progress of games nobody wins,
such as Which Side's means of production.

``--tune KEY=VALUE`` replaces a field of the search player's tuning
(``validators/analysis/search.py``) for the games of this run, to measure what
helps before a value is written into ``TUNING``.  Every game is seeded by its
number (``--seed``), so a line gives the same numbers on any number of workers.
"""
from __future__ import annotations

import argparse
import dataclasses
import math
import time
from concurrent.futures import ProcessPoolExecutor

from icp_print.validators.analysis import search
from icp_print.validators.analysis.games import load_game
from icp_print.validators.analysis.runner import MAX_TURNS, matchup, run_batch
from icp_print.validators.analysis.stats import Z95, wilson

LINES = (("ryb", 4, {}), ("ryb", 2, {}), ("bonnie-and-clyde", 1, {}),
         ("which-side", 1, {"mode": "normal"}), ("which-side", 1, {"mode": "advanced"}),
         ("which-side", 1, {"mode": "hard"}),
         ("the-last-glow", 1, {"mode": "storm"}), ("the-last-glow", 1, {"mode": "nightmare"}),
         ("yield", 2, {}), ("accellerator", 4, {}), ("lucha-libre", 2, {}),
         ("protocol-g117", 2, {}), ("toroball", 2, {}))
"""The issue's games: RYB at four and two players, the solo games in every mode, the rest."""
DUELS = (("greedy", "random"), ("search", "greedy"))


@dataclasses.dataclass(frozen=True)
class Task:
    """One seeded game of one line: what a worker process needs to play it."""

    game: str
    players: int
    variant: tuple[tuple[str, str], ...]
    seats: tuple[str, ...]
    index: int
    seed: int
    playouts: int
    tune: tuple[tuple[str, float], ...]
    max_turns: int
    measure: str


def play(task: Task) -> tuple[dict[str, float], float, bool, int]:
    """Wins by strength of game ``task.index``, its processor seconds, whether it ended
    by the rules (not by the turn cap), and how many of its events start with ``task.measure``."""
    game = load_game(task.game)
    if task.tune:
        search.TUNING[task.game] = dataclasses.replace(search.tuning_for(task.game), **dict(task.tune))
    match = matchup(game, task.players, task.seats, dict(task.variant), seed=task.seed,
                    playouts=task.playouts, rotate=task.players > 1, max_turns=task.max_turns)
    start = time.process_time()
    totals = run_batch(match, task.index, 1)
    measured = sum(n for name, n in totals.events.items() if task.measure and name.startswith(task.measure))
    return dict(totals.policy_wins), time.process_time() - start, totals.capped == 0, measured


def rate(wins: float, games: int) -> str:
    low, high = wilson(wins, games)
    return f"{100 * wins / games:.1f}% ({100 * low:.1f}-{100 * high:.1f}%)"


def paired(strong: list[float], weak: list[float]) -> str:
    """The difference of two win rates over the same games, with its 95% interval."""
    n = len(strong)
    only_strong = sum(1 for s, w in zip(strong, weak) if s > w)
    only_weak = sum(1 for s, w in zip(strong, weak) if w > s)
    gain = (only_strong - only_weak) / n
    spread = math.sqrt(max(0.0, (only_strong + only_weak) / n - gain * gain) / n)
    return (f"only the stronger won {only_strong}, only the weaker {only_weak}; difference "
            f"{100 * gain:+.1f} points ({100 * (gain - Z95 * spread):+.1f} to {100 * (gain + Z95 * spread):+.1f})")


def mean_interval(values: list[int]) -> str:
    """A mean with its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1) / n)
    return f"{mean:.2f} ({mean - Z95 * spread:.2f}-{mean + Z95 * spread:.2f})"


def measured(name: str, strong: list[int], weak: list[int]) -> str:
    """Both strengths' per-game counts of the measured events, and their paired difference."""
    return (f"; {name!r} per game {mean_interval(strong)} against {mean_interval(weak)}, "
            f"difference {mean_interval([s - w for s, w in zip(strong, weak)])}")


def line(pool: ProcessPoolExecutor, game: str, players: int, variant: dict[str, str],
         strong: str, weak: str, args: argparse.Namespace) -> str:
    common = {"game": game, "players": players, "variant": tuple(sorted(variant.items())),
              "seed": args.seed, "playouts": args.playouts, "tune": tuple(args.tune),
              "max_turns": args.max_turns, "measure": args.measure}
    games = args.search_games if strong == "search" else args.games
    if players == 1:
        runs = {}
        for name in (strong, weak):
            tasks = [Task(seats=(name,), index=i, **common) for i in range(games)]
            runs[name] = list(pool.map(play, tasks))
        wins = {name: [r[0].get(name, 0.0) for r in runs[name]] for name in runs}
        seconds = sum(r[1] for r in runs[strong]) / games
        progress = measured(args.measure, [r[3] for r in runs[strong]],
                            [r[3] for r in runs[weak]]) if args.measure else ""
        return (f"{strong} {rate(sum(wins[strong]), games)}, {weak} {rate(sum(wins[weak]), games)}, "
                f"{games} same games; {paired(wins[strong], wins[weak])}{progress}; {seconds:.2f} s/game")
    seats = (strong,) + (weak,) * (players - 1)
    results = list(pool.map(play, [Task(seats=seats, index=i, **common) for i in range(games)]))
    finished = [r for r in results if r[2]]
    share = sum(r[0].get(strong, 0.0) for r in finished)
    seconds = sum(r[1] for r in results) / games
    stopped = f", {games - len(finished)} stopped at {args.max_turns} turns" if len(finished) < games else ""
    return (f"{strong} vs {weak}: {rate(share, len(finished))} of the wins over {len(finished)} games "
            f"(fair {100 / players:.0f}%{stopped}); {seconds:.2f} s/game")


def tuning_field(text: str) -> tuple[str, float]:
    key, _, number = text.partition("=")
    kinds = {f.name: type(getattr(search.DEFAULT, f.name)) for f in dataclasses.fields(search.Tuning)}
    if key not in kinds:
        raise argparse.ArgumentTypeError(f"no tuning field {key!r}")
    return key, kinds[key](number)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[],
                        help="GAME or GAME:PLAYERS or GAME:MODE, repeatable (default: every line)")
    parser.add_argument("--games", type=int, default=200, help="games per greedy-vs-random line")
    parser.add_argument("--search-games", type=int, default=60, help="games per search line")
    parser.add_argument("--playouts", type=int, default=32, help="search playouts per decision")
    parser.add_argument("--tune", action="append", default=[], type=tuning_field,
                        help="KEY=VALUE: a search tuning field for this run")
    parser.add_argument("--measure", default="", metavar="PREFIX",
                        help="solo lines: also count the events whose name starts with PREFIX, per game")
    parser.add_argument("--duel", choices=[s for s, _ in DUELS], default=None, help="only this strength's line")
    parser.add_argument("--max-turns", type=int, default=MAX_TURNS,
                        help="stop a game after this many turns; such games are counted apart")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    chosen = [ln for ln in LINES if not args.only or any(
        o in (ln[0], f"{ln[0]}:{ln[1]}", f"{ln[0]}:{ln[2].get('mode')}") for o in args.only)]
    print(f"seed {args.seed}, search playouts {args.playouts}, tuning {dict(args.tune) or 'as in TUNING'}")
    with ProcessPoolExecutor(args.workers) as pool:
        for game, players, variant in chosen:
            for strong, weak in DUELS:
                if args.duel and strong != args.duel:
                    continue
                label = f"{game} {players}p {variant.get('mode', '')}".strip()
                print(f"{label:<28} {line(pool, game, players, variant, strong, weak, args)}", flush=True)


if __name__ == "__main__":
    main()
