"""Yield! commands: ``icp-print yield`` prints the road tiles, their backs and a damage
track; ``icp-print solve yield`` lays out boards, plays out setups and lists legal turns."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.errors import InputError
from ..validators.formats import paper_names
from ..validators.yield_.checks import DEFAULT_DAMAGE_LIMIT
from ..validators.yield_.rules import RULES
from ..validators.yield_.search import DEFAULT_BUDGET, MAX_DEPTH
from ..validators.yield_.model import DEFAULT_TILE_MM
from ..validators.yield_.tileset import MAX_SETS, load_tileset, printable
from .common import (Finite, OutputPath, card_export, echo_json, emit, export_cards_option, json_option,
                     out_option, outputs_from, seed_option, settings_from, sheet_options)


@click.command("yield")
@out_option("yield-tiles.pdf")
@click.option("--tile-size", type=Finite(25, 100), default=DEFAULT_TILE_MM,
              show_default=True, help="Side of a square tile in mm (match your board's squares).")
@click.option("--sets", type=click.IntRange(1, MAX_SETS), default=1, show_default=True,
              help="Complete reference tile sets (more for the larger-board variant).")
@click.option("--damage-limit", type=click.IntRange(1, 30), default=DEFAULT_DAMAGE_LIMIT,
              show_default=True, help="Damage that puts a vehicle out (the track runs 0 to this).")
@click.option("--tiles", "tiles_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A custom tile set (TOML) to print instead of the reference set.")
@export_cards_option
@sheet_options
def print_command(out: Path, tile_size: float, sets: int, damage_limit: int,
                  tiles_file: Path | None, **kwargs) -> None:
    """Print the Yield! road tiles, identical backs and a damage track.

    Tiles are square (50 mm fits a standard chessboard); print double-sided
    on cardstock and cut on the crop marks. Roads are light, off-road is dark.

    \b
    Examples:
      icp-print yield --out tiles.pdf
      icp-print yield --tile-size 57 --paper letter --sets 2 --out big-game.pdf
      icp-print yield --tiles templates/yield_/example-custom-tiles.toml --ink-saver --out mine.pdf
    """
    from ..generators.yield_ import YieldOptions, build
    settings = settings_from(kwargs)
    export_dir, outputs = kwargs.pop("export_dir"), outputs_from(kwargs)
    options = YieldOptions(tile_size=tile_size, damage_limit=damage_limit, sets=sets)
    if tiles_file is not None:
        tileset = load_tileset(tiles_file)
        for f in printable(tileset, str(tiles_file)):
            click.echo(f"note: {f.message} (a house variant, printed as written)", err=True)
        options = YieldOptions(tuple(tileset.tiles()) * sets, tile_size, damage_limit,
                               tileset.sets * sets, tileset.name, tileset.shapes())
    emit(build(settings, options), out, extra=card_export(export_dir, settings.bleed, outputs["dpi"]),
         **outputs)


def _write_map(out: Path, paper_name: str, board, title: str, notes: list[str],
               starts: tuple = ()) -> None:
    """Draw the board's tiles as a one-page map PDF (the note goes to stderr, so JSON stays clean)."""
    from ..generators.sheet import SheetSettings, paper
    from ..generators.yield_.map import MapOptions, build_map
    from ..validators.yield_.report import owned_cells
    options = MapOptions(owned_cells(board), board.rows, board.cols, title, notes, starts)
    summary = emit(build_map(SheetSettings(paper=paper(paper_name)), options), out, quiet=True)
    click.echo(f"wrote {summary['file']}: a {board.rows}x{board.cols} map, {len(board)} tiles",
               err=True)


def _layout(closed: bool, seed: int, as_json: bool, out: Path | None, paper_name: str) -> None:
    from ..validators.yield_.layout_search import find_layout
    from ..validators.yield_.report import layout_lines
    layout = find_layout(closed=closed, seed=seed, progress=lambda m: click.echo(m, err=True))
    _say(layout.as_dict(), layout_lines(layout, closed, seed), as_json)
    if out:
        _write_map(out, paper_name, layout.board(), f"Yield! layout, seed {seed}",
                   ["Every road joins: " + ("no road reaches the board's edge." if closed
                                            else "roads may run off the board's edge.")])


def _setup(players: int, seed: int, as_json: bool, out: Path | None, paper_name: str) -> None:
    from ..validators.yield_.report import setup_json, setup_lines, square_name
    from ..validators.yield_.setup import play_setup
    record = play_setup(players, seed)
    _say(setup_json(record), setup_lines(record), as_json)
    if out:
        starts = ", ".join(f"player {p} {square_name(sq)}" for p, sq in enumerate(record.starts, 1))
        _write_map(out, paper_name, record.board, f"Yield! setup, {players} players, seed {seed}",
                   [f"Starting squares (numbered discs): {starts} (row 0 is the top edge).",
                    f"{len(record.board)} tiles placed, {len(record.discards())} discarded."],
                   record.starts)


def _moves(state_file: Path, best: bool, depth: int, budget: int, as_json: bool) -> None:
    from ..validators.yield_.moves import legal_turns
    from ..validators.yield_.report import moves_json, moves_lines
    from ..validators.yield_.search import best_turn
    from ..validators.yield_.statefile import load_state
    state = load_state(state_file)
    turns = legal_turns(state)
    choice = best_turn(state, depth, budget) if best and turns else None
    if choice and not choice.complete:
        click.echo(f"note: depth {depth} needs more than {budget} positions (--max-positions); "
                   f"the answer comes from depth {choice.depth}", err=True)
    _say(moves_json(state, turns, choice), moves_lines(state, turns, choice, depth), as_json)


def _say(data: dict, lines: list[str], as_json: bool) -> None:
    if as_json:
        echo_json(data)
    else:
        click.echo("\n".join(lines))


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
@click.option("--layout", is_flag=True, help="Lay out the whole reference set so every road joins.")
@click.option("--setup", is_flag=True, help="Play out a whole setup by the rules.")
@click.option("--moves", "state_file", type=click.Path(dir_okay=False, path_type=Path),
              help="List every legal turn from the position in this STATE.json.")
@click.option("--closed", is_flag=True, help="With --layout: no road may run off the board.")
@click.option("--players", type=click.IntRange(RULES.players_min, RULES.players_max), default=RULES.players_min,
              show_default=True,
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
@click.option("--paper", type=click.Choice(paper_names()), default=paper_names()[0], show_default=True,
              help="Paper size of the map.")
@seed_option
@json_option
def solve_command(layout: bool, setup: bool, state_file: Path | None, closed: bool, players: int,
                best: bool, depth: int, budget: int, out: Path | None, paper: str, seed: int,
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
      icp-print solve yield --moves templates/yield_/example-state.json --best --depth 3
      icp-print solve yield --moves templates/yield_/example-state.json --best --depth 5 --max-positions 50000 --json
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
