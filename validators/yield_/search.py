"""Choosing a turn by looking a few turns ahead.

Yield! has no chance once the board is laid (the die only shows speed), so
the search is minimax, not expectimax.  With three players it is *paranoid*:
every opponent is assumed to play against the searching player.  It looks
``depth`` whole turns ahead (the searcher's own turns included) with
alpha-beta pruning, merging turns that lead to the same position.

What it optimises, from the searching player's point of view, at the horizon:
its own remaining health (damage limit minus damage) minus the mean remaining
health of its opponents (an opponent who is out counts as zero), plus a
tenth of a point per point of speed above the opponents' mean speed (the
faster vehicle takes no damage when roads cross), with ``WIN`` for being the
last vehicle standing and ``-WIN`` for being out; a quicker win and a later
loss score a little better.

>>> from .setup import play_setup
>>> choice = best_turn(play_setup(2, seed=3).initial_state(), depth=2)
>>> choice.turn.player, choice.score > -WIN
(1, True)
"""
from __future__ import annotations

from dataclasses import dataclass
from math import inf

from ..errors import RuleError
from .board import Player
from .moves import Turn, legal_turns
from .state import GameState, Vehicle

WIN = 1000.0
SPEED_WEIGHT = 0.1
MAX_DEPTH = 6


@dataclass(frozen=True)
class Choice:
    """The chosen turn, its minimax score and how many positions were searched."""

    turn: Turn
    score: float
    nodes: int
    depth: int


def health(vehicle: Vehicle, limit: int) -> int:
    """Damage a vehicle can still take before it is out (zero once out)."""
    return 0 if vehicle.out else limit - vehicle.damage


def evaluate(state: GameState, player: Player, depth_left: int = 0) -> float:
    """The searcher's score for ``state`` (see the module docstring).

    >>> from .board import Board
    >>> state = GameState(Board(), (Vehicle(1, (0, 0), damage=2), Vehicle(2, (0, 5), damage=6)))
    >>> evaluate(state, 1), evaluate(state, 2)
    (4.0, -4.0)
    >>> evaluate(state.with_vehicle(Vehicle(1, (0, 0), "E", 3, damage=2)), 1)
    4.2
    """
    me = state.vehicle(player)
    if me.out:
        return -WIN - depth_left
    if state.winner() == player:
        return WIN + depth_left
    others = [v for v in state.vehicles if v.player != player]
    mean_health = sum(health(v, state.damage_limit) for v in others) / len(others)
    mean_speed = sum(v.speed for v in others if v.active) / len(others)
    return (health(me, state.damage_limit) - mean_health
            + SPEED_WEIGHT * (me.speed - mean_speed))


def distinct_turns(turns: list[Turn]) -> list[Turn]:
    """One turn per resulting position (the first found), in generation order."""
    seen: dict[tuple, Turn] = {}
    for turn in turns:
        seen.setdefault(turn.after.key(), turn)
    return list(seen.values())


class _Search:
    """Alpha-beta over whole turns; counts the positions it visits."""

    def __init__(self, player: Player):
        self.player = player
        self.nodes = 0

    def value(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        self.nodes += 1
        if depth == 0 or state.over():
            return evaluate(state, self.player, depth)
        children = sorted((t.after for t in distinct_turns(legal_turns(state))),
                          key=lambda s: evaluate(s, self.player),
                          reverse=state.to_move == self.player)
        if state.to_move == self.player:
            best = -inf
            for child in children:
                best = max(best, self.value(child, depth - 1, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = inf
        for child in children:
            best = min(best, self.value(child, depth - 1, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best


def best_turn(state: GameState, depth: int = 2) -> Choice:
    """The turn with the best paranoid-minimax score ``depth`` turns ahead (ties: first listed)."""
    if not 1 <= depth <= MAX_DEPTH:
        raise RuleError(f"depth must be 1 to {MAX_DEPTH}, got {depth}", field="--depth")
    if state.over():
        raise RuleError("the game is over: nobody has a turn to play", field="to_move")
    search = _Search(state.to_move)
    best: tuple[float, Turn] | None = None
    alpha = -inf
    for turn in distinct_turns(legal_turns(state)):
        score = search.value(turn.after, depth - 1, alpha, inf)
        if best is None or score > best[0]:
            best = (score, turn)
            alpha = max(alpha, score)
    return Choice(best[1], best[0], search.nodes, depth)
