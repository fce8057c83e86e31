"""``icp-print ycp``: the YCP postcards, or their full-size gauge sheets."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.ycp.postcard import GAMES
from .common import ALL_BUILDERS, emit, out_option, outputs_from, settings_from, sheet_options


@click.command("ycp")
@click.argument("games", nargs=-1, type=click.Choice(GAMES))
@out_option("ycp-postcards.pdf")
@click.option("--postcard", "size", type=click.Choice(["a6", "us"]), default="a6", show_default=True,
              help="Postcard size: a6 (148 x 105 mm) or us (6 x 4 in).")
@click.option("--gauges", is_flag=True,
              help="Print each game's gauges, tracks and grids at full page size instead.")
@sheet_options
def ycp_command(games: tuple[str, ...], out: Path, size: str, gauges: bool, **kwargs) -> None:
    """Print the YCP postcard games (all seven when no GAME is named).

    Each postcard carries every gauge, track, grid, table and action space of
    its game on the front, and the components, setup and a turn summary on
    the back; print double-sided and cut at the crop marks.  --gauges prints
    the same front enlarged to a whole A4/Letter page, one page per game.

    \b
    Games: mad-maxence lucha-libre protocol-g117 bonnie-and-clyde which-side
           toroball the-last-glow
    \b
    Examples:
      icp-print ycp --out postcards.pdf
      icp-print ycp toroball lucha-libre --postcard us --paper letter --out two.pdf
      icp-print ycp --gauges --out gauges.pdf
    """
    from ..generators.ycp import PostcardOptions, build
    settings = settings_from(kwargs)
    chosen = tuple(dict.fromkeys(games)) or GAMES
    click.echo(f"laying out {len(chosen)} postcard(s) ...", err=True)
    doc = build(settings, PostcardOptions(chosen, size, gauges))
    emit(doc, out, **outputs_from(kwargs))


def register(cli, solve, play) -> None:
    from ..generators.ycp import PostcardOptions, build
    cli.add_command(ycp_command)
    ALL_BUILDERS.append(("ycp", "ycp-postcards.pdf", lambda settings: build(settings)))
    ALL_BUILDERS.append(("ycp gauges", "ycp-gauges.pdf",
                         lambda settings: build(settings, PostcardOptions(gauges=True))))
