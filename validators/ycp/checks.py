"""What ``icp-print check`` runs for YCP: a postcard file, or the postcards
and gauge sheets a PDF holds (each checked against its game's rules, and its
text-fit record checked for lines running out of their boxes)."""
from __future__ import annotations

from typing import Any
from collections.abc import Callable

from ..errors import InputError
from ..report import Finding, failed, passed
from .content import check_postcard
from .fit import fit_findings
from .model import GAMES, Postcard
from .postcard_file import load_postcard, parse_postcard

GAME = "ycp"
KINDS = ("postcard", "gauge-sheet")
PRINT_RULES = frozenset({"text fits"})   # rules the generator refuses to break (see cli/common.py emit)

Measure = Callable[[Postcard], dict[str, Any]]
"""Lays a postcard out and returns its text-fit record (:func:`.fit.summary`).
Laying out needs the drawing code, which validators may not import, so the
caller hands it in."""


def looks_like(data: dict[str, Any]) -> bool:
    """A TOML file is a YCP postcard when it has a [postcard] table and front elements."""
    return "postcard" in data and "front" in data


def condensed(card: Postcard, findings: list[Finding]) -> list[Finding]:
    """One line for a postcard that passes everything, every failure otherwise."""
    bad = [f for f in findings if not f.ok]
    if bad:
        return bad
    gauges = sum(f.rule.startswith("gauge ") for f in findings)
    return [passed(f"postcard {card.id}", f"{card.title}: {len(findings)} rules checks hold "
                   f"({gauges} gauges, components, tables, actions, layout)")]


def check_toml(data: dict[str, Any], source: str, measure: Measure | None = None
               ) -> tuple[list[Finding], dict[str, Any]]:
    """A postcard file against its game's rules, and (given ``measure``) its text fit."""
    card = parse_postcard(data, source)
    findings = condensed(card, check_postcard(card))
    if measure is not None:
        findings += fit_findings(card.id, measure(card))
    return findings, {"postcard": card.id, "elements": len(card.front)}


def check_components(components: list[dict[str, Any]], options: dict[str, Any]
                     ) -> tuple[list[Finding], dict[str, Any]]:
    """Each printed postcard or gauge sheet: a known game, true to its rules, text inside its boxes."""
    findings: list[Finding] = []
    printed: dict[str, list[str]] = {kind: [] for kind in KINDS}
    for i, c in enumerate(components):
        where = f"components[{i}] ({c.get('label')})"
        kind, data = c.get("kind"), c.get("data") or {}
        game = data.get("game")
        if kind not in KINDS or game not in GAMES:
            findings.append(failed("known postcard", f"{kind!r} for {game!r} is not a YCP postcard", where))
            continue
        if int(c.get("count", 0)) != 1:
            findings.append(failed("one each", f"{game} printed {c.get('count')} times", where))
        printed[kind].append(game)
        try:
            card = load_postcard(game)
        except InputError as exc:
            findings.append(failed("postcard data", str(exc), where))
            continue
        if kind == "postcard":
            findings += condensed(card, check_postcard(card))
        findings += fit_findings(f"{game} {kind}", data.get("fit") or {})
    wanted = list(options.get("games") or [])
    held = printed["gauge-sheet"] if options.get("gauges") else printed["postcard"]
    if sorted(held) == sorted(wanted) and held:
        findings.append(passed("postcards held", ", ".join(held)))
    else:
        findings.append(failed("postcards held", f"the PDF holds {held}, its options ask for {wanted}"))
    summary = {"postcards": ", ".join(printed["postcard"]) or "none",
               "gauge sheets": ", ".join(printed["gauge-sheet"]) or "none",
               "size": options.get("postcard", "?")}
    return findings, summary
