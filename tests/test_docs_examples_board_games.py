"""Every Accellerator, Yield! and Yic Yac Yoe example in the README and the docs runs as shown.

The shell examples (inline ``icp-print ...`` code and ``sh`` blocks, with their
``#`` comments) are extracted and run in document order in one folder where
``templates/`` is the shipped folder; the TOML block of docs/yield.md is the
``my-tiles.toml`` its commands name and the JSON scenario of docs/accellerator.md
is ``position.json``.  A command is expected to exit 0 unless its line says
"exit 1".  Solves given a long ``--time-limit`` run with a 1 s clock: the same
command, stopped sooner (the answer then is the bounds proven so far).
"""
from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from icp_print.cli.main import main

ROOT = Path(__file__).resolve().parents[1]
PAGES = ("README.md", "docs/accellerator.md", "docs/yield.md", "docs/yicyacyoe.md")
BLOCK_FILES = {("docs/yield.md", "toml"): "my-tiles.toml",
               ("docs/accellerator.md", "json"): "position.json"}
OUR_GAMES = {"accellerator", "yield", "yicyacyoe"}
OUR_FILES = re.compile(r"tiles|board|position|state|templates/(accellerator|yield_|yicyacyoe)/")
INLINE = re.compile(r"`(icp-print [^`]+)`")
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)
QUICK_CLOCK = "1"


def ours(args: list[str]) -> bool:
    if args[0] in OUR_GAMES:
        return True
    if args[0] in ("solve", "play"):
        return len(args) > 1 and args[1] in OUR_GAMES
    if args[0] == "check":
        return all(OUR_FILES.search(a) for a in args[1:] if not a.startswith("--"))
    return False


def examples() -> list[tuple[str, list[str], int]]:
    """(page, arguments, expected exit code) in document order, ours only."""
    found = []
    for page in PAGES:
        text = (ROOT / page).read_text(encoding="utf-8")
        shell = [ln for m in FENCE.finditer(text) if m.group(1) in ("sh", "shell", "console")
                 for ln in m.group(2).splitlines()]
        for line in text.splitlines():
            commands = INLINE.findall(line)
            if not commands and line in shell and line.strip().startswith("icp-print "):
                commands = [line.strip()]
            for command in commands:
                args = shlex.split(command, comments=True)[1:]
                if args and ours(args):
                    found.append((page, args, 1 if "exit 1" in line else 0))
    return found


def quick(args: list[str]) -> list[str]:
    """The command as run here: a long clock cut to a second, a ``> FILE`` left to the caller."""
    if ">" in args:
        args = args[:args.index(">")]
    if "--time-limit" in args:
        i = args.index("--time-limit") + 1
        return args[:i] + [QUICK_CLOCK] + args[i + 1:]
    return args


def test_examples_are_found_on_every_page():
    pages = {page for page, _, _ in examples()}
    assert pages >= {"docs/accellerator.md", "docs/yield.md", "docs/yicyacyoe.md"}


def test_every_example_runs_as_shown(tmp_path):
    for page_text, name in ((page, n) for (page, _), n in BLOCK_FILES.items()):
        lang = next(lang for (p, lang), n in BLOCK_FILES.items() if n == name)
        blocks = [m.group(2) for m in FENCE.finditer((ROOT / page_text).read_text(encoding="utf-8"))
                  if m.group(1) == lang]
        assert len(blocks) == 1, (page_text, lang)
        (tmp_path / name).write_text(blocks[0], encoding="utf-8")
    (tmp_path / "templates").symlink_to(ROOT / "templates")
    here = os.getcwd()
    os.chdir(tmp_path)
    failed = []
    try:
        for page, args, code in examples():
            result = CliRunner().invoke(main, quick(args), input="")
            if ">" in args:             # the shell would write stdout to this file
                Path(args[args.index(">") + 1]).write_text(result.stdout, encoding="utf-8")
            if result.exit_code != code or "Traceback" in result.output:
                failed.append(f"{page}: icp-print {' '.join(args)} -> {result.exit_code}\n"
                              f"{result.output[-300:]}")
    finally:
        os.chdir(here)
    assert failed == []
