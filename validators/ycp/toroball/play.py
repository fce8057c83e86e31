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
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import cast

from ...play import TERMINAL, UNCOUNTED, Action, FixedGame, Seat, value
from .arena import STEPS, TEAMS, Arena, Square, Step, arena
from .rules import agitate, calm_after_goal, cow_squares, rules, scatter

ARROW, SELECT, MOVE = "arrow", "select", "move"
PER_TEAM = 3
WIN_GOALS = 2                 # "the first team to score two goals"
STEPS_PER_MOVE = 4            # "A character moves 1 to 4 squares"
KICK = range(3, 7)            # "a square 3 to 6 squares away"
Kick = tuple[str, Step, int]
"""``("kick", direction, squares)``."""
KICKS: tuple[Kick, ...] = tuple(("kick", d, n) for d in STEPS for n in KICK)
KickRun = tuple[Square, Square, bool, int | None]
"""A kicked ball's straight run: scatter origin, the square before, stopped by a body, scorer."""
STOP, AGITATE, PERCH, HIDE = ("stop",), ("agitate",), ("perch",), ("hide",)
DIE = (1, 2, 3, 4, 5, 6)
"""A six-sided die's faces."""
POINT = 20
"""The heuristic adds whole twentieths of a point, so that any order of adding gives the
same number (a look-ahead adds the same terms in another order)."""
GOAL, BALL, OUT, NEAR = 10 * POINT, POINT // 2, POINT, POINT // 4
"""A goal ahead; a square of the ball nearer the goal attacked than its own; a character
nudged out; a square between the ball and the team's nearest character."""
DANGER = 16
"""What a character in the open next to the cow costs its team, 0.8 of a point: the cow
nudges it when it charges, unless the die shows its stay face (5 in 6)."""


def _roll(rng: random.Random) -> int:
    """A die's face, drawn from ``rng`` exactly as ``rng.choice(DIE)`` and
    ``rng.randint(1, 6)`` draw it (three random bits, drawn again on 6 or 7), in one
    call instead of three: every die of a game is rolled so.

    >>> mine, theirs = random.Random(5), random.Random(5)
    >>> [_roll(mine) for _ in range(20)] == [theirs.choice(DIE) for _ in range(20)]
    True
    """
    bits = rng.getrandbits(3)
    while bits >= 6:
        bits = rng.getrandbits(3)
    return bits + 1


MoverTerms = tuple[int, int, bool, dict[Square, int], frozenset[Square], int]
"""The heuristic without the mover (in twentieths, less its nearness term), the squares
between the ball and the rated team's nearest other character, whether the mover is on
that team, each square's distance to the ball, the squares around the cow, and what the
mover in the open next to the cow costs the rated team."""


def _rated(terms: MoverTerms, to: Square, exposed: bool) -> float:
    """The heuristic with the mover on ``to``, in the cow's reach there or not (``exposed``)."""
    total, near, mine, to_ball, by_cow, cost = terms
    nearest = to_ball[to] if mine and to_ball[to] < near else near
    danger = cost if exposed and to in by_cow else 0
    return (total + danger - NEAR * nearest) / POINT


def _team(character: int) -> int:
    return character // PER_TEAM


@cache
def _compass(face: int) -> Step:
    """The scatter compass's (dx, dy), y up, as a (drow, dcol) step."""
    dx, dy = scatter(face)
    return -dy, dx


def _chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


_TEAM = tuple(i // PER_TEAM for i in range(2 * PER_TEAM))
"""Each character's seat."""


@cache
def _ring(square: Square) -> frozenset[Square]:
    """The eight squares around ``square``."""
    return frozenset((square[0] + dr, square[1] + dc) for dr, dc in STEPS)


@cache
def _standable() -> frozenset[Square]:
    """Every square of the arena a character, the ball or the cow may stand on."""
    field = arena()
    return frozenset(sq for sq in _distances(field.block) if field.standable(sq))


@cache
def _steps_from(square: Square) -> tuple[tuple[Action, Square], ...]:
    """Each step from ``square`` onto a square of the arena one may stand on, and where it leads."""
    return tuple((("step", d), to) for d in STEPS
                 if (to := (square[0] + d[0], square[1] + d[1])) in _standable())


@cache
def _shelters(cow: Square, at: Square) -> tuple[bool, bool]:
    """Whether a character that has moved may perch on ``at`` (an edge square), and hide
    there (beside a barrier, or behind the central spot from the cow)."""
    field = arena()
    return field.on_edge(at), at in field.walls or field.hidden_from(cow, at)


@cache
def _landing(origin: Square, before: Square, face: int) -> tuple[Square, Step]:
    """Where a scatter roll of ``face`` from ``origin`` puts the ball, and its direction
    (back on ``before`` if that square cannot be stood on)."""
    field = arena()
    d = field.bounce(origin, _compass(face))
    landing = (origin[0] + d[0], origin[1] + d[1])
    return (landing if landing in _standable() else before), d


@cache
def _scorer(at: Square, nxt: Square, d: Step) -> int | None:
    """The seat that scores when the ball stops on a goal square (``at == nxt``) or runs
    into it from one of its arrows, the way the arrow points; None for no goal."""
    field = arena()
    for team, goal in field.goal.items():
        if nxt == goal and (at == nxt or field.arrows[team].get(at) == d):
            return 1 - TEAMS.index(team)
    return None


@cache
def _straight(ball: Square, d: Step) -> tuple[tuple[Square, Square, int | None], ...]:
    """The squares a ball kicked from ``ball`` in direction ``d`` runs over in the longest
    kick, bouncing off the edge, nothing in its way: each square it leaves, the square it
    enters, and the seat that scores by that (None)."""
    field = arena()
    squares = []
    at = ball
    for _ in range(KICK[-1]):
        d = field.bounce(at, d)
        nxt = (at[0] + d[0], at[1] + d[1])
        squares.append((at, nxt, _scorer(at, nxt, d)))
        at = nxt
    return tuple(squares)


@cache
def _towards(at: Square, aim: Square) -> Step:
    """The step from ``at`` that ends nearest to ``aim``."""
    def gap(d: Step) -> int:
        return (at[0] + d[0] - aim[0]) ** 2 + (at[1] + d[1] - aim[1]) ** 2
    return min(STEPS, key=gap)


@cache
def _distances(ball: Square) -> dict[Square, int]:
    """Every arena square's distance to ``ball`` in steps (any of the eight directions)."""
    rows, cols = arena().size
    return {(r, c): _chebyshev((r, c), ball) for r in range(rows) for c in range(cols)}


@cache
def _ball_points(ball: Square, seat: Seat) -> int:
    """:data:`BALL` for each square the ball lies nearer the goal ``seat`` attacks than its own."""
    goal = arena().goal
    return BALL * (_chebyshev(ball, goal[TEAMS[seat]]) - _chebyshev(ball, goal[TEAMS[1 - seat]]))


class ToroballState:
    """One match: the score, the cow, the ball, the six characters and the move under way."""

    num_players = 2

    def __init__(self, rng: random.Random) -> None:
        self.field: Arena = arena()
        self._bottles = frozenset(self.field.bottles["A"] + self.field.bottles["B"])
        self.score = [0, 0]
        self.ene = rules().start
        cow = 0 if _roll(rng) <= 3 else 1
        self.cow, self.ball = self.field.starts[cow], self.field.starts[1 - cow]
        self.first = rng.randrange(2)
        self.turns = self.rounds = 0
        self.events: Counter[str] = Counter()
        self.winner: int | None = None
        self._legal: tuple[Action, ...] | None = None
        self._kept_rating: tuple[tuple[int, Seat, Square], MoverTerms] | None = None
        self.seat, self.phase = 0, ARROW
        self.mover, self.steps_left, self.moved, self.kicked, self.agitated = -1, 0, 0, False, False
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
        twin.events = UNCOUNTED
        return twin

    def action_values(self, actions: Sequence[Action], seat: Seat,
                      rng: random.Random) -> list[float]:
        """Each action's one-step value for ``seat``: :meth:`heuristic` of the position it
        leads to (a finished game ``(returns - 0.5) * WON``), as the greedy player would
        find by playing it on a copy.  Where no die is rolled (a step onto a square with
        no bottle, choosing a character, agitating the cow, ending a move while others
        are still to go) only the mover's square and whether it is sheltered change,
        and a kick that scores no goal moves only the ball (its scatter roll drawn as
        playing it would draw it), so everything else is added up once per decision and
        those are rated without a copy; the others are played on one."""
        if self.phase == SELECT:
            return self._select_values(actions, seat, rng)
        if self.phase != MOVE:
            return [self._value_on_copy(action, seat, rng) for action in actions]
        values = []
        mover = self.mover
        at = self.pos[mover]
        assert at is not None
        terms = self._mover_rating(seat)
        total, near, mine, to_ball, by_cow, cost = terms
        open_field = mover not in self.sheltered
        last_step = open_field and self.steps_left == 1          # no squares left after it
        others_to_go = self._others_to_go(STOP)
        kicks: Iterator[float] | None = None
        bottles = self._bottles
        for action in actions:
            kind = action[0]                                         # type: ignore[index]
            if kind == "step":
                to = (at[0] + action[1][0], at[1] + action[1][1])    # type: ignore[index]
                if to in bottles:                                    # sangria: no squares left
                    values.append(_rated(terms, self._drunk(to, rng), open_field))
                    continue
                nearest = to_ball[to] if mine and to_ball[to] < near else near  # _rated, written out
                danger = cost if last_step and to in by_cow else 0
                values.append((total + danger - NEAR * nearest) / POINT)
                continue
            elif kind == "kick":          # the kicks are listed together: rated in one go
                if kicks is None:
                    listed = [a for a in actions if a[0] == "kick"]   # type: ignore[index]
                    kicks = iter(self._kick_values(cast(list[Kick], listed), seat, rng))
                values.append(next(kicks))
                continue
            elif kind == "agitate":
                values.append(_rated(terms, at, open_field and self._running(
                    self.steps_left + rules().agitate_bonus_squares) != mover))
                continue
            elif others_to_go:
                values.append(_rated(terms, at, kind == "stop" and open_field and bool(self.moved)))
                continue
            values.append(self._value_on_copy(action, seat, rng))
        return values

    def _drunk(self, bottle: Square, rng: random.Random) -> Square:
        """Where the mover ends once it steps on ``bottle`` and drinks (its scatter roll
        drawn as playing the step would draw it)."""
        pos = list(self.pos)
        pos[self.mover] = bottle
        return self._stagger(bottle, 2 * (self.steps_left - 1), _roll(rng), pos)

    def _select_values(self, actions: Sequence[Action], seat: Seat,
                       rng: random.Random) -> list[float]:
        """Choosing a character to move or to skip takes it out of the cow's reach (it is
        under way, or sheltered) and changes nothing else, unless skipping the last one
        lets the cow charge (played on a copy)."""
        total, near = self._tally(seat, self.pos, self.sheltered, None, self.ball, None)
        by_cow = _ring(self.cow)
        values = []
        for action in actions:
            character = action[1]                                    # type: ignore[index]
            if action[0] == "skip" and not self._others_to_go(action):  # type: ignore[index]
                values.append(self._value_on_copy(action, seat, rng))
                continue
            danger = 0
            if self.pos[character] in by_cow and character not in self.sheltered:
                danger = -DANGER if _TEAM[character] == seat else DANGER
            values.append((total - danger - NEAR * near) / POINT)
        return values

    def _value_on_copy(self, action: Action, seat: Seat, rng: random.Random) -> float:
        twin = self.clone()
        twin.apply(action, rng)
        return value(twin, seat)

    def heuristic(self, seat: Seat) -> float:
        """10 a goal ahead, plus half a point for each square the ball lies nearer the
        goal this team attacks than its own, less 1 for each of its characters nudged
        out of the game (plus 1 for each of the other team's), less :data:`DANGER` for
        each of its characters in the open next to the cow, which the cow nudges when
        it charges (plus :data:`DANGER` for each of the other team's; a character
        still moving with squares left is not counted, as it may yet get away), less a
        quarter point for each square between the ball and this team's nearest
        character on the field."""
        if self.winner is not None:
            return 1000.0 if self.winner == seat else -1000.0
        return self._rate(seat, self.pos, self.sheltered, self._running(self.steps_left))

    def _running(self, steps_left: int) -> int | None:
        """The character under way that may still step away, if any."""
        return self.mover if self.phase == MOVE and steps_left else None

    def _rate(self, seat: Seat, pos: list[Square | None], sheltered: set[int],
              running: int | None, ball: Square | None = None) -> float:
        """:meth:`heuristic` of this position with the characters at ``pos``, ``sheltered``,
        the one ``running`` and the ``ball`` (a look-ahead changes only those)."""
        ball = ball or self.ball
        total, near = self._tally(seat, pos, sheltered, running, ball, None)
        return (total - NEAR * near) / POINT

    def _tally(self, seat: Seat, pos: list[Square | None], sheltered: set[int],
               running: int | None, ball: Square, leave_out: int | None) -> tuple[int, int]:
        """The heuristic in twentieths, less its nearness term, and the squares between the
        ball and ``seat``'s nearest character; without the character ``leave_out``."""
        total = GOAL * (self.score[seat] - self.score[1 - seat]) + _ball_points(ball, seat)
        near = self.field.size[1]
        to_ball, by_cow = _distances(ball), _ring(self.cow)
        for i, at in enumerate(pos):
            if i == leave_out:
                continue
            mine = _TEAM[i] == seat
            if at is None:
                total += -OUT if mine else OUT
                continue
            if mine and to_ball[at] < near:
                near = to_ball[at]
            if at in by_cow and i not in sheltered and i != running:
                total += -DANGER if mine else DANGER
        return total, near

    def _mover_rating(self, seat: Seat) -> MoverTerms:
        """What rates the position with the mover on a square for ``seat`` (see
        :func:`_rated`): everything but the mover is added up once, as :meth:`_rate`
        would add it, and kept for the mover's next steps.

        While one character moves (one value of ``turns``: a choice of character counts
        a turn) nothing but the mover and the ball changes, so the terms are kept for
        the same ``turns``, ``seat`` and ball."""
        key = (self.turns, seat, self.ball)
        kept = self._kept_rating
        if kept is not None and kept[0] == key:
            return kept[1]
        mover = self.mover
        total, near = self._tally(seat, self.pos, self.sheltered, None, self.ball, mover)
        mine = _TEAM[mover] == seat
        terms = (total, near, mine, _distances(self.ball), _ring(self.cow), -DANGER if mine else DANGER)
        self._kept_rating = key, terms
        return terms

    # ------------------------------------------------------------ looking one action ahead

    def _kick_values(self, kicks: Sequence[Kick], seat: Seat, rng: random.Random) -> list[float]:
        """The one-step values of ``kicks``, in order: each kick's ball run and scatter
        roll (drawn as playing the kick draws it: none for a kick that scores on the
        way), then the position with the ball moved (what does not depend on the ball
        added up once, as :meth:`_rate` would add it), or after the goal scored."""
        total, _ = self._tally(seat, self.pos, self.sheltered, self._running(self.steps_left),
                               self.ball, None)
        total -= _ball_points(self.ball, seat)
        mine = [at for i, at in enumerate(self.pos) if at is not None and _TEAM[i] == seat]
        farthest = self.field.size[1]
        rated: dict[Square, float] = {}        # kicks of one decision land on the same squares
        goal = self._goal_rating(seat)
        runs: dict[Step, list[KickRun]] = {}
        draw = rng.getrandbits
        values = []
        for _, d, squares in kicks:
            run = runs.get(d)
            if run is None:
                run = runs[d] = self._kick_runs(d, KICK[-1])
            origin, before, _blocked, scorer = run[squares - 1]
            if scorer is None:
                bits = draw(3)                                       # _roll, written out
                while bits >= 6:
                    bits = draw(3)
                ball, landed = _landing(origin, before, bits + 1)
                scorer = _scorer(ball, ball, landed)
                if scorer is None:
                    known = rated.get(ball)
                    if known is None:
                        to_ball, near = _distances(ball), farthest
                        for at in mine:
                            if to_ball[at] < near:
                                near = to_ball[at]
                        known = rated[ball] = (total + _ball_points(ball, seat) - NEAR * near) / POINT
                    values.append(known)
                    continue
            values.append(goal(scorer))
        return values

    def _goal_rating(self, seat: Seat) -> Callable[[int], float]:
        """Rates the position after a goal by a seat, for ``seat``: a goal sets the ball,
        the cow and the characters up again whatever kick scored it, so each scorer's
        copy is played once a decision."""
        rated: dict[int, float] = {}

        def rate(scorer: int) -> float:
            known = rated.get(scorer)
            if known is None:
                twin = self.clone()
                twin._score(scorer)
                known = rated[scorer] = value(twin, seat)
            return known
        return rate

    def _others_to_go(self, action: Action) -> bool:
        """Whether a character is still to go after ``action`` ends a turn (no cow charge yet)."""
        done = self.acted | {action[1]} if action[0] == "skip" else self.acted  # type: ignore[index]
        return len(done) < 2 * PER_TEAM

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
        return square in _standable() and square != self.cow and square not in self.pos

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
            taken = set(self.pos)
            taken.add(self.cow)
            found += [step for step, to in _steps_from(at) if to not in taken]
        if self.moved or not found:
            found.append(STOP)
        if at == self.ball and not self.kicked:
            found += KICKS
        if at in _ring(self.cow) and not self.agitated:
            found.append(AGITATE)
        if self.moved:
            perch, hide = _shelters(self.cow, at)
            if perch:
                found.append(PERCH)
            if hide:
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
            if self.pos[i] in self._bottles:
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
        self.pos[i] = self._stagger(at, left, _roll(rng), self.pos)

    def _stagger(self, at: Square, left: int, face: int, pos: list[Square | None]) -> Square:
        """Where a character who drank on ``at`` stops: ``left`` squares in the direction of
        the scatter roll ``face``, bouncing off the edge, short of anything in the way (the
        characters at ``pos``, the cow)."""
        d = _compass(face)
        for _ in range(left):
            d = self.field.bounce(at, d)
            nxt = (at[0] + d[0], at[1] + d[1])
            if nxt not in _standable() or nxt == self.cow or nxt in pos:
                break
            at = nxt
        return at

    def _kick(self, d: Step, squares: int, rng: random.Random) -> None:
        origin, before, blocked, scorer = self._kick_run(d, squares)
        if blocked:
            self.events["kick blocked"] += 1
        if scorer is not None:
            self._score(scorer)
        else:
            self._settle(*_landing(origin, before, _roll(rng)))

    def _kick_run(self, d: Step, squares: int) -> KickRun:
        """The kicked ball's straight run, changing nothing (see :meth:`_kick_runs`)."""
        return self._kick_runs(d, squares)[squares - 1]

    def _kick_runs(self, d: Step, squares: int) -> list[KickRun]:
        """The ball's straight run in direction ``d`` for 1 to ``squares`` squares, changing
        nothing: for each length, where its scatter roll starts, the square before that,
        whether a body stopped it, and the team that scored on the way (None).  A run
        stopped or scored on a square ends the same way for every longer length."""
        runs: list[KickRun] = []
        cow, pos, block = self.cow, self.pos, self.field.block
        for at, nxt, scorer in _straight(self.ball, d)[:squares]:
            if nxt == cow or nxt in pos or nxt == block:
                end: KickRun = ((nxt if nxt != block else at), at, True, None)
                return runs + [end] * (squares - len(runs))
            if scorer is not None:
                return runs + [(nxt, at, False, scorer)] * (squares - len(runs))
            runs.append((nxt, nxt, False, None))
        return runs

    def _settle(self, ball: Square, d: Step) -> None:
        self.ball = ball
        scorer = _scorer(ball, ball, d)
        if scorer is not None:
            self._score(scorer)

    def _score(self, scorer: int) -> None:
        self.ball = self.field.goal[TEAMS[1 - scorer]]
        self._goal(scorer)

    # ------------------------------------------------------------ the cow and the goals

    def _cow_phase(self, rng: random.Random) -> None:
        target = self.last if self.last is not None and self.pos[self.last] is not None else None
        if target is None:
            d = _compass(_roll(rng))
            self._charge(lambda at: d, cow_squares(_roll(rng), self.ene), None)
        else:
            aim = self.pos[target]
            assert aim is not None
            self._charge(lambda at: _towards(at, aim), cow_squares(_roll(rng), self.ene),
                         target)
        self._end_round(rng)

    def _charge(self, heading: Callable[[Square], Step], squares: int, target: int | None) -> None:
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
        around = _ring(at)
        near = [i for i, p in enumerate(self.pos) if p in around and i not in self.sheltered]
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


GAME = FixedGame("Toroball", 2, ToroballState)
