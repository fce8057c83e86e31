"""Home-made dice and coins: the d6 net's faces and how it folds.

A standard die has opposite faces summing to 7 and, as western dice do,
faces 1, 2 and 3 turning counter-clockwise around their shared corner
("right-handed").  The net is a cross: a strip of four faces with one face
on each side of the second; folding every flap away from the printed side
gives each face the outward direction in :data:`NORMALS`.

>>> opposite_sums()
{7}
>>> right_handed()
True
"""
from __future__ import annotations

Vector = tuple[int, int, int]

# Net cell (column, row from the top) of each face of the cross.
CELLS = {"top": (1, 0), "front": (1, 1), "bottom": (1, 2), "back": (1, 3),
         "left": (0, 1), "right": (2, 1)}
# Outward direction of each face once folded: x right, y up, z toward the viewer.
NORMALS: dict[str, Vector] = {"front": (0, 0, 1), "top": (0, 1, 0), "bottom": (0, -1, 0),
                              "back": (0, 0, -1), "left": (-1, 0, 0), "right": (1, 0, 0)}
PIPS = {"front": 1, "top": 2, "left": 3, "right": 4, "bottom": 5, "back": 6}

# Edges of the net outline that are glued, each given a tab: (face, side).
TABS = (("top", "n"), ("top", "w"), ("top", "e"), ("bottom", "w"), ("bottom", "e"),
        ("back", "w"), ("back", "e"))

COINS_FOR_MAD_MAXENCE = 3     # YCP, Mad Maxence: "3 coins for flipping heads or tails"
DICE_FOR_LUCHA_LIBRE = 10     # YCP, Lucha Libre: "10 six-sided dice (5d6 per player)"
FACES = (1, 2, 3, 4, 5, 6)    # a d6
OPPOSITE_SUM = 7              # a standard die's opposite faces
FACE_MM = 18.0                # side of a printed die face, unless asked otherwise


def _face_of(normal: Vector, faces: dict[str, int]) -> int:
    return next(faces[f] for f, n in NORMALS.items() if n == normal)


def opposite_sums(faces: dict[str, int] = PIPS) -> set[int]:
    """The sums of each pair of opposite faces (a standard die gives ``{OPPOSITE_SUM}``)."""
    return {faces[f] + _face_of((-n[0], -n[1], -n[2]), faces) for f, n in NORMALS.items()}


def right_handed(faces: dict[str, int] = PIPS) -> bool:
    """Whether 1, 2, 3 run counter-clockwise around their corner: (n1 x n2) . n3 > 0."""
    n = {v: NORMALS[f] for f, v in faces.items()}
    a, b, c = n[1], n[2], n[3]
    cross = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
    return sum(x * y for x, y in zip(cross, c)) > 0
