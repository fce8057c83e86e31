"""Tracing one move: every space entered, every turn and why, every electron.

A pawn moves exactly its energy in spaces, one step at a time.  On each step
it enters the next space in its facing, and what is in that space acts on it,
in this order (the rules do not give one; mandatory effects come first):

1. **Another pawn.** Passing through (not the last step): the two pawns swap
   the electrons under them.  Ending there (the last step): both pawns reset
   and every electron either carried goes back to the reactor.
2. **Your own home.** Carrying electrons, you may bank them in your collector;
   if you do, your pawn resets (``bank=False`` passes through instead).
3. **The reactor.** Passing through: take one electron (if any is left).
   Ending there: reset, leaving your electrons on the reactor.
4. **A deflector.** Turn 90 degrees as its diagonal shows; later steps go the
   new way.

Trying to leave the board is a step too.  Under the default reading
(``Rules.bounce == "stay"``) the pawn stays where it is and turns 180 degrees
(the "space that does not exist" is not a space it can stand on).  Under the
``"re-enter"`` reading it steps into the missing space and turns; its next
step re-enters the edge space it left, which acts on it as any space entered
does (a home, the reactor, a deflector, a pawn).  A move that ends in the
missing space sets the pawn back on that edge space, facing inward.

A pawn with no energy makes no step: it ends its turn where it stands (on a
home shared with another pawn, that is ending on it: both reset).
A reset ends the move at once, and so the turn.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..frozen import build, replace
from ..errors import RuleError
from .board import cell_name
from .model import (FACING_NAMES, WIN_BANKED, Cell, Facing, Pawn, Player, State, deflect,
                    reverse, steps_within)


class Event(NamedTuple):
    """Something a rule did during a step. ``rule`` is a short key used for counting.
    (A named tuple: built in C, a whole game writes thousands.)"""

    rule: str
    text: str


@dataclass(frozen=True)
class Step:
    """One of the pawn's moves: from ``start`` into ``entered`` (``None``: off the board)."""

    number: int
    start: Cell
    entered: Cell | None
    facing_in: Facing
    facing_out: Facing
    events: tuple[Event, ...]

    @property
    def end(self) -> Cell:
        return self.start if self.entered is None else self.entered


@dataclass(frozen=True)
class Move:
    """A traced move: the steps, how it ended, and the state afterwards.

    ``ending`` is ``"moved"`` (all steps made), ``"banked"``, ``"reactor"``
    (ended on the reactor) or ``"collision"`` (ended on another pawn).
    """

    player: Player
    start: Cell
    facing: Facing
    energy: int
    steps: tuple[Step, ...]
    ending: str
    after: State
    picked_up: int
    banked: int
    swaps: int
    reset: tuple[Player, ...]

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(e for s in self.steps for e in s.events)

    @property
    def entered(self) -> frozenset[Cell]:
        """The cells the pawn stepped into.  The move looked at the deflectors of these
        cells and of no other, so a deflector change that touches none of them leaves
        the same move (the greedy player rates such changes without moving again)."""
        return frozenset(s.entered for s in self.steps if s.entered is not None)


def trace_move(state: State, *, bank: bool = True) -> Move:
    """Move the pawn whose turn it is by its full energy; the state after is in ``.after``.

    The state's ``locked`` and ``to_move`` are left for the turn to update.
    """
    me = state.pawns[state.to_move]
    walk = _walk(state, bank, True)
    return build(Move, player=me.player, start=me.at, facing=me.facing, energy=me.energy,
                 steps=walk.steps, ending=walk.ending, after=walk.after, picked_up=walk.picked,
                 banked=walk.banked, swaps=walk.swaps, reset=walk.reset)


class Landing(NamedTuple):
    """Where a move leaves the table, and the cells it entered (:attr:`Move.entered`)."""

    after: State
    entered: frozenset[Cell]


def landing(state: State, *, bank: bool = True) -> Landing:
    """The state :func:`trace_move` leaves and the cells it enters, by the same walk
    without its records and texts: a player looking ahead rates thousands of moves."""
    walk = _walk(state, bank, False)
    return Landing(walk.after, frozenset(walk.entered))


class _Walk(NamedTuple):
    steps: tuple[Step, ...]
    entered: list[Cell]
    ending: str
    after: State
    picked: int
    banked: int
    swaps: int
    reset: tuple[Player, ...]


def _walk(state: State, bank: bool, record: bool) -> _Walk:
    """The move, step by step by the rules in the module's docstring; ``record``: write
    each step and its events (their texts), else only the cells entered."""
    board = state.board
    me_index = state.to_move
    me = state.pawns[me_index]
    if me.at is None or me.facing is None:
        raise RuleError(f"{me.player}'s pawn is not on the board: put it on its home space "
                        "with a facing first", field=f"pawns[{me_index}].at")
    pawns = list(state.pawns)
    others = {p.at: j for j, p in enumerate(pawns) if j != me_index and p.at is not None}
    home = board.home_of(me.player)
    deflectors = state.deflectors
    pos, facing, carrying = me.at, me.facing, me.carrying
    steps: list[Step] = []
    entered: list[Cell] = []
    ending, picked, banked_now, swaps = "moved", 0, 0, 0
    reset: list[Player] = []
    re_enter = state.rules.bounce == "re-enter"
    ahead = steps_within(board.size)

    def collide(j: int, events: list[Event]) -> None:
        other = pawns[j]
        if record:
            back = carrying + other.carrying
            events.append(Event("collision", f"ended on {other.player}'s pawn: both reset, "
                                f"{back} electron(s) go back to the reactor"))
        pawns[j] = other.reset()
        reset.extend([me.player, other.player])

    outside = False     # "re-enter" reading: standing in the missing space beyond ``pos``
    events: list[Event] = []
    for n in range(1, me.energy + 1):
        last = n == me.energy
        if record:
            events = []
        nxt: Cell | None
        if outside:       # the step back onto the edge space left on the last step
            nxt, outside = pos, False
            if record:
                events.append(Event("re-enter", f"comes back onto {cell_name(pos)} from the "
                                    "missing space"))
        else:
            nxt = ahead[pos, facing]
        if nxt is None:
            new = reverse(facing)
            if re_enter:
                if record:
                    where = "on its last step, and is set back" if last else "and will step back"
                    events.append(Event("bounce", f"stepped {FACING_NAMES[facing]} into the missing "
                                        f"space beyond {cell_name(pos)}, turned to face "
                                        f"{FACING_NAMES[new]} {where} onto {cell_name(pos)}"))
                outside = not last
            elif record:
                events.append(Event("bounce", f"tried to move {FACING_NAMES[facing]} off the "
                                    f"board: stays on {cell_name(pos)} and turns to face "
                                    f"{FACING_NAMES[new]}"))
            if last and pos in others:
                collide(others[pos], events)
                ending = "collision"
            elif last and pos == board.reactor:
                if record:
                    events.append(Event("reactor-end", f"ended on the reactor: reset, {carrying} "
                                        "electron(s) stay on the reactor"))
                ending = "reactor"
                reset.append(me.player)
            if record:
                steps.append(build(Step, number=n, start=pos, entered=None, facing_in=facing,
                                   facing_out=new, events=tuple(events)))
            facing = new
            if ending != "moved":
                break
            continue
        start, pos = pos, nxt
        entered.append(pos)
        facing_in = facing
        j = others.get(pos)
        if j is not None:
            if last:
                collide(j, events)
                ending = "collision"
            else:
                other = pawns[j]
                if record:
                    events.append(Event("swap", f"passed {other.player}'s pawn: swapped electrons "
                                        f"({carrying} for {other.carrying})"))
                carrying, pawns[j] = other.carrying, _carry(other, carrying)
                swaps += 1
        if ending == "moved" and pos == home:
            if carrying and bank:
                if record:
                    events.append(Event("bank", f"entered its home: banked {carrying} electron(s) "
                                        f"(now {me.banked + carrying}) and reset"))
                banked_now = carrying
                ending = "banked"
                reset.append(me.player)
                if record and me.banked + carrying >= WIN_BANKED:
                    events.append(Event("game-end", f"{me.player} has {me.banked + carrying} "
                                        f"electrons banked: the game ends"))
            elif not record:
                pass
            elif carrying:
                events.append(Event("home-kept", f"entered its home and kept its {carrying} "
                                    "electron(s)"))
            else:
                events.append(Event("home-empty", "entered its home with nothing to bank"))
        if ending == "moved" and pos == board.reactor:
            if last:
                if record:
                    events.append(Event("reactor-end", f"ended on the reactor: reset, {carrying} "
                                        "electron(s) stay on the reactor"))
                ending = "reactor"
                reset.append(me.player)
            elif state.reactor > picked:
                carrying += 1
                picked += 1
                reactor = state.reactor - picked
                if record:
                    events.append(Event("reactor-pickup", f"passed through the reactor: took an "
                                        f"electron (carrying {carrying}, {reactor} left)"))
            elif record:
                events.append(Event("reactor-empty", "passed through the empty reactor"))
        if ending == "moved" and pos in deflectors:
            orientation = deflectors[pos]
            facing = deflect(facing, orientation)
            if record:
                events.append(Event("deflect", f"deflector '{orientation}' turns it from "
                                    f"{FACING_NAMES[facing_in]} to {FACING_NAMES[facing]}"))
        if record:
            steps.append(build(Step, number=n, start=start, entered=pos, facing_in=facing_in,
                               facing_out=facing, events=tuple(events)))
        if ending != "moved":
            break
    if me.energy == 0 and pos in others:     # energy 0 on a shared home: the turn ends there
        collide(others[pos], [])
        ending = "collision"
    if ending == "moved":
        pawns[me_index] = _moved(me, pos, facing, carrying)
    elif ending == "banked":
        pawns[me_index] = _banked(me, carrying)
    else:
        pawns[me_index] = me.reset()
    return _Walk(tuple(steps), entered, ending, replace(state, pawns=tuple(pawns)), picked,
                 banked_now, swaps, tuple(reset))


def _carry(pawn: Pawn, carrying: int) -> Pawn:
    return replace(pawn, carrying=carrying)


def _moved(pawn: Pawn, at: Cell, facing: Facing, carrying: int) -> Pawn:
    return replace(pawn, at=at, facing=facing, carrying=carrying)


def _banked(pawn: Pawn, carrying: int) -> Pawn:
    return replace(pawn, banked=pawn.banked + carrying).reset()
