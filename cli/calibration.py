"""``icp-print calibrate``: the sheet that checks scale and duplex drift."""
from __future__ import annotations

from pathlib import Path

import click

from .common import emit, out_option, outputs_from, settings_from, sheet_options


@click.command("calibrate")
@out_option("calibration.pdf")
@sheet_options
def print_command(out: Path, **kwargs) -> None:
    """Print a sheet that confirms 100% scale and measures duplex drift.

    Measure the 100 mm ruler, the 4 inch ruler and the 1 cm grid, then hold the
    printed sheet against the light: where the front's crosses fall on the
    back's scales is the --back-offset X,Y to give every other command.

    \b
    Example:
      icp-print calibrate --paper letter --out calibration.pdf
    """
    from ..generators.calibration import build
    settings = settings_from(kwargs)
    emit(build(settings), out, **outputs_from(kwargs))
