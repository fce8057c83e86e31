"""RYB's own one-step ratings (``action_values``, validators/ryb/rating.py) agree with
playing each action on a copy (``values_on_copies``, the reference); Red Rover's with its
first-order rating built from catches played on copies."""
from __future__ import annotations

import random

import pytest

from icp_print.validators.analysis.players import greedy_player, values_on_copies
from icp_print.validators.ryb import play as ryb
from icp_print.validators.ryb.rating import catch_chance

VARIANTS = [{}, {"variable": "choose-each"}, {"variable": "swiss-bank"}, {"variable": "raid"},
            {"variable": "trade"}, {"variable": "balance"}, {"variable": "denied"},
            {"banking": "optional"}, {"hand": "5"}]


def positions(seed: int, players: int, variant: dict, turns: int = 120):
    """Every decision of a game whose seats play greedy and random in turn."""
    rng = random.Random(seed)
    s = ryb.GAME.new_state(players, rng, variant)
    while not s.is_terminal() and s.turns < turns:
        actions = s.legal_actions()
        yield s, actions
        if len(actions) == 1:
            action = actions[0]
        else:
            action = greedy_player(s, rng) if s.turns % 2 else rng.choice(actions)
        s.apply(action, rng)


class Scripted(random.Random):
    """A generator whose ``random()`` gives the values it was handed, in order."""

    def __init__(self, values: list[float]) -> None:
        super().__init__(0)
        self.values = values

    def random(self) -> float:
        return self.values.pop(0)


def rover_on_copies(s: ryb.RybState, action: tuple, seat: int) -> float:
    """Red Rover's first-order rating found on copies: no catch, and one die of each colour
    caught (forced by scripted dice), weighted by the chance of catching that colour."""
    number, victim = action[1], action[2]
    hit, miss = (number - 0.5) / 6, (number % 6 + 0.5) / 6
    pool = s.pools[victim]
    nothing = values_on_copies(s, [action], seat, Scripted([miss] * sum(pool)))[0]
    total = nothing
    for colour, dice in enumerate(pool):
        if dice:
            faces = [hit if (c, k) == (colour, 0) else miss
                     for c, n in enumerate(pool) for k in range(n)]
            one = values_on_copies(s, [action], seat, Scripted(faces))[0]
            total += catch_chance(dice) * (one - nothing)
    return total


@pytest.mark.parametrize("variant", VARIANTS, ids=lambda v: ",".join(v.values()) or "rules")
@pytest.mark.parametrize("players", [2, 4])
def test_action_values_are_the_values_of_the_actions_played_on_copies(variant, players):
    looked = set()
    for seed in range(3):
        for s, actions in positions(seed, players, variant):
            for rater in {s.current_player(), (s.current_player() + 1) % players}:
                plain = [a for a in actions if a[0] != "red-rover"]
                own = s.action_values(plain, rater, random.Random(7))
                assert own == values_on_copies(s, plain, rater, random.Random(7)), (s.phase, plain)
                looked.update((s.phase, a[0]) for a in plain)
    assert len(looked) >= 8


def test_red_rover_is_rated_by_the_chance_of_catching_each_colour_times_its_worth():
    checked = 0
    for seed in range(6):
        for s, actions in positions(seed, 4, {}):
            rovers = [a for a in actions if a[0] == "red-rover"]
            for action in rovers[::5]:
                own = s.action_values([action], s.current_player(), random.Random(0))[0]
                assert own == pytest.approx(rover_on_copies(s, action, s.current_player()), abs=1e-12)
                checked += 1
    assert checked >= 5


def test_a_colour_is_caught_when_one_of_its_dice_shows_the_number():
    assert catch_chance(0) == 0.0
    assert catch_chance(1) == pytest.approx(1 / 6)
    assert catch_chance(3) == pytest.approx(1 - (5 / 6) ** 3)
