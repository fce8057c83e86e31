"""Every YCP example in the README and the docs runs as shown.

The shell examples (inline ``icp-print ...`` code and ``sh`` blocks) are
extracted from the pages and run in document order in one folder, so a
``check`` runs on the PDF an earlier line wrote; a block that starts with
``$ icp-print ...`` shows an output, which must be printed line for line.
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from docexamples import doc_commands
from icp_print.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "docs/ycp.md", "docs/printing.md")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
OUR_FILES = re.compile(r"postcards|gauges|two\.pdf|templates/ycp/")


def ours(args: list[str]) -> bool:
    """Whether a command belongs to the YCP postcards."""
    if args[0] == "ycp":
        return True
    if args[0] == "solve":
        return len(args) > 1 and args[1] == "ycp"
    if args[0] == "check":
        return all(OUR_FILES.search(a) for a in args[1:] if not a.startswith("--"))
    return False


def examples() -> list[tuple[str, str]]:
    """(page, command line) in document order, ours only."""
    return [(page, command) for page, _, command in doc_commands(PAGES) if ours(shlex.split(command)[1:])]


def shown_outputs() -> list[tuple[str, list[str]]]:
    """(command, output lines) of every block that shows a command and what it prints."""
    text = (ROOT / "docs/ycp.md").read_text(encoding="utf-8")
    out = []
    for m in FENCE.finditer(text):
        lines = m.group(2).splitlines()
        if lines and lines[0].startswith("$ icp-print "):
            out.append((lines[0][2:], lines[1:]))
    return out


def run_in(folder: Path, command: str):
    here = os.getcwd()
    os.chdir(folder)
    try:
        return CliRunner().invoke(main, shlex.split(command)[1:])
    finally:
        os.chdir(here)


def test_examples_are_found():
    commands = [c for _, c in examples()]
    assert any(c.startswith("icp-print ycp") for c in commands)
    assert sum(c.startswith("icp-print solve ycp") for c in commands) >= 15
    assert any(c.startswith("icp-print check") for c in commands)
    assert len(shown_outputs()) == 2


def test_every_example_runs_as_shown(tmp_path):
    (tmp_path / "templates").symlink_to(ROOT / "templates")
    for page, command in examples():
        result = run_in(tmp_path, command)
        assert result.exit_code == 0, f"{page}: {command}\n{result.output}"
        assert "Traceback" not in result.output and "internal error" not in result.output


def test_every_shown_output_is_what_the_command_prints(tmp_path):
    for command, lines in shown_outputs():
        result = run_in(tmp_path, command)
        assert result.exit_code == 0, result.output
        assert result.stdout.splitlines() == lines, command
