"""Results as plain text and as JSON-ready data: boards, layouts, setups and turns.

The road picture is the layout's (:meth:`Layout.text`, five characters by three
lines a square); on top of it the top-left corner of a square shows a vehicle
(player number and an arrow for its heading, ``•`` when stopped) and the
bottom-left corner the number of the player who placed the tile.

>>> square_name((0, 7))
'r0c7'
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..schema import Table
from .board import Board, Player, Square
from .layout import Cell, Layout
from .moves import FATES, Turn
from .search import OBJECTIVE, Choice
from .play import SetupEvent
from .setup import SetupRecord
from .state import GameState
from .statefile import state_to_dict

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
        row, col = vehicle.position
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


def layout_lines(layout: Layout, closed: bool, seed: int) -> list[str]:
    """A solved layout: one heading line and the road picture."""
    kind = "closed " if closed else ""
    return [f"A {kind}layout of all {len(layout.cells)} tiles (seed {seed}):", layout.text()]


def setup_lines(record: SetupRecord) -> list[str]:
    """A played-out setup: every draw, the totals, and the board with the starting vehicles."""
    lines = [f"Setup for {record.players} players, seed {record.seed}:"]
    lines += [event_line(e) for e in record.events]
    lines.append(f"{len(record.board)} tiles placed, {len(record.discards())} discarded; rule 7 "
                 + (f"from draw {record.rule7_at}" if record.rule7_at else "never applied"))
    lines.append(board_text(record.board, record.initial_state()))
    return lines


def setup_json(record: SetupRecord) -> Table:
    """A played-out setup as data: every draw, the starts, the board and the opening state."""
    state = state_to_dict(record.initial_state())
    events = []
    for e in record.events:
        placed = e.placement
        events.append({"number": e.number, "player": e.player, "tile": e.kind,
                       "row": placed.square[0] if placed else None,
                       "col": placed.square[1] if placed else None,
                       "rotation": placed.rotation if placed else None,
                       "start": e.start, "discarded": placed is None, "joined": e.joined})
    return {"players": record.players, "seed": record.seed, "events": events,
            "placed": len(record.board), "discarded": len(record.discards()),
            "rule7_at": record.rule7_at,
            "starts": [{"player": p, "row": sq[0], "col": sq[1]}
                       for p, sq in enumerate(record.starts, 1)],
            "board": state["board"], "state": state}


def turn_json(index: int, turn: Turn) -> Table:
    """One legal turn as data: route, path, where it ends, collisions, damage after it."""
    after = turn.after
    return {"index": index, "player": turn.player, "speed": turn.speed, "route": list(turn.route),
            "path": [list(sq) if sq else None for sq in turn.path],
            "end": list(turn.end) if turn.end else None,
            "heading": after.vehicle(turn.player).heading, "fate": turn.fate,
            "collisions": [{"step": c.step, "row": c.square[0], "col": c.square[1],
                            "other": c.other, "case": c.collision.case,
                            "mover_damage": c.collision.mover_damage,
                            "target_damage": c.collision.target_damage} for c in turn.crashes],
            "damage": {str(v.player): v.damage for v in after.vehicles},
            "out": [v.player for v in after.vehicles if v.out],
            "winner": after.winner()}


def moves_json(state: GameState, turns: list[Turn], choice: Choice | None) -> Table:
    """Every legal turn from ``state`` and, if searched, the best one."""
    data: dict[str, Any] = {"to_move": state.to_move, "winner": state.winner(), "count": len(turns),
            "turns": [turn_json(i, t) for i, t in enumerate(turns)]}
    if choice:
        data["best"] = {"index": turns.index(choice.turn), "speed": choice.turn.speed,
                        "route": list(choice.turn.route), "score": choice.score,
                        "depth": choice.depth, "complete": choice.complete,
                        "nodes": choice.nodes, "objective": OBJECTIVE}
    return data


def moves_lines(state: GameState, turns: list[Turn], choice: Choice | None,
                depth: int) -> list[str]:
    """The board, the vehicles, then one line per legal turn (``*`` marks the best)."""
    lines = [board_text(state.board, state), vehicle_line(state)]
    if state.over():
        winner = state.winner()
        lines.append(f"The game is over: {f'player {winner} wins' if winner else 'nobody is left'}.")
        return lines
    chosen = turns.index(choice.turn) if choice else None
    lines.append(f"Player {state.to_move} to move: {len(turns)} legal turns")
    for index, turn in enumerate(turns):
        mark = "*" if index == chosen else " "
        lines.append(f"{mark}{index:>4}  {turn_line(turn)}")
    if choice:
        short = "" if choice.complete else f" (depth {depth} stopped at the position limit)"
        lines.append(f"* best at depth {choice.depth}{short}: score {choice.score:+.2f} after "
                     f"searching {choice.nodes} positions ({OBJECTIVE})")
    return lines
