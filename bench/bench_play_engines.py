"""Whole-game engines: games per second on one core, per game and player strength.

    python bench/bench_play_engines.py [--games N] [--repeat R]

Each row plays N games (seeds 0 to N-1) on one process with the analysis
lab's random and greedy players, exactly as ``run_batch`` does, and prints
games per second on one core and what that means for the targets: 100,000
greedy games of each solo YCP game, and 10,000 of every other game, within
60 s on a 2-core machine (the estimate assumes both cores).
"""
from __future__ import annotations

import argparse

from timing import timed

from icp_print.validators.analysis.games import load_game
from icp_print.validators.analysis.runner import matchup, run_batch

ROWS = (("bonnie-and-clyde", {}, 100_000), ("which-side", {"mode": "normal"}, 100_000),
        ("which-side", {"mode": "hard"}, 100_000), ("the-last-glow", {"mode": "storm"}, 100_000),
        ("the-last-glow", {"mode": "nightmare"}, 100_000))
CORES = 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<17} {'variant':<16} {'player':<7} {'games/s/core':>12} {'turns/game':>10} "
          f"{'target':>8} {'est. s on 2 cores':>17}")
    for name, variant, target in ROWS:
        game = load_game(name)
        for policy in ("random", "greedy"):
            match = matchup(game, game.min_players, (policy,) * game.min_players, variant)
            t = timed(lambda m=match: run_batch(m, 0, args.games), args.repeat)
            rate = args.games / t.best
            turns = t.result.summary()["turns"]["mean"]
            label = ",".join(f"{k}={v}" for k, v in variant.items()) or "-"
            print(f"{name:<17} {label:<16} {policy:<7} {rate:>12.0f} {turns:>10.1f} "
                  f"{target:>8} {target / rate / CORES:>17.0f}")


if __name__ == "__main__":
    main()
