"""Time the Yield! layout solver: open and closed 8x8 layouts of the 64 reference
tiles over several seeds, a double board (two sets), and an impossible set.

Run: python bench/bench_yield_layout.py [--seeds N]
"""
from __future__ import annotations

import argparse
import statistics
import time

from icp_print.validators.errors import RuleError
from icp_print.validators.yield_.layout import check_layout
from icp_print.validators.yield_.layout_search import find_layout
from icp_print.validators.yield_.model import reference_set


def timed(**kwargs) -> tuple[float, str]:
    start = time.perf_counter()
    try:
        layout = find_layout(**kwargs)
        outcome = "legal" if not check_layout(layout, closed=kwargs.get("closed", False)) else "ILLEGAL"
    except RuleError:
        outcome = "no layout"
    return time.perf_counter() - start, outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=20, help="seeds per row (default 20)")
    args = parser.parse_args()
    rows = [
        ("open 8x8, 64 reference tiles", {}),
        ("closed 8x8, 64 reference tiles", {"closed": True}),
        ("closed 8x16, two sets", {"closed": True, "tiles": reference_set() * 2, "cols": 16}),
        ("open 8x8, 64 Turns (impossible)", {"tiles": ["turn"] * 64}),
    ]
    print(f"{'case':<34}{'seeds':>6}{'min ms':>9}{'median ms':>11}{'max ms':>9}  outcome")
    for name, kwargs in rows:
        seeds = args.seeds if "Turns" not in name else 3
        results = [timed(seed=seed, **kwargs) for seed in range(seeds)]
        times = [t * 1000 for t, _ in results]
        outcomes = sorted({o for _, o in results})
        print(f"{name:<34}{seeds:>6}{min(times):>9.1f}{statistics.median(times):>11.1f}"
              f"{max(times):>9.1f}  {', '.join(outcomes)}")


if __name__ == "__main__":
    main()
