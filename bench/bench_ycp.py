"""Time the YCP postcards: loading and checking each card's data, measuring its
text, and writing the whole PDF (postcards and gauge sheets).

    python bench/bench_ycp.py
"""
from __future__ import annotations

import time

from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.generators.ycp import build, build_gauges, measure
from icp_print.validators.ycp.content import check_postcard
from icp_print.validators.ycp.postcard import GAMES
from icp_print.validators.ycp.postcard_file import load_postcard

REPEAT = 5


def best(fn) -> float:
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main() -> None:
    print(f"{'postcard':<18}{'load ms':>9}{'check ms':>10}{'fit ms':>8}{'lines':>7}{'smallest pt':>13}")
    for game in GAMES:
        card = load_postcard(game)
        fit = measure(card)
        print(f"{game:<18}{best(lambda: load_postcard(game)):>9.1f}"
              f"{best(lambda: check_postcard(card)):>10.1f}{best(lambda: measure(card)):>8.1f}"
              f"{fit['lines']:>7}{fit['smallest_pt']:>13.1f}")
    settings = SheetSettings(paper=paper("a4"))
    for name, make in (("7 postcards (A6, A4)", lambda: build(list(GAMES), settings)),
                       ("7 gauge sheets (A4)", lambda: build_gauges(list(GAMES), settings))):
        size = len(render(make(), "bench"))
        print(f"{name:<24} build+render {best(lambda: render(make(), 'bench')):8.1f} ms"
              f"  {size / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
