"""A game position: the board, every vehicle, whose turn it is, the damage limit.

Vehicles are immutable; a turn produces a new :class:`GameState`.  A vehicle's
``heading`` is the way it was travelling when it came into its square (so it
came in across the opposite side); ``None`` means stopped, which lets it leave
by any road on its next turn (driving rule 5).  The JSON form is read and
written by :mod:`.statefile`.

>>> v = Vehicle(player=1, square=(2, 3), heading="E", speed=3)
>>> v.entry, v.stopped, v.active
('W', False, True)
"""
from __future__ import annotations

from typing import NamedTuple

from .board import Board, Player, Square
from .roads import Level
from .rules import RULES
from .model import OPPOSITE, Side


class Vehicle(NamedTuple):
    """One player's pawn and die.

    A named tuple rather than a frozen dataclass: a game looks positions up by their
    vehicles hundreds of thousands of times, and a tuple is hashed and built in C.
    """

    player: Player
    square: Square | None            # None once out of the game
    heading: Side | None = None      # None: stopped
    speed: int = 1                   # the die's facing
    damage: int = 0
    level: Level | None = None       # on an Overpass: which of its two roads
    out: bool = False

    @property
    def position(self) -> Square:
        """``square``, for a vehicle still in the game."""
        assert self.square is not None, f"player {self.player} is out of the game"
        return self.square

    @property
    def stopped(self) -> bool:
        return self.heading is None

    @property
    def active(self) -> bool:
        return not self.out

    @property
    def entry(self) -> Side | None:
        """The side of its square it came in by (None when stopped)."""
        return OPPOSITE[self.heading] if self.heading else None

    def stop(self) -> Vehicle:
        """Driving rule 11: after taking damage, stopped with the die turned to one."""
        return Vehicle(self.player, self.square, None, RULES.speed_min, self.damage, self.level,
                       self.out)

    def hurt(self, damage: int, limit: int) -> Vehicle:
        """Add ``damage``; at the limit the vehicle is out and leaves the board."""
        total = self.damage + damage
        if total >= limit:
            return Vehicle(self.player, None, None, RULES.speed_min, total, None, True)
        return Vehicle(self.player, self.square, None, RULES.speed_min, total, self.level, self.out)

    def destroyed(self) -> Vehicle:
        """Off the board or down a shaft (driving rule 2): out at once."""
        return Vehicle(self.player, None, None, RULES.speed_min, self.damage, None, True)

    def moved(self, square: Square, heading: Side, level: Level | None) -> Vehicle:
        """Driven into ``square`` going ``heading``, on the road ``level`` there (built in C:
        every step of every route looked at makes one)."""
        return _new(Vehicle, (self.player, square, heading, self.speed, self.damage, level, self.out))

    def at_speed(self, speed: int) -> Vehicle:
        """With the die turned to ``speed``."""
        return _new(Vehicle, (self.player, self.square, self.heading, speed, self.damage, self.level,
                              self.out))


_new = tuple.__new__
"""A named tuple built from its fields in C, without the call to its ``__new__``."""

PositionKey = tuple[Player, tuple[Vehicle, ...]]    # what tells two positions apart in a search


class GameState(NamedTuple):
    """Everything needed to choose and play the next turn (a named tuple, built in C, as
    each step of each turn looked at builds one)."""

    board: Board
    vehicles: tuple[Vehicle, ...]          # in player order
    to_move: Player = 1
    damage_limit: int = RULES.damage_limit

    def vehicle(self, player: Player) -> Vehicle:
        vehicles = self.vehicles
        if 0 < player <= len(vehicles) and vehicles[player - 1].player == player:
            return vehicles[player - 1]        # the usual order: Player One first
        for v in vehicles:
            if v.player == player:
                return v
        raise KeyError(player)

    def with_vehicle(self, vehicle: Vehicle) -> GameState:
        player, vehicles = vehicle.player, self.vehicles
        if 0 < player <= len(vehicles) and vehicles[player - 1].player == player:
            changed = list(vehicles)
            changed[player - 1] = vehicle
        else:
            changed = [vehicle if v.player == player else v for v in vehicles]
        return _new(GameState, (self.board, tuple(changed), self.to_move, self.damage_limit))

    def active(self) -> tuple[Vehicle, ...]:
        return tuple(v for v in self.vehicles if v.active)

    def winner(self) -> Player | None:
        """The last vehicle standing, once only one is left."""
        alive = self.active()
        return alive[0].player if len(alive) == 1 and len(self.vehicles) > 1 else None

    def over(self) -> bool:
        """No turns left: one vehicle (a win) or none (a draw) remains."""
        return [v.out for v in self.vehicles].count(False) <= 1

    def next_player(self, after: Player) -> Player:
        """The next active player after ``after`` in turn order (Player One first)."""
        players = [v.player for v in self.vehicles]
        start = players.index(after)
        for step in range(1, len(players) + 1):
            candidate = self.vehicles[(start + step) % len(players)]
            if candidate.active:
                return candidate.player
        return after

    def key(self) -> PositionKey:
        """A hashable summary of the position, for search transpositions."""
        return (self.to_move, self.vehicles)
