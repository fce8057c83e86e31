"""Time Yield!'s move generator and the --best search on a few positions; prints a table.

Positions: the shipped example; the busiest position (most legal turns) met
while the search plays itself for a few turns after seeded setups of two and
three players; and a worst case, an 8x8 board of Four-Way Intersections with
three vehicles at speed 5 (up to 3 x 3^6 routes a turn).

Columns: every legal turn with its route (``legal_turns``, what --moves lists),
the distinct positions alone (``successors``, what the search expands), then
``best_turn`` at each depth with no position budget: milliseconds and positions
visited.

Run: python bench/bench_yield_moves.py [--repeat N] [--depth N]
"""
from __future__ import annotations

import argparse

from icp_print.templates import path as template_path
from icp_print.validators.yield_.board import Board, PlacedTile
from icp_print.validators.yield_.moves import legal_turns, successors
from icp_print.validators.yield_.search import best_turn, distinct_turns
from icp_print.validators.yield_.setup import play_setup
from icp_print.validators.yield_.state import GameState, Vehicle
from icp_print.validators.yield_.statefile import load_state
from timing import timed


def busiest(players: int, seed: int, turns: int = 16) -> GameState:
    """The position with the most legal turns in a short self-played game."""
    state = play_setup(players, seed).initial_state()
    best = state
    for _ in range(turns):
        if state.over():
            break
        if len(legal_turns(state)) > len(legal_turns(best)):
            best = state
        state = best_turn(state, depth=1).turn.after
    return best


def four_way_grid() -> GameState:
    """Every square a Four-Way: the most routes any position can have."""
    board = Board(8, 8, tuple(((r, c), PlacedTile("four-way", 0)) for r in range(8) for c in range(8)))
    vehicles = (Vehicle(1, (3, 3), "E", 5), Vehicle(2, (1, 6), "S", 5), Vehicle(3, (6, 1), "N", 5))
    return GameState(board, vehicles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--depth", type=int, default=3, help="deepest search to time")
    args = parser.parse_args()
    positions = [("example-state.json", load_state(template_path("yield_", "example-state.json")))]
    positions += [(f"{p} players, seed {s}, busiest", busiest(p, s)) for p, s in ((2, 3), (3, 7), (3, 4))]
    positions.append(("8x8 four-ways, speed 5", four_way_grid()))
    header = f"{'position':<30}{'turns':>6}{'distinct':>9}{'movegen ms':>11}{'succ. ms':>9}"
    header += "".join(f"{'best d' + str(d) + ' ms':>13}{'nodes':>8}" for d in range(1, args.depth + 1))
    print(header)
    print("-" * len(header))
    for name, state in positions:
        _, seconds, turns = timed(lambda: legal_turns(state), args.repeat)
        row = f"{name:<30}{len(turns):>6}{len(distinct_turns(turns)):>9}{seconds * 1000:>11.2f}"
        _, seconds, _ = timed(lambda: successors(state), args.repeat)
        row += f"{seconds * 1000:>9.2f}"
        for depth in range(1, args.depth + 1):
            _, seconds, choice = timed(lambda: best_turn(state, depth), args.repeat)
            row += f"{seconds * 1000:>13.1f}{choice.nodes:>8}"
        print(row)


if __name__ == "__main__":
    main()
