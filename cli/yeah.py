"""yEAh item commands: ``icp-print yeah-items`` prints the item cards,
``icp-print solve yeah`` resolves a round."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.yeah.model import ItemTable
from ..validators.yeah.resolve import RoundResult, playable, resolve
from ..validators.yeah.round import load_round, round_as_json
from ..validators.yeah.table import load_table, published_table
from .common import ALL_BUILDERS, echo_json, emit, json_option, out_option, outputs_from, settings_from, sheet_options

items_option = click.option("--items", "items_file", type=click.Path(dir_okay=False, path_type=Path),
                            help="Your own item table (TOML); default: the published table.")


def _table(items_file: Path | None) -> ItemTable:
    return load_table(items_file) if items_file else published_table()


@click.command("yeah-items")
@out_option("yeah-items.pdf")
@items_option
@sheet_options
def yeah_items_command(out: Path, items_file: Path | None, **kwargs) -> None:
    """Print one poker-size card per yEAh item: type, cost, what it gives,
    kills and is killed by, and a note.

    The cards show the table as published, contradictions included; run
    `icp-print check templates/yeah/items.toml` to list them.

    \b
    Examples:
      icp-print yeah-items --out items.pdf
      icp-print yeah-items --items my-items.toml --paper letter --out items.pdf
    """
    from ..generators.yeah import build
    table = _table(items_file)
    emit(build(table, settings_from(kwargs), published=items_file is None), out, **outputs_from(kwargs))


@click.command("yeah")
@click.option("--round", "round_file", type=click.Path(dir_okay=False, path_type=Path), required=True,
              help="The round (JSON): players in clockwise order, their state and choices.")
@items_option
@json_option
def solve_yeah(round_file: Path, items_file: Path | None, as_json: bool) -> None:
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


def result_as_json(result: RoundResult) -> dict:
    return {
        "players": [{"name": o.name, "chose": o.chose, "played": o.played, "refused": o.refused,
                     "copied_from": o.copied_from, "holding": list(o.holding), "killed": o.killed,
                     "killed_by": [{"player": k.killer, "item": k.item, "because": k.because}
                                   for k in o.killed_by],
                     "ammo_before": o.ammo_before, "ammo_after": o.ammo_after}
                    for o in result.outcomes],
        "active_effects": list(result.unowned),
        "stunned_next_turn": list(result.stunned),
        "revived": [{"player": who, "by": by} for who, by in result.revived],
        "notes": list(result.notes),
        "standing": list(result.standing),
        "next_round": round_as_json(result.next_players),
    }


def result_text(table: ItemTable, result: RoundResult) -> str:
    name = {i.id: i.name for i in table.items}
    lines = []
    if result.unowned:
        lines.append("In play for nobody: " + ", ".join(name[e] for e in result.unowned))
    for o in result.outcomes:
        if o.played is None:
            lines.append(f"{o.name}: dead, sits out")
            continue
        what = name[o.played]
        if o.copied_from:
            what += f" (Mirror, copying {o.copied_from})"
        if o.refused:
            what += f" (chose {name.get(o.chose, 'nothing')}: refused, {o.refused})"
        if o.holding:
            what += " + holding " + ", ".join(name[h] for h in o.holding)
        fate = "KILLED by " + ", ".join(f"{k.killer or 'nobody'}'s {name[k.item]}" for k in o.killed_by) \
            if o.killed else "survives"
        lines.append(f"{o.name}: {what}; {fate}; ammo {o.ammo_before} -> {o.ammo_after}")
    lines += [f"{who} is stunned: plays Skip next turn" for who in result.stunned]
    lines += [f"{who} is revived by {by} with 0 ammo" for who, by in result.revived]
    lines += [f"note: {n}" for n in result.notes]
    standing = result.standing
    lines.append(f"Standing: {', '.join(standing) or 'nobody'}"
                 + (f" - {standing[0]} wins" if len(standing) == 1 else ""))
    return "\n".join(lines)


def register(cli, solve, play) -> None:
    from ..generators.yeah import build
    cli.add_command(yeah_items_command)
    solve.add_command(solve_yeah)
    ALL_BUILDERS.append(("yeah", "yeah-items.pdf",
                         lambda settings: build(published_table(), settings, published=True)))

