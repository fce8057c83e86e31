"""``icp-print dice``: d6 nets and heads/tails coins for players without them."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.dice.model import COINS_FOR_MAD_MAXENCE, DICE_FOR_LUCHA_LIBRE, FACE_MM, FACE_RANGE
from ..validators.errors import InputError
from .common import (Finite, card_export, emit, export_cards_option, out_option, outputs_from, settings_from,
                     sheet_options)


@click.command("dice")
@out_option("dice.pdf")
@click.option("--dice", "dice", type=click.IntRange(0, 200), default=DICE_FOR_LUCHA_LIBRE,
              show_default=True, help="How many d6 nets (Lucha Libre needs 10).")
@click.option("--coins", type=click.IntRange(0, 200), default=COINS_FOR_MAD_MAXENCE,
              show_default=True, help="How many heads/tails coins (Mad Maxence needs 3).")
@click.option("--face", type=Finite(*FACE_RANGE), default=FACE_MM, show_default=True,
              help="Side of a die face in mm.")
@export_cards_option
@sheet_options
def print_command(out: Path, dice: int, coins: int, face: float, **kwargs) -> None:
    """Print d6 nets to cut, fold and glue, and heads/tails coins.

    Cut along the solid lines, fold along the dashed ones (printed side out)
    and glue the grey tabs inside. Coins are printed double-sided: HEADS on
    the front, TAILS behind it.  --export-cards writes each coin's two faces for
    a print-on-demand service's round tokens (a net is folded, not ordered).

    \b
    Example:
      icp-print dice --dice 6 --coins 3 --out dice.pdf
    """
    from ..generators.dice import DiceOptions, build
    if dice == 0 and coins == 0:
        raise click.BadParameter("nothing to print: ask for at least one die or coin",
                                 param_hint="--dice/--coins")
    settings = settings_from(kwargs)
    export_dir, outputs = kwargs.pop("export_dir"), outputs_from(kwargs)
    if export_dir is not None and coins == 0:
        raise InputError("only coins are exported: a die's net is folded into a cube, not a face a "
                         "print-on-demand service prints on its own; ask for --coins", field="--export-cards")
    emit(build(settings, DiceOptions(dice, coins, face)), out,
         extra=card_export(export_dir, settings.bleed, outputs["dpi"]), **outputs)
