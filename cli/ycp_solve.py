"""``icp-print solve ycp GAME``: the YCP games' dice, coin and storm rules, worked out.

Each game is one sub-command; all the rules live in ``validators/ycp/*_rules.py``.
This module holds the group and the table games (Bonnie and Clyde, Which Side,
The Last Glow, Toroball); :mod:`.ycp_solve_dice` holds Lucha Libre and Mad Maxence.
"""
from __future__ import annotations

from fractions import Fraction

import click

from ..validators.errors import InputError
from .common import echo_json, json_option
from .ycp_solve_common import exact, parse_numbers

@click.group("ycp")
def solve_ycp() -> None:
    """Work out the YCP postcard games' rules: moves in a roll, coin odds, storm moves.

    \b
    Examples:
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1 --wrestler el-santo
      icp-print solve ycp mad-maxence --tech 3 --cb 4 --foe 3
      icp-print solve ycp the-last-glow --heart 3,2 --roll 4 --lighthouse 4,4
    """


@solve_ycp.command("bonnie-and-clyde")
@click.option("--roll", type=click.IntRange(1, 6), help="The police d6; without it, the odds of every row.")
@click.option("--threat", type=click.IntRange(0, 2), default=0, show_default=True,
              help="Police Threat gauge.")
@click.option("--prison", type=click.IntRange(0, 3), default=0, show_default=True,
              help="Modifier spaces filled by prison stays.")
@click.option("--spend-ammo", is_flag=True, help="Spend one Ammunition to lower the roll by 1.")
@json_option
def solve_bonnie_and_clyde(roll, threat, prison, spend_ammo, as_json) -> None:
    """The police table for a roll, or the chance of each row with the current modifier.

    \b
    Examples:
      icp-print solve ycp bonnie-and-clyde --roll 5 --threat 2 --prison 1
      icp-print solve ycp bonnie-and-clyde --threat 2 --prison 3
    """
    from ..validators.ycp.bonnie_and_clyde.rules import police_action, police_modifier, police_words
    modifier = police_modifier(prison, threat) - int(spend_ammo)
    if roll is not None:
        row = police_action(roll + modifier)
        if as_json:
            echo_json({"roll": roll, "modifier": modifier, "total": roll + modifier,
                       "action": police_words(row), "effects": dict(row.effects), "death": row.death})
        else:
            click.echo(f"d6 {roll} {modifier:+d} = {roll + modifier}: {police_words(row)}")
        return
    odds: dict[str, Fraction] = {}
    for face in range(1, 7):
        text = police_words(police_action(face + modifier))
        odds[text] = odds.get(text, Fraction(0)) + Fraction(1, 6)
    if as_json:
        echo_json({"modifier": modifier, "rows": {k: exact(p) for k, p in odds.items()}})
        return
    click.echo(f"Police roll with modifier {modifier:+d}:")
    for text, p in odds.items():
        click.echo(f"  {text:<36}{float(p):>8.2%}")


@solve_ycp.command("which-side")
@click.option("--strength", type=click.IntRange(0, 10), default=0, show_default=True,
              help="Employer's Strength before the Employer Phase.")
@click.option("--roll", help="The offensive die or dice, like 4 or 2,5.")
@json_option
def solve_which_side(strength, roll, as_json) -> None:
    """The Employer Phase: Strength moves up, then the dice are read on the employer table.

    \b
    Examples:
      icp-print solve ycp which-side --strength 2 --roll 2,5
      icp-print solve ycp which-side --strength 4 --roll 1
    """
    from dataclasses import asdict, replace

    from ..validators.ycp.which_side.rules import dice_for, employer_phase, printed_rows, setup
    start = replace(setup(), strength=strength)
    if roll is None:
        if strength + 1 > 10:
            click.echo(f"Strength {strength} -> past the gauge: the game is lost")
        else:
            click.echo(f"Strength {strength} -> {strength + 1}: roll {dice_for(strength + 1)} d6")
        return
    faces = parse_numbers(roll, "--roll", lo=1, hi=6, count=(1, 2))
    city = employer_phase(start, faces)
    effects = dict(printed_rows("employer"))
    if as_json:
        echo_json({"faces": list(faces), "effects": [effects[str(f)] for f in faces], "after": asdict(city)})
        return
    if city.lost:
        click.echo(f"Strength {strength} -> past the gauge: the game is lost")
        return
    click.echo(f"Strength {strength} -> {city.strength} ({dice_for(city.strength)} d6):")
    for face in faces:
        click.echo(f"  {face}: {effects[str(face)]}")


@solve_ycp.command("the-last-glow")
@click.option("--heart", help="The Storm Heart's square as column,line (1-6, line 1 at the top).")
@click.option("--roll", type=click.IntRange(1, 6), help="The Heart's d6.")
@click.option("--lighthouse", default="1,1", show_default=True, help="The Lighthouse's square, column,line.")
@json_option
def solve_last_glow(heart, roll, lighthouse, as_json) -> None:
    """Where a Storm Heart goes and what it costs; without --heart, explosion odds by line.

    \b
    Examples:
      icp-print solve ycp the-last-glow --heart 3,2 --roll 4 --lighthouse 4,4
      icp-print solve ycp the-last-glow
    """
    from ..validators.ycp.the_last_glow.rules import explosion_odds, resolve_heart, rules
    lines = rules().lines
    if heart is None:
        odds = {line: explosion_odds(line) for line in range(1, lines + 1)}
        if as_json:
            echo_json({"explosion": {str(k): exact(p) for k, p in odds.items()}})
            return
        click.echo("Chance a Storm Heart explodes, by line:")
        for line, p in odds.items():
            click.echo(f"  line {line}: {float(p):.2%}")
        return
    if roll is None:
        raise InputError("give the Heart's d6 with --roll", field="--roll")
    size = max(rules().columns, lines)
    h = parse_numbers(heart, "--heart", lo=1, hi=size, count=(2, 2))
    at = parse_numbers(lighthouse, "--lighthouse", lo=1, hi=size, count=(2, 2))
    result = resolve_heart(h, roll, at)
    if as_json:
        echo_json({"heart": list(h), "roll": roll, "move": result.move.kind,
                   "to": list(result.move.to) if result.move.to else None,
                   "structure_loss": result.structure_loss, "victory_loss": result.victory_loss})
        return
    where = f" to {result.move.to[0]},{result.move.to[1]}" if result.move.to else ""
    click.echo(f"Heart {h[0]},{h[1]}: {roll} + line {h[1]} = {roll + h[1]}: {result.move.kind}{where}; "
               f"Structure -{result.structure_loss}, Victory -{result.victory_loss}")


@solve_ycp.command("toroball")
@click.option("--ene", type=click.IntRange(0, 30), default=2, show_default=True, help="The cow's agitation.")
@json_option
def solve_toroball(ene, as_json) -> None:
    """How far the young cow charges: the exact chance of each distance.

    \b
    Example:
      icp-print solve ycp toroball --ene 3
    """
    from ..validators.ycp.toroball.rules import cow_move_odds
    odds = cow_move_odds(ene)
    if as_json:
        echo_json({"ene": ene, "squares": {str(k): exact(p) for k, p in odds.items()}})
        return
    click.echo(f"Cow with ENE {ene}:")
    for squares, p in odds.items():
        click.echo(f"  {'stays' if squares == 0 else f'{squares} squares':<12}{float(p):>8.2%}")


def register(cli, solve, play) -> None:
    from .ycp_solve_dice import solve_lucha_libre, solve_mad_maxence
    solve_ycp.add_command(solve_lucha_libre)
    solve_ycp.add_command(solve_mad_maxence)
    solve.add_command(solve_ycp)
