"""Hostile values for the newer options: one line naming the option (and file), exit 2,
and every multi-file output all or none.

Covers ``--cutter``, ``--layout``, ``--export-cards``, ``--card-size``, the cut files
and ``analyse`` (``--report --paper --policy --variant --scheduler --playouts --games
--workers --seed``).  A full disk is faked at the one place outputs are written.
"""
from __future__ import annotations

import errno
import os

import click
import pytest
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from icp_print.cli.analyse import _variants
from icp_print.cli.main import main, usage_line
from icp_print.generators import writing
from icp_print.generators.cards import LARGEST, SMALLEST, card_size
from icp_print.templates import path as template_path
from icp_print.validators.analysis.cluster import scheduler_address
from icp_print.validators.analysis.players import parse_policies
from icp_print.validators.errors import MAX_PART_CHARS, InputError

HUGE = "9" * 5000
HOSTILE_NUMBERS = ("nan", "inf", "-inf", "-1", HUGE, f"1e{HUGE}", "", "ü€😀")
TEMPLATES = template_path()
MESSAGE_CHARS = 3 * MAX_PART_CHARS + 100     # source, field and message, each shortened


def assert_refusal(exc: InputError, option: str) -> None:
    """A parser's refusal names the option and fits one short line."""
    assert exc.field == option and "\n" not in str(exc) and len(str(exc)) <= MESSAGE_CHARS


def assert_one_line(result, *names: str, code: int = 2) -> str:
    """Exactly one line, ``icp-print: error: ...``, naming every one of ``names``."""
    lines = result.output.splitlines()
    assert result.exit_code == code, result.output[:2000]
    assert len(lines) == 1 and lines[0].startswith("icp-print: error: "), result.output[:2000]
    assert len(lines[0]) <= MESSAGE_CHARS
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]


def assert_untouched(folder, before: dict[str, bytes]) -> None:
    """Only the files that were there, with their old bytes: nothing new, no temporary."""
    now = {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    assert now == before
    assert not list(folder.rglob(".*")), "temporary left"


# --- printing options -------------------------------------------------------------------

@pytest.mark.parametrize("value", HOSTILE_NUMBERS + ("0x0", "-63x88", "63x88x9", f"{HUGE}x88",
                                                     "10000x10000", "nanx88", "63xinf"))
def test_card_size_refuses_hostile_values_in_one_line(run, tmp_path, value):
    result = run("ryb", "--out", str(tmp_path / "d.pdf"), "--card-size", value)
    assert_one_line(result, "--card-size")
    assert list(tmp_path.iterdir()) == []


@given(st.text(max_size=60) | st.from_regex(r"\s*[0-9.]{0,400}\s*[x×]\s*[0-9.]{0,400}\s*(mm)?\s*",
                                            fullmatch=True))
def test_card_size_parser_gives_a_printable_size_or_one_line(text):
    try:
        size = card_size(text)
    except InputError as exc:
        assert_refusal(exc, "--card-size")
        return
    assert SMALLEST[0] <= size.width <= LARGEST[0] and SMALLEST[1] <= size.height <= LARGEST[1]
    assert size.width <= size.height


@pytest.mark.parametrize("option, value", [
    ("--cutter", "nan"), ("--cutter", ""), ("--cutter", "ü€😀"), ("--cutter", HUGE),
    ("--layout", "nan"), ("--layout", ""), ("--layout", "gutterfold ü"), ("--layout", HUGE),
    ("--dpi", "nan"), ("--dpi", "inf"), ("--dpi", HUGE), ("--dpi", "-1"), ("--dpi", ""),
])
def test_sheet_options_refuse_hostile_values_in_one_line(run, tmp_path, option, value):
    result = run("ryb", "--out", str(tmp_path / "d.pdf"), option, value)
    assert_one_line(result, option)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("option", ["--out", "--svg", "--png", "--export-cards"])
def test_an_empty_path_is_refused(run, tmp_path, option):
    args = ["--out", str(tmp_path / "d.pdf")] if option != "--out" else []
    result = run("ryb", *args, option, "")
    assert_one_line(result, option, "empty path")
    assert list(tmp_path.iterdir()) == []


def test_a_file_output_that_is_also_a_folder_output_is_refused(run, tmp_path):
    out = tmp_path / "x.pdf"
    assert_one_line(run("ryb", "--out", str(out), "--export-cards", str(out)),
                    "--out", "--export-cards folder")
    assert_one_line(run("ryb", "--out", str(out), "--cutter", "cricut",
                        "--png", str(tmp_path / "x-sheet-01.png")), "--cutter", "--png folder")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("cutter, name", [("silhouette", "x-sheet-01.dxf"), ("cricut", "x-sheet-02.png")])
def test_a_cut_file_that_would_overwrite_an_input_is_refused(run, tmp_path, cutter, name):
    deck = tmp_path / name
    deck.write_bytes((TEMPLATES / "ryb" / "example-custom-deck.toml").read_bytes())
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    result = run("ryb", "--deck", str(deck), "--out", str(tmp_path / "x.pdf"), "--cutter", cutter)
    assert_one_line(result, name, "--cutter", "an input of this command")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_export_cards_into_a_fifo_or_a_file_is_refused(run, tmp_path):
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "file").write_bytes(b"mine")
    for name in ("fifo", "file"):
        result = run("ryb", "--out", str(tmp_path / "d.pdf"), "--export-cards", str(tmp_path / name))
        assert_one_line(result, "--export-cards", name)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fifo", "file"]
    assert (tmp_path / "file").read_bytes() == b"mine"


# --- all or none on a full disk -----------------------------------------------------------

MULTI_FILE = {
    "silhouette": ("--cutter", "silhouette"),
    "cricut": ("--cutter", "cricut", "--dpi", "30"),
    "gutterfold": ("--layout", "gutterfold", "--svg", "{folder}/cut.svg", "--png", "{folder}/png",
                   "--dpi", "30"),
    "export": ("--export-cards", "{folder}/cards", "--dpi", "30"),
}


def _disk_full_after(budget: int):
    """A stand-in for writing a file's bytes that fails with ENOSPC once ``budget`` bytes are used."""
    left, real = [budget], writing._write_fd

    def write(fd: int, data: bytes) -> None:
        if len(data) > left[0]:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        left[0] -= len(data)
        real(fd, data)
    return write


@pytest.fixture(scope="module")
def set_sizes(tmp_path_factory) -> dict[str, int]:
    """How many bytes each set of outputs takes when the disk has room."""
    sizes = {}
    for name, args in MULTI_FILE.items():
        folder = tmp_path_factory.mktemp(name)
        result = CliRunner().invoke(main, ["ryb", "--out", str(folder / "deck.pdf"),
                                           *[a.format(folder=folder) for a in args]])
        assert result.exit_code == 0, result.output
        sizes[name] = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file())
    return sizes


@pytest.mark.parametrize("share", [0.0, 0.6])
@pytest.mark.parametrize("name", sorted(MULTI_FILE))
def test_a_full_disk_at_any_file_of_a_set_leaves_everything_as_it_was(run, tmp_path, monkeypatch, set_sizes,
                                                                      name, share):
    (tmp_path / "deck.pdf").write_bytes(b"%PDF-1.4 old")
    (tmp_path / "deck-sheet-01.svg").write_bytes(b"<svg>old</svg>")
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    monkeypatch.setattr(writing, "_write_fd", _disk_full_after(int(set_sizes[name] * share)))
    result = run("ryb", "--out", str(tmp_path / "deck.pdf"), *[a.format(folder=tmp_path) for a in MULTI_FILE[name]])
    line = assert_one_line(result, "No space left", "nothing was written")
    assert any(option in line for option in ("--out", "--svg", "--png", "--cutter", "--export-cards"))
    if share == 0:
        assert "deck.pdf: --out:" in line           # the first file written is the PDF
    assert_untouched(tmp_path, before)


# --- analyse --------------------------------------------------------------------------------

@pytest.mark.parametrize("option", ["--games", "--playouts", "--workers", "--seed", "--players",
                                    "--max-turns"])
@pytest.mark.parametrize("value", HOSTILE_NUMBERS)
def test_analyse_numbers_refuse_hostile_values_in_one_line(run, option, value):
    assert_one_line(run("analyse", "ryb", option, value), option)


@pytest.mark.parametrize("option, value", [
    ("--policy", ""), ("--policy", "nan"), ("--policy", "greedy,,"), ("--policy", "ü€😀"),
    ("--policy", ",".join(["greedy"] * 5000)), ("--policy", HUGE),
    ("--variant", ""), ("--variant", "hand=nan"), ("--variant", "hand=inf"), ("--variant", f"hand={HUGE}"),
    ("--variant", "hand=-5"), ("--variant", f"{HUGE}=1"), ("--variant", "variable=ü€😀"), ("--variant", "=="),
    ("--scheduler", ""), ("--scheduler", "nan"), ("--scheduler", "tcp://10.0.0.1:99999"),
    ("--scheduler", "tcp://:8786"), ("--scheduler", "tcp://ü:8786"), ("--scheduler", HUGE),
    ("GAME", ""), ("GAME", "ü€😀"), ("GAME", HUGE),
])
def test_analyse_options_refuse_hostile_values_in_one_line(run, option, value):
    args = ["analyse", value, "--games", "1"] if option == "GAME" else \
        ["analyse", "ryb", "--games", "1", option, value]
    assert_one_line(run(*args), option)


@pytest.fixture
def no_games(monkeypatch):
    """Make playing a game fail the test: a refusal must come before any game is played."""
    def played(*args, **kwargs):
        raise AssertionError("games were played before the report path was checked")
    monkeypatch.setattr("icp_print.cli.analyse.run", played)


@pytest.mark.parametrize("case", ["empty", "folder", "under a file", "the deck", "read-only"])
def test_a_report_that_cannot_be_written_is_refused_before_playing(run, tmp_path, no_games, case):
    (tmp_path / "blocker").write_bytes(b"mine")
    (tmp_path / "report.pdf").mkdir()
    deck = tmp_path / "deck.html"
    deck.write_bytes(b"name = 'mine'\n")
    (tmp_path / "ro.pdf").write_bytes(b"old report")
    (tmp_path / "ro.pdf").chmod(0o444)
    args = {"empty": ["--report", ""], "folder": ["--report", str(tmp_path / "report.pdf")],
            "under a file": ["--report", str(tmp_path / "blocker" / "r.pdf")],
            "the deck": ["--deck", str(deck), "--report", str(deck)],
            "read-only": ["--report", str(tmp_path / "ro.pdf")]}.get(case)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()}
    assert_one_line(run("analyse", "ryb", "--games", "1", *args), "--report")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir() if p.is_file()} == before


@pytest.mark.parametrize("report", [[], ["--report", "r.html"], ["--report", "r.htm"]])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_paper_without_a_pdf_report_is_refused_before_playing(run, tmp_path, no_games, report, paper):
    """``--paper`` sets the pages of a PDF report: with no report or an HTML one it would do
    nothing, so it is refused (even the default paper, once named) and nothing is written."""
    args = [a if a.startswith("--") else str(tmp_path / a) for a in report]
    line = assert_one_line(run("analyse", "ryb", "--games", "1", "--paper", paper, *args), "--paper")
    assert "--report FILE.pdf" in line
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("value", ["", "A5", "letter,a4", HUGE, "ü€😀"])
def test_analyse_paper_refuses_an_unknown_paper_in_one_line(run, tmp_path, no_games, value):
    assert_one_line(run("analyse", "ryb", "--report", str(tmp_path / "r.pdf"), "--paper", value), "--paper")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_report_into_a_fifo_nobody_reads_is_one_line(run, tmp_path):
    os.mkfifo(tmp_path / "fifo.html")
    assert_one_line(run("analyse", "ryb", "--games", "1", "--report", str(tmp_path / "fifo.html")),
                    "--report", "nothing is reading")
    assert [p.name for p in tmp_path.iterdir()] == ["fifo.html"]


def test_a_report_on_a_full_disk_leaves_the_old_report(run, tmp_path, monkeypatch):
    report = tmp_path / "r.html"
    report.write_bytes(b"old report")
    monkeypatch.setattr(writing, "_write_fd", _disk_full_after(100))
    line = assert_one_line(run("analyse", "ryb", "--games", "2", "--report", str(report)), "--report",
                           "No space left")
    assert str(report) in line
    assert_untouched(tmp_path, {"r.html": b"old report"})


@given(st.text(max_size=80))
def test_variant_parser_gives_pairs_or_one_line(text):
    try:
        chosen = _variants((text,))
    except InputError as exc:
        assert_refusal(exc, "--variant")
        return
    assert all(key and value for key, value in chosen.items())


@given(st.text(max_size=80), st.integers(1, 6))
def test_policy_parser_gives_a_strength_per_seat_or_one_line(text, seats):
    try:
        strengths = parse_policies(text, seats)
    except InputError as exc:
        assert_refusal(exc, "--policy")
        return
    assert len(strengths) == seats and all(s in ("random", "greedy", "search") for s in strengths)


@given(st.text(max_size=60) | st.from_regex(r"(tcp://)?[a-z0-9.]{0,20}:-?[0-9]{0,8}", fullmatch=True))
def test_scheduler_address_parser_gives_a_dialable_address_or_one_line(text):
    try:
        address = scheduler_address(text)
    except InputError as exc:
        assert_refusal(exc, "--scheduler")
        return
    host_port = address.split("://")[-1]
    assert address.startswith("inproc://") or 0 < int(host_port.rsplit(":", 1)[1]) < 65536


def test_a_command_line_mistake_is_one_line_naming_the_option():
    hint = usage_line(click.BadParameter(f"{HUGE!r} is not a valid integer.", param=click.Option(["--seed"])))
    assert hint.startswith("--seed: '999") and len(hint) <= MESSAGE_CHARS
