"""The yEAh item table as code: item types, references to items or to types,
and which items a reference means.

A type is a category (Charge, Defense, Weapon), an optional kind (Ammo,
Summon, Gun, Bomb) and an optional level (0, I, II, III, X).  The table's
Kills and Killed By cells name items or types such as ``<Weapon (Gun I+)>``;
:func:`matches` decides which items such a reference covers.

>>> gun = Item("Gun", ItemType("weapon", "gun", 1), cost=1)
>>> ref = Ref(category="weapon", kind="gun", min_level=1)
>>> ref.text(), matches(ref, gun)
('<Weapon (Gun I+)>', True)
>>> matches(Ref(category="weapon", kind="bomb", min_level=3), gun)
False
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import cache

ItemId = str   # the name in lower case, other characters as "-": "laser-gun"
Level = int    # 0, 1, 2, 3 or 10 ("X")

CATEGORIES = ("charge", "defense", "weapon")
KINDS = ("ammo", "summon", "gun", "bomb")
LEVEL_NAMES: dict[Level, str] = {0: "0", 1: "I", 2: "II", 3: "III", 10: "X"}


def item_id(name: str) -> ItemId:
    """The id a name is known by in round files and labels.

    >>> item_id("Orange Juice (unactivated)")
    'orange-juice-unactivated'
    """
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


@cache
def _cached_id(name: str) -> ItemId:
    return item_id(name)


@dataclass(frozen=True)
class ItemType:
    """Category, kind and level, as in "Weapon (Gun I)"."""

    category: str
    kind: str | None = None
    level: Level | None = None

    def text(self) -> str:
        """The type written as the table writes it.

        >>> ItemType("defense", level=1).text(), ItemType("charge", "ammo").text()
        ('Defense I', 'Charge (Ammo)')
        """
        return _type_text(self.category, self.kind, self.level, "")


def _type_text(category: str | None, kind: str | None, level: Level | None, plus: str) -> str:
    lv = f"{LEVEL_NAMES.get(level, str(level))}{plus}" if level is not None else ""
    if category is None:
        return " ".join(p for p in (kind.capitalize() if kind else "", lv) if p)
    if kind is None:
        return " ".join(p for p in (category.capitalize(), lv) if p)
    inner = " ".join(p for p in (kind.capitalize(), lv) if p)
    return f"{category.capitalize()} ({inner})"


@dataclass(frozen=True)
class Ref:
    """One entry of a Kills or Killed By cell: an item, a type, or everything.

    ``level`` asks for that exact level, ``min_level`` for that level or above
    (the table's "+").  ``as_published`` keeps a wording the table used that
    differs from the usual notation.
    """

    item: str | None = None
    everything: bool = False
    category: str | None = None
    kind: str | None = None
    level: Level | None = None
    min_level: Level | None = None
    as_published: str | None = None

    def text(self) -> str:
        """The reference in the table's notation.

        >>> Ref(kind="bomb", min_level=2).text(), Ref(everything=True).text()
        ('<Bomb II+>', '<Everything>')
        """
        if self.item is not None:
            return self.item
        if self.everything:
            return "<Everything>"
        if self.min_level is not None:
            return f"<{_type_text(self.category, self.kind, self.min_level, '+')}>"
        return f"<{_type_text(self.category, self.kind, self.level, '')}>"


@dataclass(frozen=True)
class Item:
    """One row of the table, with the rule fields that encode its notes."""

    name: str
    type: ItemType
    cost: float            # an integer, or nan: never chosen, another item makes it
    gives: int = 0
    kills: tuple[Ref, ...] = ()
    killed_by: tuple[Ref, ...] = ()
    note: str = ""
    max_in_a_row: int | None = None
    needs_last_turn: str | None = None
    not_while_holding: str | None = None
    then_next_turn: str | None = None
    arises_from: str | None = None
    held: bool = True
    guaranteed_survival: bool = False
    not_counted_as: tuple[str, ...] = ()
    spares: tuple[str, ...] = ()   # items the notes say it does not kill, whatever its Kills cell says
    stuns: bool = False
    copies_left: bool = False
    revives: bool = False
    fallback: bool = False
    where: str = ""        # e.g. "item[3]" in the file

    @property
    def id(self) -> ItemId:
        return _cached_id(self.name)

    @property
    def choosable(self) -> bool:
        """Whether a player can pick it: a NaN cost means another item makes it."""
        return not math.isnan(self.cost)

    @property
    def price(self) -> int:
        """The cost as a whole number (only for choosable items)."""
        return int(self.cost)


def matches(ref: Ref, item: Item) -> bool:
    """Whether ``ref`` covers ``item``.

    A type reference skips categories the item's notes say it is not counted
    as (Firework (blast) is a Bomb but not a Weapon).

    >>> blast = Item("Firework (blast)", ItemType("weapon", "bomb", 1), math.nan,
    ...              not_counted_as=("weapon",))
    >>> matches(Ref(category="weapon"), blast), matches(Ref(kind="bomb"), blast)
    (False, True)
    """
    if ref.item is not None:
        return item_id(ref.item) == item.id
    if ref.everything:
        return True
    t = item.type
    if ref.category is not None and (t.category != ref.category or ref.category in item.not_counted_as):
        return False
    if ref.kind is not None and t.kind != ref.kind:
        return False
    if ref.level is not None and t.level != ref.level:
        return False
    if ref.min_level is not None and (t.level is None or t.level < ref.min_level):
        return False
    return True


def says(refs: tuple[Ref, ...], item: Item) -> Ref | None:
    """The first reference of a cell that covers ``item`` (None: the cell does not name it)."""
    return next((r for r in refs if matches(r, item)), None)


def kills_cover(killer: Item, victim: Item) -> Ref | None:
    """The reference of ``killer``'s Kills cell that covers ``victim``, read with its notes.

    One rule for every row: where a row's notes say more than its cells, the
    notes win.  Firework (blast)'s notes take it out of the Weapons (see
    :func:`matches`); Bazooka's notes take the activated Orange Juice out of
    its ``<Everything>``.

    >>> oj = Item("Orange Juice (activated)", ItemType("defense", level=2), math.nan)
    >>> bazooka = Item("Bazooka", ItemType("weapon", "bomb", 10), 10, kills=(Ref(everything=True),),
    ...                spares=("Orange Juice (activated)",))
    >>> kills_cover(bazooka, oj) is None, kills_cover(bazooka, bazooka).text()
    (True, '<Everything>')
    """
    if any(item_id(name) == victim.id for name in killer.spares):
        return None
    return says(killer.kills, victim)


@dataclass(frozen=True)
class ItemTable:
    """The whole table: its items in printed order and the starting ammunition."""

    name: str
    items: tuple[Item, ...]
    starting_ammo: int = 0
    _by_id: dict[str, Item] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # Ids are looked up for every player and every pair in a round: index them once.
        index: dict[str, Item] = {}
        for item in self.items:
            index.setdefault(item.id, item)
        object.__setattr__(self, "_by_id", index)

    def find(self, name: str) -> Item | None:
        """The item called ``name`` (by name or id, any case), if there is one.

        With two items of one name (a broken table) the first is found.
        """
        found = self._by_id.get(name)
        return found if found is not None else self._by_id.get(item_id(name))

    def get(self, name: str) -> Item:
        found = self.find(name)
        if found is None:
            raise KeyError(name)
        return found

    def resolved(self, refs: tuple[Ref, ...]) -> tuple[Item, ...]:
        """Every item a cell's references cover, in table order."""
        return tuple(i for i in self.items if says(refs, i))

    @property
    def fallback(self) -> Item:
        return next(i for i in self.items if i.fallback)
