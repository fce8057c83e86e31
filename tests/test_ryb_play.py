"""RYB played whole (validators/ryb/play.py): each test is named after the rule it checks."""
from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from icp_print.validators.errors import InputError
from icp_print.validators.ryb import play as ryb
from icp_print.validators.ryb.deck import load_deck
from icp_print.validators.ryb.model import HAND_SIZE, Goal

RED, YELLOW, BLUE = 0, 1, 2


def dealt(players: int = 3, seed: int = 0, **variant) -> ryb.RybState:
    return ryb.GAME.new_state(players, random.Random(seed), variant)


def card_count(s: ryb.RybState) -> int:
    table = len(s.table) + len(s.swiss)
    kept = sum(len(t) for t in s.treasure)
    return len(s.draw) + len(s.discard) + sum(len(h) for h in s.hands) + table + kept \
        + (1 if s.recycled is not None else 0)


def to_play_step(s: ryb.RybState, hand: list) -> None:
    s.apply(("refill",), random.Random(0))
    s.discard += s.hands[s.seat]
    s.hands[s.seat] = list(hand)
    assert s.phase == ryb.PLAY


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setting_up_deals_by_player_count_and_gives_two_dice_of_each_colour(players):
    s = dealt(players)
    assert [len(h) for h in s.hands] == [HAND_SIZE[players]] * players
    assert s.pools == [[2, 2, 2]] * players
    assert card_count(s) == len(ryb.GAME.cards)
    assert s.current_player() == 0


def test_hand_size_variant_changes_the_deal():
    assert [len(h) for h in dealt(4, hand="5").hands] == [5] * 4


def test_refill_draws_back_up_to_the_hand_dealt():
    s = dealt(4)
    s.hands[0] = s.hands[0][:1]
    s.apply(("refill",), random.Random(1))
    assert len(s.hands[0]) == HAND_SIZE[4] and s.phase == ryb.PLAY


def test_dump_discards_the_hand_draws_a_new_one_and_ends_the_turn():
    s = dealt(4)
    old = list(s.hands[0])
    s.apply(("dump",), random.Random(1))
    assert s.discard == old and len(s.hands[0]) == HAND_SIZE[4]
    assert s.seat == 1 and s.turns == 1 and s.phase == ryb.START


def test_empty_draw_deck_is_rebuilt_from_the_discards_except_with_two_players():
    for players, rebuilt in ((3, True), (2, False)):
        s = dealt(players)
        s.discard, s.draw = s.draw, []
        s.hands[0] = []
        s.apply(("refill",), random.Random(2))
        assert (len(s.hands[0]) == HAND_SIZE[players]) is rebuilt
        assert s.events["reshuffle"] == int(rebuilt)


def test_playing_a_card_is_mandatory_and_do_over_waits_for_a_roll():
    s = dealt(3)
    to_play_step(s, ["do-over", Goal("red", 7, 14)])
    actions = s.legal_actions()
    assert actions == [("goal", Goal("red", 7, 14))]
    to_play_step(s, ["do-over"])
    assert s.legal_actions() == [("pass",)]


def test_goal_cards_go_to_the_middle_of_the_table():
    s = dealt(3)
    to_play_step(s, [Goal("green", 9, 27)])
    s.apply(("goal", Goal("green", 9, 27)), random.Random(0))
    assert [e[1] for e in s.table] == [Goal("green", 9, 27)] and s.phase == ryb.ATTEMPT


def test_gimme_takes_one_die_from_another_pool():
    s = dealt(3)
    to_play_step(s, ["gimme"])
    s.apply(("gimme", 2, YELLOW), random.Random(0))
    assert s.pools[0] == [2, 3, 2] and s.pools[2] == [2, 1, 2]
    assert s.discard[-1] == "gimme"


def test_swap_needs_a_roll_of_ten_or_less_and_trades_as_many_dice():
    s = dealt(3)
    to_play_step(s, ["swap"])
    assert all(0 < sum(a[1:]) <= 10 for a in s.legal_actions())
    rng = random.Random(3)
    s.apply(("swap", 0, 2, 0), rng)          # two dice never total more than 12 ... retry until <= 10
    while s.phase != ryb.SWAP:
        s = dealt(3, seed=rng.randrange(10**6))
        to_play_step(s, ["swap"])
        s.apply(("swap", 0, 2, 0), rng)
    assert all(sum(a[2:]) == 2 for a in s.legal_actions()[1:])
    s.apply(("swap-to", 1, 2, 0, 0), rng)
    assert s.pools[0] == [4, 0, 2] and s.pools[1] == [0, 4, 2]


def test_swap_of_more_than_ten_changes_nothing():
    s = dealt(3)
    s.pools[0] = [10, 0, 0]
    to_play_step(s, ["swap"])
    s.apply(("swap", 10, 0, 0), random.Random(0))    # ten dice total 10 only if all show 1
    assert s.phase != ryb.SWAP and s.pools[0] == [10, 0, 0]


def test_red_rover_takes_every_die_showing_the_number():
    s = dealt(3)
    s.pools[1] = [12, 0, 0]
    to_play_step(s, ["red-rover"])
    s.apply(("red-rover", 4, 1), random.Random(5))
    won = s.events["red-rover dice won"]
    assert s.pools[0][RED] == 2 + won and s.pools[1][RED] == 12 - won and sum(s.pools[0]) > 6


def test_shanghai_dice_go_back_at_the_end_of_the_turn():
    s = dealt(3)
    s.table = [[1, Goal("red", 18, 36), 0]]
    to_play_step(s, ["shanghai"])
    s.apply(("shanghai", 1, BLUE), random.Random(0))
    assert s.pools[0] == [2, 2, 4] and s.pools[1] == [2, 2, 0]
    while s.seat == 0:
        s.apply(s.legal_actions()[-1], random.Random(0))
    assert s.pools[0] == [2, 2, 2] and s.pools[1] == [2, 2, 2]


def test_reset_variable_returns_every_pool_to_two_of_each():
    s = dealt(3)
    s.pools = [[5, 0, 1], [0, 1, 2], [2, 2, 2]]
    to_play_step(s, ["variable"])
    s.apply(("variable", "reset"), random.Random(0))
    assert s.pools == [[2, 2, 2]] * 3


def test_tea_party_passes_every_pool_to_the_chosen_side():
    s = dealt(3, variable="tea-party")
    s.pools = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
    to_play_step(s, ["variable"])
    s.apply(("variable", "tea-party", 1), random.Random(0))
    assert s.pools == [[0, 0, 1], [1, 0, 0], [0, 1, 0]]


def test_balance_target_gives_dice_of_their_choice_until_even():
    s = dealt(3, variable="balance")
    s.pools = [[1, 0, 0], [4, 3, 1], [2, 2, 2]]
    to_play_step(s, ["variable"])
    s.apply(("variable", "balance", 1), random.Random(0))
    assert s.current_player() == 1 and s.phase == ryb.GIVE
    while s.phase == ryb.GIVE:
        s.apply(("give", YELLOW) if s.pools[1][YELLOW] else s.legal_actions()[0], random.Random(0))
    assert sum(s.pools[0]) >= sum(s.pools[1]) and sum(s.pools[0]) + sum(s.pools[1]) == 9


def test_denied_cancels_the_card_aimed_at_its_holder():
    s = dealt(3, variable="denied")
    s.table = [[1, Goal("red", 18, 36), 0]]
    s.hands[2] = ["variable"]
    to_play_step(s, ["gimme"])
    s.apply(("gimme", 2, RED), random.Random(0))
    assert s.current_player() == 2 and s.legal_actions() == [("deny",), ("allow",)]
    s.apply(("deny",), random.Random(0))
    assert s.pools[2] == [2, 2, 2] and s.hands[2] == [] and s.current_player() == 0


def test_attempt_rolls_the_colours_the_goal_needs_and_completes_at_the_target():
    s = dealt(3)
    s.table = [[1, Goal("black", 3, 12), 0]]
    s.phase, s.seat, s.actor = ryb.ATTEMPT, 0, 0
    s.pools[0] = [6, 6, 6]                   # black 3 with six dice of each colour: certain
    s.apply(("attempt", 1), random.Random(0))
    s.apply(("roll",), random.Random(0))
    assert s.table == [] and s.treasure[0] == [[Goal("black", 3, 12), 0]]


def test_an_attempt_needs_a_die_of_every_colour_the_goal_needs():
    s = dealt(3)
    s.table = [[1, Goal("purple", 4, 12), 0]]
    s.phase, s.pools[0] = ryb.ATTEMPT, [2, 2, 0]
    assert s.legal_actions() == [("stop",)]


def test_a_missed_attempt_banks_at_least_one_point_and_banked_points_lower_the_target():
    s = dealt(3)
    s.table = [[1, Goal("red", 18, 36), 0]]
    s.phase = ryb.ATTEMPT
    s.apply(("attempt", 1), random.Random(0))
    s.apply(("roll",), random.Random(0))
    if s.phase == ryb.REROLL:
        s.apply(("keep",), random.Random(0))
    assert s.phase == ryb.BANK
    banks = s.legal_actions()
    assert banks[0] == ("bank", 1) and banks[-1] == ("bank", s.total)
    rolled = s.total
    s.apply(("bank", rolled), random.Random(0))
    assert s.table[0][2] == rolled and s.need(1, *s.table[0]) == 18 - rolled


def test_banking_optional_reading_of_example_three_allows_banking_nothing():
    s = dealt(3, banking="optional")
    s.table = [[1, Goal("red", 18, 36), 0]]
    s.phase = ryb.ATTEMPT
    s.apply(("attempt", 1), random.Random(0))
    s.apply(("roll",), random.Random(0))
    if s.phase == ryb.REROLL:
        s.apply(("keep",), random.Random(0))
    assert s.legal_actions()[0] == ("bank", 0)


def test_do_over_rerolls_a_missed_attempt():
    s = dealt(3)
    s.hands[0] = ["do-over"]
    s.table = [[1, Goal("red", 18, 36), 0]]
    s.phase = ryb.ATTEMPT
    s.apply(("attempt", 1), random.Random(0))
    s.apply(("roll",), random.Random(0))
    assert s.legal_actions() == [("do-over",), ("keep",)]
    s.apply(("do-over",), random.Random(1))
    assert s.hands[0] == [] and s.discard[-1] == "do-over" and s.events["played:do-over"] == 1


def test_winning_three_colours_worth_more_than_100_ends_the_game():
    s = dealt(3)
    s.treasure[0] = [[Goal("red", 18, 36), 0], [Goal("green", 12, 36), 0]]
    s.table = [[1, Goal("black", 10, 40), 0]]
    s.phase, s.pools[0] = ryb.ATTEMPT, [10, 10, 10]     # ten dice a colour total 10 or more
    s.apply(("attempt", 1), random.Random(0))
    s.apply(("roll",), random.Random(0))
    assert s.is_terminal() and s.returns() == (1.0, 0.0, 0.0) and s.current_player() == -1


def test_swiss_bank_points_count_only_for_its_owner():
    s = dealt(3, variable="swiss-bank")
    s.table = [[7, Goal("red", 18, 36), 0]]
    to_play_step(s, ["variable"])
    s.apply(("variable", "swiss-bank", 7), random.Random(0))
    s.swiss[(7, 0)] = 5
    assert s.need(0, 7, Goal("red", 18, 36), 0) == 13 and s.need(1, 7, Goal("red", 18, 36), 0) == 18


def test_raid_attempts_a_goal_in_another_treasure_pile():
    s = dealt(3, variable="raid")
    s.treasure[1] = [[Goal("blue", 4, 8), 0]]
    to_play_step(s, ["variable"])
    s.apply(("variable", "raid"), random.Random(0))
    assert ("raid", 1, 0) in s.legal_actions()
    s.pools[0] = [0, 0, 6]
    s.apply(("raid", 1, 0), random.Random(0))
    s.apply(("roll",), random.Random(0))
    assert s.treasure[1] == [] and s.treasure[0] == [[Goal("blue", 4, 8), 0]]


def test_players_out_of_range_are_refused():
    with pytest.raises(InputError):
        ryb.GAME.new_state(6, random.Random(0), {})


@given(seed=st.integers(0, 10**6), players=st.integers(2, 5),
       variable=st.sampled_from(ryb.GAME.variants["variable"]))
def test_random_games_keep_every_card_and_every_die(seed, players, variable):
    rng = random.Random(seed)
    s = ryb.GAME.new_state(players, rng, {"variable": variable})
    cards = Counter(map(str, ryb.GAME.cards))
    for _ in range(400):
        if s.is_terminal():
            break
        actions = s.legal_actions()
        assert actions
        s.apply(rng.choice(actions), rng)
        assert sum(map(sum, s.pools)) == 6 * players
        assert min(min(p) for p in s.pools) >= 0
        assert card_count(s) == len(ryb.GAME.cards)
    assert Counter(map(str, ryb.GAME.cards)) == cards


def test_any_deck_file_plays(tmp_path):
    from icp_print.templates import path
    deck = load_deck(path("ryb", "example-custom-deck.toml"))
    game = ryb.game_for_deck(deck)
    assert game.variants["variable"][0] == "tea-party"
    s = game.new_state(4, random.Random(1), {})
    assert len(s.hands[0]) == 3


def test_a_copy_has_every_part_of_the_position_and_shares_no_list():
    rng = random.Random(5)
    s = dealt(4, seed=5)
    while s.turns < 12 and not s.is_terminal():
        s.apply(rng.choice(s.legal_actions()), rng)
    c = s.clone()
    assert vars(c).keys() == vars(s).keys()
    assert all(getattr(c, k) == getattr(s, k) for k in vars(s) if k != "events")
    for name in ("draw", "discard", "hands", "pools", "table", "treasure", "swiss", "borrowed"):
        assert getattr(c, name) is not getattr(s, name)
    c.pools[0][0] += 1
    assert c.pools[0] != s.pools[0]
