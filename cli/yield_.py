"""``icp-print yield``: print the Yield! road tiles, their backs and a damage track."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.errors import RuleError
from ..validators.yield_.checks import DEFAULT_DAMAGE_LIMIT
from ..validators.yield_.tiles import reference_set
from ..validators.yield_.tileset import MAX_SETS, check_tileset, load_tileset
from ..generators.yield_ import DEFAULT_TILE_MM
from .yield_solve import solve_yield as solve_command  # noqa: F401  (found by name)
from .common import Finite, emit, out_option, outputs_from, settings_from, sheet_options


def _custom_tiles(source: Path, sets: int):
    """A custom set's tiles, refused when a tile makes no sense; count differences only warn."""
    tileset = load_tileset(source)
    problems = [f for f in check_tileset(tileset) if not f.ok]
    broken = [f for f in problems if f.rule != "documented counts"]
    if broken:
        details = "; ".join(f"{f.where}: {f.message}" if f.where else f.message for f in broken)
        raise RuleError(f"the tile set cannot be printed: {details}", source=str(source))
    for f in problems:
        click.echo(f"note: {f.message} (a house variant, printed as written)", err=True)
    return tileset.tiles() * sets, tileset.shapes(), tileset.name, tileset.sets * sets


@click.command("yield")
@out_option("yield-tiles.pdf")
@click.option("--tile-size", type=Finite(25, 100), default=DEFAULT_TILE_MM,
              show_default=True, help="Side of a square tile in mm (match your board's squares).")
@click.option("--sets", type=click.IntRange(1, MAX_SETS), default=1, show_default=True,
              help="Complete sets of 64 tiles (more for the larger-board variant).")
@click.option("--damage-limit", type=click.IntRange(1, 30), default=DEFAULT_DAMAGE_LIMIT,
              show_default=True, help="Damage that puts a vehicle out (the track runs 0 to this).")
@click.option("--tiles", "tiles_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A custom tile set (TOML) to print instead of the reference set.")
@sheet_options
def print_command(out: Path, tile_size: float, sets: int, damage_limit: int,
                  tiles_file: Path | None, **kwargs) -> None:
    """Print the 64 Yield! road tiles, identical backs and a damage track.

    Tiles are square (50 mm fits a standard chessboard); print double-sided
    on cardstock and cut on the crop marks. Roads are light, off-road is dark.

    \b
    Examples:
      icp-print yield --out tiles.pdf
      icp-print yield --tile-size 57 --paper letter --sets 2 --out big-game.pdf
      icp-print yield --tiles my-tiles.toml --ink-saver --out mine.pdf
    """
    from ..generators.yield_ import build_tiles
    settings = settings_from(kwargs)
    if tiles_file is None:
        tiles, shapes, name = reference_set() * sets, {}, "Yield! reference tile set"
    else:
        tiles, shapes, name, sets = _custom_tiles(tiles_file, sets)
    doc = build_tiles(settings, tiles, tile_size, damage_limit, sets=sets, name=name, shapes=shapes)
    emit(doc, out, **outputs_from(kwargs))
