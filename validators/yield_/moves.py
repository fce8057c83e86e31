"""Driving: every legal turn (speed, then a route square by square) and what it leads to.

A turn first sets the die (same, one up or one down, within 1-6), then moves
exactly that many squares along roads (driving rules 1-9).  Each square entered
may hold vehicles: those met are hit (rule 10, :mod:`.collisions`); a mover
that takes damage stops there (rule 11).  Leaving the board or entering an
empty square ends the vehicle (rule 2).  Each step is final (rule 3): a
collision is resolved before the next square is chosen.

>>> from .board import Board, PlacedTile
>>> board = Board(1, 3, (((0, 0), PlacedTile("straight", 90)), ((0, 1), PlacedTile("straight", 90)),
...                      ((0, 2), PlacedTile("straight", 90))))
>>> state = GameState(board, (Vehicle(1, (0, 0)), Vehicle(2, (0, 2))))
>>> for turn in legal_turns(state):
...     print(turn.speed, turn.route, turn.fate, [c.collision.case for c in turn.crashes])
1 ('E',) drove []
1 ('W',) left-board []
2 ('E', 'E') stopped ['stopped']
2 ('W',) left-board []
"""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Iterator, Sequence
from functools import cache

from ..errors import RuleError
from ..frozen import build
from .board import Board, Player, Square
from .collisions import Collision, hit, meet
from .roads import Level, entered_by_curve, exits, level_of
from .rules import RULES
from .state import GameState, Vehicle
from .model import OPPOSITE, Side

Fate = str   # how a turn ended: see FATES
FATES: dict[Fate, str] = {
    "drove": "drove its full speed",
    "stopped": "took damage and stopped",
    "wrecked": "reached the damage limit and is out",
    "left-board": "drove off the edge of the board and is out",
    "fell": "drove onto an empty square and is out",
}


@dataclass(frozen=True)
class Crash:
    """One collision during a turn: on which step, where, with whom, and the damage."""

    step: int
    square: Square
    other: Player
    collision: Collision


@dataclass(frozen=True)
class Turn:
    """A complete legal turn and its outcome."""

    player: Player
    speed: int
    route: tuple[Side, ...]              # the side left by, one per square moved
    path: tuple[Square | None, ...]      # the square reached after each step (None: off the board)
    crashes: tuple[Crash, ...]
    fate: Fate
    after: GameState = field(compare=False, repr=False)

    @property
    def end(self) -> Square | None:
        return self.after.vehicle(self.player).square


def speed_choices(vehicle: Vehicle) -> tuple[int, ...]:
    """Keep the die, or turn it one up or one down, never past idling (1) or peak speed (6).

    >>> speed_choices(Vehicle(1, (0, 0), "N", 6)), speed_choices(Vehicle(1, (0, 0)))
    ((5, 6), (1, 2))
    """
    return _speeds(vehicle.speed)


@cache
def _speeds(die: int) -> tuple[int, ...]:
    """:func:`speed_choices` of a die showing ``die`` (asked for at every turn looked at)."""
    return tuple(s for s in (die - 1, die, die + 1) if RULES.speed_min <= s <= RULES.speed_max)


def exit_choices(state: GameState, vehicle: Vehicle) -> frozenset[Side]:
    """The sides ``vehicle`` may leave its square by (rules 5-9 and the Overpass levels).

    Rule 1: a side that meets a tile with no road on the facing edge is closed
    (a legal board has none; the outer edge and empty squares stay open, rule 2).
    """
    return frozenset(exit_order(state, vehicle))


def exit_order(state: GameState, vehicle: Vehicle) -> tuple[Side, ...]:
    """:func:`exit_choices`, sorted, remembered by the board (a board never changes)."""
    return tuple(hop[0] for hop in hops(state.board, vehicle))


Hop = tuple[Side, Square | None, Level | None, Fate | None]
"""One way out of a square: the side, the square entered and the road's level there, or
the fate of a vehicle that leaves the board or falls (then no square)."""


def hops(board: Board, vehicle: Vehicle) -> tuple[Hop, ...]:
    """Every side ``vehicle`` may leave its square by, sorted, and where it leads: the board's
    roads as a table, worked out once per square, heading and level by :func:`advance`
    (a board never changes, and a walk asks at every step)."""
    key = ("hops", vehicle.square, vehicle.heading, vehicle.level)
    found: tuple[Hop, ...] | None = board.memo.get(key)
    if found is None:
        tile = board.tile_at(vehicle.position)
        assert tile is not None, "a vehicle in the game stands on a tile"
        sides = sorted(side for side in exits(tile.kind, tile.rotation, vehicle.entry, vehicle.level)
                       if board.passable(vehicle.position, side))
        found = board.memo[key] = tuple(
            (side, moved.square, moved.level, fate)
            for side in sides for moved, fate in [advance(board, vehicle, side)])
    return found


def step(state: GameState, player: Player, side: Side,
         number: int = 1) -> tuple[GameState, list[Crash], Fate | None]:
    """Move ``player`` one square out by ``side`` (step ``number`` of its turn) and resolve
    what happens there.

    Returns the new state, the collisions, and a fate if the turn ends here.
    The mover hits every vehicle it meets in the square, in player order, at
    the speed it came in with.
    """
    board = state.board
    moved, fate = advance(board, state.vehicle(player), side)
    state = state.with_vehicle(moved)
    if fate is not None:
        return state, [], fate
    target_square = moved.position
    tile = board.tile_at(target_square)
    assert tile is not None
    entry = OPPOSITE[side]
    met = [other for other in state.vehicles
           if other.square == target_square and other.player != player and not other.out
           and meet(tile.kind, moved.level, other.level)]
    if not met:
        return state, [], None
    curve = entered_by_curve(tile.kind, tile.rotation, entry)
    crashes, taken = [], 0
    for other in met:
        other = state.vehicle(other.player)
        collision = hit(moved.speed, entry, other.speed, other.entry, curve)
        crashes.append(Crash(number, target_square, other.player, collision))
        taken += collision.mover_damage
        if collision.target_damage:
            state = state.with_vehicle(other.hurt(collision.target_damage, state.damage_limit))
    if taken:
        hurt = moved.hurt(taken, state.damage_limit)
        return state.with_vehicle(hurt), crashes, "wrecked" if hurt.out else "stopped"
    return state, crashes, None


def advance(board: Board, vehicle: Vehicle, side: Side) -> tuple[Vehicle, Fate | None]:
    """``vehicle`` moved one square out by ``side``, before anything it meets there: out
    (rule 2) past the board's edge or onto an empty square, else on the road it entered."""
    target = board.across[vehicle.position, side]
    if target is None:
        return vehicle.destroyed(), "left-board"
    tile = board.tile_at(target)
    if tile is None:
        return vehicle.destroyed(), "fell"
    return vehicle.moved(target, side, level_of(tile.kind, tile.rotation, OPPOSITE[side])), None


def _drive(state: GameState, player: Player, left: int, route: tuple[Side, ...],
           path: tuple[Square | None, ...], crashes: tuple[Crash, ...], speed: int) -> Iterator[Turn]:
    """Every way to finish a turn with ``left`` squares still to move."""
    mover = state.vehicle(player)
    for side in exit_order(state, mover):
        after, new, fate = step(state, player, side, len(route) + 1)
        turn_route = route + (side,)
        turn_path = path + (after.vehicle(player).square,)
        turn_crashes = crashes + tuple(new) if new else crashes
        if fate is None and left > 1:
            yield from _drive(after, player, left - 1, turn_route, turn_path, turn_crashes, speed)
            continue
        yield _finish(after, player, speed, turn_route, turn_path, turn_crashes, fate or "drove")


def _finish(state: GameState, player: Player, speed: int, route: tuple[Side, ...],
            path: tuple[Square | None, ...], crashes: tuple[Crash, ...], fate: Fate) -> Turn:
    return build(Turn, player=player, speed=speed, route=route, path=path, crashes=crashes,
                 fate=fate, after=_hand_over(state, player))


def _hand_over(state: GameState, player: Player) -> GameState:
    """The position once ``player``'s turn is over: the next active player is to move."""
    return GameState(state.board, state.vehicles, state.next_player(player), state.damage_limit)


def legal_turns(state: GameState) -> list[Turn]:
    """Every legal turn for the player to move, by speed and then route (N, E, S, W order)."""
    if state.over():
        return []
    player = state.to_move
    mover = state.vehicle(player)
    turns: list[Turn] = []
    for speed in speed_choices(mover):
        start = state.with_vehicle(mover.at_speed(speed))
        turns.extend(_drive(start, player, speed, (), (), (), speed))
    return turns


OUT_FATES = frozenset({"wrecked", "left-board", "fell"})


def survivable(state: GameState, player: Player) -> bool:
    """Could ``player`` drive a whole turn next without going out, the others standing still?

    It must move at least its slowest allowed speed (one below the die), so it
    survives when some route at that speed keeps it on the tiles (rules 1-2) and
    out of a wreck; a collision that stops it ends the turn safely.

    >>> from .board import Board, PlacedTile
    >>> board = Board(1, 2, (((0, 0), PlacedTile("straight", 90)), ((0, 1), PlacedTile("straight", 90))))
    >>> survivable(GameState(board, (Vehicle(1, (0, 0), "E", 2), Vehicle(2, (0, 1)))), 1)
    True
    >>> survivable(GameState(board, (Vehicle(1, (0, 1), "E", 2), Vehicle(2, (0, 0)))), 1)
    False
    """
    mover = state.vehicle(player)
    if mover.out:
        return False
    speed = min(speed_choices(mover))
    at = mover.position
    memo = state.board.memo
    known: bool | None
    near = tuple(v for v in state.vehicles
                 if v.player != player and not v.out and _apart(v.square, at) <= speed)
    if near:
        # Only the vehicles within reach can be met: the answer does not depend on the others.
        among = ("survives among", mover, near, state.damage_limit)
        known = memo.get(among)
        if known is None:
            start = state.with_vehicle(mover.at_speed(speed))
            known = memo[among] = _survives(start, start.vehicles, _seat(start, player), speed)
        return known
    # Nobody within reach, so nobody met: the answer depends on the vehicle and the board alone.
    key = ("survives", at, mover.heading, mover.level, speed)
    known = memo.get(key)
    if known is None:
        alone = GameState(state.board, (mover.at_speed(speed),), player, state.damage_limit)
        known = memo[key] = _survives(alone, alone.vehicles, 0, speed)
    return known


def _meets(board: Board, mover: Vehicle, squares: int, others: Sequence[Vehicle]) -> bool:
    """Whether a route of up to ``squares`` squares could take ``mover`` onto a square one
    of ``others`` stands on (if not, nobody is met and the others change nothing)."""
    reach = _reach(board, mover, squares)
    return any(v.square in reach for v in others)


def _reach(board: Board, vehicle: Vehicle, squares: int) -> frozenset[Square]:
    """Every square a route of up to ``squares`` squares enters, ``vehicle`` driving alone;
    remembered by the board."""
    key = ("reach", vehicle.square, vehicle.heading, vehicle.level, squares)
    found: frozenset[Square] | None = board.memo.get(key)
    if found is None:
        entered: set[Square] = set()
        frontier = {vehicle}
        for _ in range(squares):
            ahead = set()
            for here in frontier:
                for side, square, level, fate in hops(board, here):
                    if fate is None:
                        entered.add(square)                        # type: ignore[arg-type]
                        ahead.add(here.moved(square, side, level))  # type: ignore[arg-type]
            frontier = ahead
        found = board.memo[key] = frozenset(entered)
    return found


def _apart(a: Square | None, b: Square) -> int:
    """Squares across plus squares down: no route of fewer steps joins ``a`` and ``b``."""
    assert a is not None
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _survives(state: GameState, vehicles: Vehicles, seat: int, left: int) -> bool:
    """Whether the vehicle ``vehicles[seat]`` has a route of ``left`` more squares that keeps
    it in the game (``state`` gives the board and damage limit)."""
    for hop in hops(state.board, vehicles[seat]):
        after, _crashes, fate = _step(state, vehicles, seat, hop, 1)
        if fate in OUT_FATES:
            continue
        if fate is not None or left == 1 or _survives(state, after, seat, left - 1):
            return True
    return False


Vehicles = tuple[Vehicle, ...]


def _seat(state: GameState, player: Player) -> int:
    """Where ``player``'s vehicle stands in ``state.vehicles``."""
    return state.vehicles.index(state.vehicle(player))


def _step(state: GameState, vehicles: Vehicles, seat: int, hop: Hop,
          number: int) -> tuple[Vehicles, Sequence[Crash], Fate | None]:
    """:func:`step` of the vehicle ``vehicles[seat]`` along ``hop`` (``state`` gives the board
    and damage limit), the vehicles afterwards: without a new position when the hop
    leaves the board or enters a square nobody else is on (then nothing is met)."""
    side, square, level, fate = hop
    mover = vehicles[seat]
    if fate is not None:
        moved = mover.destroyed()
    else:
        for other in vehicles:
            if other.square == square:
                after, crashes, fate = step(GameState(state.board, vehicles, state.to_move,
                                                      state.damage_limit), mover.player, side, number)
                return after.vehicles, crashes, fate
        moved = mover.moved(square, side, level)            # type: ignore[arg-type]
    return vehicles[:seat] + (moved,) + vehicles[seat + 1:], (), fate


def successors(state: GameState) -> list[GameState]:
    """Every distinct position the player to move can reach in one turn, without routes
    (the positions of :func:`turns_by_position`)."""
    return [turn.after for turn in turns_by_position(state)]


Partial = tuple[Vehicles, tuple[Side, ...], tuple[Square | None, ...], tuple[Crash, ...]]


def turns_by_position(state: GameState) -> list[Turn]:
    """One legal turn for every distinct position the player to move can reach: the first
    route (by speed, then N, E, S, W) that gets there.

    The search needs positions, not routes, and on a busy board hundreds of
    routes end in the same few positions.  So the squares are walked one step
    at a time for each speed, and partial turns that have reached the same
    position (every vehicle's square, heading, speed and damage alike) are
    expanded once: what happens next depends only on that position.  The result
    holds the same positions as :func:`legal_turns`.  The answer is remembered by the
    board for the position (two drivers circling come back to the same ones).
    """
    if state.over():
        return []
    key = ("turns", state.key(), state.damage_limit)
    known: list[Turn] | None = state.board.memo.get(key)
    if known is None:
        known = state.board.memo[key] = _turns_by_position(state)
    return list(known)


def _turns_by_position(state: GameState) -> list[Turn]:
    player = state.to_move
    mover = state.vehicle(player)
    speeds = speed_choices(mover)
    if _out_of_reach(state, mover, speeds[-1]):
        return _lone_turns(state, mover, speeds)
    return _walked_turns(state, mover, speeds)


def _walked_turns(state: GameState, mover: Vehicle, speeds: tuple[int, ...]) -> list[Turn]:
    """:func:`_turns_by_position` by walking each speed's squares one step at a time."""
    player, board = mover.player, state.board
    seat = _seat(state, player)
    found: dict[Vehicles, Turn] = {}     # the vehicles tell the positions apart
    for speed in speeds:
        frontier: list[Partial] = [(state.with_vehicle(mover.at_speed(speed)).vehicles, (), (), ())]
        for left in range(speed, 0, -1):
            reached: dict[Vehicles, Partial] = {}
            for vehicles, route, path, crashes in frontier:
                number = len(route) + 1
                for hop in hops(board, vehicles[seat]):
                    after, new, fate = _step(state, vehicles, seat, hop, number)
                    moved = (after, route + (hop[0],), path + (after[seat].square,),
                             crashes + tuple(new) if new else crashes)
                    if fate is None and left > 1:
                        reached.setdefault(after, moved)
                    elif after not in found:
                        position = GameState(board, after, state.to_move, state.damage_limit)
                        found[after] = _finish(position, player, speed, moved[1], moved[2],
                                               moved[3], fate or "drove")
            frontier = list(reached.values())
    return list(found.values())


def _out_of_reach(state: GameState, mover: Vehicle, squares: int) -> bool:
    """Whether no route of up to ``squares`` squares could take ``mover`` onto another vehicle
    in the game (first by distance, then by the squares its routes enter)."""
    at = mover.position
    near = [v for v in state.vehicles
            if not v.out and v.player != mover.player and _apart(v.square, at) <= squares]
    return not near or not _meets(state.board, mover, squares, near)


Walked = tuple[Vehicle, tuple[Side, ...], tuple[Square | None, ...], Fate | None]
"""A vehicle driven alone: where it is, its route and path so far, and how the last step ended."""


def _lone_turns(state: GameState, mover: Vehicle, speeds: tuple[int, ...]) -> list[Turn]:
    """:func:`_turns_by_position` when no other vehicle is within reach of the fastest speed.

    Nothing can be met, so the speed changes only how many squares are driven (and the
    die): the squares are walked once, for the fastest speed, and the turns of every
    speed are read off the walk in the order the walk of each speed would find them.
    The walk moves the vehicle alone (:func:`hops`, the rules of a step with
    nothing met) and partial turns that reach the same vehicle are expanded once."""
    player = mover.player
    board = state.board
    walk: list[list[Walked]] = []            # every step taken at each depth, in order
    frontier: list[Walked] = [(mover, (), (), None)]
    for _ in range(speeds[-1]):
        taken: list[Walked] = []
        reached: dict[Vehicle, Walked] = {}
        for vehicle, route, path, _fate in frontier:
            for side, square, level, fate in hops(board, vehicle):
                moved = vehicle.destroyed() if fate else vehicle.moved(square, side, level)  # type: ignore[arg-type]
                done = (moved, route + (side,), path + (moved.square,), fate)
                taken.append(done)
                if fate is None:
                    reached.setdefault(moved, done)
        walk.append(taken)
        frontier = list(reached.values())
    found: dict[Vehicle, Turn] = {}        # the others stand still: the mover tells positions apart
    seat, vehicles, limit = _seat(state, player), state.vehicles, state.damage_limit
    after = state.next_player(player)      # another vehicle is still in, whatever the mover does
    for speed in speeds:
        for depth in range(speed):
            last = depth == speed - 1
            for moved, route, path, fate in walk[depth]:
                if fate is None:
                    if not last:
                        continue
                    moved = moved.at_speed(speed)
                if moved not in found:
                    position = GameState(board, vehicles[:seat] + (moved,) + vehicles[seat + 1:],
                                         after, limit)
                    found[moved] = build(Turn, player=player, speed=speed, route=route, path=path,
                                         crashes=(), fate=fate or "drove", after=position)
    return list(found.values())


def play_turn(state: GameState, speed: int, route: tuple[Side, ...]) -> Turn:
    """The turn with this speed and route, or a RuleError if the rules forbid it."""
    for turn in legal_turns(state):
        if turn.speed == speed and turn.route == tuple(route):
            return turn
    raise RuleError(f"player {state.to_move} cannot drive {'-'.join(route) or 'nowhere'} at speed {speed}",
                    field="route")
