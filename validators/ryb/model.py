"""RYB's rules as code: colours, dice totals, deal sizes, card values, winning.

>>> colour_total("purple", {"red": [1, 4, 5], "blue": [3, 5, 6]})
10
>>> value_for("black", 7)
28
"""
from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping, Sequence
from typing import Final, Literal, get_args

from ..errors import InputError
from ..frozen import Rebuilt, rebuilt

Colour = Literal["red", "orange", "yellow", "green", "blue", "purple", "black"]   # a Goal's colour
DieColour = Literal["red", "yellow", "blue"]                                      # a die's colour

DICE: Final[tuple[DieColour, ...]] = get_args(DieColour)

# Which dice colours each Goal colour needs ("Red and Yellow make Orange", ...).
NEEDS: Final[dict[Colour, tuple[DieColour, ...]]] = {
    "red": ("red",),
    "yellow": ("yellow",),
    "blue": ("blue",),
    "orange": ("red", "yellow"),
    "green": ("yellow", "blue"),
    "purple": ("blue", "red"),
    "black": ("red", "yellow", "blue"),
}
COLOURS: Final[tuple[Colour, ...]] = get_args(Colour)
_BY_NAME: dict[str, Colour] = {colour: colour for colour in COLOURS}
TIER: Final = {1: "primary", 2: "secondary", 3: "tertiary"}

# Designer's notes of 1/30/00: Primaries x2, Secondaries x3, Tertiaries x4.
MULTIPLIER: Final = {"primary": 2, "secondary": 3, "tertiary": 4}

# Setting Up: cards dealt to each player by player count.
HAND_SIZE: Final = {2: 5, 3: 4, 4: 3, 5: 2}
MAX_PLAYERS: Final = max(HAND_SIZE)

STARTING_POOL: Final[dict[DieColour, int]] = {"red": 2, "yellow": 2, "blue": 2}
WIN_POINTS: Final = 100       # a winner has MORE than this many points ...
WIN_COLOURS: Final = 3        # ... from Goals of at least this many colours
SWAP_LIMIT: Final = 10        # Swap: the rolled dice must total 10 or less
MAX_DECK: Final = 1000        # larger decks are refused as absurd


def colour_named(name: str) -> Colour | None:
    """The Goal colour called ``name`` (as a deck file or ``--goal`` writes it), if there is one.

    >>> colour_named("purple"), colour_named("pink")
    ('purple', None)
    """
    return _BY_NAME.get(name)


def tier(colour: Colour) -> str:
    """Primary, secondary or tertiary: how many dice colours the Goal needs."""
    return TIER[len(NEEDS[colour])]


def value_for(colour: Colour, target: int) -> int:
    """The Value the multiplier rule gives a Goal of ``colour`` and ``target``."""
    return MULTIPLIER[tier(colour)] * target


def colour_total(colour: Colour, rolls: Mapping[DieColour, Sequence[int]]) -> int:
    """Points of ``colour`` a roll makes: the smallest of the needed colours' sums.

    Example 1 of the rules: red 4+4, yellow 2+5, blue 3+4+4.

    >>> roll = {"red": [4, 4], "yellow": [2, 5], "blue": [3, 4, 4]}
    >>> [colour_total(c, roll) for c in COLOURS]
    [8, 7, 7, 7, 11, 8, 7]
    """
    smallest = -1
    for die in NEEDS[colour]:      # plain loops: the engines roll for every attempt
        total = 0
        for face in rolls.get(die, ()):
            total += face
        if smallest < 0 or total < smallest:
            smallest = total
    return smallest


def effective_target(target: int, banked: int) -> int:
    """Each point banked on a Goal lowers its Target by one (never below zero).

    >>> effective_target(9, 4), effective_target(9, 12)
    (5, 0)
    """
    left = target - banked      # not max(): the ratings ask this for every Goal they weigh
    return left if left > 0 else 0


def completes(colour: Colour, target: int, banked: int,
              rolls: Mapping[DieColour, Sequence[int]]) -> bool:
    """An attempt completes the Goal when the total equals or exceeds the Target."""
    return colour_total(colour, rolls) >= effective_target(target, banked)


@dataclass(frozen=True)
class Goal:
    """A Goal card: colour across the top, Target in the middle, Value in the corner."""

    colour: Colour
    target: int
    value: int

    @property
    def name(self) -> str:
        return f"{self.colour.capitalize()} {self.target}"

    @property
    def slug(self) -> str:
        return f"{self.colour}-{self.target}"

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


def has_won(treasure: Sequence[Goal]) -> bool:
    """Goals of three or more colours whose values add up to more than 100.

    >>> has_won([Goal("red", 18, 36), Goal("green", 9, 27), Goal("black", 10, 40)])
    True
    >>> has_won([Goal("red", 18, 36), Goal("red", 12, 24), Goal("black", 12, 48)])
    False
    """
    return is_win(len({g.colour for g in treasure}), sum(g.value for g in treasure))


def is_win(colours: int, points: int) -> bool:
    """Goals of at least :data:`WIN_COLOURS` colours worth more than :data:`WIN_POINTS`.

    >>> is_win(3, 101), is_win(3, 100), is_win(2, 500)
    (True, False, False)
    """
    return colours >= WIN_COLOURS and points > WIN_POINTS


MAX_TARGET_DIGITS: Final = 4   # Targets in the rules are single or double figures


def parse_goal(text: str | None) -> tuple[Colour, int]:
    """A Goal written as colour-target, like ``purple-9``.

    >>> parse_goal("Purple-9")
    ('purple', 9)
    """
    if text is None:
        raise InputError("give --goal colour-target (for example purple-9) or --report", field="--goal")
    name, _, target = text.lower().partition("-")
    colour = colour_named(name)
    if colour is None or not (target.isascii() and target.isdigit()) \
            or len(target) > MAX_TARGET_DIGITS or int(target) < 1:
        raise InputError(f"cannot read {text!r}: write a colour and a Target like purple-9 "
                         f"(colours: {', '.join(COLOURS)})", field="--goal")
    return colour, int(target)


def win_condition() -> str:
    """The win condition in words, from :data:`WIN_COLOURS` and :data:`WIN_POINTS`.

    >>> win_condition()
    'Goals of 3 or more colours worth more than 100 points'
    """
    return f"Goals of {WIN_COLOURS} or more colours worth more than {WIN_POINTS} points"


def cards_needed_to_deal(players: int = MAX_PLAYERS) -> int:
    """Cards dealt to ``players`` hands plus one left to start the Draw deck."""
    return players * HAND_SIZE[players] + 1
