"""A round of the yEAh duel game as data: who sits where, what each player
holds and has played, and what they choose now; and reading that from JSON.

Round file (JSON), players in clockwise seating order, so the player on
your left is the next one in the list (the last player's left is the first)::

    {"game": "yeah",
     "players": [
       {"name": "Ana", "ammo": 1, "history": ["reload"], "item": "gun"},
       {"name": "Ben", "ammo": 1, "history": ["reload"], "item": "reload"}]}

Per player: ``name`` (required, unique); ``alive`` (default true); ``ammo``
(default: the table's starting ammunition); ``history``: the items played in
earlier turns, oldest first, ``null`` for a turn spent dead; ``stunned``
(true: a Stun Gun forces a Skip this turn); ``revived_by``: who brought the
player back; ``item``: the choice this turn (by id or name; left out or
``null`` means no decision in time); ``target``: the player a Stun Gun or
Necromancy is aimed at.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InputError
from ..schema import Table, field, load_json, read_file, reject_unknown
from .model import ItemId, ItemTable

PlayerName = str
MAX_PLAYERS = 100
MAX_HISTORY = 10_000
MAX_AMMO = 1_000_000
PLAYER_KEYS = {"name", "alive", "ammo", "history", "stunned", "revived_by", "item", "target"}


@dataclass(frozen=True)
class PlayerState:
    """What a player brings into a round."""

    name: PlayerName
    alive: bool = True
    ammo: int = 0
    history: tuple[ItemId | None, ...] = ()   # items actually played, oldest first
    stunned: bool = False
    revived_by: PlayerName | None = None

    @property
    def last(self) -> ItemId | None:
        return self.history[-1] if self.history else None

    def in_a_row(self, item: ItemId) -> int:
        """How many of the latest turns in a row were ``item``.

        >>> PlayerState("a", history=("shield", "reload", "shield", "shield")).in_a_row("shield")
        2
        """
        run = 0
        for played in reversed(self.history):
            if played != item:
                break
            run += 1
        return run


@dataclass(frozen=True)
class Choice:
    """What a player picks this turn: an item (None: no decision) and a target."""

    item: ItemId | None = None
    target: PlayerName | None = None


@dataclass(frozen=True)
class Round:
    """Every player's state and choice, in clockwise seating order."""

    players: tuple[PlayerState, ...]
    choices: tuple[Choice, ...]

    def index(self, name: PlayerName) -> int:
        return next(i for i, p in enumerate(self.players) if p.name == name)


def load_round(source: str | Path, table: ItemTable) -> Round:
    """Read a round file (JSON); problems raise :class:`InputError` naming file and field."""
    return read_file(source, load_json, lambda data: parse_round(data, table))


def parse_round(data: Any, table: ItemTable) -> Round:
    """Build a :class:`Round` from parsed JSON, checking every field."""
    if not isinstance(data, dict):
        raise InputError("a round file must be a JSON object with a \"players\" list")
    reject_unknown(data, {"game", "players"})
    if data.get("game", "yeah") != "yeah":
        raise InputError(f"this is not a yEAh round (game = {data['game']!r})", field="game")
    entries = field(data, "players", list)
    if not 2 <= len(entries) <= MAX_PLAYERS:
        raise InputError(f"a round needs 2 to {MAX_PLAYERS} players, got {len(entries)}", field="players")
    players, choices = zip(*(_player(e, f"players[{i}]", table) for i, e in enumerate(entries)))
    names = [p.name for p in players]
    for i, p in enumerate(players):
        if names.index(p.name) != i:
            raise InputError(f"two players are called {p.name!r}", field=f"players[{i}].name")
    for i, (p, c) in enumerate(zip(players, choices)):
        for key, name in (("target", c.target), ("revived_by", p.revived_by)):
            if name is not None and name not in names:
                raise InputError(f"no player is called {name!r}", field=f"players[{i}].{key}")
    if sum(p.alive for p in players) < 2:
        raise InputError("a round needs at least two living players (the game is over)",
                         field="players")
    return Round(tuple(players), tuple(choices))


def _player(entry: Any, where: str, table: ItemTable) -> tuple[PlayerState, Choice]:
    if not isinstance(entry, dict):
        raise InputError("must be an object with at least a name", field=where)
    reject_unknown(entry, PLAYER_KEYS, where=where)
    name = field(entry, "name", str, where=where)
    if not name.strip():
        raise InputError("must not be empty", field=f"{where}.name")
    alive = field(entry, "alive", bool, where=where, default=True)
    history = field(entry, "history", list, where=where, default=[])
    if len(history) > MAX_HISTORY:
        raise InputError(f"{len(history)} turns is absurd (at most {MAX_HISTORY})", field=f"{where}.history")
    played = tuple(_item_or_none(h, f"{where}.history[{j}]", table) for j, h in enumerate(history))
    state = PlayerState(name, alive, field(entry, "ammo", int, where=where, default=table.starting_ammo,
                                           lo=0, hi=MAX_AMMO),
                        played, field(entry, "stunned", bool, where=where, default=False),
                        _name_or_none(entry, "revived_by", where))
    item = _item_or_none(entry.get("item"), f"{where}.item", table)
    if item is not None and not alive:
        raise InputError("a dead player cannot choose an item", field=f"{where}.item")
    return state, Choice(item, _name_or_none(entry, "target", where))


def _item_or_none(value: Any, where: str, table: ItemTable) -> ItemId | None:
    if value is None:
        return None
    if not isinstance(value, str):
        raise InputError(f"must be an item name or null, got {value!r}", field=where)
    item = table.find(value)
    if item is None:
        known = ", ".join(i.id for i in table.items)
        raise InputError(f"unknown item {value!r} (known: {known})", field=where)
    return item.id


def _name_or_none(entry: Table, key: str, where: str) -> PlayerName | None:
    value = entry.get(key)
    if value is not None and not isinstance(value, str):
        raise InputError(f"must be a player's name or null, got {value!r}", field=f"{where}.{key}")
    return value


def round_as_json(players: tuple[PlayerState, ...]) -> Table:
    """A round file for ``players`` with no choices made yet (the next round to fill in)."""
    out = []
    for p in players:
        entry: dict[str, Any] = {"name": p.name, "alive": p.alive, "ammo": p.ammo,
                                 "history": list(p.history)}
        if p.stunned:
            entry["stunned"] = True
        if p.revived_by is not None:
            entry["revived_by"] = p.revived_by
        out.append(entry)
    return {"game": "yeah", "players": out}
