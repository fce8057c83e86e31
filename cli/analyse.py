"""``icp-print analyse GAME``: play many whole games with computer players and report
balance, difficulty, game length and what got used."""
from __future__ import annotations

import shlex
import sys
from pathlib import Path

import click

from ..validators.analysis.games import load_game
from ..validators.analysis.players import parse_policies
from ..validators.analysis.runner import MAX_TURNS, PLAYOUTS, matchup, run
from ..validators.analysis.text import Run, analysis_json, analysis_lines
from ..validators.errors import InputError, RuleError
from ..validators.formats import paper as find_paper
from ..validators.formats import paper_names
from ..validators.play import difficulty_of
from .common import OutputPath, command_inputs, echo_json, json_option, seed_option

REPORT_KINDS = {".pdf": "pdf", ".html": "html", ".htm": "html"}
PROGRESS_FROM = 2000     # games; smaller runs finish before a bar is worth drawing


def _variants(values: tuple[str, ...]) -> dict[str, str]:
    chosen = {}
    for text in values:
        key, sep, value = text.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise InputError(f"write a variant as KEY=VALUE, not {text!r}", field="--variant")
        chosen[key.strip().lower()] = value.strip().lower()
    return chosen


@click.command("analyse")
@click.argument("game")
@click.option("--games", type=click.IntRange(1, 100_000_000), default=1000, show_default=True,
              help="Games to play (for a solo game: per difficulty mode).")
@click.option("--players", type=click.IntRange(1, 16), default=None,
              help="Players per game (default: the fewest the game allows).")
@click.option("--policy", default="greedy", show_default=True,
              help="Computer player strength, random, greedy or search: one for every seat, or "
              "one per seat separated by commas (search,greedy).")
@click.option("--rotate", is_flag=True,
              help="Move the strengths one seat on every game, to compare strengths without "
              "seat order getting in the way.")
@click.option("--deck", "deck_file", type=click.Path(dir_okay=False, path_type=Path),
              help="RYB: a deck file; its figures are shown beside the reference deck's.")
@click.option("--variant", "variants", multiple=True, metavar="KEY=VALUE",
              help="A game option, repeatable: e.g. variable=tea-party, hand=5 or "
              "banking=optional for RYB. A solo game left without its difficulty mode is "
              "analysed in every mode.")
@click.option("--playouts", type=click.IntRange(1, 1_000_000), default=PLAYOUTS, show_default=True,
              help="Playouts per decision of the search player.")
@click.option("--max-turns", type=click.IntRange(1, 10_000_000), default=MAX_TURNS,
              show_default=True, help="Stop a game that has not ended after this many turns.")
@click.option("--workers", type=click.IntRange(1, 1024), default=None,
              help="Processes to play on (default: every core).")
@click.option("--scheduler", metavar="tcp://HOST:PORT", default=None,
              help="Run the batches on this Dask cluster instead (pip install "
              "'icp-print[cluster]'; every worker needs icp-print installed).")
@seed_option
@json_option
@click.option("--report", "report_file", type=OutputPath(dir_okay=False, path_type=Path),
              help="Also write a report with charts: a .pdf, or a self-contained .html.")
@click.option("--paper", type=click.Choice(paper_names()), default=paper_names()[0], show_default=True,
              help="Paper size of the PDF report's pages.")
def analyse_command(game: str, games: int, players: int | None, policy: str, rotate: bool,
                    deck_file: Path | None, variants: tuple[str, ...], playouts: int,
                    max_turns: int, workers: int | None, scheduler: str | None, seed: int,
                    as_json: bool, report_file: Path | None, paper: str) -> None:
    """Play GAME many times with computer players and report how it plays: win rate by seat
    with 95% intervals, first-player advantage, game length in turns and rounds, draws and
    games stopped by the turn cap, how often each card, action or rule fired and, for a solo
    game, the win probability in each difficulty mode.

    Same seed, same numbers, on one core, many or a cluster.  GAME is ryb or
    any other game with a whole-game engine (an unknown name lists them).  Mad Maxence
    cannot be analysed: it is played from its adventure booklet, which is not published.
    For long runs of RYB or The Last Glow, install with their engines compiled
    (ICP_PRINT_COMPILE=1 pip install ., see docs/analysis.md): RYB about three times as
    fast, the same numbers.

    \b
    Examples:
      icp-print analyse ryb --players 4 --games 20000 --report ryb.pdf
      icp-print analyse ryb --players 3 --deck my-deck.toml --report deck.html
      icp-print analyse ryb --players 2 --policy search,greedy --rotate --games 200
      icp-print analyse which-side --games 2000 --report which-side.pdf --paper letter
    """
    kind = _report_kind(report_file, click.get_current_context())
    if report_file is not None:
        from ..generators.writing import check_targets
        check_targets([("--report", report_file)], command_inputs())
    engine = load_game(game)
    seats = players or engine.min_players
    strengths = parse_policies(policy, seats)
    chosen = _variants(variants)
    common = {"seed": seed, "max_turns": max_turns, "playouts": playouts, "rotate": rotate}
    plans = []
    mode_key = difficulty_of(engine)
    if deck_file is not None:
        plans.append((f"deck {deck_file.name}", _deck_game(game, deck_file), chosen))
        plans.append(("reference deck", engine, chosen))
    elif seats == 1 and mode_key is not None and mode_key not in chosen:
        plans += [(f"{mode_key} {mode}", engine, {**chosen, mode_key: mode})
                  for mode in engine.variants[mode_key]]
    else:
        plans.append((engine.name, engine, chosen))
    matches = [(label, matchup(g, seats, strengths, v, **common)) for label, g, v in plans]
    results = []
    with _progress(games * len(matches), as_json) as bar:
        for label, match in matches:
            done = [0]

            def advance(total: int, done: list[int] = done) -> None:
                bar.update(total - done[0])
                done[0] = total

            results.append(Run(label, match, run(match, games, workers=workers,
                                                 scheduler=scheduler, progress=advance)))
    command = _command(click.get_current_context())
    compared = deck_file is not None
    data = analysis_json(engine.name, command, results, compared)
    lines = analysis_lines(engine.name, command, results, compared)
    if report_file is not None:
        from ..generators.analysis_report import report_bytes
        from ..generators.writing import Output, write_all
        write_all([Output(report_file, report_bytes(data, lines, kind, find_paper(paper)), "--report")],
                  command_inputs())
    if as_json:
        echo_json(data)
    else:
        for line in lines:
            click.echo(line)
        if report_file is not None:
            click.echo(f"wrote {report_file}")


def _report_kind(report_file: Path | None, ctx: click.Context) -> str:
    """``pdf`` or ``html`` by the report's name (empty with no report); a ``--paper`` given for
    anything but a PDF report is refused, rather than left to do nothing."""
    kind = "" if report_file is None else REPORT_KINDS.get(report_file.suffix.lower(), "")
    if report_file is not None and not kind:
        raise InputError("the report is a .pdf or an .html file", source=str(report_file),
                         field="--report")
    if kind != "pdf" and ctx.get_parameter_source("paper") != click.core.ParameterSource.DEFAULT:
        raise InputError("sets the pages of a PDF report: give it with --report FILE.pdf", field="--paper")
    return kind


def _deck_game(game: str, deck_file: Path):
    if game.lower() != "ryb":
        raise InputError("--deck is for RYB", field="--deck")
    from ..validators.ryb.deck import check_deck, load_deck
    from ..validators.ryb.play import game_for_deck
    deck = load_deck(deck_file)
    broken = [f for f in check_deck(deck) if not f.ok]
    if broken:
        raise RuleError(f"the deck breaks the rules ({broken[0].rule}: {broken[0].message}); "
                        "`icp-print check` lists every problem", source=str(deck_file),
                        field=broken[0].where or "deck")
    return game_for_deck(deck)


class _NoBar:
    def __enter__(self) -> _NoBar:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def update(self, n: int) -> None:
        return None


def _progress(total: int, quiet: bool):
    if quiet or total < PROGRESS_FROM:
        return _NoBar()
    return click.progressbar(length=total, label="playing", file=sys.stderr, show_eta=True)


def _command(ctx: click.Context) -> str:
    """The command line that gives these numbers: every option not left at its default."""
    words = ["icp-print", "analyse", ctx.params["game"]]
    for param in ctx.command.params:
        name = param.name or ""
        if not isinstance(param, click.Option) or \
                ctx.get_parameter_source(name) == click.core.ParameterSource.DEFAULT:
            continue
        value = ctx.params[name]
        flag = param.opts[0]
        if param.is_flag:
            words.append(flag)
        elif param.multiple:
            for item in value:
                words += [flag, str(item)]
        else:
            words += [flag, str(value)]
    return " ".join(shlex.quote(w) for w in words)
