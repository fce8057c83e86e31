"""``check`` for the calibration sheet: the rulers, grid and five targets are there."""
from __future__ import annotations

from ..report import Finding, Summary, failed, passed
from ..schema import Table
from .model import PARTS

GAME = "calibration"
PRINTS_IN_BORDER = True
"""The sheet's border gauges print into the border on purpose: the first line that prints
is the printer's border."""


def looks_like(data: Table) -> bool:
    return False


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    return [failed("file kind", "calibration sheets have no component file", source)], {}


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    counts = {c["kind"]: int(c["count"]) for c in components}
    findings = [passed(kind, f"{n} printed") if counts.get(kind) == n
                else failed(kind, f"expected {n}, found {counts.get(kind, 0)}")
                for kind, n in PARTS.items()]
    return findings, {"parts": sum(counts.values())}
