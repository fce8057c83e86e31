"""``icp-print solve yield``: full-board layouts, played-out setups, and legal turns with a search."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.errors import InputError
from ..validators.yield_.search import MAX_DEPTH, SPEED_WEIGHT, WIN
from .common import OutputPath, echo_json, emit, json_option, seed_option

DEFAULT_BUDGET = 5_000      # positions: about 5 s on an 8x8 board of Four-Ways, far less on real boards
OBJECTIVE = ("paranoid minimax over whole turns: own remaining health minus the mean remaining "
             f"health of the opponents, plus {SPEED_WEIGHT} per point of speed above their mean, "
             f"+/-{WIN:.0f} for winning or being out")


def _write_map(out: Path, paper_name: str, board, title: str, notes: list[str],
               starts: tuple = ()) -> None:
    """Draw the board's tiles as a one-page map PDF (the note goes to stderr, so JSON stays clean)."""
    from ..generators.sheet import SheetSettings, paper
    from ..generators.yield_map import build_map
    from ..validators.yield_.text import owned_cells
    settings = SheetSettings(paper=paper(paper_name))
    summary = emit(build_map(settings, owned_cells(board), board.rows, board.cols, title, notes,
                             starts),
                   out, quiet=True)
    click.echo(f"wrote {summary['file']}: a {board.rows}x{board.cols} map, {len(board)} tiles",
               err=True)


def _layout(closed: bool, seed: int, as_json: bool, out: Path | None, paper_name: str) -> None:
    from ..validators.yield_.board import Board, PlacedTile
    from ..validators.yield_.layout_search import find_layout
    layout = find_layout(closed=closed, seed=seed, progress=lambda m: click.echo(m, err=True))
    if as_json:
        echo_json(layout.as_dict())
    else:
        kind = "closed " if closed else ""
        click.echo(f"A {kind}layout of all {len(layout.cells)} tiles (seed {seed}):")
        click.echo(layout.text())
    if out:
        board = Board(layout.rows, layout.cols, tuple(sorted(
            ((c.row, c.col), PlacedTile(c.tile, c.rotation)) for c in layout.cells)))
        _write_map(out, paper_name, board, f"Yield! layout, seed {seed}",
                   ["Every road joins: " + ("no road reaches the board's edge." if closed
                                            else "roads may run off the board's edge.")])


def _setup(players: int, seed: int, as_json: bool, out: Path | None, paper_name: str) -> None:
    from ..validators.yield_.setup import play_setup
    from ..validators.yield_.statefile import state_to_dict
    from ..validators.yield_.text import board_text, event_line, square_name
    record = play_setup(players, seed)
    discards = record.discards()
    if as_json:
        echo_json(_setup_dict(record, state_to_dict(record.initial_state())))
    else:
        click.echo(f"Setup for {players} players, seed {seed}:")
        for event in record.events:
            click.echo(event_line(event))
        click.echo(f"{len(record.board)} tiles placed, {len(discards)} discarded; rule 7 "
                   + (f"from draw {record.rule7_at}" if record.rule7_at else "never applied"))
        click.echo(board_text(record.board, record.initial_state()))
    if out:
        starts = ", ".join(f"player {p} {square_name(sq)}" for p, sq in enumerate(record.starts, 1))
        _write_map(out, paper_name, record.board, f"Yield! setup, {players} players, seed {seed}",
                   [f"Starting squares (numbered discs): {starts} (row 0 is the top edge).",
                    f"{len(record.board)} tiles placed, {len(discards)} discarded."], record.starts)


def _setup_dict(record, state: dict) -> dict:
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


def _turn_dict(index: int, turn) -> dict:
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


def _moves(state_file: Path, best: bool, depth: int, budget: int, as_json: bool) -> None:
    from ..validators.yield_.moves import legal_turns
    from ..validators.yield_.search import best_turn
    from ..validators.yield_.statefile import load_state
    from ..validators.yield_.text import board_text, turn_line, vehicle_line
    state = load_state(state_file)
    turns = legal_turns(state)
    choice = best_turn(state, depth, budget) if best and turns else None
    chosen = turns.index(choice.turn) if choice else None
    if choice and not choice.complete:
        click.echo(f"note: depth {depth} needs more than {budget} positions (--max-positions); "
                   f"the answer comes from depth {choice.depth}", err=True)
    if as_json:
        data = {"to_move": state.to_move, "winner": state.winner(), "count": len(turns),
                "turns": [_turn_dict(i, t) for i, t in enumerate(turns)]}
        if choice:
            data["best"] = {"index": chosen, "speed": choice.turn.speed,
                            "route": list(choice.turn.route), "score": choice.score,
                            "depth": choice.depth, "complete": choice.complete,
                            "nodes": choice.nodes, "objective": OBJECTIVE}
        echo_json(data)
        return
    click.echo(board_text(state.board, state))
    click.echo(vehicle_line(state))
    if state.over():
        winner = state.winner()
        click.echo(f"The game is over: {f'player {winner} wins' if winner else 'nobody is left'}.")
        return
    click.echo(f"Player {state.to_move} to move: {len(turns)} legal turns")
    for index, turn in enumerate(turns):
        mark = "*" if index == chosen else " "
        click.echo(f"{mark}{index:>4}  {turn_line(turn)}")
    if choice:
        short = "" if choice.complete else f" (depth {depth} stopped at the position limit)"
        click.echo(f"* best at depth {choice.depth}{short}: score {choice.score:+.2f} after searching "
                   f"{choice.nodes} positions ({OBJECTIVE})")


# Options that only mean something with one mode (--best and its two with --moves only).
MODE_OPTIONS = {"closed": ("--closed", {"--layout"}), "players": ("--players", {"--setup"}),
                "best": ("--best", {"--moves"}), "depth": ("--depth", {"--moves"}),
                "budget": ("--max-positions", {"--moves"}), "out": ("--out", {"--layout", "--setup"}),
                "paper": ("--paper", {"--layout", "--setup"}), "seed": ("--seed", {"--layout", "--setup"})}


def _refuse_stray_options(mode: str, best: bool) -> None:
    """An option given with a mode that ignores it is a mistake worth one clear line."""
    context = click.get_current_context()
    for name, (flag, modes) in MODE_OPTIONS.items():
        given = context.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE
        if given and mode not in modes:
            raise InputError(f"{flag} goes with {' or '.join(sorted(modes))}, not {mode}", field=flag)
    for name, flag in (("depth", "--depth"), ("budget", "--max-positions")):
        if context.get_parameter_source(name) == click.core.ParameterSource.COMMANDLINE and not best:
            raise InputError(f"{flag} only changes the search: add --best", field=flag)


@click.command("yield")
@click.option("--layout", is_flag=True, help="Lay all 64 tiles so every road joins.")
@click.option("--setup", is_flag=True, help="Play out a whole setup by the rules.")
@click.option("--moves", "state_file", type=click.Path(dir_okay=False, path_type=Path),
              help="List every legal turn from the position in this STATE.json.")
@click.option("--closed", is_flag=True, help="With --layout: no road may run off the board.")
@click.option("--players", type=click.IntRange(2, 3), default=2, show_default=True,
              help="With --setup: how many players.")
@click.option("--best", is_flag=True, help="With --moves: also pick a turn by searching ahead.")
@click.option("--depth", type=click.IntRange(1, MAX_DEPTH), default=2, show_default=True,
              help="With --best: how many whole turns to look ahead (yours included).")
@click.option("--max-positions", "budget", type=click.IntRange(100, 10_000_000),
              default=DEFAULT_BUDGET, show_default=True,
              help="With --best: stop deepening after visiting this many positions and answer "
                   "from the deepest finished depth (a few seconds on the busiest boards).")
@click.option("--out", type=OutputPath(dir_okay=False, allow_dash=True, path_type=Path), default=None,
              help="With --layout or --setup: also draw the board as a one-page map PDF.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Paper size of the map.")
@seed_option
@json_option
def solve_yield(layout: bool, setup: bool, state_file: Path | None, closed: bool, players: int, best: bool,
                depth: int, budget: int, out: Path | None, paper: str, seed: int,
                as_json: bool) -> None:
    """Yield! boards and turns: a full layout, a played-out setup, or every legal turn.

    STATE.json holds the board (cells as in the layout JSON, with an optional
    owner), the vehicles (player, row, col, heading, speed, damage, level),
    whose turn it is and the damage limit; see
    templates/yield_/example-state.json.

    \b
    Examples:
      icp-print solve yield --layout --closed --seed 2 --out map.pdf
      icp-print solve yield --setup --players 3 --seed 7 --json
      icp-print solve yield --moves state.json --best --depth 3
      icp-print solve yield --moves state.json --best --depth 5 --max-positions 50000 --json
    """
    if layout + setup + (state_file is not None) != 1:
        raise InputError("give exactly one of --layout, --setup or --moves STATE.json",
                         field="--layout/--setup/--moves")
    mode = "--layout" if layout else "--setup" if setup else "--moves"
    _refuse_stray_options(mode, best)
    if state_file:
        _moves(state_file, best, depth, budget, as_json)
    elif layout:
        _layout(closed, seed, as_json, out, paper)
    else:
        _setup(players, seed, as_json, out, paper)
