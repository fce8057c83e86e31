"""`check` trusts nothing it reads: damaged, bomb-like, encrypted and relabelled PDFs."""
from __future__ import annotations

import io
import json
import time

import pytest
from click.testing import CliRunner
from conftest import assert_clean_failure
from forgery import inflating_stream_pdf, manifest_of, with_manifest, with_manifest_text
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader, PdfWriter

from icp_print.cli.main import main
from icp_print.validators.pdfcheck import MAX_PAGE_CONTENT_BYTES

GAMES = ("ryb", "calibration", "dice", "accellerator", "yeah", "yield", "yicyacyoe", "ycp")


def _check(path):
    return CliRunner().invoke(main, ["check", str(path)])


def assert_one_clean_line(result) -> None:
    """Exit 2 and one line of ours: no traceback, no PDF library warning."""
    assert_clean_failure(result, 2)
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("icp-print: error: "), result.output


@pytest.fixture(scope="module")
def every_game(tmp_path_factory):
    """Each game's default PDF, as `icp-print all` writes them."""
    folder = tmp_path_factory.mktemp("all")
    result = CliRunner().invoke(main, ["all", "--no-check", "--out-dir", str(folder)])
    assert result.exit_code == 0, result.output
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.pdf"))}


@pytest.fixture(scope="module")
def deck_pdf(tmp_path_factory):
    out = tmp_path_factory.mktemp("deck") / "deck.pdf"
    assert CliRunner().invoke(main, ["ryb", "--out", str(out)]).exit_code == 0
    return out.read_bytes()


@pytest.mark.slow
def test_a_relabelled_manifest_fails_for_every_game(every_game, tmp_path):
    for name, pdf in every_game.items():
        game = PdfReader(io.BytesIO(pdf)).metadata["/ICPGame"]
        first = "dice" if game != "dice" else "ryb"
        other = next(g for g in GAMES if g not in (game, first))
        for forged_game in (first, other):
            target = tmp_path / name
            target.write_bytes(with_manifest(pdf, lambda m, g=forged_game: m.update(game=g)))
            result = _check(target)
            assert result.exit_code == 1, (name, forged_game, result.output)
            assert "manifest agrees" in result.output


def test_relabelling_every_component_too_is_caught_by_the_printed_labels(deck_pdf, tmp_path):
    def relabel(manifest):
        manifest["game"] = "dice"
        for component in manifest["components"]:
            component["label"] = component["label"].replace("ryb:", "dice:", 1)
        for page in manifest["pages"]:
            for component in page["components"]:
                component["label"] = component["label"].replace("ryb:", "dice:", 1)
    target = tmp_path / "forged.pdf"
    target.write_bytes(with_manifest(deck_pdf, relabel))
    result = _check(target)
    assert result.exit_code == 1 and "printed" in result.output


def test_a_forged_count_fails_with_exit_1(deck_pdf, tmp_path):
    def inflate(manifest):
        manifest["components"][0]["count"] += 1
    target = tmp_path / "forged.pdf"
    target.write_bytes(with_manifest(deck_pdf, inflate))
    assert _check(target).exit_code == 1


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1" + "0" * 4400, "[" * 3000 + "]" * 3000])
def test_a_manifest_with_absurd_values_is_exit_2(deck_pdf, tmp_path, value):
    # JSON text that Python's json module would not write: spliced in by hand
    pdf = with_manifest(deck_pdf, lambda m: m["components"][0].update(count=123456789))
    text = json.dumps(manifest_of(pdf)).replace("123456789", value, 1)
    target = tmp_path / "forged.pdf"
    target.write_bytes(with_manifest_text(deck_pdf, text.encode()))
    assert_one_clean_line(_check(target))


@settings(max_examples=40)
@given(cut=st.floats(0.0, 0.999))
def test_a_truncated_pdf_is_one_clean_line(deck_pdf, tmp_path_factory, cut):
    target = tmp_path_factory.mktemp("cut") / "cut.pdf"
    target.write_bytes(deck_pdf[:int(len(deck_pdf) * cut)])
    assert_one_clean_line(_check(target))


@settings(max_examples=60)
@given(where=st.floats(0.0, 0.999), byte=st.integers(0, 255))
def test_a_changed_byte_never_gives_a_traceback_or_library_noise(deck_pdf, tmp_path_factory,
                                                                 where, byte):
    data = bytearray(deck_pdf)
    data[int(len(data) * where)] = byte
    target = tmp_path_factory.mktemp("flip") / "flip.pdf"
    target.write_bytes(bytes(data))
    result = _check(target)
    assert result.exit_code in (0, 1, 2), result.output
    assert "Traceback" not in result.output and "internal error" not in result.output
    if result.exit_code == 2:
        assert_one_clean_line(result)
    else:   # a report: its own lines only
        assert all(line.startswith(("  ", str(target))) for line in result.output.splitlines())


def test_a_page_that_inflates_past_the_bound_is_refused_quickly(deck_pdf, tmp_path):
    for size in (MAX_PAGE_CONTENT_BYTES + (1 << 20), 200 << 20):
        target = tmp_path / "bomb.pdf"
        target.write_bytes(inflating_stream_pdf(deck_pdf, size))
        started = time.perf_counter()
        assert_one_clean_line(_check(target))
        assert time.perf_counter() - started < 30


def test_an_encrypted_pdf_says_so(deck_pdf, tmp_path):
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(deck_pdf)))
    writer.encrypt("secret")
    buffer = io.BytesIO()
    writer.write(buffer)
    target = tmp_path / "locked.pdf"
    target.write_bytes(buffer.getvalue())
    result = _check(target)
    assert_one_clean_line(result)
    assert "encrypted" in result.output and "damaged" not in result.output


def test_a_repairable_pdf_prints_no_library_warnings(deck_pdf, tmp_path):
    # objects numbered wrongly in the cross-reference table: pypdf repairs it, noisily
    broken = deck_pdf.replace(b"\nxref\n", b"\nxref \n", 1).replace(b" 0 obj", b"  0 obj", 3)
    target = tmp_path / "repaired.pdf"
    target.write_bytes(broken)
    result = _check(target)
    assert result.exit_code in (0, 1, 2)
    assert all(line.startswith(("  ", str(target), "icp-print: error: "))
               for line in result.output.splitlines()), result.output


def test_a_pdf_over_the_size_bound_is_refused_before_reading(tmp_path, monkeypatch):
    monkeypatch.setattr("icp_print.validators.pdfcheck.MAX_PDF_BYTES", 1000)
    target = tmp_path / "big.pdf"
    target.write_bytes(b"%PDF-1.4\n" + b" " * 5000)
    result = _check(target)
    assert_one_clean_line(result)
    assert "too large" in result.output
