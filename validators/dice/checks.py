"""What ``icp-print check`` runs for dice sheets: every net a standard die, the counts asked for."""
from __future__ import annotations

from ..report import Finding, Summary, failed, passed
from ..schema import Table
from .model import FACES, NORMALS, OPPOSITE_SUM, opposite_sums

GAME = "dice"


def looks_like(data: Table) -> bool:
    return False


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    return [failed("file kind", "dice sheets have no component file", source)], {}


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    """Every printed net is a standard die; the coins have two sides."""
    findings: list[Finding] = []
    counts = {"d6": 0, "coin": 0}
    for c in components:
        counts[c["kind"]] = counts.get(c["kind"], 0) + int(c["count"])
        if c["kind"] == "d6":
            faces = {str(k): int(v) for k, v in c["data"]["faces"].items()}
            if tuple(sorted(faces.values())) != FACES or set(faces) != set(NORMALS):
                findings.append(failed("faces 1 to 6", f"faces are {faces}", c["label"]))
            elif opposite_sums(faces) != {OPPOSITE_SUM}:
                findings.append(failed("opposite faces sum to 7", f"sums {sorted(opposite_sums(faces))}",
                                       c["label"]))
            else:
                findings.append(passed("opposite faces sum to 7", "standard pips"))
    wanted = int(options.get("dice", 0))
    if counts["d6"] == wanted:
        findings.append(passed("dice count", f"{counts['d6']} d6 nets"))
    else:
        findings.append(failed("dice count", f"{counts['d6']} d6 nets printed, {wanted} asked for"))
    coins = int(options.get("coins", 0))
    if counts["coin"] == coins:
        findings.append(passed("coin count", f"{counts['coin']} heads/tails coins"))
    else:
        findings.append(failed("coin count", f"{counts['coin']} coins printed, {coins} asked for"))
    return findings, counts
