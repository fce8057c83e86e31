"""The acceleration check and the deflector changes it allows.

Roll the die (the accellerator) against your energy:

- **above**: energy goes up by one; no deflector change.
- **below**: you must add, move or turn a deflector; with no chit left to add
  you must move one.  No energy change.
- **equal**: you may raise or lower your energy by one (or not), and you may
  add, remove, move or turn one deflector (or not).

>>> acceleration(2, 5), acceleration(4, 1), acceleration(3, 3)
('above', 'below', 'equal')
>>> energy_options(3, 5), energy_options(3, 1), energy_options(1, 1), energy_options(6, 6)
((4,), (3,), (0, 1, 2), (5, 6))
>>> energy_options(0, 1)
(1,)

A change may touch no cell that holds a pawn, no home, not the reactor, no
cell next to a pawn, and not the deflector changed on the previous turn.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import NamedTuple

from ..errors import RuleError
from ..schema import Table
from .board import cell_name
from .model import ORIENTATIONS, Cell, Orientation, State, clamp_energy, turned

ACTIONS = ("add", "remove", "move", "turn")


def acceleration(energy: int, roll: int) -> str:
    """Which case of the acceleration check a roll falls in: above, below or equal."""
    if roll > energy:
        return "above"
    return "below" if roll < energy else "equal"


def energy_options(energy: int, roll: int) -> tuple[int, ...]:
    """The energies a player may move with after rolling ``roll``.

    Above: one more (never past six, which cannot happen: a die shows at most
    six).  Below: unchanged.  Equal: one less, unchanged or one more, never
    below no token or above six.
    """
    kind = acceleration(energy, roll)
    if kind == "above":
        return (clamp_energy(energy + 1),)
    if kind == "below":
        return (energy,)
    return tuple(sorted({clamp_energy(energy + d) for d in (-1, 0, 1)}))


class Change(NamedTuple):
    """One deflector change (a named tuple: a greedy decision draws forty of them).

    ``at`` is the deflector's cell before the change (move, turn, remove),
    ``to`` its cell after it (add, move), ``orientation`` the diagonal it shows
    after an add or a move (a chit picked up may be set down either way; a
    move with ``orientation=None`` keeps the diagonal it showed).
    """

    action: str
    at: Cell | None = None
    to: Cell | None = None
    orientation: Orientation | None = None

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The cells whose contents this change alters."""
        at, to = self.at, self.to
        if at is None:
            return () if to is None else (to,)
        return (at,) if to is None else (at, to)

    @property
    def origin(self) -> Cell:
        """``at``, which every action but an add names."""
        assert self.at is not None, self.action
        return self.at

    @property
    def destination(self) -> Cell:
        """``to``, which an add and a move name."""
        assert self.to is not None, self.action
        return self.to

    @property
    def result(self) -> Cell | None:
        """Where the changed deflector is afterwards (it is locked for the next turn)."""
        if self.action == "remove":
            return None
        return self.to if self.action in ("add", "move") else self.at

    def describe(self, deflectors: Mapping[Cell, Orientation] | None = None) -> str:
        """In words, e.g. ``move the deflector at C4 to F2 as '/'``."""
        if self.action == "add":
            return f"add a deflector at {cell_name(self.destination)} as '{self.orientation}'"
        if self.action == "move":
            shown = self.orientation or (deflectors or {}).get(self.origin)
            return (f"move the deflector at {cell_name(self.origin)} to {cell_name(self.destination)}"
                    + (f" as '{shown}'" if shown else ""))
        if self.action == "turn":
            now = f" (from '{deflectors[self.origin]}' to '{turned(deflectors[self.origin])}')" \
                if deflectors and self.origin in deflectors else ""
            return f"turn the deflector at {cell_name(self.origin)}{now}"
        return f"remove the deflector at {cell_name(self.origin)}"

    def to_json(self) -> Table:
        data: Table = {"action": self.action}
        if self.at is not None:
            data["at" if self.action in ("turn", "remove") else "from"] = list(self.at)
        if self.to is not None:
            data["to"] = list(self.to)
        if self.orientation is not None:
            data["orientation"] = self.orientation
        return data


def apply_change(deflectors: Mapping[Cell, Orientation], change: Change | None) -> dict[Cell, Orientation]:
    """A new deflector map with ``change`` made (the old map is not touched)."""
    out = dict(deflectors)
    if change is None:
        return out
    if change.action == "add":
        assert change.orientation is not None    # an add always says which way the chit lies
        out[change.destination] = change.orientation
    elif change.action == "remove":
        del out[change.origin]
    elif change.action == "turn":
        out[change.origin] = turned(out[change.origin])
    else:
        shown = out.pop(change.origin)
        out[change.destination] = change.orientation or shown
    return out


def _blockers(state: State) -> dict[Cell, tuple[str, str | None, Cell | None]]:
    """Cells no change may touch, each with what blocks it (who, and where their pawn is)."""
    board = state.board
    blocked: dict[Cell, tuple[str, str | None, Cell | None]] = {}
    for pawn in state.pawns:
        if pawn.at is None:
            continue
        for n in board.neighbours(pawn.at):
            blocked.setdefault(n, ("next", pawn.player, pawn.at))
    for h in board.homes:
        blocked[h.at] = ("home", h.player, None)
    for pawn in state.pawns:
        if pawn.at is not None:
            blocked[pawn.at] = ("occupied", pawn.player, None)
    blocked[board.reactor] = ("reactor", None, None)
    return blocked


def _reason(why: str, player: str | None, at: Cell | None) -> str:
    if why == "next":
        return f"next to {player}'s pawn at {cell_name(at)}"       # type: ignore[arg-type]
    if why == "home":
        return f"{player}'s home"
    return f"occupied by {player}'s pawn" if why == "occupied" else "the reactor"


def allowed_actions(state: State, kind: str) -> tuple[str, ...]:
    """The kinds of change a roll allows (before looking at the board)."""
    if kind == "above":
        return ()
    if kind == "below":
        return ("move",) if state.supply == 0 else ("add", "move", "turn")
    return ACTIONS if state.supply > 0 else ("remove", "move", "turn")


def legal_changes(state: State, kind: str) -> list[Change]:
    """Every legal change for a roll of this ``kind``, in a fixed order.

    For ``"below"`` an empty list means no legal change exists: the player
    is excused (the rules cannot be obeyed, so nothing happens).
    """
    actions = allowed_actions(state, kind)
    if not actions:
        return []
    free, sources = _free_and_sources(state)
    out: list[Change] = []
    if "add" in actions:
        out += [Change("add", to=c, orientation=o) for c in free for o in ORIENTATIONS]
    if "turn" in actions:
        out += [Change("turn", at=c) for c in sources]
    if "remove" in actions:
        out += [Change("remove", at=c) for c in sources]
    if "move" in actions:
        out += [Change("move", at=a, to=c, orientation=o) for a in sources for c in free
                for o in ORIENTATIONS]
    return out


def _free_and_sources(state: State) -> tuple[list[Cell], list[Cell]]:
    """Empty cells a chit may go to, and deflectors that may be picked up or turned."""
    blocked = _blockers(state)
    free = [c for c in state.board.cells() if c not in blocked and c not in state.deflectors]
    sources = sorted(c for c in state.deflectors if c not in blocked and c != state.locked)
    return free, sources


def legal_change_counts(state: State, kind: str) -> dict[str, int]:
    """How many legal changes of each kind a roll allows, leaving out kinds with none."""
    return change_menu(state, kind)[0]


def describe_counts(counts: dict[str, int]) -> str:
    """``{"add": 4, "move": 8}`` -> ``'12 legal changes: add or move one'``.

    >>> describe_counts({"move": 1})
    '1 legal change: move one'
    >>> describe_counts({"add": 4, "move": 8, "turn": 2})
    '14 legal changes: add, move or turn one'
    """
    total = sum(counts.values())
    names = list(counts)
    verbs = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
    return f"{total} legal change{'s' * (total != 1)}: {verbs} one"


def _action_counts(actions: tuple[str, ...], free: int, sources: int) -> dict[str, int]:
    sizes = {"add": 2 * free, "turn": sources, "remove": sources, "move": 2 * free * sources}
    return {a: sizes[a] for a in ACTIONS if a in actions}


def random_change(state: State, kind: str, rng: random.Random) -> Change | None:
    """A legal change drawn uniformly (as ``rng.choice(legal_changes(...))`` would be,
    without building the list); ``None`` when there is none.  For simulations."""
    total = sum(legal_change_counts(state, kind).values())
    return nth_change(state, kind, rng.randrange(total)) if total else None


def nth_change(state: State, kind: str, pick: int) -> Change:
    """The ``pick``-th of the ``sum(legal_change_counts(state, kind).values())`` legal changes, in a
    fixed order, without building them all (every one is reached by exactly one ``pick``)."""
    return change_picker(state, kind)(pick)


def change_picker(state: State, kind: str) -> Callable[[int], Change]:
    """:func:`nth_change` for one position and roll, with the board looked at once: a
    player drawing many changes from the same position asks it for each pick."""
    return change_menu(state, kind)[1]


def change_menu(state: State, kind: str) -> tuple[dict[str, int], Callable[[int], Change]]:
    """:func:`legal_change_counts` and :func:`change_picker` together, the board looked at
    once for both."""
    actions = allowed_actions(state, kind)
    if not actions:
        return {}, _picker({}, [], [])
    free, sources = _free_and_sources(state)
    counts = _action_counts(actions, len(free), len(sources))
    return {a: n for a, n in counts.items() if n}, _picker(counts, free, sources)


def _picker(counts: dict[str, int], free: list[Cell], sources: list[Cell]) -> Callable[[int], Change]:
    """The ``pick``-th change, counted in the order of ``counts`` (``ACTIONS``': adds,
    removes, moves, turns), only the kinds the roll allows."""
    adds, removes, moves = counts.get("add", 0), counts.get("remove", 0), counts.get("move", 0)
    first_move = adds + removes
    first_turn = first_move + moves
    per_source = 2 * len(free)
    new = tuple.__new__          # a named tuple built in C: a greedy decision draws forty

    def pick_change(pick: int) -> Change:
        if first_move <= pick < first_turn:
            source, rest = divmod(pick - first_move, per_source)
            return new(Change, ("move", sources[source], free[rest >> 1], ORIENTATIONS[rest & 1]))
        if pick < adds:
            return new(Change, ("add", None, free[pick >> 1], ORIENTATIONS[pick & 1]))
        if pick < first_move:
            return new(Change, ("remove", sources[pick - adds], None, None))
        return new(Change, ("turn", sources[pick - first_turn], None, None))
    return pick_change


def check_change(state: State, change: Change, kind: str, *, where: str = "change") -> None:
    """Raise a :class:`RuleError` saying why ``change`` is illegal for this roll, if it is."""
    def refuse(message: str) -> None:
        raise RuleError(message, field=where)

    if kind == "above":
        refuse("a roll above your energy raises it by one and allows no deflector change")
    if change.action not in allowed_actions(state, kind):
        if kind == "below" and change.action == "remove":
            refuse("a roll below your energy may add, move or turn a deflector, not remove one")
        if change.action == "add" and state.supply == 0:
            refuse(f"all {state.supply + len(state.deflectors)} deflector chits are on the board: "
                   "none is left to add")
        refuse("with no deflector chit left to add, a roll below your energy must move a deflector")
    blocked = _blockers(state)
    if change.at is not None:
        if change.at not in state.deflectors:
            refuse(f"there is no deflector at {cell_name(change.at)}")
        if change.at == state.locked:
            refuse(f"the deflector at {cell_name(change.at)} was changed on the previous turn")
        if change.at in blocked:
            refuse(f"{cell_name(change.at)} cannot be touched: {_reason(*blocked[change.at])}")
    if change.to is not None:
        if change.to in state.deflectors:
            refuse(f"{cell_name(change.to)} already holds a deflector")
        if change.to in blocked:
            refuse(f"{cell_name(change.to)} cannot be touched: {_reason(*blocked[change.to])}")
    if change.action not in ACTIONS:
        refuse(f"unknown deflector change {change.action!r} (allowed: {', '.join(ACTIONS)})")
    if change.action == "add" and change.orientation not in ORIENTATIONS:
        refuse("a placed deflector shows '/' or '\\'")
    if change.action == "move" and change.orientation not in ORIENTATIONS + (None,):
        refuse("a placed deflector shows '/' or '\\'")
