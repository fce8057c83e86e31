"""Yic Yac Yoe commands: print boards, solve a variant, play against the solver."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import click

from ..validators.yicyacyoe.variant import Variant
from .common import (Finite, echo_json, emit, json_option, out_option, outputs_from,
                     seed_option, settings_from, sheet_options)


def variant_options(smallest: int, default_size: int | None = None):
    """--size, --row, --per-turn, --lines and the rule switches, the same on every command."""
    def decorate(func):
        options = [
            click.option("--size", type=click.IntRange(smallest, 15),
                         default=default_size, required=default_size is None,
                         show_default=default_size is not None,
                         help="Board size N (an N x N board)."),
            click.option("--row", type=int, default=None,
                         help="Row length K that loses (default: the board size)."),
            click.option("--per-turn", type=click.IntRange(1, 3), default=1, show_default=True,
                         help="Marks per turn: 1, 2 (Youbles) or 3 (Yriples)."),
            click.option("--free-placement", is_flag=True,
                         help="With 2 or 3 marks a turn, place them anywhere instead of in a "
                              "straight line of neighbouring cells."),
            click.option("--lines", type=click.Choice(["bent", "straight"]), default=None,
                         help="With 3 marks a turn: the marks are a group of touching cells "
                              "that may bend (bent, the default) or one straight line "
                              "(straight)."),
            click.option("--shared-marks", is_flag=True,
                         help="All marks are the same: whoever completes any row loses."),
            click.option("--exact-rows", is_flag=True,
                         help="Only runs of exactly K lose; longer runs do not count."),
        ]
        for option in reversed(options):
            func = option(func)
        return func
    return decorate


def variant_from(kwargs: dict) -> Variant:
    """Pop the variant options out of a command's keyword arguments."""
    p = kwargs.pop("per_turn")
    free = kwargs.pop("free_placement")
    lines = kwargs.pop("lines")
    return Variant(kwargs.pop("size"), kwargs.pop("row"), p, False if free else None,
                   kwargs.pop("shared_marks"), not kwargs.pop("exact_rows"),
                   None if lines is None else lines == "bent")


@click.command("yicyacyoe")
@out_option("yicyacyoe-boards.pdf")
@variant_options(3, default_size=3)
@click.option("--count", type=click.IntRange(1, 500), default=None,
              help="How many boards (default: as many as fill one sheet).")
@sheet_options
def print_command(out: Path, count: int | None, **kwargs) -> None:
    """Print Yic Yac Yoe boards: N x N grids (3 to 15) with the variant on each.

    Small boards share a sheet; from 10 x 10 up a board takes the page width.
    Boards are one-sided, so no back pages are printed.

    \b
    Examples:
      icp-print yicyacyoe --size 4 --out boards.pdf
      icp-print yicyacyoe --size 5 --row 3 --per-turn 2 --count 12 --out boards.pdf
    """
    from ..generators.yicyacyoe import BoardsOptions, build
    settings = settings_from(kwargs)
    outputs = outputs_from(kwargs)
    emit(build(settings, BoardsOptions(variant_from(kwargs), count)), out, **outputs)


@click.command("yicyacyoe")
@variant_options(1)
@click.option("--time-limit", type=Finite(0.01, None), default=None,
              help="Stop after this many seconds and report the bounds proven so far.")
@click.option("--workers", type=click.IntRange(1, 1024), default=None,
              help="Search each first turn on its own, on this many processes (without it: "
                   "one search over the whole tree). The same numbers for any count.")
@click.option("--method", type=click.Choice(["alpha-beta", "proof-number"]), default="alpha-beta",
              show_default=True,
              help="How the search asks its yes/no questions: alpha-beta, or proof-number "
                   "search (one mark a turn with own marks; other variants use alpha-beta).")
@click.option("--table-size", type=click.IntRange(1000, None), default=None,
              help="Positions the table keeps before it drops its deepest half (default "
                   "5,000,000, about 400 MB; a long solve may keep more, up to 1,000,000,000).")
@click.option("--value-only", is_flag=True,
              help="Stop once the value is proven, without testing each first turn (one search; "
                   "not with --workers).")
@json_option
def solve_command(time_limit: float | None, workers: int | None, method: str,
                  table_size: int | None, value_only: bool, as_json: bool, **kwargs) -> None:
    """Exact value of a Yic Yac Yoe variant for the first player, and every best first turn.

    Progress goes to stderr on long solves.  Values: win, draw or loss for
    the player who moves first, with perfect play on both sides.

    \b
    Examples:
      icp-print solve yicyacyoe --size 4 --row 3
      icp-print solve yicyacyoe --size 4 --per-turn 2 --free-placement --json
      icp-print solve yicyacyoe --size 5 --row 3 --time-limit 60
      icp-print solve yicyacyoe --size 5 --row 4 --workers 2 --time-limit 600
      icp-print solve yicyacyoe --size 3 --method proof-number
      icp-print solve yicyacyoe --size 4 --value-only
    """
    from ..validators.errors import InputError
    from ..validators.yicyacyoe.engine import start
    from ..validators.yicyacyoe.report import solution_json, solution_lines
    from ..validators.yicyacyoe.search import LARGEST_TABLE, MAX_ENTRIES, Search
    from ..validators.yicyacyoe.solver import solve
    from ..validators.yicyacyoe.split import solve_split
    variant = variant_from(kwargs)
    if table_size is not None and table_size > LARGEST_TABLE:
        raise InputError(f"{table_size:,} positions is more than a table may keep "
                         f"(at most {LARGEST_TABLE:,})", field="--table-size")
    if value_only and workers is not None:
        raise InputError("--value-only searches one tree: leave out --workers", field="--value-only")

    def progress(message: str) -> None:
        click.echo(f"solving {variant.describe()}: {message}", err=True)

    if workers is None:
        result = solve(start(variant), time_limit=time_limit, progress=progress,
                       search=Search(variant, method=method, max_entries=table_size or MAX_ENTRIES),
                       best=not value_only)
    else:
        result = solve_split(start(variant), workers, time_limit=time_limit, progress=progress,
                             method=method, table_size=table_size or MAX_ENTRIES)
    if as_json:
        echo_json(solution_json(variant, result))
    else:
        click.echo("\n".join(solution_lines(variant, result)))


@click.command("yicyacyoe")
@variant_options(1)
@click.option("--first", type=click.Choice(["you", "computer"]), default="you", show_default=True,
              help="Who places the first turn: you or the computer.")
@click.option("--think", type=Finite(0.1, 600), default=3.0, show_default=True,
              help="Seconds the computer may search per turn before it plays by heuristic.")
@seed_option
def play_command(first: str, think: float, seed: int, **kwargs) -> None:
    """Play Yic Yac Yoe in the terminal against the solver.

    Type cells like b2 (columns are letters, rows numbers, a1 bottom left);
    with 2 or 3 marks a turn type them all: b2 c2.  Type quit to stop.  On
    boards too big to solve in --think seconds the computer looks two turns
    ahead instead.

    \b
    Examples:
      icp-print play yicyacyoe --size 3
      icp-print play yicyacyoe --size 4 --row 3 --per-turn 2 --first computer --seed 7
    """
    from ..validators.yicyacyoe.session import play_game

    def read(prompt: str) -> str | None:
        click.echo(prompt, nl=False)
        line = sys.stdin.readline()
        if not line:
            click.echo()
            return None
        return line

    play_game(variant_from(kwargs), 0 if first == "you" else 1, think, random.Random(seed),
              read, click.echo)
