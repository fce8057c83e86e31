"""Input bounds: every input is read within limits, and a generator refuses settings that
its own `check` would reject, before drawing."""
from __future__ import annotations

import os
import re

import pytest
from conftest import assert_clean_failure

from icp_print.templates import path as template_path
from icp_print.validators.errors import InputError
from icp_print.validators.schema import MAX_DATA_BYTES, MAX_DEPTH, load_json, load_toml


def test_a_device_that_never_ends_is_refused_at_the_size_bound(run):
    result = run("ryb", "--deck", "/dev/zero")
    assert_clean_failure(result, 2)
    assert "too large" in result.output


def test_a_file_over_the_size_bound_is_refused_before_parsing(tmp_path):
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_DATA_BYTES + 1))
    with pytest.raises(InputError, match="too large"):
        load_toml(big)


@pytest.mark.parametrize("text,expected", [
    ("[" * 500 + "]" * 500, "nested too deeply"),
    ("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "nested too deeply"),
    ("9" * 4400, "unreadable number"),
    ("10000000000000", "number too large"),
    ('{"a": [1, NaN]}', "a[1]: must be a finite number"),
    ('{"a": -Infinity}', "a: must be a finite number"),
])
def test_json_beyond_the_bounds_is_one_clear_error(tmp_path, text, expected):
    source = tmp_path / "x.json"
    source.write_text(text)
    with pytest.raises(InputError, match=re.escape(expected)) as caught:
        load_json(source)
    assert str(caught.value).startswith(str(source))


@pytest.mark.parametrize("text,expected", [
    ("a = " + "[" * 900 + "]" * 900, "nested too deeply"),
    ("a = " + "9" * 4400, "unreadable number"),
    ("a = nan", "a: must be a finite number"),
    ("a = [1, inf]", "a[1]: must be a finite number"),
    ("[x]\nb = 1e300", "x.b: number too large"),
])
def test_toml_beyond_the_bounds_is_one_clear_error(tmp_path, text, expected):
    source = tmp_path / "x.toml"
    source.write_text(text)
    with pytest.raises(InputError, match=re.escape(expected)):
        load_toml(source)


def test_a_long_bad_value_is_shortened_in_the_message(run, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text(f'[deck]\nname = "x"\nvariable = "{"v" * 2_000_000}"\n')
    result = run("ryb", "--deck", str(deck))
    assert result.exit_code in (1, 2)
    assert len(result.output) < 2000


def test_a_goal_target_of_thousands_of_digits_is_refused(run):
    result = run("solve", "ryb", "--goal", "red-" + "9" * 4301)
    assert_clean_failure(result, 2)
    assert len(result.output) < 1000


def test_solve_ryb_report_refuses_the_deck_check_refuses(run, tmp_path):
    text = template_path("ryb", "example-custom-deck.toml").read_text()
    deck = tmp_path / "big.toml"
    deck.write_text(re.sub(r"count = \d+", "count = 1000000", text, count=1))
    assert_clean_failure(run("check", str(deck)), 1)
    assert_clean_failure(run("solve", "ryb", "--deck", str(deck), "--report"), 1)


def test_a_board_too_fine_to_write_in_is_refused_before_drawing(run, tmp_path):
    out = tmp_path / "boards.pdf"
    result = run("yicyacyoe", "--size", "15", "--margin", "52", "--out", str(out))
    assert_clean_failure(result, 2)
    assert "too small to write in" in result.output
    assert not out.exists()
    assert run("yicyacyoe", "--size", "15", "--out", str(out)).exit_code == 0


def test_text_that_does_not_fit_is_refused_before_drawing(run, tmp_path, monkeypatch):
    # No shipped setting overflows a box any more, so the text-fit check is made to fail.
    from icp_print.validators.report import failed
    monkeypatch.setattr("icp_print.validators.ycp.checks.fit_findings",
                        lambda name, fit: [failed("text fits", "2 line(s) run out of their box", name)])
    out = tmp_path / "gauges.pdf"
    result = run("ycp", "--gauges", "--margin", "52", "--out", str(out))
    assert_clean_failure(result, 2)
    assert "text fits" in result.output
    assert not out.exists()


def test_the_dpi_is_bounded(run, tmp_path):
    result = run("ryb", "--out", str(tmp_path / "d.pdf"), "--png", str(tmp_path / "png"),
                 "--dpi", "1200")
    assert result.exit_code == 2 and "1200" in result.output
    assert not os.path.exists(tmp_path / "d.pdf")
