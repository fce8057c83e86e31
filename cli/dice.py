"""``icp-print dice``: d6 nets and heads/tails coins for players without them."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.dice.model import COINS_FOR_MAD_MAXENCE, DICE_FOR_LUCHA_LIBRE, FACE_MM
from .common import Finite, emit, out_option, outputs_from, settings_from, sheet_options


@click.command("dice")
@out_option("dice.pdf")
@click.option("--dice", "dice", type=click.IntRange(0, 200), default=DICE_FOR_LUCHA_LIBRE,
              show_default=True, help="How many d6 nets (Lucha Libre needs 10).")
@click.option("--coins", type=click.IntRange(0, 200), default=COINS_FOR_MAD_MAXENCE,
              show_default=True, help="How many heads/tails coins (Mad Maxence needs 3).")
@click.option("--face", type=Finite(10, 40), default=FACE_MM, show_default=True,
              help="Side of a die face in mm.")
@sheet_options
def print_command(out: Path, dice: int, coins: int, face: float, **kwargs) -> None:
    """Print d6 nets to cut, fold and glue, and heads/tails coins.

    Cut along the solid lines, fold along the dashed ones (printed side out)
    and glue the grey tabs inside. Coins are printed double-sided: HEADS on
    the front, TAILS behind it.

    \b
    Example:
      icp-print dice --dice 6 --coins 3 --out dice.pdf
    """
    from ..generators.dice import DiceOptions, build
    if dice == 0 and coins == 0:
        raise click.BadParameter("nothing to print: ask for at least one die or coin",
                                 param_hint="--dice/--coins")
    emit(build(settings_from(kwargs), DiceOptions(dice, coins, face)), out, **outputs_from(kwargs))
