"""Crop marks print: on A4 and Letter, with default settings, every trim line of
every generator carries two marks inside the printable area (see printmarks.py)."""
from __future__ import annotations

import pytest

from icp_print.cli.common import default_builder
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.validators.registry import all_outputs

from pagescan import manifest, user_example
from printmarks import marked_lines

BUILDERS = {output.name: default_builder(game, output) for game, output in all_outputs()}


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
@pytest.mark.parametrize("name", sorted(BUILDERS))
def test_every_trim_line_is_marked_inside_the_printable_area(name, paper_name):
    pdf = render(BUILDERS[name](SheetSettings(paper=paper(paper_name))), "test")
    held, total = marked_lines(pdf)
    assert held == total, f"{held}/{total} trim lines marked"


@pytest.mark.parametrize("args", [("ryb", "--bleed", "2"), ("ryb", "--paper", "letter"),
                                  ("yield",), ("dice",),
                                  # its top row ran between the two top registration marks: 42/47
                                  ("yield", "--paper", "letter", "--cutter", "silhouette")])
def test_marks_print_for_the_commands_a_user_types(tmp_path, args):
    pdf = user_example(tmp_path, *args, "--out", "x.pdf")
    held, total = marked_lines(pdf)
    assert total and held == total, f"{held}/{total} trim lines marked"


@pytest.mark.parametrize("paper_name", ["a4", "letter"])
def test_poker_decks_still_come_nine_to_a_sheet(tmp_path, paper_name):
    m = manifest(user_example(tmp_path, "ryb", "--paper", paper_name, "--out", "deck.pdf"))
    fronts = [p for p in m["pages"] if p["side"] == "front" and p["section"] == "cards"]
    assert len(fronts[0]["components"]) == 9
