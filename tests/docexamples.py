"""The icp-print command lines a doc page shows, for the tests that run every example."""
from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INLINE = re.compile(r"`(icp-print [^`]+)`")
FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)


def doc_commands(pages: Iterable[str]) -> list[tuple[str, str, str]]:
    """(page, line, command) in document order: commands in backticks anywhere, and
    lines starting with ``icp-print`` inside shell blocks."""
    found = []
    for page in pages:
        text = (ROOT / page).read_text(encoding="utf-8")
        shell = [m.group(2) for m in FENCE.finditer(text) if m.group(1) in ("sh", "shell", "console")]
        for line in text.splitlines() + [ln for block in shell for ln in block.splitlines()]:
            commands = INLINE.findall(line) or ([line.strip()] if line.strip().startswith("icp-print ")
                                                and any(line in b for b in shell) else [])
            found += [(page, line, command) for command in commands]
    return found
