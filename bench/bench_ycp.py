"""Time the YCP postcards: loading and checking each card's data, measuring its
text, and writing the whole PDF (postcards and gauge sheets).

    python bench/bench_ycp.py
"""
from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.generators.pen import Pen
from icp_print.generators.ycp import PostcardOptions, build, gauge_scale, measure
from icp_print.generators.ycp.elements import cube_spaces
from icp_print.generators.ycp.ink import US_SCALE, Ink
from icp_print.validators.ycp.content import check_postcard
from icp_print.validators.ycp.model import CARD_H, CARD_W, GAMES
from icp_print.validators.ycp.postcard_file import load_postcard
from timing import timed

REPEAT = 5


def best(fn) -> float:
    """Milliseconds of the fastest of ``REPEAT`` runs."""
    return timed(fn, REPEAT).best * 1000


def readability() -> None:
    """Smallest printed text (pt) and smallest cube space (mm) on each kind of print."""
    ink = Ink(Pen(Canvas(io.BytesIO()), CARD_W, CARD_H))
    sheet = {name: gauge_scale(paper(name).width, paper(name).height, 5.0) for name in ("a4", "letter")}
    print(f"\n{'smallest':<18}{'A6 pt':>7}{'US pt':>7}{'A4 sheet pt':>13}"
          f"{'A6 space mm':>13}{'Letter sheet mm':>17}")
    for game in GAMES:
        card = load_postcard(game)
        space = min(side for _, side in cube_spaces(ink, card.front))
        print(f"{game:<18}{measure(card)['smallest_pt']:>7.1f}{measure(card, US_SCALE)['smallest_pt']:>7.1f}"
              f"{measure(card, sheet['a4'])['smallest_pt']:>13.1f}{space:>13.1f}"
              f"{space * sheet['letter']:>17.1f}")


def main() -> None:
    print(f"{'postcard':<18}{'load ms':>9}{'check ms':>10}{'fit ms':>8}{'lines':>7}")
    for game in GAMES:
        card = load_postcard(game)
        fit = measure(card)
        print(f"{game:<18}{best(lambda: load_postcard(game)):>9.1f}"
              f"{best(lambda: check_postcard(card)):>10.1f}{best(lambda: measure(card)):>8.1f}"
              f"{fit['lines']:>7}")
    readability()
    settings = SheetSettings(paper=paper("a4"))
    for name, make in (("7 postcards (A6, A4)", lambda: build(settings)),
                       ("7 gauge sheets (A4)", lambda: build(settings, PostcardOptions(gauges=True)))):
        size = len(render(make(), "bench"))
        print(f"{name:<24} build+render {best(lambda: render(make(), 'bench')):8.1f} ms"
              f"  {size / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
