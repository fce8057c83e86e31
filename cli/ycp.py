"""``icp-print ycp`` (the postcards or their gauge sheets) and ``icp-print solve
ycp GAME`` (each game's dice, coin and storm rules worked out).

Click commands only: the rules are in ``validators/ycp/<game>/rules.py``, the
text and JSON in ``validators/ycp/<game>/report.py``, every bound from the
rules' data.
"""
from __future__ import annotations

import random
from pathlib import Path

import click

from ..validators.errors import InputError
from ..validators.ycp.model import DEFAULT_SIZE, GAMES, SIZE_NAMES
from .common import (card_export, echo_json, emit, export_cards_option, json_option, out_option,
                     outputs_from, seed_option, settings_from, sheet_options)


@click.command("ycp")
@click.argument("games", nargs=-1, type=click.Choice(GAMES))
@out_option("ycp-postcards.pdf")
@click.option("--postcard", "size", type=click.Choice(list(SIZE_NAMES)), default=DEFAULT_SIZE, show_default=True,
              help="Postcard size: a6 (148 x 105 mm) or us (6 x 4 in).")
@click.option("--gauges", is_flag=True,
              help="Print each game's gauges, tracks and grids at full page size instead.")
@export_cards_option
@sheet_options
def print_command(games: tuple[str, ...], out: Path, size: str, gauges: bool, **kwargs) -> None:
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
    export_dir, outputs = kwargs.pop("export_dir"), outputs_from(kwargs)
    if gauges and export_dir is not None:
        raise InputError("--gauges prints whole-page gauge sheets, not postcards to order one by one; "
                         "export the postcards without --gauges", field="--export-cards")
    chosen = tuple(dict.fromkeys(games)) or GAMES
    emit(build(settings, PostcardOptions(chosen, size, gauges)), out,
         extra=card_export(export_dir, settings.bleed, outputs["dpi"]), **outputs)


def _show(as_json: bool, data, text: str) -> None:
    if as_json:
        echo_json(data)
    else:
        click.echo(text)


@click.group("ycp")
def solve_command() -> None:
    """Work out the YCP postcard games' rules: moves in a roll, coin odds, storm moves.

    \b
    Examples:
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1 --wrestler el-santo
      icp-print solve ycp mad-maxence --tech 3 --cb 4 --foe 3
      icp-print solve ycp the-last-glow --heart 3,2 --roll 4 --lighthouse 4,4
    """


@solve_command.command("bonnie-and-clyde")
@click.option("--roll", type=click.IntRange(1, 6), help="The police d6; without it, the odds of every row.")
@click.option("--threat", type=int, default=0, show_default=True, help="Police Threat gauge.")
@click.option("--prison", type=int, default=0, show_default=True,
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
    from ..validators.ycp.bonnie_and_clyde import report
    from ..validators.ycp.bonnie_and_clyde.rules import police_odds, roll_modifier, rules
    from ..validators.ycp.numbers import bounded
    r = rules()
    bounded(threat, "--threat", 0, r.gauge_max, "the Police Threat gauge")
    bounded(prison, "--prison", 0, len(r.modifier_spaces), "the Modifier spaces")
    modifier = roll_modifier(prison, threat, int(spend_ammo))
    if roll is not None:
        _show(as_json, report.roll_json(roll, modifier), report.roll_text(roll, modifier))
        return
    odds = police_odds(modifier)
    _show(as_json, report.odds_json(modifier, odds), report.odds_text(modifier, odds))


@solve_command.command("which-side")
@click.option("--strength", type=int, default=0, show_default=True,
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
    from dataclasses import replace

    from ..validators.ycp.numbers import bounded, parse_numbers
    from ..validators.ycp.which_side import report
    from ..validators.ycp.which_side.rules import employer_phase, raise_strength, rules, setup
    bounded(strength, "--strength", 0, rules().strength_max, "the Employer's Strength gauge")
    start = replace(setup(), strength=strength)
    if roll is None:
        click.echo(report.strength_text(strength, raise_strength(start)))
        return
    faces = parse_numbers(roll, "--roll", lo=1, hi=6, count=(1, 2))
    city = employer_phase(start, faces)
    _show(as_json, report.phase_json(faces, city), report.phase_text(strength, faces, city))


@solve_command.command("the-last-glow")
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
    from ..validators.ycp.numbers import parse_numbers
    from ..validators.ycp.the_last_glow import report
    from ..validators.ycp.the_last_glow.rules import explosion_odds, resolve_heart, rules
    lines = rules().lines
    if heart is None:
        odds = {line: explosion_odds(line) for line in range(1, lines + 1)}
        _show(as_json, report.explosion_json(odds), report.explosion_text(odds))
        return
    if roll is None:
        raise InputError("give the Heart's d6 with --roll", field="--roll")
    size = max(rules().columns, lines)
    h = parse_numbers(heart, "--heart", lo=1, hi=size, count=(2, 2))
    at = parse_numbers(lighthouse, "--lighthouse", lo=1, hi=size, count=(2, 2))
    square = (h[0], h[1])
    result = resolve_heart(square, roll, (at[0], at[1]))
    _show(as_json, report.heart_json(square, roll, result), report.heart_text(square, roll, result))


@solve_command.command("toroball")
@click.option("--ene", type=int, default=2, show_default=True, help="The cow's agitation.")
@json_option
def solve_toroball(ene, as_json) -> None:
    """How far the young cow charges: the exact chance of each distance.

    \b
    Example:
      icp-print solve ycp toroball --ene 3
    """
    from ..validators.ycp.numbers import bounded
    from ..validators.ycp.toroball import report
    from ..validators.ycp.toroball.rules import AGITATION_CAP, cow_move_odds, rules
    bounded(ene, "--ene", rules().minimum, AGITATION_CAP, "the cow's agitation")
    odds = cow_move_odds(ene)
    _show(as_json, report.charge_json(ene, odds), report.charge_text(ene, odds))


@solve_command.command("lucha-libre")
@click.option("--roll", help="The dice showing, like 3,3,5,6,1 (as many as the wrestler's ENE).")
@click.option("--wrestler", default="el-santo", show_default=True,
              help="The wrestler in the Ring: el-santo, el-cavernario, blue-demon, el-bulldog.")
@click.option("--dice", type=int, help="Without --roll: the exact chance a roll of this many dice holds "
              "each move (default: the most a wrestler rolls).")
@click.option("--advise", is_flag=True,
              help="With --roll: which dice to keep for one reroll (1 Fan), by expected Fans.")
@json_option
def solve_lucha_libre(roll: str | None, wrestler: str, dice: int | None, advise: bool, as_json: bool) -> None:
    """The moves a roll holds and every choice it offers (one die, one move; claiming is optional).

    \b
    Examples:
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1
      icp-print solve ycp lucha-libre --roll 5,5,5,4,6 --wrestler blue-demon --json
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1 --advise
      icp-print solve ycp lucha-libre --dice 4 --wrestler el-bulldog
    """
    from ..validators.ycp.lucha_libre import report
    from ..validators.ycp.lucha_libre.round import reroll_advice
    from ..validators.ycp.lucha_libre.rules import choices, move_odds, moves_in, parse_roll, rules
    from ..validators.ycp.numbers import bounded
    who = rules().wrestlers.get(wrestler)
    if who is None:
        raise InputError(f"unknown wrestler {wrestler!r} (wrestlers: {', '.join(rules().wrestlers)})",
                         field="--wrestler")
    if roll is None:
        most = rules().limits.energy_max
        count = most if dice is None else bounded(dice, "--dice", 1, most, "the dice a wrestler rolls")
        odds = move_odds(wrestler, count)
        _show(as_json, report.odds_json(wrestler, count, odds), report.odds_text(who, count, odds))
        return
    rolled = parse_roll(roll)
    if advise:
        advice = reroll_advice(rolled, wrestler)
        _show(as_json, report.advice_json(wrestler, rolled, advice),
              report.advice_text(who, wrestler, rolled, advice))
        return
    found, plays = moves_in(rolled, wrestler), choices(rolled, wrestler)
    _show(as_json, report.roll_json(wrestler, rolled, found, plays), report.roll_text(who, rolled, found, plays))


@solve_command.command("mad-maxence")
@click.option("--tech", type=click.IntRange(0, 40), help="Combat: TECH, the coins flipped each round.")
@click.option("--cb", type=click.IntRange(0, 40), help="Combat: Maxence's Combativeness.")
@click.option("--foe", type=click.IntRange(1, 40), help="Combat: the opponent's Combativeness.")
@click.option("--tu", type=int, default=0, show_default=True, help="Combat: the TU gauge when the fight starts.")
@click.option("--fight", is_flag=True, help="Combat: play one fight with --seed, round by round.")
@click.option("--skill", type=click.IntRange(0, 40), help="Test: the skill's value (coins flipped).")
@click.option("--difficulty", type=click.IntRange(0, 40), help="Test: the difficulty.")
@click.option("--elude", type=click.Choice(["easy", "hard"]),
              help="Elude: the maneuver (uses --skill as Driving).")
@seed_option
@json_option
def solve_mad_maxence(tech, cb, foe, tu, fight, skill, difficulty, elude, seed, as_json) -> None:
    """Exact odds of a heads-or-tails test, an elude or a whole combat, or one seeded fight.

    \b
    Examples:
      icp-print solve ycp mad-maxence --skill 3 --difficulty 2
      icp-print solve ycp mad-maxence --elude hard --skill 4
      icp-print solve ycp mad-maxence --tech 3 --cb 4 --foe 3 --tu 12
      icp-print solve ycp mad-maxence --tech 3 --cb 4 --foe 3 --fight --seed 7
    """
    from ..validators.ycp.mad_maxence import report
    from ..validators.ycp.mad_maxence import rules as mm
    from ..validators.ycp.numbers import bounded
    if elude is not None:
        if skill is None:
            raise InputError("an elude needs --skill, the Driving value", field="--skill")
        man, p = mm.rules().maneuvers[elude], mm.elude_odds(elude, skill)
        _show(as_json, report.elude_json(man, skill, p), report.elude_text(man, skill, p))
        return
    if skill is not None or difficulty is not None:
        if skill is None or difficulty is None:
            raise InputError("a test needs both --skill and --difficulty", field="--skill")
        p = mm.success_odds(skill, difficulty)
        _show(as_json, report.test_json(skill, difficulty, p), report.test_text(skill, difficulty, p))
        return
    if tech is None or cb is None or foe is None:
        raise InputError("give --skill and --difficulty for a test, or --tech, --cb and --foe for a combat",
                         field="--tech")
    bounded(tu, "--tu", 0, mm.rules().tu_limit, "the TU gauge")
    if fight:
        combat = mm.fight(tech, cb, foe, tu, random.Random(seed))
        _show(as_json, report.fight_json(combat, tu), report.fight_text(combat, tu))
        return
    odds = mm.combat_odds(tech, cb, foe, tu)
    _show(as_json, report.combat_json(tech, cb, foe, tu, odds), report.combat_text(tech, cb, foe, tu, odds))
