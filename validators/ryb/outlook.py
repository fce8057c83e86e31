"""Each seat's outlook in an RYB position, the part of the greedy rating (:mod:`.rating`)
that every decision needs for every seat, kept on the position from one decision to the next.

A seat's outlook is its progress toward the win (points up to 101 and colours
up to three), plus the best chance-weighted gain a Goal in play offers it,
plus a little for every die it holds.  It reads the seat's pool, its treasure
(points, and colours as one bit each), its own Swiss Bank cards, the attempt
it has declared and the Goals in play, held as small integers: a Goal is its
serial, its colour's index in :data:`.model.COLOURS`, its Value and its
Target less banked points.  :func:`seat_outlooks` compares these inputs with
the ones the outlooks kept on the position were made from: a seat whose own
inputs did not change keeps its outlook, and when only the Goals in play
changed it keeps the term of every Goal that did not.
"""
from __future__ import annotations

from functools import cache
from typing import Any, Final

from .model import COLOURS, Goal, WIN_COLOURS, WIN_POINTS, effective_target
from .odds import at_least
from .play import DECLARED, RybState, needs

GoalInPlay = tuple[int, int, int, int]
"""A Goal in play as (serial, colour index, Value, Target less banked points)."""
Goals = tuple[GoalInPlay, ...]
Swiss = tuple[tuple[int, int], ...]
"""One seat's Swiss Bank cards as (serial of their Goal, points on the card)."""
Rows = tuple[tuple[float, ...], ...]
"""For each Goal colour (by index), the chance of one attempt by the points still needed."""

COLOUR_INDEX: Final = {colour: i for i, colour in enumerate(COLOURS)}
COLOUR_BIT: Final = tuple(1 << i for i in range(len(COLOURS)))
NEEDED: Final = tuple(needs(colour) for colour in COLOURS)
POINTS_CAP: Final = WIN_POINTS + 1
DIE_WORTH: Final = 0.002
"""What every die held adds to a seat's outlook."""
NO_TERM: Final = -1.0
"""Below every Goal's term (a chance times a gain in progress, neither below zero)."""


@cache
def chance_row(dice: int) -> tuple[float, ...]:
    """One colour's chance to total each target or more with ``dice`` dice (index: target;
    any target beyond the row cannot be reached)."""
    return tuple(float(at_least(dice, target)) for target in range(6 * dice + 1))


def goal_rows(pool: tuple[int, ...]) -> Rows:
    """For each Goal colour, the chance one attempt with ``pool`` completes it, by the points
    still needed: every colour the Goal needs must reach them, and the colours roll
    independently."""
    rows = []
    for dice_needed in NEEDED:
        dice = [chance_row(pool[die]) for die in dice_needed]
        row = []
        for target in range(max(map(len, dice))):
            p = 1.0
            for one in dice:
                p *= one[target] if target < len(one) else 0.0
            row.append(p)
        rows.append(tuple(row))
    return tuple(rows)


_ROWS: dict[tuple[int, ...], Rows] = {}


def rows_for(pool: list[int]) -> Rows:
    """:func:`goal_rows` of a pool held as a list (a pool is a few dice: they are few)."""
    key = tuple(pool)
    rows = _ROWS.get(key)
    if rows is None:
        rows = _ROWS[key] = goal_rows(key)
    return rows


def progress_of(points: int, colours: int) -> float:
    """How far toward the win a treasure of ``points`` in ``colours`` colours is (0 to 1)."""
    return 0.6 * min(points, POINTS_CAP) / POINTS_CAP + 0.4 * min(colours, WIN_COLOURS) / WIN_COLOURS


STRIDE: Final = len(COLOURS) + 1
PROGRESS: Final = tuple(progress_of(points, colours) for points in range(POINTS_CAP + 1)
                        for colours in range(STRIDE))
""":func:`progress_of` for every treasure, at ``points * STRIDE + colours`` with the points
capped where they stop counting: a rating looks it up."""
BITS: Final = tuple(bin(colours).count("1") for colours in range(1 << len(COLOURS)))
"""How many colours a treasure's colour bits name."""


class Outlook:
    """One seat's outlook (``total``): progress now, plus the best of the Goals' terms
    (``terms``, one a Goal in play; ``best``), plus a little for every die held; kept in
    parts so that one part can change at a time.  Never changed once made, but for the
    note of which treasure it read (:attr:`held`, :attr:`completed`)."""

    __slots__ = ("pool", "points", "colours", "swiss", "declared", "goals", "rows", "count", "now",
                 "dice", "terms", "best", "total", "parts", "held", "completed")
    pool: list[int]
    points: int
    colours: int
    swiss: Swiss
    declared: int
    goals: Goals
    rows: Rows
    count: int
    now: float
    dice: float
    terms: list[float]
    best: float
    total: float
    parts: list[tuple[int, int, float, float]] | None
    held: list[list[Any]] | None
    """The treasure list :attr:`points` and :attr:`colours` were read from, ...
    """
    completed: int
    """... and how many Goals had been completed in the game then (see :func:`seat_outlooks`)."""

    def __init__(self, pool: list[int], points: int, colours: int, swiss: Swiss, declared: int,
                 goals: Goals, known: Outlook | None = None) -> None:
        """The outlook of a seat with these inputs; ``known``, an outlook with the same
        inputs but the Goals in play, lends its odds, progress and dice and the terms of
        the Goals that did not change."""
        self.pool, self.points, self.colours, self.swiss = pool, points, colours, swiss
        self.declared, self.goals, self.parts = declared, goals, None
        self.held, self.completed = None, -1
        if known is None:
            self.rows = rows_for(pool)
            self.count = count = BITS[colours]
            self.now = PROGRESS[(points if points < POINTS_CAP else POINTS_CAP) * STRIDE + count]
            dice = 0
            for n in pool:          # loops, not sum() and max(): compiled, they are native arithmetic
                dice += n
            self.dice = DIE_WORTH * dice
            terms = [self.term(colour, worth, target, serial, declared) for serial, colour, worth, target in goals]
        else:
            self.rows, self.count, self.now, self.dice = known.rows, known.count, known.now, known.dice
            last = len(known.goals)
            if len(goals) == last + 1 and goals[:last] == known.goals:     # a Goal played: one term more
                serial, colour, worth, target = goals[last]
                term = self.term(colour, worth, target, serial, declared)
                self.terms = known.terms + [term]
                self.best = term if term > known.best else known.best
                self.total = self.now + self.best + self.dice
                return
            terms = self.terms_after(known)
        self.terms = terms
        self.best = best_of(terms)
        self.total = self.now + self.best + self.dice

    def total_for(self, pool: list[int]) -> float:
        """The :attr:`total` of the same seat holding ``pool`` instead: the same terms with
        that pool's odds (each Goal's weight, gain and Target worked out once, in :attr:`parts`)."""
        parts = self.parts
        if parts is None:
            parts = self.parts = self.goal_parts()
        rows = rows_for(pool)
        best = NO_TERM          # the best term, kept as the terms come: no list of them
        for colour, target, weight, gain in parts:
            row = rows[colour]
            term = weight * row[target] * gain if target < len(row) else 0.0
            if term > best:
                best = term
        dice = 0
        for n in pool:
            dice += n
        return self.now + (best if parts else 0.0) + DIE_WORTH * dice

    def goal_parts(self) -> list[tuple[int, int, float, float]]:
        """For each Goal in play, what :meth:`term` reads besides the pool's odds: its colour,
        its Target less this seat's Swiss Bank, its weight and the gain completing it gives."""
        parts = []
        for serial, colour, worth, target in self.goals:
            if self.swiss:
                target = self.after_swiss(serial, target)
            parts.append((colour, target, 1.0 if serial == self.declared else 0.5, self.gain(colour, worth)))
        return parts

    def after_swiss(self, serial: int, target: int) -> int:
        """Goal ``serial``'s Target less the points this seat holds on its Swiss Bank card."""
        return effective_target(target, next((v for s, v in self.swiss if s == serial), 0))

    def term(self, colour: int, worth: int, target: int, serial: int, declared: int) -> float:
        """What one Goal in play adds: its chance-weighted gain in progress, at full weight
        when it is the declared attempt and at half otherwise (others may take it)."""
        if self.swiss:
            target = self.after_swiss(serial, target)
        row = self.rows[colour]
        if target >= len(row):
            return 0.0          # out of reach: no chance, whatever the gain
        points = self.points + worth       # :meth:`gain`, written out: this runs for every term
        gain = PROGRESS[(points if points < POINTS_CAP else POINTS_CAP) * STRIDE + self.count
                        + (0 if self.colours & COLOUR_BIT[colour] else 1)] - self.now
        return (1.0 if serial == declared else 0.5) * row[target] * gain

    def gain(self, colour: int, worth: int) -> float:
        """The progress completing a Goal of ``colour`` worth ``worth`` would add."""
        points = self.points + worth
        return PROGRESS[(points if points < POINTS_CAP else POINTS_CAP) * STRIDE + self.count
                        + (0 if self.colours & COLOUR_BIT[colour] else 1)] - self.now

    def terms_after(self, known: Outlook) -> list[float]:
        """The terms of :attr:`goals`, each Goal that ``known`` rated unchanged keeping its term
        (the Goals in play are in the order they were played)."""
        old, old_terms, last = known.goals, known.terms, len(known.goals)
        terms, j = [], 0
        for goal in self.goals:
            serial = goal[0]
            while j < last and old[j][0] < serial:
                j += 1
            if j < last and old[j] is goal:
                terms.append(old_terms[j])
            else:
                terms.append(self.term(goal[1], goal[2], goal[3], serial, self.declared))
        return terms

    def odds_and_gain(self, colour: int, worth: int) -> tuple[tuple[float, ...], float]:
        """The two parts of :meth:`term` that do not depend on the Target: the colour's
        chance row and the progress completing the Goal would give."""
        return self.rows[colour], self.gain(colour, worth)

    def holds(self, treasure: list[list[Any]], completed: int) -> bool:
        """Whether ``treasure`` has the points and colours this outlook read (noted as read
        from it when so); asked only when :attr:`held` and :attr:`completed` cannot tell."""
        points, colours = treasure_of(treasure) if treasure else (0, 0)
        if points != self.points or colours != self.colours:
            return False
        self.held, self.completed = treasure, completed
        return True

    def best_without(self, index: int) -> float:
        """The best term but the one of the Goal at ``index``: :attr:`best` unless that
        Goal's term is the best."""
        terms = self.terms
        if len(terms) < 2:
            return 0.0
        if terms[index] < self.best:
            return self.best
        others = terms.copy()
        del others[index]
        return max(others)


def best_of(terms: list[float]) -> float:
    """The largest term, or 0.0 with no Goal in play (a loop: compiled, it is native)."""
    best = terms[0] if terms else 0.0
    for term in terms:
        if term > best:
            best = term
    return best


def goals_in_play(s: RybState) -> Goals:
    """The Goals in play as :data:`GoalInPlay`; those unchanged since the last decision are the
    same objects as then, and the whole tuple is when none changed (so they compare at once)."""
    old, goals, j = s.goals, [], 0
    last = len(old)
    for serial, card, banked in s.table:
        goal: Goal = card
        target = effective_target(goal.target, banked)
        while j < last and old[j][0] < serial:
            j += 1
        if j < last and old[j][0] == serial and old[j][3] == target:
            goals.append(old[j])
        else:
            goals.append((serial, COLOUR_INDEX[goal.colour], goal.value, target))
    kept = tuple(goals)
    if kept == old:         # compared in C: the unchanged Goals are the same objects
        return old
    s.goals = kept
    return kept


def declared_attempt(s: RybState) -> int:
    """The serial of the Goal the acting seat declared and is about to roll for, or 0."""
    return s.declared[1] if s.phase == DECLARED and s.declared[0] == "attempt" else 0


def swiss_of(s: RybState, seat: int) -> Swiss:
    return tuple([(k[0], v) for k, v in s.swiss.items() if k[1] == seat]) if s.swiss else ()


def treasure_of(treasure: list[list[Any]]) -> tuple[int, int]:
    """Points and colours (one bit a colour) of a seat's treasure."""
    points, colours = 0, 0
    for entry in treasure:
        goal: Goal = entry[0]
        points += goal.value
        colours |= COLOUR_BIT[COLOUR_INDEX[goal.colour]]
    return points, colours


def seat_outlooks(s: RybState) -> tuple[Goals, int, list[Outlook]]:
    """The Goals in play, the declared attempt and every seat's :class:`Outlook`, the
    outlooks kept on ``s`` reused where their inputs did not change (and kept for the
    next decision)."""
    goals, declared, actor, completed = goals_in_play(s), declared_attempt(s), s.actor, s.completed
    known, cards = s.outlooks, s.swiss
    seats = []
    for o, (pool, treasure) in enumerate(zip(s.pools, s.treasure)):
        mine = declared if o == actor else 0
        swiss = swiss_of(s, o) if cards else ()
        x = known[o] if known is not None else None
        if x is None or x.pool != pool or x.declared != mine or x.swiss != swiss \
                or (x.held is not treasure or x.completed != completed) and not x.holds(treasure, completed):
            points, colours = treasure_of(treasure) if treasure else (0, 0)
            x = Outlook(list(pool), points, colours, swiss, mine, goals)
            x.held, x.completed = treasure, completed
        elif x.goals is not goals:
            x = Outlook(x.pool, x.points, x.colours, swiss, mine, goals, x)
            x.held, x.completed = treasure, completed
        seats.append(x)
    s.outlooks = seats
    return goals, declared, seats
