"""Entry point: the ``icp-print`` group, its shared error handling, and the
list of modules that add commands to it."""
from __future__ import annotations

import importlib
import os
import sys

import click

from ..validators.errors import IcpError
from . import __name__ as _package
from .common import VERSION

# Each module defines ``register(cli, solve, play)`` and adds its commands.
COMMAND_MODULES = (
    "core",
    "ryb",
    "yield_",
    "yield_solve",
    "accellerator",
    "ycp",
    "yicyacyoe",
    "yeah",
    "dice",
)


class IcpGroup(click.Group):
    """A group that turns every expected failure into one line and an exit code."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except IcpError as exc:
            click.echo(f"icp-print: error: {exc}", err=True)
            ctx.exit(exc.exit_code)
        except KeyboardInterrupt:
            click.echo("icp-print: interrupted", err=True)
            ctx.exit(130)
        except BrokenPipeError:
            ctx.exit(0)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise
        except Exception as exc:  # a bug of ours: say so briefly, details on request
            if os.environ.get("ICP_PRINT_DEBUG"):
                raise
            click.echo(f"icp-print: internal error: {type(exc).__name__}: {exc}\n"
                       "Set ICP_PRINT_DEBUG=1 to see the traceback, and please report it.",
                       err=True)
            ctx.exit(3)


@click.group(cls=IcpGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(VERSION, prog_name="icp-print")
def main() -> None:
    """Print-ready, rules-checked components for Invisible City Productions'
    free print-and-play games.

    Every generator writes a true-size vector PDF (A4 or Letter) with crop
    marks and aligned double-sided backs; `check` verifies a PDF or a custom
    component file against the game's rules.  Example:

        icp-print ryb --out deck.pdf
    """


@main.group(cls=click.Group)
def solve() -> None:
    """Search over a game's rules: odds, layouts, moves, perfect play."""


@main.group(cls=click.Group)
def play() -> None:
    """Play a game in the terminal against the solver."""


for _name in COMMAND_MODULES:
    importlib.import_module(f"{_package}.{_name}").register(main, solve, play)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
