"""Finding a layout of every tile: a small constraint solver.

Plain backtracking needs minutes for a closed 8x8 layout, so the search keeps,
for each square, the set of (kind, rotation) still possible as a bit mask and
propagates after every choice: edge compatibility between neighbours, the
tile counts as a global constraint (a kind that is used up leaves every
domain; a kind with exactly as many candidate squares as tiles left fills
them), and connectivity (the squares must still be joinable by roads that can
exist).  It branches on the most constrained square, with seeded tie-breaks,
and restarts with a doubled budget when a branch goes nowhere for too long.
What a legal layout is lives in :mod:`.layout`.

>>> from icp_print.validators.yield_.layout import check_layout
>>> layout = find_layout(closed=True, seed=1)
>>> len(layout.cells), check_layout(layout, closed=True)
(64, [])
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Mapping, Sequence

from ..errors import RuleError
from .layout import Cell, EndsOf, Layout, ends_function
from .roads import STEP
from .model import KINDS, OPPOSITE, SIDES, Kind, Side, distinct_rotations, reference_set, \
    rotate_side

Domain = int                       # bit i set: value i is still possible on the square
Progress = Callable[[str], None]
BIT = {side: 1 << i for i, side in enumerate(SIDES)}
FIRST_BUDGET = 400                 # dead ends before the first restart; doubles each time
MAX_DEAD_ENDS = 6_000              # give up (and say so) after this many in all (a few s)


@dataclass(frozen=True)
class _Problem:
    """The fixed tables one search works from."""

    rows: int
    cols: int
    kinds: tuple[Kind, ...]
    counts: tuple[int, ...]
    values: tuple[tuple[int, int, int], ...]   # (kind index, rotation, side-bit mask)
    road: dict[Side, int]                      # values with road on a side
    bare: dict[Side, int]                      # values without
    of_kind: tuple[int, ...]                   # values of each kind
    links: tuple[tuple[tuple[Side, int], ...], ...]   # each square's (side, neighbour)
    overpass: int                              # values that are overpasses


def _problem(tiles: Sequence[Kind], rows: int, cols: int, shapes: Mapping[Kind, frozenset[Side]] | None
             ) -> _Problem:
    ends_of = ends_function(shapes)
    tally = Counter(tiles)
    kinds = tuple(sorted(tally, key=lambda k: (KINDS.index(k) if k in KINDS else len(KINDS), k)))
    values = []
    for index, kind in enumerate(kinds):
        rotations = distinct_rotations(kind) if kind in KINDS else _shape_rotations((shapes or {})[kind])
        for rotation in rotations:
            mask = sum(BIT[s] for s in ends_of(kind, rotation))
            values.append((index, rotation, mask))
    road = {s: sum(1 << i for i, v in enumerate(values) if v[2] & BIT[s]) for s in SIDES}
    everything = (1 << len(values)) - 1
    bare = {s: everything & ~road[s] for s in SIDES}
    of_kind = tuple(sum(1 << i for i, v in enumerate(values) if v[0] == k) for k in range(len(kinds)))
    links = []
    for square in range(rows * cols):
        r, c = divmod(square, cols)
        links.append(tuple((s, (r + STEP[s][0]) * cols + c + STEP[s][1]) for s in SIDES
                           if 0 <= r + STEP[s][0] < rows and 0 <= c + STEP[s][1] < cols))
    overpass = of_kind[kinds.index("overpass")] if "overpass" in kinds else 0
    return _Problem(rows, cols, kinds, tuple(tally[k] for k in kinds), tuple(values), road, bare,
                    of_kind, tuple(links), overpass)


def _shape_rotations(ends: frozenset[Side]) -> tuple[int, ...]:
    seen, keep = set(), []
    for rotation in (0, 90, 180, 270):
        turned = frozenset(rotate_side(s, rotation) for s in ends)
        if turned not in seen:
            seen.add(turned)
            keep.append(rotation)
    return tuple(keep)


class _DeadEnd(Exception):
    """This branch of the search cannot be completed."""


def _propagate(p: _Problem, dom: list[Domain], queue: list[int]) -> None:
    """Shrink domains until neighbours agree and the counts can still be met."""
    while True:
        while queue:
            square = queue.pop()
            d = dom[square]
            for side, other in p.links[square]:
                opp = OPPOSITE[side]
                if not d & p.road[side]:
                    allowed = p.bare[opp]
                elif not d & p.bare[side]:
                    allowed = p.road[opp]
                else:
                    continue
                narrowed = dom[other] & allowed
                if narrowed != dom[other]:
                    if not narrowed:
                        raise _DeadEnd
                    dom[other] = narrowed
                    queue.append(other)
        queue.extend(_enforce_counts(p, dom))
        if not queue:
            return


def _enforce_counts(p: _Problem, dom: list[Domain]) -> list[int]:
    """Apply the tile counts; returns the squares it narrowed."""
    changed = []
    for k, need in enumerate(p.counts):
        mask = p.of_kind[k]
        fixed = sum(1 for d in dom if not d & ~mask)
        possible = [i for i, d in enumerate(dom) if d & mask]
        if fixed > need or len(possible) < need:
            raise _DeadEnd
        if fixed == need and len(possible) > need:
            for i in possible:
                if dom[i] & ~mask:
                    dom[i] &= ~mask
                    changed.append(i)
        elif len(possible) == need and fixed < need:
            for i in possible:
                if dom[i] & ~mask:
                    dom[i] &= mask
                    changed.append(i)
    return changed


def _connected(p: _Problem, dom: list[Domain]) -> bool:
    """Can every square (and each level of a placed overpass) still join one network?"""
    # A square that can only be an overpass has two networks, N-S and E-W, whichever
    # road is on top; the side a road leaves by picks the network.
    placed = {i for i, d in enumerate(dom) if d and not d & ~p.overpass}

    def node(square: int, side: Side) -> tuple[int, int]:
        if square in placed:
            return square, 0 if side in "NS" else 1
        return square, 0

    seen, stack = {(0, 0)}, [(0, 0)]
    while stack:
        square, level = stack.pop()
        for side, other in p.links[square]:
            if node(square, side) != (square, level):
                continue
            if dom[square] & p.road[side] and dom[other] & p.road[OPPOSITE[side]]:
                target = node(other, OPPOSITE[side])
                if target not in seen:
                    seen.add(target)
                    stack.append(target)
    return len(seen) == len(dom) + len(placed)


def _search(p: _Problem, dom: list[Domain], rng: random.Random, budget: list[int],
            order: list[float]) -> list[Domain] | None:
    """Depth-first search; ``budget[0]`` counts the dead ends this attempt may still meet."""
    open_squares = [i for i, d in enumerate(dom) if d & (d - 1)]
    if not open_squares:
        return dom
    square = min(open_squares, key=lambda i: (_options(dom[i]), order[i]))
    choices = [i for i in range(len(p.values)) if dom[square] >> i & 1]
    left = _left(p, dom)
    rng.shuffle(choices)
    choices.sort(key=lambda i: -left[p.values[i][0]] * (0.5 + rng.random()))
    for value in choices:
        trial = list(dom)
        trial[square] = 1 << value
        try:
            _propagate(p, trial, [square])
            if not _connected(p, trial):
                raise _DeadEnd
        except _DeadEnd:
            budget[0] -= 1
            if budget[0] <= 0:
                return None
            continue
        found = _search(p, trial, rng, budget, order)
        if found is not None or budget[0] <= 0:
            return found
    return None


def _options(d: Domain) -> int:
    return d.bit_count()


def _left(p: _Problem, dom: list[Domain]) -> list[int]:
    used = Counter(p.values[d.bit_length() - 1][0] for d in dom if not d & (d - 1))
    return [need - used[k] for k, need in enumerate(p.counts)]


def _precheck(tiles: Sequence[Kind], rows: int, cols: int, closed: bool, ends_of: EndsOf) -> None:
    """Clear messages for sets that cannot work, before any search."""
    if not 1 <= rows <= 64 or not 1 <= cols <= 64:
        raise RuleError(f"the board must be 1 to 64 squares each way, got {rows} x {cols}",
                        field="rows/cols")
    if len(tiles) != rows * cols:
        raise RuleError(f"{len(tiles)} tiles cannot fill a {rows} x {cols} board exactly "
                        f"({rows * cols} squares)", field="tiles")
    if closed:
        if rows < 2 or cols < 2:
            raise RuleError("a closed layout needs a board at least 2 x 2", field="rows/cols")
        corners = sum(1 for t in tiles if any(_is_corner(ends_of(t, r)) for r in (0, 90, 180, 270)))
        if corners < 4:
            raise RuleError(f"a closed layout needs a corner tile (road on two neighbouring "
                            f"sides only) in each of the 4 corners; the set has {corners}",
                            field="tiles")
        four = sum(1 for t in tiles if len(ends_of(t, 0)) == 4)
        inner = (rows - 2) * (cols - 2)
        if four > inner:
            raise RuleError(f"{four} tiles with road on all four sides cannot all stay off the "
                            f"edge of the board ({inner} inner squares)", field="tiles")
        total = sum(len(ends_of(t, 0)) for t in tiles)
        if total % 2:
            raise RuleError(f"the tiles have {total} road ends; a closed layout pairs them up, "
                            "so the number must be even", field="tiles")


def _is_corner(ends: frozenset[Side]) -> bool:
    return len(ends) == 2 and ends not in (frozenset("NS"), frozenset("EW"))


def find_layout(tiles: Sequence[Kind] | None = None, *, closed: bool = False, seed: int = 0,
                rows: int = 8, cols: int = 8, progress: Progress | None = None,
                shapes: Mapping[Kind, Iterable[Side]] | None = None) -> Layout:
    """A legal layout of ``tiles`` (default: the 64 reference tiles), or a :class:`RuleError`.

    ``shapes`` names home-made kinds and their road ends at rotation 0.  The
    same arguments always give the same layout; another ``seed`` another one.
    """
    tiles = list(reference_set() if tiles is None else tiles)
    shape_sets = {k: frozenset(v) for k, v in (shapes or {}).items()}
    unknown = sorted({t for t in tiles if t not in KINDS and t not in shape_sets})
    if unknown:
        raise RuleError(f"unknown tile kind {unknown[0]!r} (known: {', '.join(KINDS)})",
                        field="tiles")
    ends_of = ends_function(shape_sets)
    _precheck(tiles, rows, cols, closed, ends_of)
    p = _problem(tiles, rows, cols, shape_sets)
    start = [(1 << len(p.values)) - 1] * (rows * cols)
    for square in range(rows * cols):
        linked = {side for side, _ in p.links[square]}
        for side in SIDES:
            if closed and side not in linked:
                start[square] &= p.bare[side]
    rng = random.Random(f"yield-layout:{seed}")
    try:
        _propagate(p, start, list(range(rows * cols)))
        if not _connected(p, start):
            raise _DeadEnd
    except _DeadEnd:
        raise RuleError(_impossible(closed, rows, cols), field="tiles") from None
    budget, spent = FIRST_BUDGET, 0
    while spent < MAX_DEAD_ENDS:
        order = [rng.random() for _ in start]
        left = [budget]
        found = _search(p, list(start), rng, left, order)
        spent += budget - left[0]
        if found is not None:
            return _to_layout(p, found, shape_sets)
        if left[0] > 0:                          # searched everything without a restart
            raise RuleError(_impossible(closed, rows, cols), field="tiles")
        if progress:
            progress(f"restarting the layout search ({spent} dead ends so far)")
        budget *= 2
    raise RuleError(f"no {'closed ' if closed else ''}layout found after {spent} dead ends; "
                    "the set may have none (try another --seed)", field="tiles")


def _impossible(closed: bool, rows: int, cols: int) -> str:
    return (f"these tiles have no {'closed ' if closed else ''}layout on a {rows} x {cols} board: "
            "every arrangement leaves a road meeting no road or splits the network")


def _to_layout(p: _Problem, dom: list[Domain], shapes: dict[Kind, frozenset[Side]]) -> Layout:
    cells = []
    for square, d in enumerate(dom):
        kind, rotation, _ = p.values[d.bit_length() - 1]
        cells.append(Cell(square // p.cols, square % p.cols, p.kinds[kind], rotation))
    used = tuple(sorted((k, v) for k, v in shapes.items() if k in p.kinds))
    return Layout(p.rows, p.cols, tuple(cells), used)
