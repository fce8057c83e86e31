"""A whole turn: back on the board if reset, the acceleration check, the move.

Order of a turn, as the rules give it:

1. A reset pawn is put on its home space, facing any of N E S W (chosen
   now, before the roll: "at the start of your next turn"), even if another
   pawn stands there: the two share the space until this pawn moves off.
2. Roll the accellerator and apply the acceleration check (``deflectors``).
3. Move exactly your energy (``movement``).
4. Play passes clockwise: the next pawn in the state's order moves next, and
   the deflector changed this turn (if any) is locked for that turn.

The game ends as soon as someone has three electrons banked; the player with
the most banked wins.  Since only banking adds to a collector and one bank
ends the game, the player who ends it always has the most.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..frozen import build, replace
from ..errors import RuleError
from .board import cell_name
from .deflectors import (Change, acceleration, apply_change, check_change, describe_counts,
                         energy_options, legal_change_counts)
from .model import (DIE_SIDES, FACING_NAMES, FACINGS, MAX_ENERGY, MIN_ENERGY, Facing, Pawn,
                    Player, State)
from .movement import Event, Landing, Move, landing, trace_move


class TurnChoice(NamedTuple):
    """What the player decides in a turn (a named tuple, hashed and built in C: a greedy
    decision draws forty).

    ``energy``: the energy to move with, where the roll gives a choice (an
    equal roll); ``None`` keeps it unchanged or takes the only option.
    ``change``: the deflector change, or ``None``.  ``facing``: for a reset
    pawn, its facing on its home space.  ``bank``: bank on entering home.
    """

    energy: int | None = None
    change: Change | None = None
    facing: Facing | None = None
    bank: bool = True


@dataclass(frozen=True)
class Turn:
    """A played turn: what happened before the move, the move, and the next state."""

    player: Player
    roll: int | None
    kind: str | None            # "above", "below", "equal"; None when no roll was made
    energy_before: int
    energy: int
    change: Change | None
    events: tuple[Event, ...]   # before the move: placement, acceleration, deflector change
    move: Move
    after: State

    @property
    def all_events(self) -> tuple[Event, ...]:
        return self.events + self.move.events


def place(state: State, facing: Facing | None, *, where: str = "turn.facing") -> tuple[State, list[Event]]:
    """Put a reset pawn back on its home space (a pawn on the board ignores this)."""
    me = state.mover
    if me.at is not None:
        if facing is not None and facing != me.facing:
            raise RuleError(f"{me.player}'s pawn is on the board at {cell_name(me.at)}; only a "
                            "reset pawn chooses a new facing", field=where)
        return state, []
    if facing is None:
        raise RuleError(f"{me.player}'s pawn was reset: choose the facing it starts with "
                        f"on its home space (one of {' '.join(FACINGS)})", field=where)
    if facing not in FACINGS:
        raise RuleError("diagonal facings are not legal: choose N, E, S or W", field=where)
    home = state.board.home_of(me.player)
    text = f"back on its home {cell_name(home)} facing {FACING_NAMES[facing]}"
    sharing = [p.player for p in state.pawns if p.at == home]
    if sharing:       # not the end of anyone's turn: the two share the space (board.toml)
        text += f", sharing it with {sharing[0]}'s pawn"
    return back_home(state, facing), [Event("placed", text)]


def back_home(state: State, facing: Facing | None) -> State:
    """The table with the reset mover on its home space facing ``facing``: :func:`place`
    without its checks and record, for a facing taken from the legal choices."""
    return state.with_pawn(state.to_move, _at_home(state, facing))


def _at_home(state: State, facing: Facing | None) -> Pawn:
    """The reset mover back on its home space with ``facing``."""
    me = state.mover
    return replace(me, at=state.board.home_of(me.player), facing=facing)


def _energy(energy: int, roll: int, wanted: int | None) -> int | None:
    """The energy a pawn moves with after ``roll`` when its player asks for ``wanted``
    (``None``: unchanged if the roll allows it, else the only option); ``None`` when the
    roll does not allow ``wanted``."""
    options = energy_options(energy, roll)
    if wanted is None:
        return energy if energy in options else options[0]
    return wanted if wanted in options else None


def look_ahead(state: State, roll: int, choice: TurnChoice) -> Landing:
    """The table right after the move of a turn listed for this roll, and the cells the
    move entered: :func:`play_turn`'s steps without their checks, records or texts
    (the greedy player rates many turns and plays one)."""
    me = state.mover
    if me.at is None:
        me = _at_home(state, choice.facing)
    energy = _energy(me.energy, roll, choice.energy)
    change = choice.change
    pawns = list(state.pawns)
    pawns[state.to_move] = replace(me, energy=energy)
    deflectors = apply_change(state.deflectors, change) if change is not None else state.deflectors
    return landing(replace(state, pawns=tuple(pawns), deflectors=deflectors), bank=choice.bank)


def turn_after(state: State, roll: int, choice: TurnChoice) -> State:
    """The table after a turn listed for this roll, as :func:`play_turn` leaves it
    (``.after``), from :func:`look_ahead`'s walk: for copies that look ahead and count nothing."""
    return _passed_on(state, look_ahead(state, roll, choice).after, choice.change)


def _passed_on(before: State, moved: State, change: Change | None) -> State:
    """The table once the move is made: the changed deflector locked, the next pawn to move."""
    return replace(moved, locked=change.result if change is not None else None,
                   to_move=(before.to_move + 1) % len(before.pawns), turns=before.turns + 1)


def play_turn(state: State, roll: int | None, choice: TurnChoice = TurnChoice(), *,
              where: str = "turn", listed: bool = False) -> Turn:
    """Play the mover's turn with ``roll`` (``None``: just move, no acceleration check).

    An illegal choice raises :class:`RuleError` naming the rule, with
    ``field`` under ``where``.  A ``listed`` choice was taken from the legal
    choices for this very roll, so its deflector change is not checked again
    (whole-game analysis plays millions of them).
    """
    if state.over:
        raise RuleError(f"the game is over: {', '.join(state.winners())} banked "
                        f"{max(p.banked for p in state.pawns)} electrons", field="pawns")
    state, events = place(state, choice.facing, where=f"{where}.facing")
    me = state.mover
    kind = None
    energy = me.energy
    change = choice.change
    if roll is None:
        if choice.energy not in (None, me.energy):
            raise RuleError("the energy changes only in the acceleration check: give a roll",
                            field=f"{where}.energy")
        if change is not None:
            raise RuleError("deflectors change only in the acceleration check: give a roll",
                            field=f"{where}.change")
    else:
        if not isinstance(roll, int) or not 1 <= roll <= DIE_SIDES:
            raise RuleError(f"the accellerator is a six-sided die: roll 1 to {DIE_SIDES}, "
                            f"not {roll!r}", field=f"{where}.roll")
        kind = acceleration(me.energy, roll)
        chosen = _energy(me.energy, roll, choice.energy)
        if chosen is None:
            raise RuleError(_energy_refusal(me.energy, roll, kind, choice.energy),
                            field=f"{where}.energy")
        energy = chosen
        events.append(_accel_event(me.energy, roll, kind, energy))
        if change is not None:
            if not listed:
                check_change(state, change, kind, where=f"{where}.change")
        elif kind == "below":
            legal = {} if listed else legal_change_counts(state, kind)
            if legal:
                raise RuleError(f"a roll below your energy makes you change a deflector "
                                f"({describe_counts(legal)})", field=f"{where}.change")
            events.append(Event("no-legal-change", "a deflector change is due but no legal "
                                "one exists: nothing changes"))
        if change is not None:
            said = change.describe(state.deflectors)
            events.append(Event(f"deflector-{change.action}", said[0].upper() + said[1:]))
    deflectors = apply_change(state.deflectors, change) if change is not None else state.deflectors
    moving = replace(state.with_pawn(state.to_move, replace(me, energy=energy)),
                     deflectors=deflectors)
    move = trace_move(moving, bank=choice.bank)
    after = _passed_on(state, move.after, change)
    return build(Turn, player=me.player, roll=roll, kind=kind, energy_before=me.energy,
                 energy=energy, change=change, events=tuple(events), move=move, after=after)


def _accel_event(energy: int, roll: int, kind: str, new: int) -> Event:
    if kind == "above":
        return Event("accel-above", f"rolled {roll}, above energy {energy}: energy rises to {new}")
    if kind == "below":
        return Event("accel-below", f"rolled {roll}, below energy {energy}: a deflector must change")
    said = "energy stays" if new == energy else "energy changes to"
    return Event("accel-equal", f"rolled {roll}, equal to energy {energy}: {said} {new}; "
                 "one deflector may change")


def _energy_refusal(energy: int, roll: int, kind: str, wanted: int | None) -> str:
    if kind == "above":
        return f"a roll of {roll} above energy {energy} raises it to {energy + 1}, not {wanted}"
    if kind == "below":
        return f"a roll of {roll} below energy {energy} leaves it at {energy}, not {wanted}"
    return (f"an equal roll changes energy by at most one, between {MIN_ENERGY} and {MAX_ENERGY}: "
            f"{' or '.join(map(str, energy_options(energy, roll)))}, not {wanted}")
