"""RYB decks: reading a deck file, and checking a deck against the rules.

A deck is kept as groups of identical cards with a count, so a file that
asks for a million copies is refused without building a million objects.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from ...templates import path
from ..errors import InputError, RuleError
from ..report import Finding, failed, passed
from ..schema import field, load_toml, read_file, reject_unknown
from . import model
from .model import (COLOURS, colour_named, HAND_SIZE, MAX_DECK, MULTIPLIER, STARTING_POOL, Goal, cards_needed_to_deal,
                    tier, value_for, win_condition)

TABLES: tuple[int, ...] = tuple(HAND_SIZE)   # every table the rules deal for

REFERENCE_DECK = path("ryb", "reference-deck.toml")
CARD_TEXTS = path("ryb", "cards.toml")
MAX_TARGET = 10_000


@dataclass(frozen=True)
class CardGroup:
    """``count`` identical cards as the deck file wrote them (not yet judged)."""

    kind: str                # "goal" or "action"
    name: str                # the colour of a Goal, the name of an Action
    count: int               # as written; below 1 is a broken rule and adds no card
    where: str               # e.g. "goal[3]" in the file
    target: int = 0
    value: int | None = None  # as written; None means "computed by the rule"

    @property
    def copies(self) -> int:
        """The cards this group adds to the deck: a count below 1 adds none."""
        return max(self.count, 0)

    @property
    def title(self) -> str:
        if self.kind == "goal":
            return f"{self.name.capitalize()} {self.target}"
        return self.name

    def goal(self) -> Goal:
        """The Goal card of a goal group whose colour :func:`check_deck` accepted."""
        colour = colour_named(self.name)
        if colour is None:
            raise RuleError(f"unknown colour {self.name!r}", field=self.where)
        return Goal(colour, self.target, self.value if self.value is not None else value_for(colour, self.target))


@dataclass(frozen=True)
class Deck:
    """A deck file: its name, the Variable function, its cards, and the tables
    (numbers of players) it is meant to deal for."""

    name: str
    variable: str
    groups: tuple[CardGroup, ...]
    players: tuple[int, ...] = TABLES

    @property
    def size(self) -> int:
        """The cards in the deck (a group with a count below 1 adds none)."""
        return sum(g.copies for g in self.groups)

    @property
    def most_players(self) -> int:
        return max(self.players)

    def goals(self) -> list[tuple[Goal, int]]:
        return [(g.goal(), g.copies) for g in self.groups if g.kind == "goal" and g.name in COLOURS]


@cache
def card_texts() -> dict[str, Any]:
    """Colours, Action texts and Variable functions from ``templates/ryb/cards.toml``."""
    return load_toml(CARD_TEXTS)


def deal_text(players: tuple[int, ...] = TABLES) -> str:
    """Setting Up's hand sizes for the planned tables, in words.

    >>> deal_text((2, 3))
    '2 players 5 cards, 3 players 4 cards'
    """
    return ", ".join(f"{p} players {HAND_SIZE[p]} cards" for p in players)


def rule_numbers(players: tuple[int, ...] = TABLES) -> dict[str, str]:
    """The rules' numbers a card text may name as ``{placeholders}``, in words.

    >>> rule_numbers()["starting_pool"]
    '2 red, 2 yellow and 2 blue'
    """
    pool = [f"{n} {die}" for die, n in STARTING_POOL.items()]
    return {"swap_limit": str(model.SWAP_LIMIT), "starting_pool": f"{', '.join(pool[:-1])} and {pool[-1]}",
            "win": win_condition(), "deal": deal_text(players)}


def card_text(text: str, players: tuple[int, ...] = TABLES) -> str:
    """A card text with the rules' numbers filled in.

    >>> card_text("If they total {swap_limit} or less")
    'If they total 10 or less'
    """
    return text.format(**rule_numbers(players))


def action_names() -> tuple[str, ...]:
    return tuple(card_texts()["actions"])


def variable_functions() -> tuple[str, ...]:
    return tuple(card_texts()["variable"])


def load_deck(source: str | Path = REFERENCE_DECK) -> Deck:
    """Read a deck file; type errors raise :class:`InputError` naming file and field."""
    return read_file(source, load_toml, parse_deck)


def legal_deck(source: str | Path = REFERENCE_DECK, players: tuple[int, ...] | None = None) -> Deck:
    """Load a deck (for ``players`` tables, if given) and refuse it, listing every
    broken rule, unless it is legal."""
    deck = load_deck(source)
    if players is not None:
        deck = replace(deck, players=parse_players(list(players), where="--players"))
    failures = [f for f in check_deck(deck) if not f.ok]
    if failures:
        details = "; ".join(f"{f.where}: {f.message}" if f.where else f.message for f in failures)
        raise RuleError(f"the deck breaks the rules: {details}", source=str(source))
    return deck


def parse_players(value: Any, where: str = "deck.players") -> tuple[int, ...]:
    """The tables a deck is for: one number of players or a list of them.

    >>> parse_players(2), parse_players([3, 2, 3])
    ((2,), (2, 3))
    """
    tables = value if isinstance(value, list) else [value]
    if not tables:
        raise InputError("must name at least one number of players", field=where)
    for j, n in enumerate(tables):
        if not isinstance(n, int) or isinstance(n, bool) or n not in HAND_SIZE:
            at = f"{where}[{j}]" if isinstance(value, list) else where
            raise InputError(f"the rules deal for {min(HAND_SIZE)} to {max(HAND_SIZE)} players, "
                             f"got {n!r}", field=at)
    return tuple(sorted(set(tables)))


def parse_deck(data: dict[str, Any]) -> Deck:
    """Build a :class:`Deck` from parsed TOML, checking only types and shape."""
    reject_unknown(data, {"deck", "goal", "action", "game"})
    head = field(data, "deck", dict, default={})
    if "name" not in head:
        raise InputError("missing: every deck names itself in a [deck] table (name = \"...\"); "
                         "the name is printed on every card back", field="deck.name")
    reject_unknown(head, {"name", "variable", "players"}, where="deck")
    name = field(head, "name", str, where="deck")
    if not name.strip():
        raise InputError("must not be empty: it is printed on every card back", field="deck.name")
    variable = field(head, "variable", str, where="deck", default="reset")
    players = parse_players(head["players"]) if "players" in head else TABLES
    groups: list[CardGroup] = []
    for i, entry in enumerate(field(data, "goal", list, default=[])):
        where = f"goal[{i}]"
        if not isinstance(entry, dict):
            raise InputError("must be a table", field=where)
        reject_unknown(entry, {"colour", "color", "target", "targets", "value", "count"}, where=where)
        colour = field(entry, "colour" if "colour" in entry else "color", str, where=where).lower()
        count = field(entry, "count", int, where=where, default=1)
        value = field(entry, "value", int, where=where, default=None)
        if ("target" in entry) == ("targets" in entry):
            raise InputError("give either target or targets", field=where)
        if "target" in entry:
            targets = [field(entry, "target", int, where=where)]
        else:
            targets = field(entry, "targets", list, where=where)
            if not targets:
                raise InputError("must list at least one target", field=f"{where}.targets")
        for j, target in enumerate(targets):
            if not isinstance(target, int) or isinstance(target, bool):
                raise InputError(f"must be an integer, got {target!r}", field=f"{where}.targets[{j}]")
            if abs(target) > MAX_TARGET:
                raise InputError(f"target {target} is absurd (at most {MAX_TARGET})",
                                 field=f"{where}.targets[{j}]" if "targets" in entry else f"{where}.target")
            groups.append(CardGroup("goal", colour, count, where, target, value))
    for i, entry in enumerate(field(data, "action", list, default=[])):
        where = f"action[{i}]"
        if not isinstance(entry, dict):
            raise InputError("must be a table", field=where)
        reject_unknown(entry, {"name", "count"}, where=where)
        groups.append(CardGroup("action", field(entry, "name", str, where=where).lower(),
                                field(entry, "count", int, where=where, default=1), where))
    return Deck(name, variable.lower(), tuple(groups), players)


def check_deck(deck: Deck) -> list[Finding]:
    """Every rule a deck must meet, one finding each (failures name the card)."""
    findings: list[Finding] = []
    colours_ok = counts_ok = targets_ok = values_ok = actions_ok = True
    actions = action_names()
    for g in deck.groups:
        where = f"{g.where} ({g.title})"
        if g.count < 1:
            counts_ok = False
            findings.append(failed("card counts", f"count must be at least 1, got {g.count}", where))
        elif g.count > MAX_DECK:
            counts_ok = False
            findings.append(failed("deck size", f"count {g.count} is absurd (a deck holds at most "
                                   f"{MAX_DECK} cards)", where))
        if g.kind == "action":
            if g.name not in actions:
                actions_ok = False
                findings.append(failed("action names", f"unknown Action {g.name!r} "
                                       f"(known: {', '.join(actions)})", where))
            continue
        colour = colour_named(g.name)
        if colour is None:
            colours_ok = False
            findings.append(failed("goal colours", f"unknown colour {g.name!r} "
                                   f"(known: {', '.join(COLOURS)})", where))
            continue
        if g.target < 1:
            targets_ok = False
            findings.append(failed("targets", f"Target must be at least 1, got {g.target}", where))
        elif g.value is not None and g.value != value_for(colour, g.target):
            values_ok = False
            findings.append(failed(
                "multiplier rule",
                f"Value {g.value} breaks the rule: a {tier(colour)} Goal is worth "
                f"Target x{MULTIPLIER[tier(colour)]} = {value_for(colour, g.target)}", where))
    for ok, rule, message in [
        (colours_ok, "goal colours", "every Goal has one of the seven colours"),
        (actions_ok, "action names", "every Action is one of the six Action cards"),
        (counts_ok, "card counts", "every card count is at least 1"),
        (targets_ok, "targets", "every Target is at least 1"),
        (values_ok, "multiplier rule", "Values are Target x2, x3 and x4"),
    ]:
        if ok:
            findings.append(passed(rule, message))
    if deck.variable not in variable_functions():
        findings.append(failed("variable function", f"unknown Variable function {deck.variable!r} "
                               f"(known: {', '.join(variable_functions())})", "deck.variable"))
    findings += _whole_deck(deck)
    return findings


def tables_text(players: tuple[int, ...]) -> str:
    """``(2, 3, 4, 5)`` as "2 to 5 players", ``(2, 4)`` as "2 or 4 players".

    >>> tables_text((2, 3, 4, 5)), tables_text((2,)), tables_text((2, 4))
    ('2 to 5 players', '2 players', '2 or 4 players')
    """
    if len(players) == 1:
        return f"{players[0]} players"
    if players == tuple(range(players[0], players[-1] + 1)) and len(players) > 2:
        return f"{players[0]} to {players[-1]} players"
    return f"{', '.join(map(str, players[:-1]))} or {players[-1]} players"


def deal_finding(size: int, players: tuple[int, ...]) -> Finding:
    """Setting Up: every planned table gets its hands and leaves a Draw deck."""
    needed = {p: cards_needed_to_deal(p) for p in players}
    most = max(needed.values())
    if size >= most:
        return passed("deal", f"{size} cards deal {tables_text(players)} with a Draw deck left")
    short = tuple(p for p in players if needed[p] > size)
    dealt = ", ".join(f"{p} players take {p * HAND_SIZE[p]}" for p in short)
    return failed("deal", f"{size} cards cannot deal {tables_text(short)} and leave a Draw deck: "
                  f"at least {most} are needed ({dealt}); a deck for fewer tables can say so "
                  f"with players = [...] in [deck]", "deck")


def _whole_deck(deck: Deck) -> list[Finding]:
    findings = []
    size = deck.size
    if size > MAX_DECK:
        findings.append(failed("deck size", f"{size} cards is absurd (at most {MAX_DECK})", "deck"))
    findings.append(deal_finding(size, deck.players))
    # Completing every Goal gives the most points and colours, so the whole deck decides it.
    goals = [(g, n) for g, n in deck.goals() if g.target >= 1 and n >= 1]
    colours = len({g.colour for g, _ in goals})
    total = sum(g.value * n for g, n in goals)
    if model.is_win(colours, total):
        findings.append(passed("winning", f"Goals of {colours} colours worth {total} points: "
                               f"a win ({win_condition()}) is possible"))
    else:
        findings.append(failed("winning", f"no way to win with {win_condition()} "
                               f"(the deck has {colours} colour(s) "
                               f"worth {total} points in all)", "deck"))
    return findings
