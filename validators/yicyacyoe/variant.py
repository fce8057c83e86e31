"""The options that make one Yic Yac Yoe variant.

The rules let players pick a board size and how many marks go down per
turn (1, 2 "Youbles", 3 "Yriples"); the rest of the options settle what the
rules leave open.  Defaults and the reasons for them are in
``templates/yicyacyoe/boards.toml``.

>>> Variant(4).describe()
'4x4, rows of 4, 1 mark per turn, own marks'
>>> Variant(5, 3, 2).describe()
'5x5, rows of 3, 2 marks per turn (Youbles) in a connected line, own marks'
>>> Variant(3, 3, 3).describe()
'3x3, rows of 3, 3 marks per turn (Yriples) in a connected group, own marks'
>>> Variant(3, 3, 3, bent=False).describe()
'3x3, rows of 3, 3 marks per turn (Yriples) in a straight line, own marks'
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import InputError
from ..schema import Table

MIN_SIZE = 1
MAX_SIZE = 15            # the printed boards go to 15 x 15 (letters a to o)
TURN_NAMES = {1: "", 2: "Youbles", 3: "Yriples"}
# "Youbles"/"Yriples" are "played with connecting lines": we let a turn's marks bend
# (any joined group), so that every board size combines with every marks-per-turn
# choice, as the rules promise; straight strokes alone make 3x3 Yriples a
# first-turn loss (templates/yicyacyoe/boards.toml, docs/yicyacyoe.md).
BENT_BY_DEFAULT = True


@dataclass(frozen=True)
class Variant:
    """Board size ``n``, row length ``k`` (default ``n``), ``p`` marks per turn.

    ``connected``: the marks of one turn touch one another (default: yes when
    ``p > 1``).  ``bent``: a connected turn may bend (any group of cells joined
    by neighbours) instead of running in one straight line (default: yes, see
    ``templates/yicyacyoe/boards.toml``; two marks are always a straight
    line).  ``shared``: every mark is the same and whoever completes any row
    loses.  ``long_rows``: a run longer than ``k`` also counts as a completed
    row.
    """

    n: int
    k: int | None = None
    p: int = 1
    connected: bool | None = None
    shared: bool = False
    long_rows: bool = True
    bent: bool | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.n, int) or not MIN_SIZE <= self.n <= MAX_SIZE:
            raise InputError(f"board size must be a whole number from {MIN_SIZE} to {MAX_SIZE}, "
                             f"got {self.n!r}", field="--size")
        if self.k is None:
            object.__setattr__(self, "k", self.n)
        if not isinstance(self.k, int) or not 1 <= self.k <= self.n:
            raise InputError(f"row length must be from 1 to the board size {self.n}, got {self.k!r}",
                             field="--row")
        if self.p not in TURN_NAMES:
            raise InputError(f"marks per turn must be 1, 2 or 3, got {self.p!r}", field="--per-turn")
        if self.connected is None:
            object.__setattr__(self, "connected", self.p > 1)
        if self.p == 1:   # one mark is always "connected": keep one spelling of the same game
            object.__setattr__(self, "connected", False)
        if self.bent is None:
            object.__setattr__(self, "bent", BENT_BY_DEFAULT)
        if not self.connected or self.p < 3:   # two joined marks are always a straight line
            object.__setattr__(self, "bent", False)

    @property
    def row_length(self) -> int:
        """``k``, which ``__post_init__`` settles to ``n`` when it is not given."""
        return self.k if self.k is not None else self.n

    @property
    def bends(self) -> bool:
        """``bent`` as settled by ``__post_init__``."""
        return bool(self.bent)

    @property
    def cells(self) -> int:
        return self.n * self.n

    def describe(self) -> str:
        """One line a player can read on the printed board."""
        turn = f"{self.p} mark{'s' * (self.p > 1)} per turn"
        if self.p > 1:
            turn += f" ({TURN_NAMES[self.p]}) " + self.shape()
        parts = [f"{self.n}x{self.n}", f"rows of {self.k}", turn,
                 "shared marks" if self.shared else "own marks"]
        if not self.long_rows and self.row_length < self.n:     # no run is longer than the board
            parts.append(f"rows longer than {self.k} do not count")
        return ", ".join(parts)

    def shape(self) -> str:
        """Where one turn's marks go, in words."""
        if not self.connected:
            return "anywhere"
        if self.bent:
            return "in a connected group"
        return "in a straight line" if self.p > 2 else "in a connected line"

    def board_lines(self) -> list[str]:
        """The two lines printed above a board: size and the losing rule, then the rest.

        >>> Variant(4, 3).board_lines()
        ['4x4: complete a row of 3 and you lose', 'rows of 3, 1 mark per turn, own marks']
        """
        first, _, rest = self.describe().partition(", ")
        return [f"{first}: complete a row of {self.k} and you lose", rest]

    def as_dict(self) -> Table:
        """The options as stored in a PDF manifest (read back by :func:`from_options`)."""
        data: Table = {"size": self.n, "row": self.k, "per_turn": self.p, "connected": self.connected,
                "shared_marks": self.shared, "long_rows_count": self.long_rows}
        if self.connected and self.p > 2:     # only three connected marks can bend
            data["bent_lines"] = self.bent
        return data


def from_options(options: Table) -> Variant:
    """The variant recorded in a manifest's options; InputError if it is not one.

    ``bent_lines`` is written only where lines can bend (three connected marks);
    a manifest written before bent lines existed has none: its lines were straight.
    """
    try:
        return Variant(int(options["size"]), int(options["row"]), int(options["per_turn"]),
                       bool(options["connected"]), bool(options["shared_marks"]),
                       bool(options["long_rows_count"]), bool(options.get("bent_lines", False)))
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, InputError):
            raise
        raise InputError(f"the variant settings are missing or wrong ({exc})",
                         field="options") from None
