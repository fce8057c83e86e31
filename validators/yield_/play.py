"""Yield! played from the shuffled bag to the last vehicle standing (:mod:`...play` interface).

The setup is played by the players: each draw is a decision of the player who
drew, among the places placement rules 1-7 allow (:func:`.placement.legal_placements`);
a drawn tile with no legal place is discarded (rule 6), the only action then.
A starting tile may go on any square :func:`.placement.start_squares` allows,
turned any way.  Driving follows: a decision is one whole turn, the speed and
the route, a :class:`.moves.Turn` of :func:`.moves.legal_turns` (nothing is
random once the tiles are down, so choosing square by square would change
nothing); routes that end in the same position are one choice, the first
route found (:func:`.moves.turns_by_position`).  Seat 0 is Player One, who
rolled highest.

``solve yield --setup`` plays its setup through this engine with its own
seeded policy (:func:`.setup.play_setup`), so there is one setup loop.

The greedy player's heuristic (:meth:`YieldState.heuristic`): during the
setup, the road ends joined on the board, the same for every seat, so that
greedy puts each tile where it joins the most roads (the setup policy of
``solve yield --setup``); while driving, own remaining health minus
1 + :data:`PRESS` times the opponents' remaining health added up (an opponent
out of the game has none), plus a tenth of a point per point of speed above
the mean of the opponents still in; less the vehicle's whole remaining health
when it cannot survive its next turn, and :data:`HUNT` a square of distance
to the nearest opponent.

>>> import random
>>> state = GAME.new_state(2, random.Random(1), {})
>>> state.current_player(), state.drawn is not None, state.position is None
(0, True, True)
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar

from ..errors import InputError
from ..play import TERMINAL, WON, Action, Seat
from .board import Board, PlacedTile, Player, Square, joined_sides
from .moves import Turn, survivable, turns_by_position
from .placement import Placement, opponent_joined, placements_joining, start_squares
from .rules import RULES
from .search import SPEED_WEIGHT, health
from .state import GameState, Vehicle
from .model import Kind, distinct_rotations, reference_set

HUNT = 0.02
"""What each square between a vehicle and its nearest opponent costs it: no collision,
no end, so greedy drivers close in."""
PRESS = 0.1
"""How much more a point of damage dealt counts than a point taken: an even exchange of
blows is worth taking, so two drivers at the same top speed do not circle for ever."""
DISCARD = "discard"
"""The only action when the drawn tile has no legal place (placement rule 6)."""
DAMAGE_LIMITS = (RULES.damage_limit,) + tuple(n for n in range(1, 31) if n != RULES.damage_limit)
"""Appendix A: any damage limit; the rules' own first."""


@dataclass(frozen=True)
class SetupEvent:
    """One tile drawn in the setup: who drew what and where it went (None: discarded)."""

    number: int                  # 1 for the first tile drawn
    player: Player
    kind: Kind
    placement: Placement | None
    start: bool = False          # a starting tile
    joined: bool = False         # this placement set off rule 7


def starting_position(board: Board, starts: Sequence[Square], damage_limit: int) -> GameState:
    """Every vehicle stopped on its start, the die on one; Player One moves first.

    A start on an Overpass puts the vehicle on its upper road (templates/yield_/rules.toml).
    """
    vehicles = []
    for player, square in enumerate(starts, start=1):
        tile = board.tile_at(square)
        level = "upper" if tile is not None and tile.kind == "overpass" else None
        vehicles.append(Vehicle(player, square, level=level))
    return GameState(board, tuple(vehicles), to_move=1, damage_limit=damage_limit)


class YieldState:
    """One game: the board and bag while setting up, then the driving position."""

    __slots__ = ("num_players", "damage_limit", "_board", "_pending", "_bag", "_left", "drawn",
                 "drawer", "starts", "rule7_at", "draws", "joins", "_position", "turns", "rounds",
                 "events", "log", "_legal", "_over")

    def __init__(self, players: int, bag: list[Kind], board: Board, damage_limit: int,
                 log: bool = False) -> None:
        if len(bag) < players:
            raise InputError(f"{len(bag)} tiles cannot give {players} players a start", field="tiles")
        self.num_players, self.damage_limit = players, damage_limit
        self._board = board
        self._pending: tuple[Square, PlacedTile] | None = None
        self._bag, self._left = tuple(bag), len(bag)
        self.starts: list[Square] = []
        self.rule7_at: int | None = None
        self.draws = self.joins = self.turns = self.rounds = 0
        self._position: GameState | None = None
        self._over = False
        self.events: Counter[str] = Counter()
        self.log: list[SetupEvent] | None = [] if log else None
        self._legal: Decision | None = None
        self.drawer: Player = 1
        self.drawn: Kind | None = self._draw()

    # ------------------------------------------------------------ the interface

    @property
    def position(self) -> GameState | None:
        """The driving position once the tiles are down (None while setting up)."""
        return self._position

    @position.setter
    def position(self, position: GameState | None) -> None:
        self._position = position
        self._over = position is not None and position.over()   # asked at every decision

    def current_player(self) -> Seat:
        if self.position is None:
            return self.drawer - 1
        return TERMINAL if self._over else self.position.to_move - 1

    def is_terminal(self) -> bool:
        return self._over

    def legal_actions(self) -> Sequence[Action]:
        return self._decision().actions

    def apply(self, action: Action, rng: random.Random) -> None:
        """Play ``action``; nothing is left to chance once the bag is shuffled."""
        decision = self._decision()
        # Driving, each action has its turn; setting up, its place in the list (which the
        # greedy player's ratings may have built already).
        if action not in (decision.turns if self.position is not None else decision.index):
            raise InputError(f"{action!r} is not a legal choice here", field="action")
        if self.position is not None:
            self._drive(decision.turns[action])                  # type: ignore[arg-type]
        elif len(self.starts) < self.num_players:
            self._start(action)                                  # type: ignore[arg-type]
        else:
            self._place(None if action == DISCARD else action)   # type: ignore[arg-type]

    def clone(self) -> YieldState:
        """A copy (boards and positions are immutable); its ``events`` start empty."""
        twin = object.__new__(YieldState)
        twin.num_players, twin.damage_limit = self.num_players, self.damage_limit
        twin._board, twin._pending, twin._bag, twin._left = self.board, None, self._bag, self._left
        twin.drawn, twin.drawer, twin.starts = self.drawn, self.drawer, list(self.starts)
        twin.rule7_at, twin.draws, twin.joins, twin.position = self.rule7_at, self.draws, self.joins, self.position
        twin.turns, twin.rounds, twin.events, twin.log = self.turns, self.rounds, Counter(), None
        twin._legal = self._legal
        return twin

    def returns(self) -> tuple[float, ...]:
        """1 for the last vehicle standing; if the last two go out together nobody wins."""
        winner = self.position.winner() if self.position is not None else None
        return tuple(1.0 if seat + 1 == winner else 0.0 for seat in range(self.num_players))

    def action_values(self, actions: Sequence[Action], seat: Seat,
                      rng: random.Random) -> list[float]:
        """Each action's one-step value for ``seat``: :meth:`heuristic` of the position it
        leads to (a finished game ``(returns - 0.5) * WON``), as the greedy player would
        find by playing it on a copy, found without one: a setup tile adds the road ends
        it joins (the last tile, which starts the driving, is played on a copy), and a
        driving turn's resulting position is already listed with it."""
        if self.position is not None:
            decision = self._decision()
            values = decision.values.get(seat)
            if values is None:
                values = decision.values[seat] = [self._value_after(turn.after, seat)  # type: ignore[union-attr]
                                                  for turn in decision.turns.values()]
            if actions is decision.actions:
                return list(values)
            return [values[decision.index[action]] for action in actions]
        if not self._left:
            return [self._value_on_copy(action, seat, rng) for action in actions]
        decision, joins = self._decision(), self.joins
        if actions is not decision.actions:
            return [float(joins + decision.gains[decision.index[action]]) for action in actions]
        return [float(joins + gain) for gain in decision.gains]

    def _value_on_copy(self, action: Action, seat: Seat, rng: random.Random) -> float:
        twin = self.clone()
        twin.apply(action, rng)
        return twin._value_after(twin.position, seat) if twin.position is not None else float(twin.joins)

    def _value_after(self, position: GameState, seat: Seat) -> float:
        """A driving position's one-step value for ``seat`` (see :meth:`heuristic`)."""
        if position.over():
            return WON * ((1.0 if position.winner() == seat + 1 else 0.0) - 0.5)
        key = ("greedy value", seat, position.key(), self.damage_limit)
        memo = position.board.memo
        if key not in memo:                  # drivers circling come back to the same positions
            memo[key] = self._driving_value(position, seat)
        return memo[key]                                    # type: ignore[no-any-return]

    def heuristic(self, seat: Seat) -> float:
        """Setting up: road ends joined on the board (every seat alike).  Driving: ``seat``'s
        remaining health less 1 + :data:`PRESS` times the opponents' (each point dealt to
        any opponent counts a little more than a point taken), plus
        :data:`.search.SPEED_WEIGHT` a point of speed above the mean of the opponents
        still in; less its remaining health when no route of its next turn keeps it in
        the game (:func:`.moves.survivable`): a vehicle heading off the board counts as
        lost; and less :data:`HUNT` for each square (across and down) to the nearest
        opponent."""
        if self.position is None:
            return float(self.joins)
        return self._driving_value(self.position, seat)

    def _driving_value(self, position: GameState, seat: Seat) -> float:
        player = seat + 1
        limit = self.damage_limit
        me = position.vehicle(player)
        others = [v for v in position.vehicles if v.player != player]
        value = health(me, limit) - (1 + PRESS) * sum([health(v, limit) for v in others])
        rivals = [v for v in others if not v.out]
        if rivals and me.active:
            value += SPEED_WEIGHT * (me.speed - sum(v.speed for v in rivals) / len(rivals))
            if not survivable(position, player):
                value -= health(me, limit)
            value -= HUNT * min(_distance(me.square, v.square) for v in rivals)
        return value

    # ------------------------------------------------------------ setup

    def _draw(self) -> Kind | None:
        self.draws += 1
        if not self._left:
            return None
        self._left -= 1
        return self._bag[self._left]

    @property
    def bag(self) -> list[Kind]:
        """The tiles still face down, the next to be drawn last."""
        return list(self._bag[:self._left])

    @property
    def board(self) -> Board:
        """The board, with the tile placed last laid on it only when someone looks (a
        greedy player tries many placements and keeps one)."""
        if self._pending is not None:
            self._board, self._pending = self._board.with_tile(*self._pending), None
        return self._board

    def _decision(self) -> Decision:
        """The legal actions here; while driving, the position's :class:`Decision`, which
        the board remembers (drivers circling come back to the same positions)."""
        if self._legal is None:
            position = self.position
            if position is not None:
                key = ("decision", position.key(), self.damage_limit)
                memo = position.board.memo
                if key not in memo:
                    turns: dict[Action, Turn | None] = {(t.speed, t.route): t
                                                        for t in turns_by_position(position)}
                    memo[key] = Decision(tuple(turns), turns)
                self._legal = memo[key]
            else:
                self._legal = self._setup_decision()
        return self._legal

    def _setup_decision(self) -> Decision:
        """The drawn tile's legal places, each with the road ends it would join."""
        kind = self.drawn
        assert kind is not None
        if len(self.starts) < self.num_players:
            squares = start_squares(self.board, self.starts)
            if not squares:
                raise InputError(f"a {self.board.rows} x {self.board.cols} board leaves player "
                                 f"{self.drawer} no starting square more than "
                                 f"{RULES.start_exclusion} squares from the others", field="rows/cols")
            return Decision([place for sq in squares for place in _turned(sq, kind)])
        places = placements_joining(self.board, self.drawer, kind, self.rule7_at is not None)
        if not places:
            return Decision((DISCARD,))
        return Decision([place for place, _ in places], gains=[roads for _, roads in places])

    def _start(self, where: Placement) -> None:
        assert self.drawn is not None
        tile = PlacedTile(self.drawn, where.rotation, self.drawer)
        self._board = self.board.with_tile(where.square, tile)
        self.starts.append(where.square)
        if self.log is not None:
            self.log.append(SetupEvent(self.draws, self.drawer, self.drawn, where, start=True))
        self._next_draw()

    def _place(self, where: Placement | None) -> None:
        assert self.drawn is not None
        joined = False
        if where is None:
            self.events["setup: tile discarded (rule 6)"] += 1
        else:
            tile = PlacedTile(self.drawn, where.rotation, self.drawer)
            roads = joined_sides(self.board, where.square, tile.ends)
            self.joins += len(roads)
            joined = self.rule7_at is None and opponent_joined(roads, self.drawer)
            self._pending = (where.square, tile)
        if joined:
            self.rule7_at = self.draws
            self.events["setup: roads joined an opponent's (rule 7)"] += 1
        if self.log is not None:
            self.log.append(SetupEvent(self.draws, self.drawer, self.drawn, where, joined=joined))
        self._next_draw()

    def _next_draw(self) -> None:
        self._legal = None
        self.drawer = self.drawer % self.num_players + 1
        self.drawn = self._draw()
        if self.drawn is None:
            self.position = starting_position(self.board, self.starts, self.damage_limit)

    # ------------------------------------------------------------ driving

    def _drive(self, turn: Turn) -> None:
        before = self.position
        assert before is not None
        speed = before.vehicle(turn.player).speed
        self.events["speed " + ("up" if turn.speed > speed else "down" if turn.speed < speed
                                else "kept")] += 1
        self.events[f"turn ended: {turn.fate}"] += 1
        for crash in turn.crashes:
            self.events[f"collision: {crash.collision.case}"] += 1
        self.position = turn.after
        self.turns += 1
        if self.position.to_move <= turn.player:
            self.rounds += 1
        self._legal = None
        if self._over:
            winner = self.position.winner()
            self.events["won" if winner else "nobody left"] += 1


class Decision:
    """The legal actions of one position, each with its driving turn (None while setting
    up) or the road ends it joins (a setup placement), and the greedy ratings of the
    turns for each seat once asked for."""

    __slots__ = ("actions", "gains", "values", "_turns", "_index")

    def __init__(self, actions: Sequence[Action], turns: dict[Action, Turn | None] | None = None,
                 gains: Sequence[int] | None = None) -> None:
        self.actions: tuple[Action, ...] = tuple(actions)
        self.gains: Sequence[int] = gains or (0,) * len(self.actions)
        """Setting up: the road ends each placement joins, in the order of :attr:`actions`."""
        self.values: dict[Seat, list[float]] = {}
        self._turns = turns
        self._index: dict[Action, int] | None = None

    @property
    def turns(self) -> Mapping[Action, Turn | None]:
        """Each action with its driving turn (None while setting up)."""
        if self._turns is None:
            self._turns = dict.fromkeys(self.actions)
        return self._turns

    @property
    def index(self) -> dict[Action, int]:
        """Each action's place in :attr:`actions`."""
        if self._index is None:
            self._index = {action: i for i, action in enumerate(self.actions)}
        return self._index


@cache
def _turned(square: Square, kind: Kind) -> tuple[Placement, ...]:
    """``kind`` on ``square`` in each of its distinct rotations (a start draw lists them for
    every square allowed)."""
    return tuple(Placement(square, rotation) for rotation in distinct_rotations(kind))


def _distance(a: Square | None, b: Square | None) -> int:
    assert a is not None and b is not None
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


@dataclass(frozen=True)
class YieldGame:
    """Yield! on the chessboard with the reference tiles; the variant is the damage limit."""

    tiles: tuple[Kind, ...] | None = None
    rows: int = 8
    cols: int = 8
    name: ClassVar[str] = "Yield!"
    min_players: ClassVar[int] = RULES.players_min
    max_players: ClassVar[int] = RULES.players_max
    variants: ClassVar[Mapping[str, Sequence[str]]] = {"damage": tuple(map(str, DAMAGE_LIMITS))}

    def new_state(self, players: int, rng: random.Random, variant: Mapping[str, str],
                  log: bool = False) -> YieldState:
        """The bag shuffled with ``rng`` and Player One's starting tile drawn."""
        if not RULES.players_min <= players <= RULES.players_max:
            raise InputError(f"Yield! is for {RULES.players_min}-{RULES.players_max} players, "
                             f"got {players}", field="--players")
        limit = variant.get("damage", str(RULES.damage_limit))
        if limit not in self.variants["damage"]:
            raise InputError(f"the damage limit is 1 to 30, not {limit!r}", field="damage")
        bag = list(reference_set() if self.tiles is None else self.tiles)
        rng.shuffle(bag)
        return YieldState(players, bag, Board(self.rows, self.cols), int(limit), log)


GAME = YieldGame()
ENGINES = (GAME,)

