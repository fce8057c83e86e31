"""Entry point: the ``icp-print`` group and its shared error handling.

Every command is listed here by name and imported only when it runs (click's
lazy-group pattern), so ``icp-print --help`` loads no game and no PDF library.
The games' commands come from :data:`~..validators.registry.GAMES`: each game's
``cli/<package>.py`` holds ``print_command`` and, if the game has them,
``solve_command`` and ``play_command``.
"""
from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass

import click

from ..validators.errors import IcpError, shorten
from ..validators.registry import GAMES
from . import __name__ as _package
from . import __version__


@dataclass(frozen=True)
class LazyCommand:
    """Where a command lives, and the line ``--help`` shows without importing it."""

    module: str
    attribute: str
    summary: str | None = None

    def load(self) -> click.Command:
        command = getattr(importlib.import_module(self.module), self.attribute)
        assert isinstance(command, click.Command), f"{self.module}.{self.attribute}"
        return command


class LazyGroup(click.Group):
    """A group whose commands are imported only when invoked (or listed without a summary)."""

    def __init__(self, *args: object, lazy: Mapping[str, LazyCommand], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = dict(lazy)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            self.add_command(self.lazy[cmd_name].load(), cmd_name)
        return super().get_command(ctx, cmd_name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command table, from the summaries where known so nothing is imported."""
        names = self.list_commands(ctx)
        if not names:
            return
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = []
        for name in names:
            summary = self.lazy[name].summary if name in self.lazy else None
            if summary is not None:
                rows.append((name, click.Command(name, help=summary).get_short_help_str(limit)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):
            formatter.write_dl(rows)


HELP_ERRORS = tuple(getattr(click.exceptions, name) for name in ("NoArgsIsHelpError",)
                    if hasattr(click.exceptions, name))   # a bare command asks for its help


def usage_line(exc: click.ClickException) -> str:
    """A command-line mistake on one line, naming the option, with a long value shortened.

    >>> usage_line(click.BadParameter("'nan' is not a finite number.", param=click.Option(["--margin"])))
    "--margin: 'nan' is not a finite number."
    >>> usage_line(click.NoSuchOption("--bleeed"))
    "No such option '--bleeed'."
    """
    param = getattr(exc, "param", None)
    if isinstance(exc, click.BadParameter) and not isinstance(exc, click.MissingParameter) and param:
        name = param.human_readable_name if isinstance(param, click.Argument) else "/".join(param.opts)
        return f"{name}: {shorten(exc.message)}"
    return shorten(exc.format_message())


def _say(exc: click.ClickException) -> click.exceptions.Exit:
    click.echo(f"icp-print: error: {usage_line(exc)}", err=True)
    return click.exceptions.Exit(exc.exit_code)


class IcpGroup(LazyGroup):
    """The top-level group: turns every expected failure into one line and an exit code."""

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: object) -> click.Context:
        try:
            return super().make_context(info_name, args, parent=parent, **extra)  # type: ignore[arg-type]
        except HELP_ERRORS:
            raise
        except click.ClickException as exc:
            raise _say(exc) from None

    def invoke(self, ctx: click.Context) -> object:
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
        except (click.exceptions.Exit, click.Abort, *HELP_ERRORS):
            raise
        except click.ClickException as exc:     # an option's value or name is wrong
            raise _say(exc) from None
        except Exception as exc:  # a bug of ours: say so briefly, details on request
            if os.environ.get("ICP_PRINT_DEBUG"):
                raise
            click.echo(f"icp-print: internal error: {type(exc).__name__}: {exc}\n"
                       "Set ICP_PRINT_DEBUG=1 to see the traceback, and please report it.",
                       err=True)
            ctx.exit(3)


def _core(attribute: str, summary: str | None = None) -> LazyCommand:
    return LazyCommand(f"{_package}.core", attribute, summary)


PRINT_COMMANDS = {
    "check": _core("check_command"),
    "all": _core("all_command"),
    "analyse": LazyCommand(f"{_package}.analyse", "analyse_command",
                           "Play many whole games with computer players: balance, difficulty, length."),
    **{g.command: LazyCommand(g.module("cli"), "print_command", g.summary) for g in GAMES},
}
SOLVE_COMMANDS = {g.id: LazyCommand(g.module("cli"), "solve_command") for g in GAMES if g.solve}
PLAY_COMMANDS = {g.id: LazyCommand(g.module("cli"), "play_command") for g in GAMES if g.play}


def _show_version(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from ..validators.analysis import engines_build
    click.echo(f"icp-print, version {__version__} (analysis engines: {engines_build()})")
    ctx.exit()


@click.group(cls=IcpGroup, lazy=PRINT_COMMANDS,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_show_version,
              help="Show the version, and whether the analysis engines are compiled, and exit.")
def main() -> None:
    """Print-ready, rules-checked components for Invisible City Productions'
    free print-and-play games.

    Every generator writes a true-size vector PDF (A4 or Letter) with crop
    marks and aligned double-sided backs; `check` verifies a PDF or a custom
    component file against the game's rules.  Example:

        icp-print ryb --out deck.pdf
    """


@main.group(cls=LazyGroup, lazy=SOLVE_COMMANDS)
def solve() -> None:
    """Search over a game's rules: odds, layouts, moves, perfect play."""


@main.group(cls=LazyGroup, lazy=PLAY_COMMANDS)
def play() -> None:
    """Play a game in the terminal against the solver."""


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
