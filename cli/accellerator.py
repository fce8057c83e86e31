"""Accellerator commands: ``icp-print accellerator`` prints the board and pieces,
``icp-print solve accellerator`` traces moves, finds the best choice and simulates games."""
from __future__ import annotations

from pathlib import Path

import click

from ..validators.accellerator.board_file import standard_board
from ..validators.accellerator.scenario import load_scenario
from ..validators.accellerator.search import SCORE_NAMES, best_turn
from ..validators.accellerator.simulate import MAX_TURNS, POLICIES, simulate
from ..validators.accellerator.text import (simulation_lines, state_json, state_lines,
                                                turn_json, turn_lines)
from ..validators.accellerator.turn import play_turn
from ..validators.errors import IcpError, InputError
from .common import (ALL_BUILDERS, echo_json, emit, json_option, out_option, outputs_from,
                     seed_option, settings_from, sheet_options)


@click.command("accellerator")
@out_option("accellerator.pdf")
@click.option("--cell", "cell_mm", type=click.FloatRange(10, 40), default=None,
              help="Side of a board space in mm (default 15, from board.toml). A board larger "
              "than the paper prints over several pages with overlap strips to tape.")
@sheet_options
def accellerator_command(out: Path, cell_mm: float | None, **kwargs) -> None:
    """Print the Accellerator board, pawns, deflectors, electrons, energy tokens and player aids.

    The board is an 11 x 11 grid with the reactor in the centre and a home
    with its collector in the middle of each edge. At the default 15 mm a
    space it fits one A4 or Letter page; bigger spaces tile it over several
    pages (line up the crosses in the grey overlap strips and tape).

    \b
    Examples:
      icp-print accellerator --out board.pdf
      icp-print accellerator --cell 20 --paper letter --out big-board.pdf
    """
    from ..generators.accellerator import build
    settings = settings_from(kwargs)
    emit(build(settings, standard_board(), cell_mm), out, **outputs_from(kwargs))


@click.command("accellerator")
@click.option("--scenario", "scenario_file", type=click.Path(dir_okay=False, path_type=Path),
              help="A board state and the turns to play (JSON; see "
              "templates/accellerator/example-scenario.json).")
@click.option("--best", is_flag=True,
              help="Search every legal choice of the player to move (deflector change, energy, "
              "facing, banking) for the scenario's first roll, or for each roll 1-6 if it gives "
              "none; the best wins the game, else banks most, else carries most, else costs the "
              "opponents most, else stays on the board, else ends nearest its next goal.")
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
@seed_option
@json_option
def solve_accellerator(scenario_file: Path | None, best: bool, games: int | None, players: int,
                       policy: str, max_turns: int, seed: int, as_json: bool) -> None:
    """Trace Accellerator moves step by step, find the best choice, or simulate games.

    \b
    Examples:
      icp-print solve accellerator --scenario templates/accellerator/example-scenario.json
      icp-print solve accellerator --scenario position.json --best --json
      icp-print solve accellerator --simulate 200 --seed 1 --players 3
    """
    if games is not None:
        board = load_scenario(scenario_file).state.board if scenario_file else standard_board()
        _simulate(board, games, seed, players, policy, max_turns, as_json)
        return
    if scenario_file is None:
        raise InputError("give --scenario FILE.json (or --simulate N)", field="--scenario")
    scenario = load_scenario(scenario_file)
    if best:
        _best(scenario, as_json)
    else:
        _trace(scenario, str(scenario_file), as_json)


def _trace(scenario, source: str, as_json: bool) -> None:
    state = scenario.state
    turns = []
    for i, planned in enumerate(scenario.turns):
        try:
            turn = play_turn(state, planned.roll, planned.choice, where=f"turns[{i}]")
        except IcpError as exc:            # an illegal move in the file: name the file too
            raise exc.located(source) from None
        turns.append(turn)
        state = turn.after
        if state.over:
            break
    if as_json:
        echo_json({"turns": [turn_json(t) for t in turns], "end_state": state_json(state)})
        return
    for n, turn in enumerate(turns, start=1):
        for line in turn_lines(turn, n):
            click.echo(line)
    for line in state_lines(state):
        click.echo(line)


def _best(scenario, as_json: bool) -> None:
    state = scenario.state
    first = scenario.turns[0].roll
    rolls = [first] if first else list(range(1, 7))
    results = []
    for roll in rolls:
        if len(rolls) > 1:
            click.echo(f"searching roll {roll} of 6", err=True)
        results.append(best_turn(state, roll))
    if as_json:
        echo_json({"player": state.mover.player, "maximises": list(SCORE_NAMES),
                   "best": [{"roll": b.roll, "searched": b.searched, "equally_good": b.equally_good,
                             "score": dict(zip(SCORE_NAMES, b.score)), "turn": turn_json(b.turn)}
                            for b in results]})
        return
    click.echo(f"Best choices for {state.mover.player} (maximising, in order: won, banked, "
               "carried, opponents' electrons lost, still on the board, nearness to the goal)")
    for b in results:
        t = b.turn
        change = t.change.describe(state.deflectors) if t.change else "no deflector change"
        facing = f"start facing {t.move.facing}; " if state.mover.at is None else ""
        click.echo(f"roll {b.roll} ({t.kind}): {facing}energy {t.energy}; {change} "
                   f"[{b.searched} option(s) searched, {b.equally_good} as good]")
        click.echo("  score: " + ", ".join(f"{k} {v}" for k, v in zip(SCORE_NAMES, b.score)))
        for line in turn_lines(t, 1)[1:]:
            click.echo("  " + line)


def _simulate(board, games: int, seed: int, players: int, policy: str, max_turns: int,
              as_json: bool) -> None:
    step = max(1, games // 10)

    def progress(done: int) -> None:
        if done % step == 0 or done == games:
            click.echo(f"simulated {done}/{games} games", err=True)

    summary = simulate(board, games, seed, players=players, policy=policy, max_turns=max_turns,
                       progress=progress)
    if as_json:
        echo_json(summary.to_json())
        return
    for line in simulation_lines(summary, board.seats(players), seed, max_turns):
        click.echo(line)


def _standard_set(settings):
    from ..generators.accellerator import build
    return build(settings, standard_board(), None)


def register(cli, solve, play) -> None:
    cli.add_command(accellerator_command)
    solve.add_command(solve_accellerator)
    ALL_BUILDERS.append(("accellerator", "accellerator.pdf", _standard_set))
