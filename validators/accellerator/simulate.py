"""``--simulate``: whole games with simple policies, as a balance check of the board.

Two policies, both cheap enough for thousands of games:

- ``random``: every choice uniformly at random among the legal ones (an
  optional deflector change is made half the time).
- ``greedy``: tries every energy (and, for a reset pawn, every facing) with no
  deflector change or, when the roll forces one, with a few sampled legal
  changes, and keeps the option :func:`~.search.score` likes best.

Every game is played under one bounce reading (``reading``) and starts as the
rules set it up (each pawn on its home, facing a random direction that points
onto the board, energy 1, every electron on the reactor) and is cut off after ``max_turns`` turns if nobody has banked
three electrons by then.  The first seat moves first (the rules' "high
roller"; the homes are symmetric, so seat order is all that matters).
"""
from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Callable

from ..errors import RuleError
from .board import Board
from .deflectors import acceleration, energy_options, random_change
from .model import BOUNCES, DIE_SIDES, FACINGS, Pawn, Rules, State, step
from .search import score
from .turn import Turn, TurnChoice, place, play_turn

Policy = Callable[[State, int, random.Random], TurnChoice]
MAX_TURNS = 2000
SAMPLED_CHANGES = 6


def random_policy(state: State, roll: int, rng: random.Random) -> TurnChoice:
    facing = rng.choice(FACINGS) if state.mover.at is None else None
    placed, _ = place(state, facing)
    kind = acceleration(placed.mover.energy, roll)
    energy = rng.choice(energy_options(placed.mover.energy, roll))
    change = None
    if kind == "below" or (kind == "equal" and rng.random() < 0.5):
        change = random_change(placed, kind, rng)
    return TurnChoice(energy, change, facing)


def greedy_policy(state: State, roll: int, rng: random.Random) -> TurnChoice:
    best = None
    for facing in (FACINGS if state.mover.at is None else (None,)):
        placed, _ = place(state, facing)
        kind = acceleration(placed.mover.energy, roll)
        changes: list = [None]
        if kind == "below":
            changes = list(dict.fromkeys(random_change(placed, kind, rng)
                                         for _ in range(SAMPLED_CHANGES)))
        for energy in energy_options(placed.mover.energy, roll):
            for change in changes:
                choice = TurnChoice(energy, change, facing)
                s = score(state, play_turn(state, roll, choice))
                if best is None or s > best[0]:
                    best = (s, choice)
    return best[1]


POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}


@dataclass
class GameResult:
    turns: int
    finished: bool
    winners: tuple[int, ...]          # seats
    rules: Counter = field(default_factory=Counter)


def opening(board: Board, players: int, rng: random.Random,
            reading: Rules = Rules()) -> State:
    """The set-up: every pawn on its home facing onto the board, energy 1."""
    pawns = []
    for player in board.seats(players):
        home = board.home_of(player)
        facings = [f for f in FACINGS if board.contains(step(home, f))] or list(FACINGS)
        pawns.append(Pawn(player, home, rng.choice(facings)))
    return State(board, tuple(pawns), {}, rules=reading)


def play_game(board: Board, players: int, policies: list[Policy], rng: random.Random,
              max_turns: int = MAX_TURNS, reading: Rules = Rules()) -> GameResult:
    state = opening(board, players, rng, reading)
    rules: Counter = Counter()
    turns = 0
    while not state.over and turns < max_turns:
        roll = rng.randint(1, DIE_SIDES)
        choice = policies[state.to_move](state, roll, rng)
        turn: Turn = play_turn(state, roll, choice)
        rules.update(e.rule for e in turn.all_events)
        state = turn.after
        turns += 1
    winners = tuple(i for i, p in enumerate(state.pawns) if p.player in state.winners()) \
        if state.over else ()
    return GameResult(turns, state.over, winners, rules)


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

    def to_json(self) -> dict:
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
             reading: Rules = Rules()) -> Summary:
    """Play ``games`` games with ``policy`` for every seat; the same seed, the same numbers."""
    if policy not in POLICIES:
        raise RuleError(f"unknown policy {policy!r} (known: {', '.join(POLICIES)})", field="--policy")
    if games < 1:
        raise RuleError("simulate at least one game", field="--simulate")
    seats = board.seats(players)
    rng = random.Random(seed)
    results = []
    for g in range(games):
        results.append(play_game(board, len(seats), [POLICIES[policy]] * len(seats), rng,
                                 max_turns, reading))
        if progress:
            progress(g + 1)
    lengths = [r.turns for r in results]
    wins = [0] * len(seats)
    for r in results:
        for seat in r.winners:
            wins[seat] += 1
    total: Counter = Counter()
    for r in results:
        total.update(r.rules)
    return Summary(games, len(seats), policy, sum(r.finished for r in results),
                   statistics.mean(lengths), statistics.median(lengths), max(lengths),
                   tuple(wins), {rule: round(n / games, 3) for rule, n in sorted(total.items())},
                   reading.bounce)
