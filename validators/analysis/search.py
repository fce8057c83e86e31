"""The ``search`` player: open-loop Monte Carlo tree search (UCT) over any PlayState.

Each playout copies the position, walks down the tree by the UCT rule (the
tree is keyed by actions alone, so dice and shuffles are drawn afresh on
every playout and chance needs no nodes of its own), adds one new action,
then plays on with the ``rollout`` player for at most :data:`ROLLOUT_DEPTH`
decisions.  A playout that reaches the end scores the real result; one cut
short scores 1 for the seat the engine's ``heuristic`` rates highest (ties
share it), 0 for the others.  Each seat maximises its own score (the
"max^n" reading of several players).  Solo games are always played out to
the end, so the search player's win rate estimates how winnable a game is.

The action played is the one visited most.  At a root with more than
:data:`WIDEST` legal actions the search looks at that many, chosen as the
greedy player chooses its candidates; deeper such positions end the walk down
the tree and go straight to the rollout.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable

from ..play import Action, PlayState
from .players import Player, best_by_heuristic, candidates, random_player

ROLLOUT_DEPTH = 24
SOLO_ROLLOUT_DEPTH = 100_000
WIDEST = 24
EXPLORATION = 1.0


class _Node:
    __slots__ = ("visits", "score", "children")

    def __init__(self) -> None:
        self.visits = 0
        self.score = 0.0
        self.children: dict[Action, _Node] = {}


def mcts_player(playouts: int, rollout: Player = random_player) -> Player:
    """A player that runs ``playouts`` playouts for every decision with a choice."""
    def choose(state: PlayState, rng: random.Random) -> Action:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        actions = list(candidates(actions, WIDEST, rng))
        root = _Node()
        for _ in range(playouts):
            _playout(state, root, actions, rng, rollout)
        return max(actions, key=lambda a: root.children[a].visits if a in root.children else -1)
    return choose


def _playout(state: PlayState, root: _Node, root_actions: list, rng: random.Random,
             rollout: Player) -> None:
    position = state.clone()
    node, path = root, []
    legal = root_actions
    while True:
        seat = position.current_player()
        fresh = [a for a in legal if a not in node.children]
        if fresh:
            action = fresh[0] if len(fresh) == 1 else rng.choice(fresh)
            child = node.children[action] = _Node()
        else:
            action, child = _uct(node, legal)
        position.apply(action, rng)
        path.append((child, seat))
        node = child
        if fresh or position.is_terminal():
            break
        forced = _forced_through(position, rng)
        if forced is None or len(forced) > WIDEST:
            break
        legal = forced
    scores = _finish(position, rng, rollout)
    for child, seat in path:
        child.visits += 1
        child.score += scores[seat]


def _forced_through(position: PlayState, rng: random.Random) -> list | None:
    """Play single-choice decisions; the next real choice, or ``None`` at the end."""
    while not position.is_terminal():
        legal = position.legal_actions()
        if len(legal) > 1:
            return list(legal)
        position.apply(legal[0], rng)
    return None


def _uct(node: _Node, legal: list) -> tuple[Action, _Node]:
    log_n = math.log(node.visits or 1)
    best, best_value = None, float("-inf")
    for action in legal:
        child = node.children[action]
        value = child.score / child.visits + EXPLORATION * math.sqrt(log_n / child.visits)
        if value > best_value:
            best, best_value = action, value
    return best, node.children[best]


def _finish(position: PlayState, rng: random.Random, rollout: Player) -> tuple[float, ...]:
    depth = SOLO_ROLLOUT_DEPTH if position.num_players == 1 else ROLLOUT_DEPTH
    decisions = 0
    while not position.is_terminal() and decisions < depth:
        legal = position.legal_actions()
        if len(legal) == 1:
            position.apply(legal[0], rng)
            continue
        position.apply(rollout(position, rng), rng)
        decisions += 1
    if position.is_terminal():
        return position.returns()
    return _leader_scores(position)


def _leader_scores(position: PlayState) -> tuple[float, ...]:
    values = [position.heuristic(seat) for seat in range(position.num_players)]
    top = max(values)
    leaders = sum(1 for v in values if v == top)
    return tuple(1.0 / leaders if v == top else 0.0 for v in values)


def greedy_rollout(state: PlayState, rng: random.Random) -> Action:
    """A cheaper greedy for rollouts: at most a few candidate actions are looked at."""
    actions = candidates(state.legal_actions(), 6, rng)
    return best_by_heuristic(state, actions, state.current_player(), rng)


ROLLOUTS: dict[str, Callable] = {"random": random_player, "greedy": greedy_rollout}
