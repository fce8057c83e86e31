"""``icp-print solve ycp GAME``: the YCP games' dice, coin and storm rules, worked out.

Each game is one sub-command; all the rules live in ``validators/ycp/*_rules.py``.
"""
from __future__ import annotations

import random
from fractions import Fraction

import click

from ..validators.errors import InputError
from .common import echo_json, json_option, seed_option

MAX_TEXT = 60


def parse_numbers(text: str, option: str, *, lo: int, hi: int, count: tuple[int, int]) -> tuple[int, ...]:
    """Whole numbers separated by commas or spaces, each in ``lo..hi``, ``count`` of them.

    >>> parse_numbers("3,2", "--heart", lo=1, hi=6, count=(2, 2))
    (3, 2)
    """
    parts = text[:MAX_TEXT + 1].replace(",", " ").split()
    if len(text) > MAX_TEXT or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise InputError(f"cannot read {text[:MAX_TEXT]!r}: write whole numbers like 3,2", field=option)
    values = tuple(int(p) for p in parts)
    if not count[0] <= len(values) <= count[1]:
        wanted = str(count[0]) if count[0] == count[1] else f"{count[0]} to {count[1]}"
        raise InputError(f"expected {wanted} numbers, got {len(values)}", field=option)
    if any(not lo <= v <= hi for v in values):
        raise InputError(f"every number must be from {lo} to {hi}", field=option)
    return values


def _exact(p: Fraction) -> dict:
    return {"probability": float(p), "exact": f"{p.numerator}/{p.denominator}"}


@click.group("ycp")
def solve_ycp() -> None:
    """Work out the YCP postcard games' rules: moves in a roll, coin odds, storm moves.

    \b
    Examples:
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1 --wrestler el-santo
      icp-print solve ycp mad-maxence --tech 3 --cb 4 --foe 3
      icp-print solve ycp the-last-glow --heart 3,2 --roll 4 --lighthouse 4,4
    """


@solve_ycp.command("lucha-libre")
@click.option("--roll", help="The dice showing, like 3,3,5,6,1 (2 to 5 dice).")
@click.option("--wrestler", default="el-santo", show_default=True,
              help="The wrestler in the Ring: el-santo, el-cavernario, blue-demon, el-bulldog.")
@click.option("--dice", type=click.IntRange(1, 5), default=5, show_default=True,
              help="Without --roll: the exact chance a roll of this many dice holds each move.")
@click.option("--advise", is_flag=True,
              help="With --roll: which dice to keep for one reroll (1 Fan), by expected Fans.")
@json_option
def solve_lucha_libre(roll: str | None, wrestler: str, dice: int, advise: bool, as_json: bool) -> None:
    """The moves a roll holds and every way to use it (one die, one move).

    \b
    Examples:
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1
      icp-print solve ycp lucha-libre --roll 5,5,5,4,6 --wrestler blue-demon --json
      icp-print solve ycp lucha-libre --roll 3,3,5,6,1 --advise
      icp-print solve ycp lucha-libre --dice 4 --wrestler el-bulldog
    """
    from ..validators.ycp.lucha_libre_rules import move_odds, moves_in, parse_roll, rules, ways_to_use
    who = rules().wrestlers.get(wrestler)
    if who is None:
        raise InputError(f"unknown wrestler {wrestler!r} (wrestlers: {', '.join(rules().wrestlers)})",
                         field="--wrestler")
    if roll is None:
        odds = move_odds(wrestler, dice)
        labels = {s.id: s.label for s in rules().specs}
        if as_json:
            echo_json({"wrestler": wrestler, "dice": dice, "moves": {k: _exact(p) for k, p in odds.items()}})
            return
        click.echo(f"{who.name}, one roll of {dice} dice (no reroll):")
        for move_id, p in odds.items():
            click.echo(f"  {labels[move_id]:<18}{float(p):>8.2%}  ({p.numerator}/{p.denominator})")
        return
    dice_rolled = parse_roll(roll)
    if advise:
        _advise(dice_rolled, wrestler, who.name, as_json)
        return
    found, plays = moves_in(dice_rolled, wrestler), ways_to_use(dice_rolled, wrestler)
    if as_json:
        echo_json({"wrestler": wrestler, "roll": list(dice_rolled),
                   "moves": [{"move": m.id, "dice": list(m.dice)} for m in found],
                   "plays": [{"moves": [m.id for m in p.moves], "dice": [list(m.dice) for m in p.moves],
                              "unused": list(p.unused), "fans": p.outcome.fans,
                              "opponent_energy": p.outcome.opponent_energy,
                              "own_energy": p.outcome.own_energy, "swap": p.outcome.swap} for p in plays]})
        return
    shown = " ".join(map(str, dice_rolled))
    if not found:
        click.echo(f"{who.name} rolls {shown}: no move.")
        return
    click.echo(f"{who.name} rolls {shown}: {', '.join(m.label for m in found)}")
    click.echo(f"{len(plays)} ways to use it (best first; ENE = opponent / own):")
    for p in plays:
        o = p.outcome
        moves = " + ".join(f"{m.label} [{'-'.join(map(str, m.dice))}]" for m in p.moves)
        swap = ", swap wrestlers" if o.swap else ""
        left = " ".join(map(str, p.unused)) or "none"
        click.echo(f"  {moves}: Fans {o.fans:+d}, ENE {o.opponent_energy:+d}/{o.own_energy:+d}{swap}"
                   f" (unused: {left})")


def _advise(roll, wrestler: str, name: str, as_json: bool) -> None:
    from ..validators.ycp.lucha_libre_round import reroll_advice
    choices = reroll_advice(roll, wrestler)
    if as_json:
        echo_json({"wrestler": wrestler, "roll": list(roll), "choices": [
            {"keep": list(c.keep), "expected_fans": float(c.expected_fans),
             "exact": f"{c.expected_fans.numerator}/{c.expected_fans.denominator}"} for c in choices]})
        return
    click.echo(f"{name} rolls {' '.join(map(str, roll))}: best dice to keep, by expected Fans "
               f"(a reroll costs 1):")
    for c in choices[:8]:
        keep = " ".join(map(str, c.keep)) or "nothing"
        what = "keep all, no reroll" if len(c.keep) == len(roll) else f"keep {keep}"
        click.echo(f"  {what:<26}{float(c.expected_fans):>+7.3f}")


@solve_ycp.command("mad-maxence")
@click.option("--tech", type=click.IntRange(0, 40), help="Combat: TECH, the coins flipped each round.")
@click.option("--cb", type=click.IntRange(0, 40), help="Combat: Maxence's Combativeness.")
@click.option("--foe", type=click.IntRange(1, 40), help="Combat: the opponent's Combativeness.")
@click.option("--tu", type=click.IntRange(0, 20), default=0, show_default=True,
              help="Combat: the TU gauge when the fight starts.")
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
    from ..validators.ycp import mad_maxence_rules as mm
    if elude is not None:
        if skill is None:
            raise InputError("an elude needs --skill, the Driving value", field="--skill")
        man = mm.rules().maneuvers[elude]
        p = mm.elude_odds(elude, skill)
        if as_json:
            echo_json({"maneuver": elude, "driving": skill, "tu_if_it_works": man.tu, **_exact(p)})
        else:
            click.echo(f"{man.label} elude (difficulty {man.difficulty}) with Driving {skill}: "
                       f"{float(p):.2%} ({p.numerator}/{p.denominator}) to move TU {man.tu}; "
                       f"the Fuel is spent either way")
        return
    if skill is not None or difficulty is not None:
        if skill is None or difficulty is None:
            raise InputError("a test needs both --skill and --difficulty", field="--skill")
        p = mm.success_odds(skill, difficulty)
        if as_json:
            echo_json({"skill": skill, "difficulty": difficulty, **_exact(p)})
        else:
            click.echo(f"{skill} coins, difficulty {difficulty}: success {float(p):.2%} "
                       f"({p.numerator}/{p.denominator})")
        return
    if tech is None or cb is None or foe is None:
        raise InputError("give --skill and --difficulty for a test, or --tech, --cb and --foe for a combat",
                         field="--tech")
    if fight:
        _one_fight(mm.fight(tech, cb, foe, tu, random.Random(seed)), tu, as_json)
        return
    odds = mm.combat_odds(tech, cb, foe, tu)
    if as_json:
        echo_json({"tech": tech, "cb": cb, "foe": foe, "tu": tu,
                   "outcomes": {k: _exact(p) for k, p in odds.items()}})
        return
    click.echo(f"TECH {tech}, Cb {cb} against {foe}, TU {tu}:")
    for name, p in odds.items():
        click.echo(f"  {name:<12}{float(p):>8.2%}  ({p.numerator}/{p.denominator})")


def _one_fight(combat, tu: int, as_json: bool) -> None:
    if as_json:
        echo_json({"result": combat.result, "tu_before": tu, "tu_after": combat.tu,
                   "rounds": [{"heads": r.heads, "tails": r.tails, "cb": r.my_cb, "foe": r.foe_cb,
                               "result": r.result} for r in combat.rounds]})
        return
    for i, r in enumerate(combat.rounds, 1):
        click.echo(f"  round {i}: {r.heads} heads, {r.tails} tails -> your Cb {r.my_cb}, foe's Cb {r.foe_cb}"
                   f" ({r.result})")
    click.echo(f"{combat.result}; TU {tu} -> {combat.tu}")


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
    from ..validators.ycp.bonnie_and_clyde_rules import police_action, police_modifier, police_words
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
        echo_json({"modifier": modifier, "rows": {k: _exact(p) for k, p in odds.items()}})
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

    from ..validators.ycp.which_side_rules import dice_for, employer_phase, printed_rows, setup
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
    from ..validators.ycp.last_glow_rules import explosion_odds, resolve_heart, rules
    lines = rules().lines
    if heart is None:
        odds = {line: explosion_odds(line) for line in range(1, lines + 1)}
        if as_json:
            echo_json({"explosion": {str(k): _exact(p) for k, p in odds.items()}})
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
    from ..validators.ycp.toroball_rules import cow_move_odds
    odds = cow_move_odds(ene)
    if as_json:
        echo_json({"ene": ene, "squares": {str(k): _exact(p) for k, p in odds.items()}})
        return
    click.echo(f"Cow with ENE {ene}:")
    for squares, p in odds.items():
        click.echo(f"  {'stays' if squares == 0 else f'{squares} squares':<12}{float(p):>8.2%}")


def register(cli, solve, play) -> None:
    solve.add_command(solve_ycp)
