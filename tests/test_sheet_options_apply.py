"""Every sheet option either changes what a command prints or is refused with exit 2 and a
reason: no option is silently ignored, and the manifest records only what was applied.
Tried for every printing command and every sheet option."""
from __future__ import annotations

import io
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from icp_print.cli.main import main

from pagescan import manifest

COMMANDS = {
    "calibrate": ("calibrate",),
    "ryb": ("ryb",),
    "yield": ("yield",),
    "accellerator": ("accellerator",),
    "ycp": ("ycp", "toroball"),
    "ycp --gauges": ("ycp", "toroball", "--gauges"),
    "yicyacyoe": ("yicyacyoe",),
    "yeah-items": ("yeah-items",),
    "dice": ("dice",),
}
# option -> (the option as typed, the same command without its effect)
OPTIONS = {
    "--backs long-edge": (("--backs", "long-edge"), ("--backs", "none")),
    "--backs short-edge": (("--backs", "short-edge"), ("--backs", "none")),
    "--back-offset": (("--back-offset", "1,1"), ()),
    "--cut-lines": (("--cut-lines",), ()),
    "--ink-saver": (("--ink-saver",), ()),
    "--bleed": (("--bleed", "1"), ("--bleed", "0")),
}


@cache
def printed(args: tuple[str, ...]) -> tuple[int, str, tuple[bytes, ...] | None, dict | None]:
    """(exit code, output, each page's drawing, manifest) of ``icp-print ARGS --out FILE``."""
    import tempfile
    out = Path(tempfile.mkdtemp()) / "out.pdf"
    result = CliRunner().invoke(main, [*args, "--out", str(out)])
    if result.exit_code != 0:
        assert not out.exists()
        return result.exit_code, result.output, None, None
    pdf = out.read_bytes()
    pages = tuple(_drawing(page) for page in PdfReader(io.BytesIO(pdf)).pages)
    return 0, result.output, pages, manifest(pdf)


def _drawing(page) -> bytes:
    """The page's content stream and those of the forms (XObjects) it places: art drawn
    once and placed many times (a deck's back) is drawn in a form."""
    contents = page.get_contents()
    forms = page.get("/Resources", {}).get("/XObject", {})
    return (b"" if contents is None else contents.get_data()) + \
        b"".join(forms[name].get_object().get_data() for name in sorted(forms))


@pytest.mark.parametrize("option", OPTIONS)
@pytest.mark.parametrize("command", COMMANDS)
def test_every_sheet_option_changes_the_print_or_is_refused(command, option):
    given, without = OPTIONS[option]
    code, output, pages, m = printed(COMMANDS[command] + given)
    if code:
        assert code == 2, output
        assert f"{given[0]}:" in output and "Traceback" not in output
        return
    base_code, base_output, base_pages, _ = printed(COMMANDS[command] + without)
    assert base_code == 0, base_output
    assert pages != base_pages, f"{command} {option} printed exactly what it prints without it"
    if given[0] == "--bleed":
        assert m is not None and m["bleed_mm"] == 1.0
    if given[0] == "--backs":
        assert m is not None and m["backs"] == given[1]


@pytest.mark.parametrize("args,option", [
    (("yicyacyoe", "--backs", "long-edge", "--back-offset", "1,1"), "--backs"),
    (("yicyacyoe", "--back-offset", "1,1"), "--back-offset"),
    (("calibrate", "--cut-lines"), "--cut-lines"),
    (("calibrate", "--ink-saver"), "--ink-saver"),
    (("calibrate", "--svg", "cuts.svg"), "--svg"),
    (("calibrate", "--bleed", "2"), "--bleed"),
    (("ryb", "--dpi", "300"), "--dpi"),
])
def test_options_that_would_do_nothing_are_refused_with_a_reason(run, tmp_path, args, option):
    result = run(*args, "--out", str(tmp_path / "x.pdf"))
    assert result.exit_code == 2, result.output
    assert f"{option}: " in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x.pdf").exists()


def test_the_manifest_records_one_sided_boards_as_printed_without_backs():
    code, output, _, m = printed(COMMANDS["yicyacyoe"])
    assert code == 0, output
    assert m is not None and m["backs"] == "none" and all(p["side"] == "front" for p in m["pages"])


def test_options_that_apply_are_accepted(run, tmp_path):
    for args in [("ryb", "--dpi", "50", "--png", str(tmp_path / "png")),
                 ("dice", "--svg", str(tmp_path / "cuts.svg"), "--cut-lines", "--bleed", "2"),
                 ("yield", "--backs", "short-edge", "--back-offset", "0.5,-0.5", "--ink-saver")]:
        result = run(*args, "--out", str(tmp_path / "x.pdf"))
        assert result.exit_code == 0, (args, result.output)


@pytest.mark.parametrize("option, layout, cutter", [
    ((), "duplex", None),
    (("--layout", "gutterfold"), "gutterfold", None),
    (("--cutter", "silhouette"), "duplex", "silhouette"),
    (("--cutter", "cricut"), "duplex", "cricut"),
])
def test_the_manifest_records_the_layout_and_the_cutter_applied(run, tmp_path, option, layout, cutter):
    result = run("ryb", *option, "--out", str(tmp_path / "x.pdf"))
    assert result.exit_code == 0, result.output
    m = manifest((tmp_path / "x.pdf").read_bytes())
    assert (m["layout"], m["cutter"]) == (layout, cutter)
