"""A Lucha Libre round: dice to roll, rerolls, simultaneous resolution, rest and swap.

The moves and their effects come from :mod:`.rules`; this module
applies them to the match state the way the Resolution Phase orders them.

>>> m = new_match()
>>> m.fans, dice_to_roll(m, 0), m.in_ring
((10, 10), 3, ('el-santo', 'blue-demon'))
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement
from math import factorial, prod
from collections.abc import Iterable

from ...frozen import replace
from .rules import Face, Move, Roll, WrestlerId, choices, outcome, rules


@dataclass(frozen=True)
class Match:
    """The state between rounds: Fans per team, every wrestler's ENE, who is in the Ring."""

    fans: tuple[int, int]
    energy: dict[WrestlerId, int]
    in_ring: tuple[WrestlerId, WrestlerId]

    def __hash__(self) -> int:
        return hash((self.fans, tuple(sorted(self.energy.items())), self.in_ring))

    def winner(self) -> int | None:
        """0 or 1 once a team has the Fans to win (the larger count if both do), else None."""
        goal = rules().limits.fans_to_win
        a, b = self.fans
        if max(a, b) < goal or a == b:
            return None
        return 0 if a > b else 1


def new_match() -> Match:
    """Setup: every cartridge on its first 3, both Fan markers on 10, the first two in the Ring."""
    r = rules()
    return Match((r.limits.fans_start,) * 2, dict.fromkeys(r.wrestlers, r.limits.energy_start),
                 r.first_in_ring)


def apply_energy(level: int, change: int) -> tuple[int, int]:
    """New ENE after a net ``change``, and the Fans lost for ENE below the minimum.

    Gains and losses are summed first (the rules forbid using the limits to
    soften a loss); ENE stops at the top; each level that cannot be lost at
    the bottom costs a Fan instead.

    >>> apply_energy(3, -2), apply_energy(5, 1), apply_energy(2, -1)
    ((2, 1), (5, 0), (2, 1))
    """
    lim = rules().limits
    new = level + change
    if new < lim.energy_min:
        return lim.energy_min, lim.energy_min - new
    return min(new, lim.energy_max), 0


def reroll_allowed(fans: int) -> bool:
    """A reroll of any number of dice costs one Fan, so it needs one to pay."""
    return fans >= rules().limits.reroll_cost


def dice_to_roll(match: Match, team: int) -> int:
    """A player rolls as many dice as the ENE of their wrestler in the Ring."""
    return match.energy[match.in_ring[team]]


def play_round(match: Match, plays: tuple[Iterable[Move], Iterable[Move]]) -> Match:
    """Resolve both teams' claimed moves at once, then rest and swap wrestlers.

    Order, as the rules give it: Fans first, then ENE (the opponent's loss and
    your own change summed per wrestler), then the resting wrestler's +1, then
    the swap of a team that made a Mini Suite.
    """
    r = rules()
    result = [outcome(p) for p in plays]
    fans = [max(0, match.fans[t] + result[t].fans) for t in (0, 1)]
    energy = dict(match.energy)
    for t in (0, 1):
        active = match.in_ring[t]
        level, fan_loss = apply_energy(energy[active], result[t].own_energy + result[1 - t].opponent_energy)
        energy[active] = level
        fans[t] = max(0, fans[t] - fan_loss)
    ring = list(match.in_ring)
    for t in (0, 1):
        resting = next(w for w in r.teams[t] if w != match.in_ring[t])
        energy[resting] = min(r.limits.energy_max, energy[resting] + r.limits.rest_gain)
        if result[t].swap:
            ring[t] = resting
    return replace(match, fans=(fans[0], fans[1]), energy=energy, in_ring=(ring[0], ring[1]))


# ---------------------------------------------------------------- rerolls

@dataclass(frozen=True)
class RerollChoice:
    """Keep ``keep`` and reroll the rest once: the exact expected Fans of the best play
    afterwards, with the Fan the reroll costs already taken off."""

    keep: Roll
    expected_fans: Fraction


@cache
def best_fans(roll: Roll, wrestler_id: WrestlerId) -> int:
    """The most Fans a (sorted) roll earns: the best of its :func:`.rules.choices`,
    so never below 0, since claiming nothing is a choice."""
    return max(p.outcome.fans for p in choices(roll, wrestler_id))


@cache
def _fresh_dice(free: int) -> tuple[tuple[Roll, int], ...]:
    """Every multiset of ``free`` rerolled dice, with the number of orders it comes up in."""
    return tuple((new, factorial(free) // prod(factorial(n) for n in Counter(new).values()))
                 for new in combinations_with_replacement(range(1, 7), free))


@cache
def expected_fans_after_reroll(keep: Roll, free: int, wrestler_id: WrestlerId) -> Fraction:
    """Exact expected Fans of the best play once ``free`` dice are rerolled beside the
    (sorted) ``keep``, before the reroll's cost; remembered, as every roll with the same
    kept dice asks the same question.

    >>> expected_fans_after_reroll((5, 5), 1, "blue-demon")   # Triple F on a 5, else Show Off
    Fraction(5, 3)
    """
    total = sum(orders * best_fans(tuple(sorted(keep + new)), wrestler_id)
                for new, orders in _fresh_dice(free))
    return Fraction(total, 6 ** free)


def reroll_advice(roll: Iterable[Face], wrestler_id: WrestlerId) -> list[RerollChoice]:
    """Every choice of dice to keep, best first, judged by the Fans of the best play.

    Keeping everything means no reroll and no cost; any other choice rerolls
    the other dice once for one Fan.  Each roll is valued by the same model of
    choice as :func:`.rules.choices` (claim any moves, or none).  Energy is left
    out of the score: this answers "which reroll earns the most Fans".

    >>> [(c.keep, c.expected_fans) for c in reroll_advice((1, 2, 4), "blue-demon")][0]
    ((1, 2, 4), Fraction(0, 1))
    """
    roll = tuple(sorted(roll))
    cost = rules().limits.reroll_cost
    choices = {}
    for mask in range(1 << len(roll)):
        keep = tuple(sorted(d for i, d in enumerate(roll) if mask >> i & 1))
        if keep in choices:
            continue
        free = len(roll) - len(keep)
        if free == 0:
            choices[keep] = Fraction(best_fans(roll, wrestler_id))
        else:
            choices[keep] = expected_fans_after_reroll(keep, free, wrestler_id) - cost
    ranked = sorted(choices.items(), key=lambda kv: (-kv[1], -len(kv[0]), kv[0]))
    return [RerollChoice(keep, value) for keep, value in ranked]
