"""Every RYB, yEAh, dice and calibration example in the README and the docs runs as shown.

The shell examples (inline ``icp-print ...`` code and ``sh`` blocks) are
extracted from the pages and run in document order in one folder; the TOML and
JSON blocks of a page are the files its commands name (``my-deck.toml``,
``my-items.toml``, ``round.json``).  A command is expected to exit 0 unless
its line says "exit 1".
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from docexamples import doc_commands
from icp_print.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "docs/ryb.md", "docs/yeah.md", "docs/dice.md", "docs/printing.md")
# The files a page's fenced blocks become, by page and block language.
BLOCK_FILES = {("docs/ryb.md", "toml"): "my-deck.toml", ("docs/yeah.md", "toml"): "my-items.toml",
               ("docs/yeah.md", "json"): "round.json"}
OUR_COMMANDS = {"ryb", "yeah-items", "dice", "calibrate"}
OUR_SOLVERS = {"ryb", "yeah"}
OUR_FILES = re.compile(r"deck|items|dice|calibration|templates/(ryb|yeah)/")
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def ours(args: list[str]) -> bool:
    """Whether a command belongs to RYB, yEAh, dice or calibration."""
    if args[0] in OUR_COMMANDS:
        return True
    if args[0] == "solve":
        return len(args) > 1 and args[1] in OUR_SOLVERS
    if args[0] == "check":
        return all(OUR_FILES.search(a) for a in args[1:] if not a.startswith("--"))
    return False


def examples() -> list[tuple[str, str, int]]:
    """(page, command line, expected exit code) in document order, ours only."""
    return [(page, command, 1 if "exit 1" in line else 0) for page, line, command in doc_commands(PAGES)
            if (args := shlex.split(command)[1:]) and ours(args)]


def block_files() -> dict[str, str]:
    files = {}
    for page in PAGES:
        for m in FENCE.finditer((ROOT / page).read_text(encoding="utf-8")):
            name = BLOCK_FILES.get((page, m.group(1)))
            if name:
                assert name not in files, f"{page} has two {m.group(1)} blocks"
                files[name] = m.group(2)
    return files


def test_examples_are_found_on_every_page():
    pages = {page for page, _, _ in examples()}
    assert pages >= {"README.md", "docs/ryb.md", "docs/yeah.md", "docs/dice.md"}
    assert set(block_files()) == set(BLOCK_FILES.values())


def test_every_example_runs_as_shown(tmp_path):
    for name, text in block_files().items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "templates").symlink_to(ROOT / "templates")
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for page, command, code in examples():
            result = CliRunner().invoke(main, shlex.split(command)[1:])
            assert result.exit_code == code, f"{page}: {command}\n{result.output}"
            assert "Traceback" not in result.output and "internal error" not in result.output
    finally:
        os.chdir(here)


@pytest.mark.parametrize("deck", ["reference-deck.toml", "example-custom-deck.toml"])
def test_every_shipped_deck_passes_check(deck, run):
    result = run("check", str(ROOT / "templates" / "ryb" / deck))
    assert result.exit_code == 0, result.output


def test_the_shipped_deck_comment_commands_run(tmp_path):
    """The commands written at the top of the example deck file work from its folder."""
    source = ROOT / "templates" / "ryb" / "example-custom-deck.toml"
    (tmp_path / source.name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    commands = [line.strip("# ").strip() for line in source.read_text(encoding="utf-8").splitlines()
                if line.lstrip("# ").startswith("icp-print ")]
    assert len(commands) == 2
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for command in commands:
            result = CliRunner().invoke(main, shlex.split(command)[1:])
            assert result.exit_code == 0, f"{command}\n{result.output}"
    finally:
        os.chdir(here)
