"""Yield!'s Setting Up: the tile set, starting squares and placement rules 1-7."""
from __future__ import annotations

from collections import Counter

import pytest

from icp_print.validators.errors import InputError
from icp_print.validators.yield_.board import Board, PlacedTile, dead_ends
from icp_print.validators.yield_.placement import (broken_rules, joins_opponent, legal_placements,
                                                   start_allowed, start_squares, touches)
from icp_print.validators.yield_.setup import play_setup
from icp_print.validators.yield_.model import reference_set


def board(*cells) -> Board:
    """cells: (row, col, kind, rotation, owner) on an 8x8 board."""
    return Board(8, 8, tuple(sorted(((r, c), PlacedTile(k, rot, o)) for r, c, k, rot, o in cells)))


def tile(kind: str, rotation: int = 0, owner: int = 1) -> PlacedTile:
    return PlacedTile(kind, rotation, owner)


def test_you_need_complete_set_of_64_tiles():
    counts = Counter(reference_set())
    assert len(reference_set()) == 64
    assert (counts["turn"], counts["straight"], counts["overpass"], counts["four-way"],
            counts["three-way"], counts["merge-left"] + counts["merge-right"]) == (12, 8, 4, 8, 8, 24)


def test_setting_up_player_one_may_start_on_any_square():
    assert len(start_squares(Board(), [])) == 64


def test_setting_up_no_start_within_two_squares_of_another_start():
    # the rules' diagram: the 5x5 block round Player One's start is closed
    one = (3, 3)
    closed = {(r, c) for r in range(1, 6) for c in range(1, 6)}
    for square in Board().squares():
        assert start_allowed(square, [one]) == (square not in closed)
    assert len(start_squares(Board().with_tile(one, tile("turn")), [one])) == 64 - 25


def test_setting_up_starts_in_played_setups_keep_their_distance():
    for seed in range(6):
        starts = play_setup(3, seed).starts
        for i, a in enumerate(starts):
            for b in starts[i + 1:]:
                assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 3


def test_rule_1_must_share_an_edge_with_your_own_tile():
    b = board((3, 3, "four-way", 0, 1), (3, 6, "four-way", 0, 2))
    assert touches(b, (3, 4), 1, any_tile=False) and not touches(b, (3, 5), 1, any_tile=False)
    assert 1 in broken_rules(b, 1, (2, 6), tile("straight", 0, 1), any_tile=False)
    assert 1 not in broken_rules(b, 1, (2, 3), tile("straight", 0, 1), any_tile=False)
    assert 1 not in broken_rules(b, 2, (2, 6), tile("straight", 0, 2), any_tile=False)


def test_rule_2_roads_must_join_a_placed_tile():
    b = board((3, 3, "straight", 0, 1))                   # roads N and S only
    # an E-S turn beside it touches the straight's tile but joins no road
    assert broken_rules(b, 1, (3, 4), tile("turn", 90), any_tile=False) == (2,)
    assert broken_rules(b, 1, (2, 3), tile("straight", 0), any_tile=False) == ()


def test_rule_3_no_dead_end_against_a_tile_edge():
    b = board((3, 3, "straight", 0, 1))
    # the new tile's road runs into the straight's blank E side
    assert 3 in broken_rules(b, 1, (3, 4), tile("four-way"), any_tile=False)
    # the straight's road would run into the new tile's blank edge
    assert broken_rules(b, 1, (2, 3), tile("turn", 0), any_tile=False) == (2, 3)  # N-E: no S road
    assert broken_rules(b, 1, (2, 3), tile("turn", 90), any_tile=False) == ()     # E-S: S joins


def test_rule_4_roads_may_dead_end_at_the_outer_edge():
    b = board((0, 0, "straight", 0, 1))                   # its N end runs off the board
    assert broken_rules(b, 1, (1, 0), tile("four-way"), any_tile=False) == ()   # W runs off too
    assert dead_ends(b.with_tile((1, 0), tile("four-way"))) == []


def replay(record):
    """Re-check every draw of a played setup against the rules, in order."""
    b, any_tile = Board(), False
    for event in record.events:
        if event.start:
            b = b.with_tile(event.placement.square, tile(event.kind, event.placement.rotation,
                                                         event.player))
            continue
        options = legal_placements(b, event.player, event.kind, any_tile)
        yield event, options, any_tile
        if event.placement is not None:
            placed = tile(event.kind, event.placement.rotation, event.player)
            if not any_tile:
                assert joins_opponent(b, event.player, event.placement.square, placed) == event.joined
            b = b.with_tile(event.placement.square, placed)
        any_tile = any_tile or event.joined
    assert b == record.board


@pytest.mark.parametrize("players,seed", [(2, 0), (3, 7), (3, 2)])
def test_rule_5_a_tile_that_can_be_placed_must_be_placed(players, seed):
    for event, options, _ in replay(play_setup(players, seed)):
        if options:
            assert event.placement in options


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 7)])
def test_rule_6_a_tile_that_cannot_be_placed_is_discarded(players, seed):
    record = play_setup(players, seed)
    discards = [event for event, options, _ in replay(record) if not options]
    assert discards and discards == record.discards()
    assert len(record.board) + len(discards) == 64


def test_rule_6_discard_when_no_square_fits():
    # player 1's start in the corner, boxed in by player 2's tile: its one free
    # neighbour faces the start's blank side and joins no road
    b = board((0, 0, "straight", 0, 1), (1, 0, "straight", 0, 2))
    for kind in ("turn", "straight", "overpass", "four-way", "three-way", "merge-left", "merge-right"):
        assert legal_placements(b, 1, kind, any_tile=False) == []
    assert legal_placements(b, 1, "four-way", any_tile=True)


def test_rule_7_joining_an_opponents_road_is_noticed():
    b = board((3, 3, "straight", 90, 1), (3, 5, "straight", 90, 2))
    assert joins_opponent(b, 1, (3, 4), tile("straight", 90, 1))
    assert not joins_opponent(b, 1, (2, 3), tile("straight", 0, 1))


def test_rule_7_then_any_players_tile_will_do():
    b = board((3, 3, "straight", 90, 1), (3, 5, "straight", 90, 2), (3, 6, "turn", 270, 2))
    # next to player 2's turn only: illegal for player 1 before rule 7, legal after
    square, placed = (2, 6), tile("straight", 0, 1)
    assert 1 in broken_rules(b, 1, square, placed, any_tile=False)
    assert broken_rules(b, 1, square, placed, any_tile=True) == ()


def test_rule_7_in_played_setups_switches_once_roads_join():
    for players, seed in ((2, 0), (3, 1), (3, 4)):
        record = play_setup(players, seed)
        assert record.rule7_at is not None
        for event, _options, any_tile in replay(record):
            assert any_tile == (event.number > record.rule7_at)


def test_setting_up_ends_when_the_bag_is_empty_and_leaves_no_dead_ends():
    record = play_setup(3, seed=5)
    assert len(record.events) == 64 and dead_ends(record.board) == []


def test_setting_up_same_seed_same_board():
    assert play_setup(3, seed=11) == play_setup(3, seed=11)
    assert play_setup(3, seed=11).board != play_setup(3, seed=12).board


def test_setting_up_player_count_is_two_or_three():
    with pytest.raises(InputError, match="2-3 players"):
        play_setup(4, seed=0)


def test_setting_up_a_board_too_small_for_the_start_distance_is_refused():
    # on 3 x 3 every square is within two squares of Player One's start
    with pytest.raises(InputError, match="no starting square"):
        play_setup(2, seed=0, rows=3, cols=3)
