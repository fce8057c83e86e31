"""Yield! whole games: one setup played out, and whole games per second per core.

    python bench/bench_yield_game.py                       # 30 setups, 40 games per line
    python bench/bench_yield_game.py --setups 100 --games 200 --max-turns 300

The setup line times ``solve yield --setup``'s engine (:func:`play_setup`);
the game lines play whole games on one process with the analysis lab's
players, as ``icp-print analyse yield`` does on each core.  The target is
10,000 greedy games within 60 s on two cores: 84 games a second per core.
"""
from __future__ import annotations

import argparse
import statistics
import time

from icp_print.validators.analysis.games import load_game
from icp_print.validators.analysis.runner import matchup, run
from icp_print.validators.yield_.setup import play_setup

TARGET_PER_CORE = 10_000 / 60 / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--setups", type=int, default=30)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--max-turns", type=int, default=2000)
    args = parser.parse_args()
    times = []
    for seed in range(args.setups):
        start = time.perf_counter()
        play_setup(2 + seed % 2, seed)
        times.append(time.perf_counter() - start)
    print(f"setup (2 and 3 players): median {1000 * statistics.median(times):.1f} ms, "
          f"max {1000 * max(times):.1f} ms over {args.setups}")
    print(f"{'players':>7} {'strength':<8} {'games/s/core':>12} {'turns (median)':>15} {'stopped':>8}  target")
    game = load_game("yield")
    for players in (2, 3):
        for strength in ("random", "greedy"):
            match = matchup(game, players, (strength,) * players, max_turns=args.max_turns)
            start = time.perf_counter()
            totals = run(match, args.games, workers=1)
            rate = args.games / (time.perf_counter() - start)
            verdict = "met" if rate >= TARGET_PER_CORE else f"needs {TARGET_PER_CORE:.0f}/s"
            print(f"{players:>7} {strength:<8} {rate:>12.1f} {totals.turns.median():>15} "
                  f"{totals.capped:>8}  {verdict if strength == 'greedy' else '-'}")


if __name__ == "__main__":
    main()
