"""A game against the computer, with the terminal's input and output passed in.

``read(prompt)`` returns the line typed (None at end of input) and
``write(text)`` shows text; the CLI passes click's, tests pass lists.  Bad
input gets a message and the same question again; ``quit`` or the end of
input stops the game.

>>> from .variant import Variant
>>> print(render(start(Variant(3))))
    a  b  c
 3  .  .  .
 2  .  .  .
 1  .  .  .
"""
from __future__ import annotations

import random
from collections.abc import Callable

from ..errors import IcpError
from .model import LETTERS, cell_name, cells_of, shapes
from .engine import Outcome, Position, Turn, play, start, turn_size
from .player import choose_turn
from .search import Search
from .variant import Variant

QUIT_WORDS = {"quit", "exit", "q"}
SYMBOLS = ("X", "O")


def render(position: Position, last: Turn | None = None) -> str:
    """The board as text, row n at the top; the last turn's marks in brackets."""
    n, marks = position.variant.n, position.marks
    recent = set(last.cells) if last else set()
    lines = ["   " + "".join(f" {LETTERS[c]} " for c in range(n))]
    for row in range(n - 1, -1, -1):
        cells = []
        for col in range(n):
            cell = row * n + col
            owner = next((p for p in (0, 1) if marks[p] >> cell & 1), None)
            symbol = "." if owner is None else ("#" if position.variant.shared else SYMBOLS[owner])
            cells.append(f"({symbol})" if cell in recent else f" {symbol} ")
        lines.append(f"{row + 1:>2} " + "".join(cells))
    return "\n".join(line.rstrip() for line in lines)


def _example(position: Position) -> str:
    """A legal-looking example of what to type now."""
    v, size = position.variant, turn_size(position)
    if v.connected:
        line = next(s for s in shapes(v.n, size, v.bends) if s & position.free == s)
        return " ".join(cell_name(c, v.n) for c in cells_of(line))
    return " ".join(cell_name(c, v.n) for c in cells_of(position.free)[:size])


def _question(position: Position) -> str:
    size = turn_size(position)
    v = position.variant
    shape = "" if not v.connected or size < 2 else \
        " touching one another" if v.bent else " in a straight line"
    return f"your turn: {size} mark{'s' * (size > 1)}{shape} (e.g. {_example(position)}), or quit: "


def _ending(outcome: Outcome, human: int, n: int) -> str:
    if outcome.is_draw:
        return "The board is full and nobody completed a row: a draw."
    row = " ".join(cell_name(c, n) for c in cells_of(outcome.row))
    if outcome.loser == human:
        return f"You completed the row {row}: you lose."
    return f"I completed the row {row}: you win!"


def play_game(variant: Variant, human: int, think: float, rng: random.Random,
              read: Callable[[str], str | None], write: Callable[[str], None]) -> Outcome | None:
    """Run one game; return its outcome, or None if the player quit."""
    n = variant.n
    position, search = start(variant), Search(variant)
    you = "#" if variant.shared else SYMBOLS[human]
    write(f"Yic Yac Yoe, {variant.describe()}. You are {you}; complete a row of {variant.k} "
          "and you lose.")
    write(render(position))
    while True:
        if position.to_move == human:
            line = read(_question(position))
            if line is None or line.strip().lower() in QUIT_WORDS:
                write("Game stopped.")
                return None
            try:
                turn = Turn.parse(line, n)
                position, outcome = play(position, turn)
            except IcpError as exc:
                write(f"  {exc.message}")
                continue
        else:
            choice = choose_turn(position, rng, think, search)
            turn = choice.turn
            note = f"perfect play, I expect a {choice.value}" if choice.how == "perfect" \
                else "too big to solve in time, playing by look-ahead"
            write(f"I place {turn.name(n)} ({note}).")
            position, outcome = play(position, turn)
        write(render(position, turn))
        if outcome is not None:
            write(_ending(outcome, human, n))
            return outcome
