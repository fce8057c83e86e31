"""yEAh item commands: ``icp-print yeah-items`` prints the item cards,
``icp-print solve yeah`` resolves a round."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.yeah.model import ItemTable
from ..validators.yeah.report import result_as_json, result_text
from ..validators.yeah.resolve import playable, resolve
from ..validators.yeah.round import load_round
from ..validators.yeah.table import load_table, published_table
from .common import (card_export, card_size_option, echo_json, emit, export_cards_option, json_option,
                     out_option, outputs_from, settings_from, sheet_options)

items_option = click.option("--items", "items_file", type=click.Path(dir_okay=False, path_type=Path),
                            help="Your own item table (TOML); default: the published table.")


def _table(items_file: Path | None) -> ItemTable:
    return load_table(items_file) if items_file else published_table()


@click.command("yeah-items")
@out_option("yeah-items.pdf")
@items_option
@card_size_option
@export_cards_option
@sheet_options
def print_command(out: Path, items_file: Path | None, card_size: str, **kwargs) -> None:
    """Print one card per yEAh item: type, cost, what it gives,
    kills and is killed by, and a note.

    The cards show the table as published, contradictions included; run
    `icp-print check templates/yeah/items.toml` to list them.

    \b
    Examples:
      icp-print yeah-items --out items.pdf
      icp-print yeah-items --items my-items.toml --paper letter --out items.pdf
      icp-print yeah-items --card-size bridge --out items.pdf
    """
    from ..generators.cards import card_size as parse_card_size
    from ..generators.yeah import YeahOptions, build
    options = YeahOptions(_table(items_file), published=items_file is None,
                          card=parse_card_size(card_size))
    settings = settings_from(kwargs)
    export_dir, outputs = kwargs.pop("export_dir"), outputs_from(kwargs)
    emit(build(settings, options), out, extra=card_export(export_dir, settings.bleed, outputs["dpi"]),
         **outputs)


@click.command("yeah")
@click.option("--round", "round_file", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The round (JSON): players in clockwise order, their state and choices.")
@items_option
@json_option
def solve_command(round_file: Path, items_file: Path | None, as_json: bool) -> None:
    """Resolve one yEAh round: the items really played, who is killed, and
    everyone's ammunition; --json adds the next round's file.

    A kill happens if either the killer's Kills or the victim's Killed By
    says so (the published table contradicts itself; see docs/yeah.md).

    \b
    Examples:
      icp-print solve yeah --round templates/yeah/example-round.json
      icp-print solve yeah --round round.json --json > result.json
    """
    table = playable(_table(items_file))
    result = resolve(table, load_round(round_file, table))
    if as_json:
        echo_json(result_as_json(result))
    else:
        click.echo(result_text(table, result))
