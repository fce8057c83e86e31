"""Toroball as a whole game for computer players (:mod:`...play` interface).

Seat 0 is team A (characters 0-2, defending the left goal), seat 1 team B
(characters 3-5).  A round: the players take turns choosing one of their
characters that has not gone yet, to move it or let it skip, until all six
have gone; then the cow charges (once a round, docs/ycp.md).  A character's
move is taken one decision at a time: a step to one of the eight squares
around it (1 to 4 steps, 3 more after agitating the cow), kicking the ball
when on its square (a direction and 3 to 6 squares), agitating the cow when
next to it, perching on an edge square, hiding beside a barrier or behind the
central spot, or stopping.  Each team chooses the arrow its third character
starts on.  The dice (scatter, sangria, the cow) are rolled inside the engine.

Readings where the rules are open, beyond :mod:`.arena`'s (docs/ycp.md):

* A character cannot step onto the cow or another character.  Stepping onto
  a sangria bottle ends its own steps: the squares left are doubled and run
  in the scatter roll's direction, bouncing off the edge and stopping short
  of anything in the way.
* A kicked ball runs straight, bouncing off the edge; meeting a character or
  the cow, it scatters one square from that body; otherwise it scatters one
  square from where it was aimed.  It scores when it stops on a goal square
  or runs into it from one of that goal's arrows, the way the arrow points.
* The cow charges the last character who moved (skipping, perching and
  hiding are not moving), each square taking it nearest to its target; the
  first character in the open next to it, before or after a square, is
  nudged and the charge stops.  The player who did not move last moves the
  cow in the rules; there is no choice left in a straight charge, so the
  engine moves it.  With nobody to charge it runs in a scatter direction.
* A nudged character misses the next round and comes back, at the start of
  the round after it, on a free bottle of its camp.
* A team whose characters are all perched, hidden or nudged at the end of a
  round concedes a goal.  After a goal the characters start over (each team
  choosing its arrow again) and a new round begins.

>>> import random
>>> state = GAME.new_state(2, random.Random(0), {})
>>> state.current_player(), len(state.legal_actions())
(0, 3)
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from ...play import TERMINAL, Action, FixedGame, Seat
from .arena import STEPS, TEAMS, Arena, Square, Step, arena
from .rules import agitate, calm_after_goal, cow_squares, rules, scatter

ARROW, SELECT, MOVE = "arrow", "select", "move"
PER_TEAM = 3
WIN_GOALS = 2                 # "the first team to score two goals"
STEPS_PER_MOVE = 4            # "A character moves 1 to 4 squares"
KICK = range(3, 7)            # "a square 3 to 6 squares away"
STOP, AGITATE, PERCH, HIDE = ("stop",), ("agitate",), ("perch",), ("hide",)


def _team(character: int) -> int:
    return character // PER_TEAM


def _compass(face: int) -> Step:
    """The scatter compass's (dx, dy), y up, as a (drow, dcol) step."""
    dx, dy = scatter(face)
    return -dy, dx


def _chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


class ToroballState:
    """One match: the score, the cow, the ball, the six characters and the move under way."""

    num_players = 2

    def __init__(self, rng: random.Random) -> None:
        self.field: Arena = arena()
        self.score = [0, 0]
        self.ene = rules().start
        cow = 0 if rng.randint(1, 6) <= 3 else 1
        self.cow, self.ball = self.field.starts[cow], self.field.starts[1 - cow]
        self.first = rng.randrange(2)
        self.turns = self.rounds = 0
        self.events: Counter[str] = Counter()
        self.winner: int | None = None
        self._legal: tuple[Action, ...] | None = None
        self.seat, self.phase = 0, ARROW
        self._line_up()

    # ------------------------------------------------------------ the interface

    def current_player(self) -> Seat:
        return TERMINAL if self.winner is not None else self.seat

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> tuple[float, ...]:
        if self.winner is None:
            return (0.0, 0.0)
        return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)

    def legal_actions(self) -> Sequence[Action]:
        if self._legal is None:
            self._legal = self._list_actions()
        return self._legal

    def apply(self, action: Action, rng: random.Random) -> None:
        if action not in self.legal_actions():
            raise ValueError(f"{action!r} is not a legal action now")
        self._legal = None
        kind = action[0]                                            # type: ignore[index]
        if kind == "arrow":
            self.pos[self.seat * PER_TEAM + PER_TEAM - 1] = action[1]  # type: ignore[index]
            if self.seat == 0:
                self.seat = 1
            else:
                self._start_round(rng)
        elif kind in ("move", "skip"):
            self._select(kind, action[1], rng)                      # type: ignore[index]
        else:
            self._move(action, rng)
        self._legal = None

    def clone(self) -> ToroballState:
        twin = object.__new__(ToroballState)
        twin.__dict__.update(self.__dict__)
        twin.score, twin.pos, twin.out = list(self.score), list(self.pos), list(self.out)
        twin.acted, twin.sheltered, twin.hiding = set(self.acted), set(self.sheltered), set(self.hiding)
        twin.events = Counter()
        return twin

    def heuristic(self, seat: Seat) -> float:
        """10 a goal ahead, plus half a point for each square the ball lies nearer the
        goal this team attacks than its own, less 1 for each of its characters nudged
        out of the game (plus 1 for each of the other team's), less a quarter point for
        each square between the ball and this team's nearest character on the field."""
        if self.winner is not None:
            return 1000.0 if self.winner == seat else -1000.0
        own, other = self.field.goal[TEAMS[seat]], self.field.goal[TEAMS[1 - seat]]
        ball = 0.5 * (_chebyshev(self.ball, own) - _chebyshev(self.ball, other))
        out = sum(1 for i, p in enumerate(self.pos) if p is None and _team(i) != seat) \
            - sum(1 for i, p in enumerate(self.pos) if p is None and _team(i) == seat)
        near = min((_chebyshev(p, self.ball) for i, p in enumerate(self.pos)
                    if p is not None and _team(i) == seat), default=self.field.size[1])
        return 10 * (self.score[seat] - self.score[1 - seat]) + ball + out - 0.25 * near

    # ------------------------------------------------------------ setting up

    def _line_up(self) -> None:
        """Two characters on their camp's bottles; the third waits for its arrow."""
        self.pos: list[Square | None] = []
        for team in TEAMS:
            self.pos += list(self.field.bottles[team]) + [None]
        self.out = [0] * (2 * PER_TEAM)
        self.acted: set[int] = set()
        self.sheltered: set[int] = set()     # skipped, perched or hidden: the cow cannot charge them
        self.hiding: set[int] = set()        # perched or hidden: not on the field
        self.must_first: frozenset[int] = frozenset()
        self.last: int | None = None
        self.phase, self.seat = ARROW, 0

    def _start_round(self, rng: random.Random) -> None:
        self.acted, self.sheltered, self.hiding, self.last = set(), set(), set(), None
        for i in range(2 * PER_TEAM):
            if self.out[i]:
                self.out[i] -= 1
                bottle = self._free_bottle(_team(i)) if self.out[i] == 0 else None
                if bottle is not None:
                    self.pos[i] = bottle
                    self.events["nudged character back"] += 1
                elif self.out[i] == 0:
                    self.out[i] = 1          # both bottles taken: back next round
            if self.pos[i] is None:
                self.acted.add(i)
        self.phase = SELECT
        self._hand_to(self.first, rng)

    def _free_bottle(self, team: int) -> Square | None:
        return next((b for b in self.field.bottles[TEAMS[team]] if self._free(b)), None)

    def _free(self, square: Square) -> bool:
        return self.field.standable(square) and square != self.cow and square not in self.pos

    # ------------------------------------------------------------ choices

    def _list_actions(self) -> tuple[Action, ...]:
        if self.winner is not None:
            return ()
        if self.phase == ARROW:
            return tuple(("arrow", sq) for sq in sorted(self.field.arrows[TEAMS[self.seat]])
                         if sq not in self.pos)
        if self.phase == SELECT:
            mine = self._waiting(self.seat)
            first = [i for i in mine if i in self.must_first]
            return tuple((kind, i) for i in (first or mine) for kind in ("move", "skip"))
        return self._move_actions()

    def _waiting(self, seat: int) -> list[int]:
        return [i for i in range(seat * PER_TEAM, (seat + 1) * PER_TEAM) if i not in self.acted]

    def _move_actions(self) -> tuple[Action, ...]:
        at = self.pos[self.mover]
        assert at is not None
        found: list[Action] = []
        if self.steps_left:
            found += [("step", d) for d in STEPS if self._free((at[0] + d[0], at[1] + d[1]))]
        if self.moved or not found:
            found.append(STOP)
        if at == self.ball and not self.kicked:
            found += [("kick", d, n) for d in STEPS for n in KICK]
        if _chebyshev(at, self.cow) == 1 and not self.agitated:
            found.append(AGITATE)
        if self.moved and self.field.on_edge(at):
            found.append(PERCH)
        if self.moved and (at in self.field.walls or self.field.hidden_from(self.cow, at)):
            found.append(HIDE)
        return tuple(found)

    def _select(self, kind: str, character: int, rng: random.Random) -> None:
        self.turns += 1
        self.acted.add(character)
        self.must_first = self.must_first - {character}
        if kind == "skip":
            self.sheltered.add(character)
            self.events["skip"] += 1
            self._hand_to(1 - self.seat, rng)
            return
        self.mover, self.phase = character, MOVE
        self.steps_left, self.moved, self.kicked, self.agitated = STEPS_PER_MOVE, 0, False, False

    def _hand_to(self, seat: int, rng: random.Random) -> None:
        """``seat`` chooses next, or the other player when ``seat`` has nobody left to go;
        the cow charges once all six have gone."""
        self.phase = SELECT
        for turn in (seat, 1 - seat):
            if self._waiting(turn):
                self.seat = turn
                return
        self._cow_phase(rng)

    # ------------------------------------------------------------ a character's move

    def _move(self, action: Action, rng: random.Random) -> None:
        kind = action[0]                                           # type: ignore[index]
        i = self.mover
        if kind == "step":
            d = action[1]                                          # type: ignore[index]
            at = self.pos[i]
            assert at is not None
            self.pos[i] = (at[0] + d[0], at[1] + d[1])
            self.steps_left -= 1
            self.moved += 1
            if self.pos[i] in self.field.bottles["A"] + self.field.bottles["B"]:
                self._drink(i, rng)
        elif kind == "kick":
            self.kicked = True
            self.events["kick"] += 1
            self._kick(action[1], action[2], rng)                  # type: ignore[index]
        elif kind == "agitate":
            self.agitated = True
            self.ene = agitate(self.ene)
            self.steps_left += rules().agitate_bonus_squares
            self.events["cow agitated"] += 1
        else:
            if kind != "stop":
                self.sheltered.add(i)
                self.hiding.add(i)
                self.events["perched" if kind == "perch" else "hidden"] += 1
            elif self.moved:
                self.last = i
            else:
                self.sheltered.add(i)
            self._hand_to(1 - self.seat, rng)

    def _drink(self, i: int, rng: random.Random) -> None:
        """Sangria: the squares left, doubled, run in a scatter direction."""
        self.events["sangria"] += 1
        left, self.steps_left = 2 * self.steps_left, 0
        at = self.pos[i]
        assert at is not None
        d = _compass(rng.randint(1, 6))
        for _ in range(left):
            d = self.field.bounce(at, d)
            nxt = (at[0] + d[0], at[1] + d[1])
            if not self._free(nxt):
                break
            at = nxt
        self.pos[i] = at

    def _kick(self, d: Step, squares: int, rng: random.Random) -> None:
        at = self.ball
        for _ in range(squares):
            d = self.field.bounce(at, d)
            nxt = (at[0] + d[0], at[1] + d[1])
            if nxt == self.cow or nxt in self.pos or nxt == self.field.block:
                self.events["kick blocked"] += 1
                self._scatter_ball(nxt if nxt != self.field.block else at, at, rng)
                return
            if self._scores(at, nxt, d):
                return
            at = nxt
        self._scatter_ball(at, at, rng)

    def _scatter_ball(self, origin: Square, before: Square, rng: random.Random) -> None:
        d = _compass(rng.randint(1, 6))
        d = self.field.bounce(origin, d)
        landing = (origin[0] + d[0], origin[1] + d[1])
        self.ball = landing if self.field.standable(landing) else before
        self._scores(self.ball, self.ball, d)

    def _scores(self, at: Square, nxt: Square, d: Step) -> bool:
        """A goal when the ball stops on a goal square or runs in from one of its arrows."""
        for team, goal in self.field.goal.items():
            arrow = self.field.arrows[team].get(at)
            if nxt == goal and (at == nxt or arrow == d):
                self.ball = goal
                self._goal(1 - TEAMS.index(team))
                return True
        return False

    # ------------------------------------------------------------ the cow and the goals

    def _cow_phase(self, rng: random.Random) -> None:
        target = self.last if self.last is not None and self.pos[self.last] is not None else None
        if target is None:
            d = _compass(rng.randint(1, 6))
            self._charge(lambda at: d, cow_squares(rng.randint(1, 6), self.ene), None)
        else:
            aim = self.pos[target]
            assert aim is not None
            self._charge(lambda at: self._towards(at, aim), cow_squares(rng.randint(1, 6), self.ene),
                         target)
        self._end_round(rng)

    def _towards(self, at: Square, aim: Square) -> Step:
        def gap(d: Step) -> int:
            return (at[0] + d[0] - aim[0]) ** 2 + (at[1] + d[1] - aim[1]) ** 2
        return min(STEPS, key=gap)

    def _charge(self, heading, squares: int, target: int | None) -> None:
        if squares == 0:
            self.events["cow stays"] += 1
            return
        at = self.cow
        for _ in range(squares):
            if self._nudge(at, target):
                break
            d = self.field.bounce(at, heading(at))
            nxt = (at[0] + d[0], at[1] + d[1])
            if not self.field.standable(nxt) or nxt in self.pos:
                break
            at = nxt
        else:
            self._nudge(at, target)
        self.cow = at

    def _nudge(self, at: Square, target: int | None) -> bool:
        near = [i for i, p in enumerate(self.pos) if p is not None and _chebyshev(p, at) == 1
                and i not in self.sheltered]
        if not near:
            return False
        victim = target if target in near else near[0]
        self.pos[victim], self.out[victim] = None, 2
        self.events["character nudged"] += 1
        return True

    def _end_round(self, rng: random.Random) -> None:
        self.rounds += 1
        self.must_first = frozenset(i for i in self.hiding if self._touches_cow(i))
        for seat in (0, 1):
            if all(self.pos[i] is None or i in self.hiding
                   for i in range(seat * PER_TEAM, (seat + 1) * PER_TEAM)):
                self.events[f"team {TEAMS[seat]} had nobody on the field"] += 1
                self._goal(1 - seat)
                return
        self.first = 1 - self.first
        self._start_round(rng)

    def _touches_cow(self, i: int) -> bool:
        at = self.pos[i]
        return at is not None and _chebyshev(at, self.cow) == 1

    def _goal(self, scorer: int) -> None:
        self.score[scorer] += 1
        self.events[f"goal for team {TEAMS[scorer]}"] += 1
        if self.score[scorer] == WIN_GOALS:
            self.winner = scorer
            self.events[f"won by team {TEAMS[scorer]}"] += 1
            return
        self.ene = calm_after_goal(self.ene)
        side = 0 if TEAMS[scorer] == "A" else 1
        self.cow, self.ball = self.field.starts[side], self.field.starts[1 - side]
        self.first = 1 - self.first
        self._line_up()


GAME = FixedGame("toroball", 2, ToroballState)
