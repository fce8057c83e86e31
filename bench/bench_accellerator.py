"""Time Accellerator's move tracer, --best search and simulator, and print their figures.

Run: python bench/bench_accellerator.py [--repeat N] [--games N]
"""
from __future__ import annotations

import argparse
import time
from dataclasses import replace

from icp_print.cli.common import VERSION
from icp_print.generators.accellerator import AccelleratorOptions, build
from icp_print.generators.pdf import render
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.templates import path
from icp_print.validators.accellerator.board_file import standard_board
from icp_print.validators.accellerator.scenario import load_scenario, parse_scenario
from icp_print.validators.accellerator.search import best_turn
from icp_print.validators.accellerator.simulate import simulate
from icp_print.validators.accellerator.turn import play_turn
from timing import timed


def trace_all(scenario) -> int:
    state, turns = scenario.state, 0
    for planned in scenario.turns:
        state = play_turn(state, planned.roll, planned.choice).after
        turns += 1
    return turns


def crowded_state():
    """Mid-game: four pawns out, all ten deflectors on the board (only moves are left)."""
    cells = ["B2", "D2", "I2", "B4", "J4", "C8", "H8", "B10", "E10", "J10"]
    return parse_scenario({
        "pawns": [{"player": "alpha", "at": "F3", "facing": "S", "energy": 4, "carrying": 1},
                  {"player": "beta", "at": "I6", "facing": "W", "energy": 5},
                  {"player": "delta", "at": "F9", "facing": "N", "energy": 3, "carrying": 2},
                  {"player": "gamma", "at": None}],
        "deflectors": [{"at": c, "orientation": "/\\"[i % 2]} for i, c in enumerate(cells)]}).state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    r = args.repeat
    rows = []
    example = load_scenario(path("accellerator", "example-scenario.json"))
    best, median, turns = timed(lambda: trace_all(example), r)
    rows.append((f"trace: example scenario ({turns} turns)", best, median, ""))
    opening = example.state
    crowded = crowded_state()
    for name, state, roll in (("--best: example start, equal roll", opening, 5),
                              ("--best: example start, below roll", opening, 1),
                              ("--best: 10 deflectors out, below roll", crowded, 1),
                              ("--best: 10 deflectors out, equal roll", crowded, 4),
                              ("--best: reset pawn (4 facings), equal roll", crowded, 1)):
        if name.startswith("--best: reset"):
            state = replace(state, to_move=3)        # gamma: off the board, energy 1
        best, median, found = timed(lambda: best_turn(state, roll), r)
        rows.append((name, best, median, f"{found.searched} options"))
    board = standard_board()
    summaries = []
    for policy, players in (("greedy", 4), ("greedy", 2), ("random", 4)):
        start = time.perf_counter()
        s = simulate(board, args.games, 1, players=players, policy=policy)
        took = time.perf_counter() - start
        summaries.append(s)
        rows.append((f"simulate: {args.games} games, {players} players, {policy}", took, took,
                     f"{took / args.games * 1000:.1f} ms/game"))
    settings = SheetSettings(paper=paper("a4"))
    best, median, pdf = timed(lambda: render(build(settings, AccelleratorOptions(board=board)), VERSION), r)
    rows.append(("print: board and pieces (A4)", best, median, f"{len(pdf) // 1024} KiB"))

    width = max(len(name) for name, *_ in rows)
    print(f"{'task':<{width}}  {'best s':>9}  {'median s':>9}  note")
    for name, b, m, note in rows:
        print(f"{name:<{width}}  {b:>9.4f}  {m:>9.4f}  {note}")
    print()
    print(f"{'simulation':<24}{'games':>6}{'ended':>7}{'mean turns':>12}{'rounds':>8}"
          f"{'median':>8}{'longest':>8}{'seat 1 wins':>13}{'fair':>6}")
    for s in summaries:
        data = s.to_json()
        print(f"{data['policy'] + ', ' + str(s.players) + ' players':<24}{s.games:>6}{s.finished:>7}"
              f"{s.mean_turns:>12.1f}{data['rounds_mean']:>8.1f}{s.median_turns:>8.1f}"
              f"{s.max_turns:>8}{s.first_player_share:>13.1%}{1 / s.players:>6.0%}")
    print()
    rules = sorted({k for s in summaries for k in s.rules})
    print(f"{'rule fires per game':<20}" + "".join(f"{s.policy[:6] + '/' + str(s.players):>12}"
                                                    for s in summaries))
    for rule in rules:
        print(f"{rule:<20}" + "".join(f"{s.rules.get(rule, 0):>12.2f}" for s in summaries))


if __name__ == "__main__":
    main()
