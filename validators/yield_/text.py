"""Plain-text pictures and one-line descriptions of boards, setups and turns.

The road picture is the layout's (:meth:`Layout.text`, five characters by three
lines a square); on top of it the top-left corner of a square shows a vehicle
(player number and an arrow for its heading, ``•`` when stopped) and the
bottom-left corner the number of the player who placed the tile.

>>> square_name((0, 7))
'r0c7'
"""
from __future__ import annotations

from dataclasses import dataclass

from .board import Board, Player, Square
from .layout import Cell, Layout
from .moves import FATES, Turn
from .setup import SetupEvent
from .state import GameState

ARROWS = {"N": "↑", "E": "→", "S": "↓", "W": "←", None: "•"}
CELL_WIDTH, CELL_HEIGHT = 5, 3


def square_name(square: Square | None) -> str:
    """A square as ``r<row>c<col>`` (row 0 is the north edge), or ``off`` past the edge."""
    return "off" if square is None else f"r{square[0]}c{square[1]}"


def cells_of(board: Board) -> tuple[Cell, ...]:
    """The board's tiles as layout cells (owners dropped), for pictures and maps."""
    return tuple(Cell(row, col, tile.kind, tile.rotation) for (row, col), tile in board.placed)


@dataclass(frozen=True)
class OwnedCell:
    """A layout cell plus the player who placed it, for maps that colour tiles by owner."""

    row: int
    col: int
    tile: str
    rotation: int
    owner: Player | None


def owned_cells(board: Board) -> tuple[OwnedCell, ...]:
    """The board's tiles with their owners, in the shape the map drawer takes."""
    return tuple(OwnedCell(row, col, tile.kind, tile.rotation, tile.owner)
                 for (row, col), tile in board.placed)


def board_text(board: Board, state: GameState | None = None) -> str:
    """The road picture with owners and, given a state, the vehicles on it."""
    lines = Layout(board.rows, board.cols, cells_of(board)).text().split("\n")
    grid = [list(line.ljust(board.cols * CELL_WIDTH)) for line in lines]
    for (row, col), tile in board.placed:
        if tile.owner is not None:
            grid[row * CELL_HEIGHT + 2][col * CELL_WIDTH] = str(tile.owner)
    for vehicle in state.active() if state else ():
        row, col = vehicle.square
        top = grid[row * CELL_HEIGHT]
        top[col * CELL_WIDTH] = str(vehicle.player)
        top[col * CELL_WIDTH + 1] = ARROWS[vehicle.heading]
    return "\n".join("".join(line).rstrip() for line in grid)


def event_line(event: SetupEvent) -> str:
    """One setup draw: ``12. player 2 draws a turn: r3c4 rotated 90``."""
    head = f"{event.number:>2}. player {event.player} draws {event.kind}: "
    if event.placement is None:
        return head + "no legal place, discarded (rule 6)"
    where = f"{square_name(event.placement.square)} rotated {event.placement.rotation}"
    if event.start:
        return head + f"starting square {where}"
    return head + where + ("  (roads joined: rule 7 now applies)" if event.joined else "")


def turn_line(turn: Turn) -> str:
    """One turn: speed, route, where it ends and every collision on the way."""
    route = "-".join(turn.route)
    parts = [f"speed {turn.speed} {route:<11} -> {square_name(turn.end)}"]
    for crash in turn.crashes:
        c = crash.collision
        parts.append(f"step {crash.step} hits player {crash.other} at {square_name(crash.square)} "
                     f"({c.case}: {c.mover_damage} to mover, {c.target_damage} to player {crash.other})")
    if turn.fate != "drove":
        parts.append(FATES[turn.fate])
    return "; ".join(parts)


def vehicle_line(state: GameState) -> str:
    """Every vehicle's square, heading, speed and damage on one line each."""
    lines = []
    for v in state.vehicles:
        if v.out:
            lines.append(f"player {v.player}: out (damage {v.damage})")
            continue
        heading = f"heading {v.heading}" if v.heading else "stopped"
        level = f", {v.level} level" if v.level else ""
        lines.append(f"player {v.player}: {square_name(v.square)}, {heading}, speed {v.speed}, "
                     f"damage {v.damage}/{state.damage_limit}{level}")
    return "\n".join(lines)
