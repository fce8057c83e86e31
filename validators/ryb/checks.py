"""What ``icp-print check`` runs for RYB: a deck file, or the components a PDF holds."""
from __future__ import annotations

from ..errors import InputError
from ..report import Finding, Summary, card_size_finding, failed, passed
from ..schema import Table
from .deck import TABLES, CardGroup, Deck, check_deck, parse_deck, parse_players, tables_text

GAME = "ryb"


def looks_like(data: Table) -> bool:
    """A TOML file is an RYB deck when it has a [deck] table or goal/action cards."""
    return "deck" in data or "goal" in data or "action" in data


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    try:
        deck = parse_deck(data)
    except InputError as exc:
        raise exc.located(source) from None
    return check_deck(deck), _summary(deck)


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    """Rebuild the deck from a PDF manifest and run the deck rules on it,
    plus the parts of the set that are not deck cards."""
    groups = []
    extras: dict[str | None, int] = {}
    for i, c in enumerate(components):
        data, where = c.get("data") or {}, f"components[{i}] ({c.get('label')})"
        if c.get("kind") == "goal":
            groups.append(CardGroup("goal", str(data.get("colour")), int(c["count"]), where,
                                    int(data.get("target", 0)), int(data.get("value", -1))))
        elif c.get("kind") == "action":
            groups.append(CardGroup("action", str(data.get("action")), int(c["count"]), where))
        else:
            extras[c.get("kind")] = extras.get(c.get("kind"), 0) + int(c["count"])
    players = parse_players(options.get("players", list(TABLES)), where="options.players")
    deck = Deck(str(options.get("deck", "deck")), str(options.get("variable", "reset")), tuple(groups),
                players)
    findings = check_deck(deck)
    findings.append(card_size_finding(components, options, ("goal", "action")))
    for kind, wanted in (("reference", 1), ("score-sheet", 1)):
        if extras.get(kind, 0) >= wanted:
            findings.append(passed(f"{kind} present", f"{extras[kind]} printed"))
        else:
            findings.append(failed(f"{kind} present", f"the set needs a {kind.replace('-', ' ')}"))
    return findings, _summary(deck)


def _summary(deck: Deck) -> Summary:
    goals = sum(g.copies for g in deck.groups if g.kind == "goal")
    return {"deck": deck.name, "cards": deck.size, "goals": goals, "actions": deck.size - goals,
            "variable": deck.variable, "tables": tables_text(deck.players)}
