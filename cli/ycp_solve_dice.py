"""``icp-print solve ycp lucha-libre`` and ``... mad-maxence``: the two games of
chance by dice and by coins, worked out (exact odds, every way to use a roll, one
seeded fight).  The rules live in ``validators/ycp/lucha_libre_*.py`` and
``validators/ycp/mad_maxence_rules.py``; :mod:`.ycp_solve` adds these commands to
its ``solve ycp`` group.
"""
from __future__ import annotations

import random

import click

from ..validators.errors import InputError
from .common import echo_json, json_option, seed_option
from .ycp_solve_common import exact


@click.command("lucha-libre")
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
    from ..validators.ycp.lucha_libre.rules import move_odds, moves_in, parse_roll, rules, ways_to_use
    who = rules().wrestlers.get(wrestler)
    if who is None:
        raise InputError(f"unknown wrestler {wrestler!r} (wrestlers: {', '.join(rules().wrestlers)})",
                         field="--wrestler")
    if roll is None:
        odds = move_odds(wrestler, dice)
        labels = {s.id: s.label for s in rules().specs}
        if as_json:
            echo_json({"wrestler": wrestler, "dice": dice, "moves": {k: exact(p) for k, p in odds.items()}})
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
    from ..validators.ycp.lucha_libre.round import reroll_advice
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


@click.command("mad-maxence")
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
    from ..validators.ycp.mad_maxence import rules as mm
    if elude is not None:
        if skill is None:
            raise InputError("an elude needs --skill, the Driving value", field="--skill")
        man = mm.rules().maneuvers[elude]
        p = mm.elude_odds(elude, skill)
        if as_json:
            echo_json({"maneuver": elude, "driving": skill, "tu_if_it_works": man.tu, **exact(p)})
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
            echo_json({"skill": skill, "difficulty": difficulty, **exact(p)})
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
                   "outcomes": {k: exact(p) for k, p in odds.items()}})
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
