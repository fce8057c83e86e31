"""`icp-print analyse`: the table, JSON, reports that open, decks beside the reference, errors."""
from __future__ import annotations

import json
from pathlib import Path

import numpy
import pypdfium2
import pytest

from conftest import assert_clean_failure
from icp_print.generators.units import pt
from icp_print.validators.formats import paper, paper_names

UNBALANCED = """
[deck]
name = "Easy red"
variable = "reset"
[[goal]]
colour = "red"
targets = [1, 1, 2, 2, 2, 3, 3]
[[goal]]
colour = "blue"
targets = [18, 18, 20, 20]
[[goal]]
colour = "yellow"
targets = [18, 18, 20, 20]
[[goal]]
colour = "black"
targets = [10, 11, 12]
[[action]]
name = "gimme"
count = 2
[[action]]
name = "swap"
count = 2
"""


@pytest.fixture(autouse=True)
def _close_charts():
    """Tests that look into the report's charts leave no matplotlib figure open."""
    yield
    import matplotlib.pyplot as plt
    plt.close("all")


def analyse(run, *args: str) -> dict:
    result = run("analyse", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_analyse_reports_seats_length_and_events_and_the_command(run):
    data = analyse(run, "ryb", "--players", "3", "--games", "12", "--seed", "4", "--workers", "1")
    (only,) = data["runs"]
    assert only["games"] == 12 and len(only["win_rate_by_seat"]) == 3
    assert sum(r["wins"] for r in only["win_rate_by_seat"]) == only["finished"]
    assert only["events_per_game"]["won"] == only["finished"] / 12
    assert data["command"] == "icp-print analyse ryb --games 12 --players 3 --workers 1 --seed 4 --json"
    text = run("analyse", "ryb", "--players", "3", "--games", "12", "--seed", "4").stdout
    assert "first player" in text and "seat 3 (greedy) wins" in text


def test_same_seed_same_numbers_on_one_or_two_workers(run):
    one = analyse(run, "ryb", "--players", "2", "--games", "10", "--workers", "1")["runs"]
    two = analyse(run, "ryb", "--players", "2", "--games", "10", "--workers", "2")["runs"]
    assert one == two


def test_pdf_report_opens_with_the_table_and_every_chart(run, tmp_path):
    out = tmp_path / "r.pdf"
    result = run("analyse", "ryb", "--players", "2", "--games", "6", "--report", str(out))
    assert result.exit_code == 0, result.output
    pdf = pypdfium2.PdfDocument(str(out))
    assert len(pdf) == 7    # front page, table; length, wins, events, attempts and completion by colour
    front = pdf[0].get_textpage().get_text_range()
    for heading in ("icp-print analyse ryb", "Win rate by seat", "First player", "Game length", "seat 2"):
        assert heading in front
    assert "icp-print analyse ryb" in pdf[1].get_textpage().get_text_range()
    first_bytes = out.read_bytes()
    run("analyse", "ryb", "--players", "2", "--games", "6", "--report", str(out))
    assert out.read_bytes() == first_bytes


def char_boxes(page) -> list:
    """The boxes of a PDF page's characters (spaces left out), in points from its lower-left corner."""
    text = page.get_textpage()
    return [text.get_charbox(i) for i in range(text.count_chars()) if not text.get_text_range(i, 1).isspace()]


def inked_columns(page, margin: float) -> tuple[int, int]:
    """The page rendered at 144 dpi: asserts that nothing is drawn in a band ``margin`` points
    wide along each edge (clipped bars and charts' inner drawings included); the first and
    last columns of pixels with ink, as a share of the width in thousandths."""
    scale = 2
    pixels = numpy.asarray(page.render(scale=scale).to_pil().convert("L")) < 250
    band = int(margin * scale)
    assert not pixels[:band].any() and not pixels[-band:].any()
    assert not pixels[:, :band].any() and not pixels[:, -band:].any()
    inked = numpy.flatnonzero(pixels.any(axis=0))
    return 1000 * inked[0] // pixels.shape[1], 1000 * inked[-1] // pixels.shape[1]


def assert_chars_inside(page, margin: float) -> None:
    width, height = page.get_size()
    boxes = char_boxes(page)
    assert min(b[0] for b in boxes) >= margin and max(b[2] for b in boxes) <= width - margin
    assert min(b[1] for b in boxes) >= margin and max(b[3] for b in boxes) <= height - margin


@pytest.mark.parametrize("paper_name", paper_names())
def test_pdf_report_pages_are_the_paper_with_everything_inside_the_margins(run, tmp_path, paper_name):
    """Every page is the paper asked for.  Long lines of the front page's tables and of the full
    table (a deck beside the reference, every Goal colour), the charts and their labels all lie
    at least 10 mm inside it, and each chart spans most of the page's width."""
    deck = tmp_path / "easy-red.toml"
    deck.write_text(UNBALANCED)
    out = tmp_path / "r.pdf"
    result = run("analyse", "ryb", "--deck", str(deck), "--players", "4", "--games", "6",
                 "--report", str(out), "--paper", paper_name)
    assert result.exit_code == 0, result.output
    sheet = paper(paper_name)
    pdf = pypdfium2.PdfDocument(str(out))
    assert len(pdf) == 7    # front page, table, five charts
    for number in range(len(pdf)):
        page = pdf[number]
        assert page.get_size() == pytest.approx((pt(sheet.width), pt(sheet.height)), abs=0.01)
        assert_chars_inside(page, pt(10))
        left, right = inked_columns(page, pt(10))
        if number < 2:
            assert len(char_boxes(page)) > 500
        else:
            assert right - left > 750


@pytest.mark.parametrize("paper_name", paper_names())
def test_a_long_table_runs_over_pages_of_each_paper_inside_the_margins(run, paper_name):
    """Lines too long for the page are broken and a table too long for one page goes on to the
    next: every line is there, in order, and every character lies 10 mm inside the paper."""
    from icp_print.generators.analysis_report import figures, report_bytes
    data = analyse(run, "ryb", "--players", "2", "--games", "2")
    lines = [f"line {n:03} " + " ".join(["word"] * 60) for n in range(300)]
    pdf = pypdfium2.PdfDocument(report_bytes(data, lines, "pdf", paper(paper_name)))
    tables = [pdf[n] for n in range(1, len(pdf) - len(figures(data)))]
    assert len(tables) > 2
    text = "".join(page.get_textpage().get_text_range() for page in tables)
    assert [text.count(f"line {n:03}") for n in range(300)] == [1] * 300
    starts = [text.index(f"line {n:03}") for n in range(300)]
    assert starts == sorted(starts)
    for page in tables:
        assert_chars_inside(page, pt(10))
        inked_columns(page, pt(10))


def text_boxes(page, wanted: str) -> list:
    """The boxes of the characters of each place ``wanted`` is written on a PDF page."""
    text = page.get_textpage()
    searcher = text.search(wanted)
    boxes = []
    while (found := searcher.get_next()) is not None:
        start, count = found
        boxes += [text.get_charbox(i) for i in range(start, start + count)]
    return boxes


@pytest.mark.parametrize("paper_name", paper_names())
@pytest.mark.parametrize("game", [("which-side",), ("the-last-glow",), ("the-last-glow", "--variant", "mode=storm")],
                         ids=["three-modes", "two-modes", "one-mode"])
def test_a_legend_under_a_chart_stays_under_its_axis_label_on_the_page(run, tmp_path, paper_name, game):
    """The chart of how games end sets its legend below the axes: moved onto a page, the legend
    still lies below the axis label instead of over it, however few bars (runs) make the chart
    short."""
    out = tmp_path / "r.pdf"
    assert run("analyse", *game, "--games", "20", "--report", str(out), "--paper", paper_name).exit_code == 0
    pdf = pypdfium2.PdfDocument(str(out))
    endings = pdf[len(pdf) - 1]
    assert "how games end" in endings.get_textpage().get_text_range()
    label, legend = text_boxes(endings, "share of games"), text_boxes(endings, "lost:") + text_boxes(endings, "won")
    assert label and legend
    assert max(b[3] for b in legend) < min(b[1] for b in label)


def test_usage_chart_cuts_a_figure_that_dwarfs_the_rest(run):
    """RYB's banked points (about 30 a game) beside card counts of 1 to 4: the axis ends a
    little past the second figure, and the first's value is written on its bar."""
    from icp_print.generators.analysis_report import figures
    data = analyse(run, "ryb", "--players", "4", "--games", "6")
    per_game = sorted(data["runs"][0]["events_per_game"].values(), reverse=True)
    assert per_game[0] > 3 * per_game[1]
    usage = figures(data)[2].axes[0]
    assert usage.get_xlim()[1] == pytest.approx(1.3 * per_game[1])
    assert [t.get_text() for t in usage.texts] == [f"{per_game[0]:.3g} \u2192"]


def test_win_chart_writes_each_rate_above_its_interval(run):
    """Storm's 98% and Nightmare's 95% look alike as bars: each bar carries its rate, above the
    top of its error bar so that neither hides the other."""
    from icp_print.generators.analysis_report import figures
    data = analyse(run, "the-last-glow", "--games", "20")
    wins = figures(data)[1].axes[0]
    rows = [run_["win_rate_by_seat"][0] for run_ in data["runs"]]
    assert [t.get_text() for t in wins.texts] == [f"{r['rate']:.1%}" for r in rows]
    assert [t.get_position()[1] for t in wins.texts] == [r["high"] + 0.015 for r in rows]


def test_attempts_chart_writes_plain_figures_not_percentages(run):
    """Attempts per completion (about 1.7) are not shares: each bar carries ``1.77``, not ``177%``."""
    from icp_print.generators.analysis_report import figures
    data = analyse(run, "ryb", "--players", "4", "--games", "6")
    attempts = figures(data)[3].axes[0]
    figures_by_colour = data["runs"][0]["attempts_per_completed"]
    assert [t.get_text() for t in attempts.texts] == [f"{figures_by_colour[c]:.2f}" for c in sorted(figures_by_colour)]


def test_front_page_names_each_strength_when_seats_differ(run, tmp_path):
    from icp_print.validators.analysis.text import summary_tables
    data = analyse(run, "ryb", "--players", "3", "--games", "6", "--policy", "random,greedy,greedy",
                   "--rotate")
    tables = {heading: rows for heading, _, rows in summary_tables(data)}
    assert {row[1] for row in tables["Win rate by seat"]} == {"seat 1", "seat 2", "seat 3"}
    assert {row[2] for row in tables["Win rate by seat"]} == {"rotated"}
    assert [row[1] for row in tables["Win rate by strength"]] == list(data["runs"][0]["win_rate_by_policy"])


def test_solo_report_shows_how_games_end_in_each_mode(run):
    """Which Side's greedy player wins no game in any mode: the front page and a chart still
    tell the modes apart by how the games are lost, each run's endings adding up to all games."""
    from icp_print.generators.analysis_report import figures
    from icp_print.validators.analysis.text import game_endings, summary_tables
    data = analyse(run, "which-side", "--games", "20")
    tables = {heading: rows for heading, _, rows in summary_tables(data)}
    assert [row[0] for row in tables["How games end (share of games)"]] == ["mode normal", "mode advanced", "mode hard"]
    for run_ in data["runs"]:
        assert sum(game_endings(run_).values()) == pytest.approx(1.0)
    chart = figures(data)[-1].axes[0]
    assert chart.get_title() == "Which Side: how games end"
    assert len(chart.patches) == len(data["runs"]) * len({n for r in data["runs"] for n in game_endings(r)})


def test_a_solo_game_nobody_wins_points_to_the_search_player(run):
    hint = "--policy search"
    nobody = run("analyse", "which-side", "--games", "10", "--variant", "mode=hard")
    assert nobody.exit_code == 0 and hint in nobody.stdout
    won = run("analyse", "the-last-glow", "--games", "10", "--variant", "mode=storm")
    assert won.exit_code == 0 and hint not in won.stdout


def test_html_report_is_one_self_contained_file(run, tmp_path):
    out = tmp_path / "r.html"
    result = run("analyse", "ryb", "--players", "2", "--games", "6", "--report", str(out))
    assert result.exit_code == 0, result.output
    page = out.read_text()
    assert page.count("<svg") == 5 and "icp-print analyse ryb" in page
    assert page.count("<table>") == 3 and "<h2>Win rate by seat</h2>" in page
    for outside in ("src=", "<link", "<script", "url(http", "@import"):
        assert outside not in page


def test_an_unbalanced_deck_shows_up_beside_the_reference(run, tmp_path):
    deck = tmp_path / "easy-red.toml"
    deck.write_text(UNBALANCED)
    data = analyse(run, "ryb", "--deck", str(deck), "--players", "3", "--games", "40")
    mine, reference = data["runs"]
    assert mine["label"] == "deck easy-red.toml" and reference["label"] == "reference deck"
    tries = mine["attempts_per_completed"]
    assert tries["red goal"] < 1.1 and tries["blue goal"] > 2 * tries["red goal"]
    assert tries["yellow goal"] > 2 * tries["red goal"]
    spread = reference["attempts_per_completed"]
    assert max(spread.values()) < 1.5 * min(spread.values())
    assert mine["turns"]["mean"] > reference["turns"]["mean"]


def test_a_deck_that_breaks_the_rules_is_refused(run, tmp_path):
    deck = tmp_path / "bad.toml"
    deck.write_text('[deck]\nname = "x"\n[[goal]]\ncolour = "red"\ntarget = 4\n')
    assert_clean_failure(run("analyse", "ryb", "--deck", str(deck)), 1)


@pytest.mark.parametrize("args, code, said", [
    (("mad-maxence",), 2, "adventure booklet"),
    (("chess",), 2, "no whole-game engine"),
    (("chess",), 2, "not mad-maxence: Mad Maxence is played from its adventure booklet"),
    (("ryb", "--players", "7"), 2, "2 to 5 players"),
    (("ryb", "--variant", "hand"), 2, "KEY=VALUE"),
    (("ryb", "--variant", "variable=sometimes"), 2, "variable takes one of"),
    (("ryb", "--policy", "clever"), 2, "unknown player"),
    (("ryb", "--report", "r.docx"), 2, ".pdf or an .html"),
])
def test_bad_requests_get_one_clear_line(run, args, code, said):
    result = run("analyse", *args, "--games", "1")
    assert_clean_failure(result, code)
    assert said in result.output


def test_an_unbalanced_deck_is_named_for_what_sets_it_apart(run, tmp_path):
    deck = tmp_path / "easy-red.toml"
    deck.write_text(UNBALANCED)
    data = analyse(run, "ryb", "--deck", str(deck), "--players", "3", "--games", "60")
    found = {d["figure"]: d["verdict"] for d in data["against_reference"]}
    assert found["red goal completed once played"] == "easier"
    assert found["red goal completed per attempt"] == "easier"
    assert found["blue goal completed per attempt"] == "harder"
    for row in data["against_reference"]:
        assert row["deck"]["high"] < row["reference"]["low"] or row["reference"]["high"] < row["deck"]["low"]
    text = run("analyse", "ryb", "--deck", str(deck), "--players", "3", "--games", "60").stdout
    head = text.splitlines()[2:5]
    assert head[0].startswith("deck easy-red.toml against the reference deck")
    assert any(line.startswith("  easier: red goal completed once played") for line in head)


def test_the_reference_deck_against_itself_differs_in_nothing(run):
    reference = Path(__file__).parents[1] / "templates" / "ryb" / "reference-deck.toml"
    data = analyse(run, "ryb", "--deck", str(reference), "--players", "2", "--games", "30")
    assert data["against_reference"] == []
