"""Accellerator commands: ``icp-print accellerator`` prints the board and pieces,
``icp-print solve accellerator`` traces moves, finds the best choice and simulates games."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.accellerator.board_file import standard_board
from ..validators.accellerator.model import BOUNCES, Rules
from ..validators.accellerator.report import (best_json, best_lines, simulation_lines, trace_json,
                                              trace_lines)
from ..validators.accellerator.scenario import load_scenario, play_scenario, with_bounce
from ..validators.accellerator.search import best_for_rolls
from ..validators.accellerator.simulate import MAX_TURNS, POLICIES, simulate
from ..validators.errors import InputError
from .common import (Finite, echo_json, emit, json_option, out_option, outputs_from,
                     seed_option, settings_from, sheet_options)


bounce_option = click.option(
    "--bounce", type=click.Choice(BOUNCES), default=None,
    help="How a pawn bounces off the edge: 'stay' (the step is spent turning round on the edge "
    "space; the default) or 're-enter' (it steps into the missing space, turns, and its next "
    "step comes back onto the edge space). With --scenario, overrides the file's \"bounce\".")


@click.command("accellerator")
@out_option("accellerator.pdf")
@click.option("--cell", "cell_mm", type=Finite(10, 40), default=None,
              help="Side of a board space in mm (default 15, from board.toml). A board larger "
              "than the paper prints over several pages with overlap strips to tape.")
@bounce_option
@sheet_options
def print_command(out: Path, cell_mm: float | None, bounce: str | None, **kwargs) -> None:
    """Print the Accellerator board, pawns, deflectors, electrons, energy tokens and player aids.

    The board is an 11 x 11 grid with the reactor in the centre and a home
    with its collector in the middle of each edge. At the default 15 mm a
    space it fits one A4 or Letter page; bigger spaces tile it over several
    pages (line up the crosses in the grey overlap strips and tape).

    \b
    Examples:
      icp-print accellerator --out board.pdf
      icp-print accellerator --cell 20 --paper letter --out big-board.pdf
      icp-print accellerator --bounce re-enter --out board.pdf
    """
    from ..generators.accellerator import AccelleratorOptions, build
    settings = settings_from(kwargs)
    options = AccelleratorOptions(cell_mm=cell_mm, bounce=bounce or BOUNCES[0])
    emit(build(settings, options), out, **outputs_from(kwargs))


@click.command("accellerator")
@click.option("--scenario", "scenario_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A board state and the turns to play (JSON; see "
              "templates/accellerator/example-scenario.json).")
@click.option("--best", is_flag=True,
              help="Search every legal choice of the player to move (deflector change, energy, "
              "facing, banking) for the scenario's first roll, or for each roll of the die if it "
              "gives none; the best wins the game, else banks most, else carries most, else costs "
              "the opponents most, else stays on the board, else ends nearest its next goal.")
@click.option("--simulate", "games", type=click.IntRange(1, 100000), default=None,
              help="Play this many whole games with simple policies and report game length, "
              "wins by seat and how often each rule fires (on the --scenario file's board if "
              "given, else the standard board).")
@click.option("--players", type=click.IntRange(2, 4), default=4, show_default=True,
              help="With --simulate: players per game.")
@click.option("--policy", type=click.Choice(sorted(POLICIES)), default="greedy", show_default=True,
              help="With --simulate: how every player chooses.")
@click.option("--max-turns", type=click.IntRange(10, 100000), default=MAX_TURNS, show_default=True,
              help="With --simulate: stop a game that has not ended after this many turns.")
@bounce_option
@seed_option
@json_option
def solve_command(scenario_file: Path | None, best: bool, games: int | None, players: int,
                       policy: str, max_turns: int, bounce: str | None, seed: int,
                       as_json: bool) -> None:
    """Trace Accellerator moves step by step, find the best choice, or simulate games.

    \b
    Examples:
      icp-print solve accellerator --scenario templates/accellerator/example-scenario.json
      icp-print solve accellerator --scenario templates/accellerator/example-scenario.json --best --json
      icp-print solve accellerator --simulate 20 --seed 1 --players 3 --bounce re-enter
    """
    scenario = with_bounce(load_scenario(scenario_file), bounce) if scenario_file else None
    if games is not None:
        board = scenario.state.board if scenario else standard_board()
        reading = scenario.state.rules if scenario else Rules(bounce or BOUNCES[0])
        step = max(1, games // 10)

        def progress(done: int) -> None:
            if done % step == 0 or done == games:
                click.echo(f"simulated {done}/{games} games", err=True)

        summary = simulate(board, games, seed, players=players, policy=policy,
                           max_turns=max_turns, progress=progress, reading=reading)
        _say(summary.to_json(), simulation_lines(summary, board.seats(players), seed, max_turns),
             as_json)
        return
    if scenario is None:
        raise InputError("give --scenario FILE.json (or --simulate N)", field="--scenario")
    state = scenario.state
    if best:
        found = best_for_rolls(state, scenario.turns[0].roll,
                               lambda face, faces: click.echo(f"searching roll {face} of {faces}",
                                                              err=True))
        _say(best_json(state, found), best_lines(state, found), as_json)
        return
    turns, end = play_scenario(scenario, str(scenario_file))
    _say(trace_json(turns, end), trace_lines(turns, end), as_json)


def _say(data: dict, lines: list[str], as_json: bool) -> None:
    if as_json:
        echo_json(data)
    else:
        click.echo("\n".join(lines))
