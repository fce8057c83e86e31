"""``--simulate``: whole games with the analysis lab's players, as a balance check of the board.

The games are played by :mod:`..analysis` on the engine in :mod:`.play`:
``random`` picks any legal choice, ``greedy`` looks one turn ahead with the
engine's heuristic, ``search`` runs Monte Carlo tree search.  Every game is
played under one bounce reading (``reading``) and starts as the rules set it
up (each pawn on its home, facing a random direction that points onto the
board, energy 1, every electron on the reactor) and is cut off after
``max_turns`` turns if nobody has banked three electrons by then.  The first
seat moves first (the rules' "high roller"; the homes are symmetric, so seat
order is all that matters).  ``icp-print analyse accellerator`` gives the same
games with confidence intervals and a report.
"""
from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from ..analysis.players import STRENGTHS
from ..analysis.runner import matchup, run
from ..errors import RuleError
from ..schema import Table
from .board import Board
from .deflectors import acceleration, energy_options, random_change
from .model import BOUNCES, FACINGS, Pawn, Rules, State, step
from .turn import TurnChoice, place

MAX_TURNS = 2000
POLICIES = STRENGTHS


def random_policy(state: State, roll: int, rng: random.Random) -> TurnChoice:
    """A quick random turn for tests of the rules (an optional change half the time)."""
    facing = rng.choice(FACINGS) if state.mover.at is None else None
    placed, _ = place(state, facing)
    kind = acceleration(placed.mover.energy, roll)
    energy = rng.choice(energy_options(placed.mover.energy, roll))
    change = None
    if kind == "below" or (kind == "equal" and rng.random() < 0.5):
        change = random_change(placed, kind, rng)
    return TurnChoice(energy, change, facing)


def opening(board: Board, players: int, rng: random.Random,
            reading: Rules = Rules()) -> State:
    """The set-up: every pawn on its home facing onto the board, energy 1."""
    pawns = []
    for player in board.seats(players):
        home = board.home_of(player)
        facings = [f for f in FACINGS if board.contains(step(home, f))] or list(FACINGS)
        pawns.append(Pawn(player, home, rng.choice(facings)))
    return State(board, tuple(pawns), {}, rules=reading)


@dataclass(frozen=True)
class Summary:
    games: int
    players: int
    policy: str
    finished: int
    mean_turns: float
    median_turns: float
    max_turns: int
    wins_by_seat: tuple[int, ...]
    rules: dict[str, float]           # mean times each rule fired per game
    bounce: str = BOUNCES[0]

    @property
    def first_player_share(self) -> float:
        return self.wins_by_seat[0] / self.finished if self.finished else 0.0

    def to_json(self) -> Table:
        return {"games": self.games, "players": self.players, "policy": self.policy,
                "bounce": self.bounce,
                "finished": self.finished, "unfinished": self.games - self.finished,
                "turns": {"mean": round(self.mean_turns, 2), "median": self.median_turns,
                          "max": self.max_turns},
                "rounds_mean": round(self.mean_turns / self.players, 2),
                "wins_by_seat": list(self.wins_by_seat),
                "first_player_win_share": round(self.first_player_share, 4),
                "fair_share": round(1 / self.players, 4),
                "rule_fires_per_game": self.rules}


def simulate(board: Board, games: int, seed: int, *, players: int = 4, policy: str = "greedy",
             max_turns: int = MAX_TURNS, progress: Callable[[int], None] | None = None,
             reading: Rules = Rules(), workers: int | None = None) -> Summary:
    """Play ``games`` games with ``policy`` for every seat; the same seed, the same numbers."""
    from .play import game_on
    if policy not in POLICIES:
        raise RuleError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})", field="--policy")
    if games < 1:
        raise RuleError("simulate at least one game", field="--simulate")
    seats = board.seats(players)
    match = matchup(game_on(board), len(seats), (policy,) * len(seats), {"bounce": reading.bounce},
                    seed=seed, max_turns=max_turns)
    totals = run(match, games, workers=workers, progress=progress)
    return Summary(games, len(seats), policy, totals.finished, totals.turns.mean(),
                   totals.turns.median(), totals.turns.high(),
                   tuple(round(w) for w in totals.wins),
                   {rule: round(n / games, 3) for rule, n in sorted(totals.events.items())},
                   reading.bounce)
