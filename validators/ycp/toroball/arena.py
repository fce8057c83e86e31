"""Toroball's arena read from the postcard, and how things move on it.

Squares are ``(row, col)``, row 0 at the top of the card.  Team A defends the
goal on the left and team B the one on the right; each team's camp is its own
half.  Readings where the rules are open (docs/ycp.md):

* Characters, the ball and the cow move between the eight squares around
  them (the scatter compass has diagonals too); the central hiding spot is
  not a square anyone stands on.
* A straight move that meets the arena's edge with squares left bounces: the
  part of its direction that runs into the edge turns back ("take the
  opposite direction ... and move it the remaining squares").
* Hiding behind the central spot: the straight line from the middle of the
  cow's square to the middle of the character's passes through the spot.

>>> arena().goal["A"], arena().size
((3, 0), (7, 11))
>>> arena().bounce((0, 4), (-1, 1))
(1, 1)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ..model import Grid
from ..postcard_file import load_postcard

Square = tuple[int, int]
Step = tuple[int, int]                 # (drow, dcol)
TEAMS = ("A", "B")
STEPS: tuple[Step, ...] = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
ARROWS = {"arrow-w": (0, -1), "arrow-e": (0, 1), "arrow-nw": (-1, -1), "arrow-ne": (-1, 1),
          "arrow-sw": (1, -1), "arrow-se": (1, 1)}


@dataclass(frozen=True)
class Arena:
    """The printed arena: its size, goals, arrows, bottles, walls, hiding spot and start points."""

    size: tuple[int, int]
    goal: dict[str, Square]                  # by the team that defends it
    arrows: dict[str, dict[Square, Step]]    # the squares before each goal, and the way they point
    bottles: dict[str, tuple[Square, ...]]   # the sangria bottles of each camp
    walls: frozenset[Square]                 # squares beside a barrier: hide there
    block: Square                            # the central hiding spot
    starts: tuple[Square, Square]            # cow and ball start points: the "1-3" and "4-6" ones

    def inside(self, square: Square) -> bool:
        return 0 <= square[0] < self.size[0] and 0 <= square[1] < self.size[1]

    def standable(self, square: Square) -> bool:
        return self.inside(square) and square != self.block

    def on_edge(self, square: Square) -> bool:
        """A square on the outer edge, where a character may perch on the fences."""
        return square[0] in (0, self.size[0] - 1) or square[1] in (0, self.size[1] - 1)

    def camp(self, square: Square) -> str:
        """The team whose half ``square`` lies in (team A's on the left)."""
        return "A" if square[1] < self.size[1] // 2 else "B"

    def bounce(self, square: Square, step: Step) -> Step:
        """``step`` turned back off any edge it would cross from ``square``."""
        dr, dc = step
        if not 0 <= square[0] + dr < self.size[0]:
            dr = -dr
        if not 0 <= square[1] + dc < self.size[1]:
            dc = -dc
        return dr, dc

    def hidden_from(self, cow: Square, square: Square) -> bool:
        """Whether the central spot stands between the cow and a character next to it."""
        if max(abs(square[0] - self.block[0]), abs(square[1] - self.block[1])) != 1:
            return False
        return _crosses(cow, square, self.block)


@cache
def _crosses(a: Square, b: Square, block: Square, samples: int = 64) -> bool:
    """Whether the segment between the middles of ``a`` and ``b`` enters ``block``'s square."""
    for i in range(1, samples):
        t = i / samples
        r, c = a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t
        if abs(r - block[0]) < 0.5 and abs(c - block[1]) < 0.5:
            return True
    return False


@cache
def arena() -> Arena:
    """The arena printed on the Toroball postcard."""
    grid = next(g for g in load_postcard("toroball").of_kind(Grid) if g.id == "arena")
    goals = sorted(f.cell for f in grid.features_named("goal"))
    goal = {"A": goals[0], "B": goals[-1]}
    arrows: dict[str, dict[Square, Step]] = {"A": {}, "B": {}}
    for f in grid.features:
        if f.style in ARROWS:
            team = "A" if abs(f.cell[1] - goal["A"][1]) <= 1 else "B"
            arrows[team][f.cell] = ARROWS[f.style]
    bottles = sorted(f.cell for f in grid.features_named("bottle"))
    middle = grid.cols // 2
    starts = sorted((f.cell for f in grid.features_named("start")), key=lambda s: s[1])
    return Arena((grid.rows, grid.cols), goal, arrows,
                 {"A": tuple(b for b in bottles if b[1] < middle),
                  "B": tuple(b for b in bottles if b[1] >= middle)},
                 frozenset(f.cell for f in grid.features if f.style.startswith("wall-")),
                 grid.features_named("block")[0].cell, (starts[0], starts[-1]))
