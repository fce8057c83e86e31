"""Choosing a turn by looking a few turns ahead.

Yield! has no chance once the board is laid (the die only shows speed), so
the search is minimax, not expectimax.  With three players it is *paranoid*:
every opponent is assumed to play against the searching player.  It looks
``depth`` whole turns ahead (the searcher's own turns included) with
alpha-beta pruning over positions (:func:`.moves.successors`: turns that lead
to the same position are one), deepening a turn at a time so the best turns of
the shallower search are tried first, within an optional budget of positions.

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
from .moves import Turn, legal_turns, successors
from .state import GameState, PositionKey, Vehicle

WIN = 1000.0
SPEED_WEIGHT = 0.1
MAX_DEPTH = 6
DEFAULT_BUDGET = 5_000      # positions: about 5 s on an 8x8 board of Four-Ways, far less on real boards
OBJECTIVE = ("paranoid minimax over whole turns: own remaining health minus the mean remaining "
             f"health of the opponents, plus {SPEED_WEIGHT} per point of speed above their mean, "
             f"+/-{WIN:.0f} for winning or being out")
CACHE_POSITIONS = 20_000    # positions whose successors are kept while deepening


@dataclass(frozen=True)
class Choice:
    """The chosen turn, its minimax score, the depth it was searched to, the positions visited.

    ``complete`` is False when the position budget ran out before the depth
    asked for: the answer is then the deepest search that did finish.
    """

    turn: Turn
    score: float
    nodes: int
    depth: int
    complete: bool = True


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
    seen: dict[PositionKey, Turn] = {}
    for turn in turns:
        seen.setdefault(turn.after.key(), turn)
    return list(seen.values())


class _OutOfBudget(Exception):
    """The search has visited as many positions as it was allowed."""


class _Search:
    """Alpha-beta over whole turns; counts the positions it visits against a budget."""

    def __init__(self, player: Player, budget: int | None):
        self.player = player
        self.nodes = 0
        self.budget = budget
        self._children: dict[PositionKey, list[GameState]] = {}   # kept from one depth to the next

    def children(self, state: GameState) -> list[GameState]:
        """The distinct positions after ``state``, the most promising for its mover first."""
        key = state.key()
        if key not in self._children:
            found = sorted(successors(state), key=lambda s: evaluate(s, self.player),
                           reverse=state.to_move == self.player)
            if len(self._children) >= CACHE_POSITIONS:
                return found
            self._children[key] = found
        return self._children[key]

    def value(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        if self.budget is not None and self.nodes >= self.budget:
            raise _OutOfBudget
        self.nodes += 1
        if depth == 0 or state.over():
            return evaluate(state, self.player, depth)
        maximising = state.to_move == self.player
        best = -inf if maximising else inf
        for child in self.children(state):
            score = self.value(child, depth - 1, alpha, beta)
            if maximising:
                best, alpha = max(best, score), max(alpha, score)
            else:
                best, beta = min(best, score), min(beta, score)
            if alpha >= beta:
                break
        return best


def _search_root(search: _Search, turns: list[Turn], depth: int) -> list[tuple[float, Turn]]:
    """Score the root's turns, in this order, ``depth`` turns deep.

    A turn that cannot beat the best before it only gets an upper bound, so
    the first turn with the highest score is the one whose score is exact.
    """
    scored, alpha = [], -inf
    for turn in turns:
        score = search.value(turn.after, depth - 1, alpha, inf)
        scored.append((score, turn))
        alpha = max(alpha, score)
    return scored


def _first_best(scored: list[tuple[float, Turn]]) -> tuple[float, Turn]:
    best = scored[0]
    for entry in scored[1:]:
        if entry[0] > best[0]:
            best = entry
    return best


def best_turn(state: GameState, depth: int = 2, max_positions: int | None = None) -> Choice:
    """The turn with the best paranoid-minimax score ``depth`` turns ahead.

    The search deepens one turn at a time (1, 2, ... ``depth``) and tries the
    turns that scored best one turn shallower first, which lets alpha-beta cut
    more; ties go to the turn tried first (at depth 1: the first listed).
    With ``max_positions`` it stops once it has visited that many positions
    and answers from the deepest depth it finished: a budget in positions, not
    seconds, so the same input always gives the same answer.
    """
    if not 1 <= depth <= MAX_DEPTH:
        raise RuleError(f"depth must be 1 to {MAX_DEPTH}, got {depth}", field="--depth")
    if max_positions is not None and max_positions < 1:
        raise RuleError(f"the position budget must be at least 1, got {max_positions}",
                        field="--max-positions")
    if state.over():
        raise RuleError("the game is over: nobody has a turn to play", field="to_move")
    search = _Search(state.to_move, None)
    scored = _search_root(search, distinct_turns(legal_turns(state)), 1)   # always finishes
    reached = 1
    for target in range(2, depth + 1):
        search.budget = max_positions
        ranked = [turn for _, turn in sorted(scored, key=lambda entry: -entry[0])]   # stable
        try:
            scored = _search_root(search, ranked, target)
        except _OutOfBudget:
            break
        reached = target
    score, turn = _first_best(scored)
    return Choice(turn, score, search.nodes, reached, reached == depth)
