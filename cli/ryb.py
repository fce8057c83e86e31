"""RYB commands: ``icp-print ryb`` prints a deck, ``icp-print solve ryb`` gives odds."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.ryb.deck import REFERENCE_DECK, TABLES, legal_deck, variable_functions
from ..validators.ryb.model import parse_goal
from .common import (card_export, card_size_option, echo_json, emit, export_cards_option, json_option,
                     out_option, outputs_from, settings_from, sheet_options)

players_option = click.option(
    "--players", type=click.Choice([str(n) for n in TABLES]), multiple=True,
    help="The table the deck is for (repeat for several); a smaller deck then suffices. "
         "Default: the deck's choice, else every table the rules deal for.")


@click.command("ryb")
@out_option("ryb-deck.pdf")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A custom deck file (TOML); default: the reference deck.")
@click.option("--variable", type=click.Choice(variable_functions()), default=None,
              help="What the Variable cards do (default: the deck's choice, else reset).")
@players_option
@card_size_option
@export_cards_option
@sheet_options
def print_command(out: Path, deck_file: Path | None, variable: str | None, players: tuple[str, ...],
                  card_size: str, **kwargs) -> None:
    """Print the RYB deck, turn summary cards and a score sheet.

    \b
    Examples:
      icp-print ryb --out deck.pdf
      icp-print ryb --deck my-deck.toml --variable tea-party --paper letter --out deck.pdf
      icp-print ryb --deck my-deck.toml --players 2 --out deck.pdf
      icp-print ryb --card-size mini --out mini-deck.pdf
      icp-print ryb --export-cards cards --dpi 300 --out deck.pdf
    """
    from ..generators.cards import card_size as parse_card_size
    from ..generators.ryb import RybOptions, build
    settings = settings_from(kwargs)
    export_dir, outputs = kwargs.pop("export_dir"), outputs_from(kwargs)
    deck = legal_deck(deck_file or REFERENCE_DECK, tuple(int(p) for p in players) or None)
    options = RybOptions(deck, variable or deck.variable, parse_card_size(card_size))
    emit(build(settings, options), out, extra=card_export(export_dir, settings.bleed, outputs["dpi"]),
         **outputs)


@click.command("ryb")
@click.option("--goal", help="The Goal to attempt, as colour-target: purple-9.")
@click.option("--dice", default="2r,2y,2b", show_default=True,
              help="Your dice pool: counts and colour letters.")
@click.option("--banked", type=click.IntRange(0, None), default=0, show_default=True,
              help="Points already banked on the Goal (with --report: on every Goal).")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path),
              help="With --report: the deck to report on (default: the reference deck).")
@click.option("--report", is_flag=True, help="Odds and expected points of every Goal in a deck.")
@json_option
def solve_command(goal: str | None, dice: str, banked: int, deck_file: Path | None, report: bool,
              as_json: bool) -> None:
    """Exact odds that one attempt completes a Goal.

    \b
    Examples:
      icp-print solve ryb --goal purple-9 --dice 3r,1y,3b
      icp-print solve ryb --goal red-18 --dice 4r --banked 7 --json
      icp-print solve ryb --deck my-deck.toml --report
      icp-print solve ryb --report --dice 3r,1y,0b --banked 2
    """
    from ..validators.ryb.odds import deck_report, goal_odds, parse_pool      # exact fractions: solving only
    from ..validators.ryb.report import Attempt, attempt_json, attempt_text, deck_json, deck_text
    pool = parse_pool(dice)
    if report:
        deck = legal_deck(deck_file or REFERENCE_DECK)   # refused as `check` refuses it
        rows = deck_report(deck.goals(), pool, banked)
        if as_json:
            echo_json(deck_json(deck.name, pool, banked, rows))
        else:
            click.echo(deck_text(deck.name, pool, banked, rows))
        return
    colour, target = parse_goal(goal)
    attempt = Attempt(colour, target, pool, banked, goal_odds(colour, target, pool, banked))
    if as_json:
        echo_json(attempt_json(attempt))
    else:
        click.echo(attempt_text(attempt))
