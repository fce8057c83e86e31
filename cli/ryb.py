"""RYB commands: ``icp-print ryb`` prints a deck, ``icp-print solve ryb`` gives odds."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.errors import InputError, RuleError
from ..validators.ryb.deck import REFERENCE_DECK, check_deck, load_deck, variable_functions
from ..validators.ryb.model import COLOURS, STARTING_POOL
from ..validators.ryb.odds import deck_report, goal_odds, parse_pool
from .common import ALL_BUILDERS, echo_json, emit, json_option, out_option, outputs_from, settings_from, sheet_options


def legal_deck(source: Path | None):
    """Load a deck and refuse it, listing every broken rule, unless it is legal."""
    deck = load_deck(source or REFERENCE_DECK)
    failures = [f for f in check_deck(deck) if not f.ok]
    if failures:
        details = "; ".join(f"{f.where}: {f.message}" if f.where else f.message for f in failures)
        raise RuleError(f"the deck breaks the rules: {details}", source=str(source))
    return deck


@click.command("ryb")
@out_option("ryb-deck.pdf")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A custom deck file (TOML); default: the reference deck.")
@click.option("--variable", type=click.Choice(variable_functions()), default=None,
              help="What the Variable cards do (default: the deck's choice, else reset).")
@sheet_options
def ryb_command(out: Path, deck_file: Path | None, variable: str | None, **kwargs) -> None:
    """Print the RYB deck, turn summary cards and a score sheet.

    \b
    Examples:
      icp-print ryb --out deck.pdf
      icp-print ryb --deck my-deck.toml --variable tea-party --paper letter --out deck.pdf
    """
    from ..generators.ryb import build
    settings = settings_from(kwargs)
    deck = legal_deck(deck_file)
    emit(build(deck, settings, variable or deck.variable), out, **outputs_from(kwargs))


def _goal(text: str) -> tuple[str, int]:
    colour, _, target = text.lower().partition("-")
    if colour not in COLOURS or not target.isdigit() or int(target) < 1:
        raise InputError(f"cannot read {text!r}: write a colour and a Target like purple-9 "
                         f"(colours: {', '.join(COLOURS)})", field="--goal")
    return colour, int(target)


@click.command("ryb")
@click.option("--goal", help="The Goal to attempt, as colour-target: purple-9.")
@click.option("--dice", default="2r,2y,2b", show_default=True,
              help="Your dice pool: counts and colour letters.")
@click.option("--banked", type=click.IntRange(0, None), default=0, show_default=True,
              help="Points already banked on the Goal.")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path),
              help="With --report: the deck to report on (default: the reference deck).")
@click.option("--report", is_flag=True, help="Odds and expected points of every Goal in a deck.")
@json_option
def solve_ryb(goal: str | None, dice: str, banked: int, deck_file: Path | None, report: bool,
              as_json: bool) -> None:
    """Exact odds that one attempt completes a Goal.

    \b
    Examples:
      icp-print solve ryb --goal purple-9 --dice 3r,1y,3b
      icp-print solve ryb --goal red-18 --dice 4r --banked 7 --json
      icp-print solve ryb --deck my-deck.toml --report
    """
    pool = parse_pool(dice)
    if report:
        _report(load_deck(deck_file or REFERENCE_DECK), pool, as_json)
        return
    if goal is None:
        raise InputError("give --goal colour-target (for example purple-9) or --report", field="--goal")
    colour, target = _goal(goal)
    p = goal_odds(colour, target, pool, banked)
    result = {"goal": f"{colour}-{target}", "dice": pool, "banked": banked,
              "probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}
    if as_json:
        echo_json(result)
    else:
        click.echo(f"{colour.capitalize()} {target} with {dice} (banked {banked}): "
                   f"{result['exact']} = {float(p):.6f} ({float(p):.2%})")


def _report(deck, pool, as_json: bool) -> None:
    rows = deck_report(deck.goals(), pool)
    if as_json:
        echo_json({"deck": deck.name, "dice": pool, "goals": [
            {"goal": r.goal.slug, "value": r.goal.value, "count": r.count,
             "probability": float(r.probability),
             "exact": f"{r.probability.numerator}/{r.probability.denominator}",
             "expected_points": float(r.expected_points), "flag": r.flag} for r in rows]})
        return
    starting = "starting pool" if pool == STARTING_POOL else "pool"
    click.echo(f"{deck.name}: one attempt from the {starting} "
               f"({pool['red']} red, {pool['yellow']} yellow, {pool['blue']} blue)")
    click.echo(f"{'goal':<12}{'value':>6}{'cards':>6}{'odds':>9}{'exp. pts':>10}  note")
    for r in rows:
        click.echo(f"{r.goal.name:<12}{r.goal.value:>6}{r.count:>6}{float(r.probability):>9.2%}"
                   f"{float(r.expected_points):>10.2f}  {r.flag or ''}")


def _reference_set(settings):
    from ..generators.ryb import build
    deck = load_deck(REFERENCE_DECK)
    return build(deck, settings, deck.variable)


def register(cli, solve, play) -> None:
    cli.add_command(ryb_command)
    solve.add_command(solve_ryb)
    ALL_BUILDERS.append(("ryb", "ryb-deck.pdf", _reference_set))
