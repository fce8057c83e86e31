"""The turns Accellerator's search player weighs: one of each different effect, ranked by
how well they set up the mover's next turn.

Greedy rates a turn by the position right after its move, so its best few turns
are mostly one move with deflector changes drawn at random, changes that touch
no cell any move soon enters and so change nothing.  The search player weighs
instead, for each facing and energy, the turn without a change and the changes
on the cells that matter: those this move enters and those the mover's next
move from where it lands would enter.  Changes with the same effect on those
cells count once.  They are ranked by :func:`next_turn_value`, the mover's
expected value after its next move (each face of the die, the best energy it
allows, opponents standing still), so a landing that faces the goal beats one
that faces away.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence

from ..frozen import replace
from .deflectors import Change, energy_options
from .model import (DIE_SIDES, FACINGS, MAX_ENERGY, MIN_ENERGY, Cell, Facing, Orientation,
                    State)
from .movement import Landing, landing
from .turn import TurnChoice, back_home, look_ahead

Effect = tuple[int | None, str | None, bool, frozenset[tuple[Cell, Orientation | None]]]
"""A turn's energy, facing and banking, and what its change leaves on the cells that matter."""


def search_candidates(state: State, roll: int, changes: Sequence[Change], plain: Sequence[TurnChoice],
                      greedy: TurnChoice, seat: int, most: int) -> list[TurnChoice]:
    """``greedy`` and the best ``most - 1`` turns of other effects, best first.

    ``plain`` are the roll's legal turns without a change and ``changes`` every legal
    change (the same for every facing and energy)."""
    matter: dict[tuple[int | None, str | None], frozenset[Cell]] = {}

    def cells_for(choice: TurnChoice) -> frozenset[Cell]:
        group = (choice.energy, choice.facing)
        if group not in matter:
            matter[group] = _cells_that_matter(state, roll, choice)
        return matter[group]

    seen = {_effect(greedy, cells_for(greedy))}
    ranked: list[tuple[float, int, TurnChoice]] = []
    for choice in _distinct(state, roll, changes, plain, cells_for):
        key = _effect(choice, cells_for(choice))
        if key in seen:
            continue
        seen.add(key)
        after = look_ahead(state, roll, choice).after
        ranked.append((-next_turn_value(after, seat), len(ranked), choice))
    ranked.sort()
    return [greedy, *(c for _, _, c in ranked[:most - 1])]


def _distinct(state: State, roll: int, changes: Sequence[Change], plain: Sequence[TurnChoice],
              cells_for: Callable[[TurnChoice], frozenset[Cell]]) -> Iterator[TurnChoice]:
    """Every plain turn, and every turn whose change touches a cell that matters to it."""
    facings = FACINGS if state.mover.at is None else (None,)
    placed = back_home(state, facings[0]) if state.mover.at is None else state
    yield from plain
    if not changes:
        return
    for facing in facings:
        for energy in energy_options(placed.mover.energy, roll):
            cells = cells_for(TurnChoice(energy, None, facing))
            for change in changes:
                if any(c in cells for c in change.cells):
                    yield TurnChoice(energy, change, facing)


def _cells_that_matter(state: State, roll: int, choice: TurnChoice) -> frozenset[Cell]:
    """The cells the turn's move enters without a change, and those the mover's next move
    from there would enter at the energies its next roll may leave it."""
    bare = choice._replace(change=None)
    after, entered = look_ahead(state, roll, bare)
    me = after.pawns[state.to_move]
    if me.at is None:
        return entered
    later = replace(after, to_move=state.to_move)
    for energy in {max(me.energy - 1, MIN_ENERGY), me.energy, min(me.energy + 1, MAX_ENERGY)}:
        entered |= _walked(later, None, energy).entered
    return entered


def _effect(choice: TurnChoice, cells: frozenset[Cell]) -> Effect:
    """What ``choice`` does to the cells that matter: changes alike there are one turn."""
    change = choice.change
    touched: frozenset[tuple[Cell, Orientation | None]] = frozenset()
    if change is not None:
        touched = frozenset((c, _shown(change, c)) for c in change.cells if c in cells)
    return choice.energy, choice.facing, choice.bank, touched


def _shown(change: Change, cell: Cell) -> Orientation | None:
    """What ``cell`` holds after ``change``: a chit's diagonal, ``None`` for empty, ``"turned"``."""
    if change.action == "turn":
        return "turned"
    return change.orientation if cell == change.to else None


def next_turn_value(after: State, seat: int) -> float:
    """The seat's value after its next move, averaged over the die: the energy each face
    leaves it (the best of those an equal roll allows), opponents as they stand, no change."""
    from .play import value
    if after.over:
        return value(after, seat)
    mine = replace(after, to_move=seat)
    me = mine.pawns[seat]
    facings = FACINGS if me.at is None else (None,)
    best: dict[int, float] = {}

    def best_with(energy: int) -> float:
        if energy not in best:
            best[energy] = max(value(_walked(mine, facing, energy).after, seat) for facing in facings)
        return best[energy]

    total = 0.0
    for roll in range(1, DIE_SIDES + 1):
        total += max(best_with(e) for e in energy_options(me.energy, roll))
    return total / DIE_SIDES


def _walked(state: State, facing: Facing | None, energy: int) -> Landing:
    """The mover's move with ``energy`` and no change (from home facing ``facing`` if reset)."""
    placed = back_home(state, facing) if state.mover.at is None else state
    return landing(placed.with_pawn(placed.to_move, replace(placed.mover, energy=energy)))
