"""Time every generator and the RYB odds solver; prints a table.

Run: python bench/bench_generators.py [--repeat N]
"""
from __future__ import annotations

import argparse

from icp_print.cli.common import VERSION, default_builder
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.validators.registry import all_outputs
from icp_print.validators.ryb.deck import load_deck
from icp_print.validators.ryb.model import STARTING_POOL
from icp_print.validators.ryb.odds import at_least, deck_report, goal_odds, sum_counts
from timing import timed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    settings = SheetSettings(paper=paper("a4"))
    rows = []
    for game, output in all_outputs():
        build = default_builder(game, output)
        best, median, _ = timed(lambda: render(build(settings), VERSION), args.repeat)
        rows.append((f"generate {output.name}", best, median))
    deck = load_deck()

    def cold_report():
        for cached in (sum_counts, at_least):
            cached.cache_clear()
        deck_report(deck.goals(), STARTING_POOL)

    rows.append(("solve ryb: reference deck report (cold)", *timed(cold_report, args.repeat)[:2]))
    rows.append(("solve ryb: purple-9 3r,1y,3b", *timed(
        lambda: goal_odds("purple", 9, {"red": 3, "yellow": 1, "blue": 3}), args.repeat)[:2]))
    rows.append(("solve ryb: black-60 with 20 dice a colour (cold)", *timed(
        lambda: (sum_counts.cache_clear(), at_least.cache_clear(),
                 goal_odds("black", 60, {"red": 20, "yellow": 20, "blue": 20})), args.repeat)[:2]))
    width = max(len(r[0]) for r in rows)
    print(f"icp-print {VERSION}, best and median of {args.repeat} runs")
    print(f"{'task':<{width}}  {'best s':>8}  {'median s':>8}")
    for name, best, median in rows:
        print(f"{name:<{width}}  {best:>8.4f}  {median:>8.4f}")


if __name__ == "__main__":
    main()
