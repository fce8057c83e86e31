"""Protocol G117 as a whole game for computer players (:mod:`...play` interface).

Seat 0 is the AI player, seat 1 the HU player.  A game turn: the first
player picks a free action pair and the part of its own action to play
(Operation Points or Event); the second player then plays its action of the
same pair, choosing the part too (the rules fix only which action); then the
VP are counted.  AI is first on turn 1, then the first player alternates.

Every choice the rules leave to a player is a decision of its own: the
second Troop's square at setup, each PO (a Move is two single steps, on one
unit or two, the second step optional; an Attack names its target; a Charge
its unit, where it ends and its target; unused POs may be given up), where
each gained unit goes, which enemy unit an Event removes, and which of the
opponent's zones a Sabotage strikes off at the count.  Nothing is left to
chance.

Readings where the rules are open (docs/ycp.md): those of :mod:`.rules`; and
on a tie after ten turns the board and the scores stay, every action becomes
free again, and after every second extra turn the side ahead wins; still tied
after ten extra turns, the game is a draw.

>>> import random
>>> state = GAME.new_state(2, random.Random(0), {})
>>> state.current_player(), state.legal_actions()
(1, (('troop', (3, 0)),))
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ...play import TERMINAL, Action, FixedGame, Seat
from .pictures import SideAction
from .rules import (EARTH, SIDES, TIE_CHECK, TURNS, UNIT_FIELD, UNIT_SIDE, Units,
                    action_board, added, attack_targets, battlefields, charges, moved, placements,
                    removed, scoring_zones, setup_units, steps, troop_setup_squares, victory_points)

TROOP, CHOOSE, PART, PO, STEP, PLACE, REMOVE, SABOTAGE = (
    "troop", "choose", "part", "po", "step", "place", "remove", "sabotage")
PARTS = ("po", "event")
END, STOP = ("end",), ("stop",)


class G117State:
    """One game: the units on both battlefields, the scores and the action under way."""

    num_players = 2

    def __init__(self) -> None:
        earth, matrix = setup_units()
        self.units: list[Units] = [earth, matrix]
        hu_start = battlefields()[EARTH].starts["HU"][0]
        self.units[EARTH] = added(self.units[EARTH], "HU", hu_start)
        self.vp = [0, 0]
        self.used: frozenset[int] = frozenset()
        self.turn = 0                 # game turns counted so far
        self.extra = False            # playing the tie-break series
        self.first = 0
        self.actor = 1
        self.phase = TROOP
        self.pair = -1
        self.po_left = 0
        self.icons: list[str] = []
        self.sabotages = [0, 0]
        self.struck: frozenset[tuple[int, object]] = frozenset()
        self.outcome: tuple[float, float] | None = None
        self.turns = self.rounds = 0
        self.events: Counter[str] = Counter()
        self._legal: tuple[Action, ...] | None = None
        if not troop_setup_squares(self.units[EARTH]):
            self.phase, self.actor = CHOOSE, self.first

    # ------------------------------------------------------------ the interface

    def current_player(self) -> Seat:
        return TERMINAL if self.outcome is not None else self.actor

    def is_terminal(self) -> bool:
        return self.outcome is not None

    def returns(self) -> tuple[float, ...]:
        return self.outcome or (0.0, 0.0)

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = self._list_actions()
        return self._legal

    def _list_actions(self) -> tuple[Action, ...]:
        if self.outcome is not None:
            return ()
        side = SIDES[self.actor]
        if self.phase == TROOP:
            return tuple(("troop", s) for s in troop_setup_squares(self.units[EARTH]))
        if self.phase == CHOOSE:
            return tuple(("play", i, part) for i in range(len(action_board().pairs))
                         if i not in self.used for part in PARTS)
        if self.phase == PART:
            return tuple(("play", self.pair, part) for part in PARTS)
        if self.phase in (PO, STEP):
            found: list[Action] = [STOP] if self.phase == STEP else []
            for f, field in enumerate(battlefields()):
                found += [("step", f, a, b) for a, b in steps(field, self.units[f], side)]
                if self.phase == PO:
                    found += [("attack", f, s) for s in attack_targets(field, self.units[f], side)]
                    found += [("charge", f, *c) for c in charges(field, self.units[f], side)]
            return tuple(found) + ((END,) if self.phase == PO else ())
        if self.phase == PLACE:
            f = UNIT_FIELD[self.icons[0][1:]]
            return tuple(("place", f, s) for s in placements(battlefields()[f], self.units[f], side))
        if self.phase == REMOVE:
            icon = self.icons[0][1:]
            f = UNIT_FIELD[icon]
            return tuple(("remove", f, s) for s in sorted(self.units[f], key=repr)
                         if UNIT_SIDE[icon] in self.units[f][s])
        return tuple(("sabotage", f, s) for f, s in self._zones(1 - self.actor))

    def apply(self, action: Action, rng: random.Random) -> None:
        """Play ``action`` for the seat to move (Protocol G117 has no chance)."""
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not a legal action now")
        self._legal = None
        kind = action[0]                                           # type: ignore[index]
        side = SIDES[self.actor]
        if kind == "troop":
            self.units[EARTH] = added(self.units[EARTH], "HU", action[1])  # type: ignore[index]
            self.phase, self.actor = CHOOSE, self.first
        elif kind == "play":
            self._play(action[1], action[2])                       # type: ignore[index]
        elif kind in ("step", "attack", "charge", "end", "stop"):
            self._operate(action, side)
        elif kind == "place":
            f, space = action[1], action[2]                        # type: ignore[index]
            self.units[f] = added(self.units[f], side, space)
            self.events["event: unit gained"] += 1
            self._next_icon()
        elif kind == "remove":
            f, space = action[1], action[2]                        # type: ignore[index]
            self.units[f] = removed(self.units[f], UNIT_SIDE[self.icons[0][1:]], space)
            self.events["event: unit removed"] += 1
            self._next_icon()
        else:
            self.struck |= {(action[1], action[2])}               # type: ignore[index]
            self.sabotages[self.actor] -= 1
            self.events["sabotage: zone struck off"] += 1
            self._count()
        self._legal = None

    def clone(self) -> G117State:
        twin = object.__new__(G117State)
        twin.__dict__.update(self.__dict__)
        twin.units, twin.vp, twin.icons = list(self.units), list(self.vp), list(self.icons)
        twin.sabotages, twin.events = list(self.sabotages), Counter()
        return twin

    def heuristic(self, seat: Seat) -> float:
        """VP ahead of the other side, plus the VP a turn the board now gives each side
        (theirs subtracted) for every turn left in the ten, plus half a unit of lead, and
        half a unit for each Event icon the side acting still has to resolve.  A finished
        game: 1000 for a win (minus for a loss) plus the final VP lead."""
        if self.outcome is not None:
            return 1000.0 * (self.outcome[seat] - self.outcome[1 - seat]) + self.vp[seat] - self.vp[1 - seat]
        me, them = SIDES[seat], SIDES[1 - seat]
        left = TIE_CHECK if self.extra else max(1, TURNS - self.turn)
        board = sum(victory_points(f, self.units[i], me) - victory_points(f, self.units[i], them)
                    for i, f in enumerate(battlefields()))
        units = sum(us.count(me) - us.count(them) for field in self.units for us in field.values())
        pending = len(self.icons) * (1 if self.actor == seat else -1)
        return self.vp[seat] - self.vp[1 - seat] + left * board + 0.5 * (units + pending)

    # ------------------------------------------------------------ one action

    def _action(self) -> SideAction:
        pair = action_board().pairs[self.pair]
        return pair.ai if self.actor == 0 else pair.hu

    def _play(self, pair: int, part: str) -> None:
        self.pair = pair
        self.used |= {pair}
        action = self._action()
        self.events[f"{SIDES[self.actor]} {action.name}: {'PO' if part == 'po' else 'Event'}"] += 1
        if part == "po":
            self.phase, self.po_left = PO, action.po
            self._operate(None, SIDES[self.actor])
        else:
            self.icons = list(action.event)
            self._resolve_icons()

    def _operate(self, action: Action | None, side: str) -> None:
        if action is not None:
            kind = action[0]                                       # type: ignore[index]
            if kind == "end":
                self.po_left = 0
            elif kind == "stop":
                self.phase = PO
            elif kind == "step":
                f, start, end = action[1:]                         # type: ignore[index]
                self.units[f] = moved(self.units[f], side, start, end)
                if self.phase == PO:
                    self.po_left -= 1
                    self.events["PO: move"] += 1
                self.phase = STEP if self.phase == PO else PO
            elif kind == "attack":
                f, target = action[1], action[2]                   # type: ignore[index]
                self.units[f] = removed(self.units[f], SIDES[1 - self.actor], target)
                self.po_left -= 1
                self.events["PO: attack"] += 1
            else:
                f, start, end, target = action[1:]                 # type: ignore[index]
                units = removed(self.units[f], side, start)
                self.units[f] = removed(units, SIDES[1 - self.actor], target)
                self.po_left -= 1
                self.events["PO: charge"] += 1
        if self.phase == PO and self.po_left == 0:
            self._done()

    def _resolve_icons(self) -> None:
        while self.icons:
            icon = self.icons[0]
            if icon == "sabotage":
                self.sabotages[self.actor] += 1
                self.events["event: sabotage"] += 1
                self.icons.pop(0)
                continue
            self.phase, self._legal = (PLACE if icon[0] == "+" else REMOVE), None
            if self.legal_actions():
                return
            self.events[f"event: {icon} had no {'room' if icon[0] == '+' else 'target'}"] += 1
            self.icons.pop(0)
        self._done()

    def _next_icon(self) -> None:
        self.icons.pop(0)
        self._resolve_icons()

    def _done(self) -> None:
        """The acting player's action is over: the second player's turn, or the count."""
        self.turns += 1
        if self.actor == self.first:
            self.actor, self.phase = 1 - self.first, PART
            return
        self._count()

    # ------------------------------------------------------------ the count

    def _zones(self, side_index: int) -> list[tuple[int, object]]:
        """The opponent's scoring zones not struck off yet this turn."""
        return [(f, s) for f, field in enumerate(battlefields())
                for s in scoring_zones(field, self.units[f], SIDES[side_index])
                if (f, s) not in self.struck]

    def _count(self) -> None:
        for seat in (self.first, 1 - self.first):
            if self.sabotages[seat] and self._zones(1 - seat):
                self.actor, self.phase = seat, SABOTAGE
                return
        for seat, side in enumerate(SIDES):
            self.vp[seat] += sum(victory_points(f, self.units[i], side,
                                                frozenset(s for g, s in self.struck if g == i))
                                 for i, f in enumerate(battlefields()))
        self.sabotages, self.struck = [0, 0], frozenset()
        self.turn += 1
        self.rounds += 1
        self._next_turn()

    def _next_turn(self) -> None:
        ahead = self.vp[0] != self.vp[1]
        if not self.extra and self.turn == TURNS:
            if ahead:
                return self._end()
            self.extra, self.used = True, frozenset()
            self.events["tie after ten turns: tie-break series"] += 1
        elif self.extra and (self.turn - TURNS) % TIE_CHECK == 0 and ahead:
            return self._end()
        elif self.extra and self.turn == 2 * TURNS:
            return self._end()
        self.first = 1 - self.first
        self.actor, self.phase = self.first, CHOOSE

    def _end(self) -> None:
        if self.vp[0] == self.vp[1]:
            self.outcome = (0.5, 0.5)
            self.events["draw"] += 1
        else:
            winner = 0 if self.vp[0] > self.vp[1] else 1
            self.outcome = (1.0, 0.0) if winner == 0 else (0.0, 1.0)
            self.events[f"won by {SIDES[winner]}"] += 1


def _set_up(rng: random.Random) -> G117State:
    """Protocol G117 has no setup chance: every game starts the same."""
    return G117State()


GAME = FixedGame("Protocol G117", 2, _set_up)
