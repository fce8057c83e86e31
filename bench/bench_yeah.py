"""Time the yEAh item work: reading and checking the table, resolving rounds
of 2 to 8 players, and printing the cards; prints a table.

Run: python bench/bench_yeah.py [--rounds N] [--repeat N]
"""
from __future__ import annotations

import argparse
import random

from icp_print.cli.common import VERSION
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.generators.yeah import YeahOptions, build
from icp_print.validators.yeah.consistency import check_table, contradictions
from icp_print.validators.yeah.resolve import resolve
from icp_print.validators.yeah.round import parse_round
from icp_print.validators.yeah.table import load_table, published_table
from timing import timed


def random_rounds(count: int, players: int, seed: int = 0) -> list:
    """``count`` round files with random choices, ammo and histories (seeded)."""
    table = published_table()
    ids = [i.id for i in table.items] + [None]
    rng = random.Random(seed)
    rounds = []
    for _ in range(count):
        entries = [{"name": f"P{n}", "ammo": rng.randint(0, 12), "item": rng.choice(ids),
                    "history": [rng.choice(ids[:-1]) for _ in range(rng.randint(0, 4))],
                    "target": f"P{rng.randrange(players)}"} for n in range(players)]
        rounds.append(parse_round({"players": entries}, table))
    return rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    table = published_table()
    rows = [("load + check table", *timed(lambda: check_table(load_table()), args.repeat)[:2]),
            ("find contradictions", *timed(lambda: contradictions(table), args.repeat)[:2])]
    for players in (2, 4, 8):
        rounds = random_rounds(args.rounds, players)
        best, median, _ = timed(lambda: [resolve(table, r) for r in rounds], args.repeat)
        rows.append((f"resolve {args.rounds} rounds, {players} players", best, median))
    settings = SheetSettings(paper=paper("a4"))
    rows.append(("print 17 item cards", *timed(lambda: render(build(settings, YeahOptions(table, published=True)),
                                                               VERSION), args.repeat)[:2]))
    width = max(len(r[0]) for r in rows)
    print(f"{'task':<{width}}  {'best s':>8}  {'median s':>8}")
    for name, best, median in rows:
        print(f"{name:<{width}}  {best:>8.4f}  {median:>8.4f}")


if __name__ == "__main__":
    main()
