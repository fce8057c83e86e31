"""Yield!'s Play rules: adjusting speed, driving rules 1-11, every collision case, winning."""
from __future__ import annotations

import pytest

from icp_print.validators.errors import RuleError
from icp_print.validators.yield_.board import Board, PlacedTile
from icp_print.validators.yield_.collisions import hit
from icp_print.validators.yield_.moves import legal_turns, play_turn, speed_choices, step, successors
from icp_print.validators.yield_.roads import curve_side, exits, merge_points
from icp_print.validators.yield_.rules import RULES
from icp_print.validators.yield_.setup import play_setup
from icp_print.validators.yield_.state import GameState, Vehicle
from icp_print.validators.yield_.model import OPPOSITE, ROTATIONS, SIDES, road_ends


def board(*cells, rows=3, cols=3) -> Board:
    """cells: (row, col, kind, rotation)."""
    return Board(rows, cols, tuple(sorted(((r, c), PlacedTile(k, rot)) for r, c, k, rot in cells)))


# A plus-shaped 3x3 board: a centre tile with a straight road on each arm.
def plus(centre: str, rotation: int = 0) -> Board:
    return board((1, 1, centre, rotation), (0, 1, "straight", 0), (2, 1, "straight", 0),
                 (1, 0, "straight", 90), (1, 2, "straight", 90))


LINE = board((0, 0, "straight", 90), (0, 1, "straight", 90), (0, 2, "straight", 90), rows=1)


def positions(state: GameState, turns: int):
    """``state`` and the positions after up to ``turns`` turns, preferring turns that survive."""
    yield state
    for _ in range(turns):
        options = legal_turns(state)
        if not options:
            return
        state = next((t for t in options if t.fate == "drove"), options[0]).after
        yield state


def game(b: Board, *vehicles: Vehicle, to_move: int = 1, limit: int = RULES.damage_limit) -> GameState:
    return GameState(b, tuple(vehicles), to_move, limit)


# -- Adjusting your speed ----------------------------------------------------------

def test_adjusting_speed_keep_accelerate_or_decelerate_by_one():
    assert speed_choices(Vehicle(1, (0, 0), "E", 3)) == (2, 3, 4)


def test_adjusting_speed_no_acceleration_past_peak_speed_six():
    assert speed_choices(Vehicle(1, (0, 0), "E", 6)) == (5, 6)


def test_adjusting_speed_no_deceleration_below_idling_one():
    assert speed_choices(Vehicle(1, (0, 0), "E", 1)) == (1, 2)


def test_play_vehicles_begin_stopped_with_die_on_one_and_player_one_first():
    state = play_setup(3, seed=1).initial_state()
    assert state.to_move == 1
    assert all(v.stopped and v.speed == 1 and v.damage == 0 for v in state.vehicles)


def test_driving_moves_exactly_the_die_facing_unless_the_turn_ends_early():
    for state in positions(play_setup(2, seed=3).initial_state(), 12):
        for turn in legal_turns(state):
            assert len(turn.route) == turn.speed or turn.fate != "drove"


# -- Driving rules -------------------------------------------------------------

def test_driving_rule_1_stay_on_the_road():
    for kind in ("turn", "straight", "three-way", "merge-left", "merge-right", "overpass", "four-way"):
        for rotation in ROTATIONS:
            for entry in SIDES:
                assert exits(kind, rotation, entry) <= road_ends(kind, rotation)
    # a turn's roadless sides are never used, even by a stopped vehicle
    assert exits("turn", 0, None) == frozenset("NE")


def test_driving_rule_1_no_crossing_into_a_tile_without_road():
    b = board((0, 0, "turn", 90), (0, 1, "straight", 0), (1, 0, "straight", 0), rows=2, cols=2)
    state = game(b, Vehicle(1, (0, 0)), Vehicle(2, (1, 0), "N", 1))
    # the turn's E end meets the N-S straight's blank side: only S is open
    assert {t.route[0] for t in legal_turns(state)} == {"S"}


def test_driving_rule_2_hitting_the_board_edge_destroys_the_vehicle():
    state = game(LINE, Vehicle(1, (0, 2), "E", 2), Vehicle(2, (0, 0), "W", 1))
    turn = play_turn(state, 2, ("E",))
    assert turn.fate == "left-board" and turn.after.vehicle(1).out
    assert turn.after.winner() == 2


def test_driving_rule_2_entering_an_empty_square_drops_down_the_shaft():
    b = board((0, 0, "straight", 90), (0, 2, "straight", 90), rows=1)
    state = game(b, Vehicle(1, (0, 0), "E", 1), Vehicle(2, (0, 2), "E", 1))
    turn = play_turn(state, 1, ("E",))
    assert turn.fate == "fell" and turn.end is None and turn.after.vehicle(1).out


def test_driving_rule_3_each_step_is_final():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 3), Vehicle(2, (1, 1), "S", 1))
    turn = play_turn(state, 4, ("E", "N", "N"))
    replay = state.with_vehicle(Vehicle(1, (1, 0), "E", 4))
    for side in turn.route:
        replay, _crashes, fate = step(replay, 1, side)
    assert replay.vehicles == turn.after.vehicles
    assert turn.crashes[0].step == 1 and turn.after.vehicle(2).damage == 3   # already dealt


def test_driving_rule_4_no_reversing_direction():
    for state in positions(play_setup(3, seed=4).initial_state(), 12):
        for turn in legal_turns(state):
            for before, after in zip(turn.route, turn.route[1:]):
                assert after != OPPOSITE[before]
    assert exits("four-way", 0, "S") == frozenset("NEW")


def test_driving_rule_5_direction_kept_between_turns():
    moving = game(plus("four-way"), Vehicle(1, (1, 1), "E", 1), Vehicle(2, (0, 1), "N", 1))
    assert {t.route[0] for t in legal_turns(moving)} == {"N", "E", "S"}   # came in by W


def test_driving_rule_5_a_stopped_vehicle_may_leave_any_way():
    stopped = game(plus("four-way"), Vehicle(1, (1, 1)), Vehicle(2, (0, 1), "N", 1))
    assert {t.route[0] for t in legal_turns(stopped)} == set(SIDES)
    assert exits("merge-right", 0, None) == frozenset("NES")


def test_driving_rule_6_straightaway_and_turn_leave_by_the_other_end():
    for kind in ("straight", "turn"):
        for rotation in ROTATIONS:
            ends = road_ends(kind, rotation)
            for entry in ends:
                assert exits(kind, rotation, entry) == ends - {entry}


def test_driving_rule_7_intersection_any_way_but_back():
    for kind in ("four-way", "three-way"):
        for rotation in ROTATIONS:
            ends = road_ends(kind, rotation)
            for entry in ends:
                assert exits(kind, rotation, entry) == ends - {entry}


@pytest.mark.parametrize("kind", ["merge-left", "merge-right"])
def test_driving_rule_8_entering_a_merge_by_its_curve_follow_it(kind):
    for rotation in ROTATIONS:
        curve = curve_side(kind, rotation)
        assert exits(kind, rotation, curve) == {merge_points(kind, rotation)}


@pytest.mark.parametrize("kind", ["merge-left", "merge-right"])
def test_driving_rule_9_entering_a_merge_by_the_straight(kind):
    for rotation in ROTATIONS:
        curve, points = curve_side(kind, rotation), merge_points(kind, rotation)
        # travelling against the curve's direction, bearing onto it needs no sharp turn
        assert exits(kind, rotation, points) == {OPPOSITE[points], curve}
        # travelling with it, the curve would need a turn of more than 90 degrees
        assert exits(kind, rotation, OPPOSITE[points]) == {points}


def test_driving_overpass_keeps_each_road_on_its_level():
    b = plus("overpass", 0)
    state = game(b, Vehicle(1, (1, 0), "E", 1), Vehicle(2, (0, 1), "S", 1))
    turn = play_turn(state, 2, ("E", "E"))
    assert turn.path == ((1, 1), (1, 2))
    assert play_turn(state, 1, ("E",)).after.vehicle(1).level == "lower"
    assert exits("overpass", 90, "W") == {"E"} and exits("overpass", 0, None, "upper") == {"N", "S"}


def test_driving_rule_10_entering_an_occupied_square_is_a_collision():
    state = game(LINE, Vehicle(1, (0, 0), "E", 2), Vehicle(2, (0, 1), "W", 1))
    assert play_turn(state, 2, ("E", "E")).crashes[0].other == 2


def test_driving_rule_10_overpass_different_levels_no_collision():
    state = game(plus("overpass", 0), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "S", 2, level="upper"))
    turn = play_turn(state, 2, ("E", "E"))
    assert turn.crashes == () and turn.after.vehicle(2).damage == 0 and turn.end == (1, 2)


def test_driving_rule_10_overpass_same_level_collides():
    state = game(plus("overpass", 0), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "W", 1, level="lower"))
    turn = play_turn(state, 2, ("E", "E"))
    assert [c.collision.case for c in turn.crashes] == ["crossing"]
    assert turn.after.vehicle(2).damage == 1


def test_driving_rule_11_damage_stops_the_vehicle_with_the_die_on_one():
    state = game(LINE, Vehicle(1, (0, 0), "E", 3), Vehicle(2, (0, 1), "W", 5))
    turn = play_turn(state, 3, ("E",))
    mover = turn.after.vehicle(1)
    assert turn.fate == "stopped" and len(turn.route) == 1
    assert mover.damage == 2 and mover.stopped and mover.speed == 1 and mover.square == (0, 1)
    # next turn it may leave by any road, back the way it came included
    later = GameState(LINE, turn.after.vehicles, to_move=1)
    assert {t.route[0] for t in legal_turns(later)} == {"E", "W"}


def test_driving_rule_11_an_undamaged_mover_keeps_going():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "S", 1))
    turn = play_turn(state, 2, ("E", "E"))
    assert turn.fate == "drove" and turn.end == (1, 2)
    assert turn.after.vehicle(2).stopped and turn.after.vehicle(2).damage == 1


# -- Collisions ----------------------------------------------------------------

def test_collision_with_a_stopped_vehicle_mover_takes_its_speed():
    for entry in SIDES:
        c = hit(5, entry, 1, None, curve_entry=False)
        assert (c.case, c.mover_damage, c.target_damage) == ("stopped", 5, 0)
    state = game(LINE, Vehicle(1, (0, 0), "E", 4), Vehicle(2, (0, 1)))
    assert play_turn(state, 4, ("E",)).after.vehicle(1).damage == 4


def test_collision_from_behind_mover_takes_the_difference():
    state = game(LINE, Vehicle(1, (0, 0), "E", 5), Vehicle(2, (0, 1), "E", 2))
    turn = play_turn(state, 5, ("E",))
    assert turn.crashes[0].collision.case == "from-behind"
    assert turn.after.vehicle(1).damage == 3 and turn.after.vehicle(2).damage == 0


def test_collision_from_behind_same_speed_one_point():
    assert hit(3, "W", 3, "W", False).mover_damage == 1
    state = game(LINE, Vehicle(1, (0, 0), "E", 2), Vehicle(2, (0, 1), "E", 3))
    assert play_turn(state, 3, ("E",)).after.vehicle(1).damage == 1


def test_collision_from_behind_on_any_kind_of_square():
    merge = board((1, 1, "merge-right", 0), (2, 1, "straight", 0), (0, 1, "straight", 0),
                  (1, 2, "straight", 90))
    state = game(merge, Vehicle(1, (1, 2), "W", 3), Vehicle(2, (1, 1), "W", 1))   # both by the curve
    turn = play_turn(state, 3, ("W",))
    assert turn.crashes[0].collision.case == "from-behind" and turn.after.vehicle(1).damage == 2


@pytest.mark.parametrize("centre,rotation,target_heading", [
    ("straight", 90, "W"),          # head-on on a Straightaway
    ("turn", 180, "N"),             # a Turn joining W and S: the other came up from the south
    ("four-way", 0, "S"),           # an Intersection, crossing
    ("three-way", 180, "N"),        # a Three-Way joining W, E and S
])
def test_collision_straightaway_turn_intersection_slower_takes_difference(centre, rotation,
                                                                          target_heading):
    state = game(plus(centre, rotation), Vehicle(1, (1, 0), "E", 5),
                 Vehicle(2, (1, 1), target_heading, 2))
    turn = play_turn(state, 5, route_from(state, 5, "E"))
    c = turn.crashes[0].collision
    assert c.case == "crossing" and (c.mover_damage, c.target_damage) == (0, 3)
    assert turn.crashes[0].step == 1 and turn.after.vehicle(2).stopped


def route_from(state: GameState, speed: int, first: str) -> tuple:
    """The first legal route at ``speed`` that starts by ``first``."""
    return next(t.route for t in legal_turns(state) if t.speed == speed and t.route[0] == first)


def test_collision_crossing_slower_mover_takes_the_difference():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "S", 6))
    turn = play_turn(state, 2, ("E",))
    assert turn.after.vehicle(1).damage == 4 and turn.after.vehicle(2).damage == 0


def test_collision_crossing_equal_speeds_each_take_their_speed():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 3), Vehicle(2, (1, 1), "S", 4))
    turn = play_turn(state, 4, ("E",))
    assert turn.after.vehicle(1).damage == 4 and turn.after.vehicle(2).damage == 4
    assert turn.after.vehicle(1).stopped and turn.after.vehicle(2).stopped


MERGE = board((1, 1, "merge-right", 0), (2, 1, "straight", 0), (0, 1, "straight", 0),
              (1, 2, "straight", 90))


def test_collision_merge_entered_by_the_curve_mover_takes_its_speed():
    state = game(MERGE, Vehicle(1, (1, 2), "W", 2), Vehicle(2, (1, 1), "S", 6))
    turn = play_turn(state, 2, ("W",))
    c = turn.crashes[0].collision
    assert (c.case, c.mover_damage, c.target_damage) == ("merge-curve", 2, 0)


def test_collision_merge_entered_by_the_straight_slower_takes_difference():
    state = game(MERGE, Vehicle(1, (2, 1), "N", 6), Vehicle(2, (1, 1), "S", 2))
    turn = play_turn(state, 6, route_from(state, 6, "N"))
    c = turn.crashes[0].collision
    assert (c.case, c.mover_damage, c.target_damage) == ("crossing", 0, 4)


def test_collision_merge_by_the_straight_equal_speeds_each_take_speed():
    state = game(MERGE, Vehicle(1, (2, 1), "N", 3), Vehicle(2, (1, 1), "W", 3))   # it came off the curve
    turn = play_turn(state, 3, ("N",))
    assert [v.damage for v in turn.after.vehicles] == [3, 3]


def test_collision_overpass_different_levels_none_same_level_as_a_straightaway():
    upper = game(plus("overpass", 90), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "N", 4, level="lower"))
    assert play_turn(upper, 2, ("E", "E")).crashes == ()          # rotated: E-W is the bridge
    same = game(plus("overpass", 90), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "W", 4, level="upper"))
    c = play_turn(same, 2, ("E",)).crashes[0].collision
    assert (c.case, c.mover_damage, c.target_damage) == ("crossing", 2, 0)


def test_damage_limit_ten_points_puts_a_vehicle_out():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "S", 1, damage=9),
                 Vehicle(3, (0, 1), "N", 1))
    turn = play_turn(state, 2, ("E", "E"))
    assert turn.after.vehicle(2).out and turn.after.vehicle(2).damage == 10
    assert turn.after.vehicle(2).square is None and not turn.after.over()
    assert turn.after.to_move == 3          # the player who is out is skipped


def test_damage_limit_variant_is_adjustable():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "S", 1, damage=2),
                 limit=3)
    assert play_turn(state, 2, ("E", "E")).after.vehicle(2).out
    assert not play_turn(game(state.board, *state.vehicles), 2, ("E", "E")).after.vehicle(2).out


def test_winning_last_vehicle_standing():
    state = game(plus("four-way"), Vehicle(1, (1, 0), "E", 2), Vehicle(2, (1, 1), "S", 1, damage=9))
    turn = play_turn(state, 2, ("E", "E"))
    assert turn.after.winner() == 1 and turn.after.over() and legal_turns(turn.after) == []


def test_winning_both_out_in_one_collision_is_a_draw():
    state = game(LINE, Vehicle(1, (0, 0), "E", 4, damage=8), Vehicle(2, (0, 1), "W", 4, damage=8))
    turn = play_turn(state, 4, ("E",))
    assert turn.after.over() and turn.after.winner() is None


def test_illegal_turn_is_refused():
    state = game(LINE, Vehicle(1, (0, 0), "E", 2), Vehicle(2, (0, 2), "W", 1))
    with pytest.raises(RuleError, match="cannot drive"):
        play_turn(state, 2, ("W",))       # reversing
    with pytest.raises(RuleError):
        play_turn(state, 4, ("E", "E"))   # speed can change by one only


def test_successors_are_exactly_the_distinct_results_of_every_legal_turn():
    # the search walks positions, not routes; it must reach the same positions
    dense = Board(8, 8, tuple(((r, c), PlacedTile("four-way", 0)) for r in range(8) for c in range(8)))
    crowded = game(dense, Vehicle(1, (3, 3), "E", 5), Vehicle(2, (3, 5), "W", 4), Vehicle(3, (2, 4)),
                   limit=6)
    starts = [crowded] + [play_setup(p, seed).initial_state() for p, seed in ((2, 3), (3, 7))]
    for start in starts:
        for state in positions(start, 8):
            wanted = {turn.after.key() for turn in legal_turns(state)}
            found = [after.key() for after in successors(state)]
            assert len(found) == len(set(found)) and set(found) == wanted


def test_turns_by_position_are_legal_turns_one_per_position():
    from icp_print.validators.yield_.moves import turns_by_position
    for state in positions(play_setup(3, seed=4).initial_state(), 12):
        every = {(t.speed, t.route): t for t in legal_turns(state)}
        chosen = turns_by_position(state)
        assert all(every[(t.speed, t.route)] == t for t in chosen)
        assert len({t.after.key() for t in chosen}) == len(chosen)
        assert {t.after.key() for t in chosen} == {t.after.key() for t in every.values()}
