"""What ``icp-print check`` runs on a PDF of Yic Yac Yoe boards.

The boards carry no rule content beyond the variant, so the check is that
the manifest's variant is one the rules allow, that every board is the
size the variant says with the variant's settings printed on it, and that
its cells are big enough to write a mark in.
"""
from __future__ import annotations

from typing import Any

from ..errors import InputError
from ..report import Finding, Summary, failed, passed
from ..schema import Table
from .variant import from_options

GAME = "yicyacyoe"
MIN_CELL_MM = 9.0     # a pen mark needs about this much room
PRINT_RULES = frozenset({"cell size"})   # rules the generator refuses to break (see cli/common.py emit)


def looks_like(data: Table) -> bool:
    return False


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    return [failed("file kind", "Yic Yac Yoe boards have no component file", source)], {}


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    """Every printed board matches the variant in the manifest."""
    try:
        variant = from_options(options)
    except InputError as exc:
        return [failed("variant", exc.message, "options")], {}
    findings = [passed("variant", variant.describe())]
    boards = 0
    for c in components:
        data, label = c.get("data") or {}, c.get("label")
        boards += int(c.get("count", 0))
        if c.get("kind") != "board" or label != f"yicyacyoe:board-{variant.n}x{variant.n}":
            findings.append(failed("board size", f"{label} is not a {variant.n}x{variant.n} board",
                                   label))
        elif data.get("settings") != variant.board_lines():
            findings.append(failed("settings printed", f"the board says {data.get('settings')}",
                                   label))
        elif _number(data.get("cell_mm")) < MIN_CELL_MM:
            findings.append(failed("cell size", f"cells of {data.get('cell_mm')} mm are too small "
                                   f"to write in (at least {MIN_CELL_MM:g} mm)", label))
        else:
            findings.append(passed("board", f"{c['count']} x {label}, cells of {data['cell_mm']} mm, "
                                   "settings printed"))
    if boards < 1:
        findings.append(failed("board count", "no boards printed"))
    return findings, {"boards": boards, "variant": variant.describe()}


def _number(value: Any) -> float:
    """A manifest number, or 0 (too small: reported) when it is missing or not a number."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return 0.0

