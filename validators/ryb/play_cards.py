"""RYB's turn steps and Action cards as legal actions and their effects (see :mod:`.play`).

Actions are small tuples, the first item naming the step or card:
``("refill",)``, ``("dump",)``, ``("goal", goal)``, ``("gimme", seat, die)``,
``("swap", red, yellow, blue)`` then ``("swap-to", seat, red, yellow, blue)`` or
``("swap-keep",)``, ``("red-rover", number, seat)``, ``("shanghai", seat, die)``,
``("variable", function, ...)``, ``("attempt", serial)``, ``("raid", owner, index)``,
``("stop",)``, ``("roll",)``, ``("do-over",)``/``("keep",)``, ``("bank", points)``,
``("swiss", points)``, and the replies ``("deny",)``/``("allow",)``, ``("give", die)``,
``("give-to", seat)``, ``("offer", seat, give, take)``, ``("accept",)``/``("decline",)``.
Dice colours are indexes into :data:`.model.DICE`.
"""
from __future__ import annotations

from functools import cache
from typing import Final

import random

from .model import DICE, SWAP_LIMIT, Goal, effective_target
from .play import (ATTEMPT, BANK, CHOOSE_EACH, CONSENT, DECLARED, DENY, GIVE, NO_ACTION, OVER, PLAY,
                   RECYCLED, REROLL, START, START_POOL, SWAP, TRADE, TRADE_OFFERS, VOID, Action, Card, RybState,
                   card_phase, needs)

COLOURS: Final = range(len(DICE))
PLAY_STEP: Final = "play"
AFTER_ROLL: Final = "after-roll"
TARGETED: Final = "targeted"


def legal_actions(s: RybState) -> list[Action]:
    phase = s.phase
    if phase == START:
        return [("refill",), ("dump",)]
    if phase == PLAY:
        actions = [a for card in dict.fromkeys(s.hands[s.seat]) for a in card_actions(s, card)]
        return actions or [("pass",)]
    if phase == RECYCLED:
        return (card_actions(s, s.recycled) if s.recycled is not None else []) or [("pass",)]
    if phase in (DENY,):
        return [("deny",), ("allow",)]
    if phase == GIVE:
        return [("give", d) for d in COLOURS if s.pools[s.actor][d]]
    if phase == VOID:
        return [("give-to", o) for o in range(s.num_players) if o != s.actor]
    if phase == SWAP:
        return [("swap-keep",)] + _swap_takes(s)
    if phase == TRADE:
        return [("trade-end",)] + _offers(s)
    if phase == CONSENT:
        return [("accept",), ("decline",)]
    if phase == ATTEMPT:
        return _attempts(s) + [("stop",)]
    if phase == DECLARED:
        return [("roll",)]
    if phase == REROLL:
        return [("do-over",), ("keep",)]
    if phase == BANK:
        return _banks(s)
    return []


def card_actions(s: RybState, card: Card) -> list[Action]:
    """Every way to play ``card`` in the Play a Card step (none if it is played at another time)."""
    if isinstance(card, Goal):
        return [("goal", card)]
    me, others = s.seat, list(opponents(s.seat, s.num_players))
    if card == "variable":
        functions = [s.variable] if s.variable else _choosable()
        return [a for f in functions if card_phase("variable", f) == PLAY_STEP
                for a in _variable_actions(s, f, others)]
    if card_phase(card) != PLAY_STEP:
        return []
    if card == "gimme":
        return [("gimme", o, d) for o in others for d in COLOURS if s.pools[o][d]] or [("gimme",)]
    if card == "shanghai":
        return [("shanghai", o, d) for o in others for d in COLOURS if s.pools[o][d]] \
            or [("shanghai",)]
    if card == "red-rover":
        return list(rovers(me, s.num_players))
    if card == "swap":
        return list(swaps(*s.pools[me])) or [("swap",)]
    raise AssertionError(f"no play for Action {card!r}")


@cache
def opponents(seat: int, players: int) -> tuple[int, ...]:
    """The other seats, in order (remembered: every Action card in a hand asks)."""
    return tuple(o for o in range(players) if o != seat)


@cache
def rovers(seat: int, players: int) -> tuple[Action, ...]:
    """Red Rover's choices: a number and another player (the same every time for a seat)."""
    return tuple(("red-rover", n, o) for n in range(1, 7) for o in opponents(seat, players))


@cache
def swaps(red: int, yellow: int, blue: int) -> tuple[Action, ...]:
    """Swap's choices with a pool of ``red``, ``yellow`` and ``blue`` dice: at least one die and
    at most :data:`.model.SWAP_LIMIT` (more could not total that or less; remembered by pool)."""
    return tuple(("swap", i, j, k) for i in range(red + 1) for j in range(yellow + 1)
                 for k in range(blue + 1) if 0 < i + j + k <= SWAP_LIMIT)


def _choosable() -> list[str]:
    from .deck import variable_functions
    return [f for f in variable_functions() if card_phase("variable", f) == PLAY_STEP]


def _variable_actions(s: RybState, function: str, others: list[int]) -> list[Action]:
    if function == "balance":
        return [("variable", "balance", o) for o in others]
    if function == "tea-party":
        return [("variable", "tea-party", side) for side in (1, -1)]
    if function == "recycle":
        picks = [c for c in dict.fromkeys(s.discard) if _play_step_card(s, c)]
        return [("variable", "recycle", c) for c in picks] or [("variable", "recycle", None)]
    if function == "void":
        return [("variable", "void", o, d) for o in others for d in COLOURS if s.pools[o][d]] \
            or [("variable", "void", None, None)]
    if function == "swiss-bank":
        return [("variable", "swiss-bank", serial) for serial, _, _ in s.table
                if (serial, s.seat) not in s.swiss]
    return [("variable", function)]           # reset, trade, raid


def _play_step_card(s: RybState, card: Card) -> bool:
    if isinstance(card, Goal):
        return True
    if card == "variable":
        return s.variable is None or card_phase("variable", s.variable) == PLAY_STEP
    return card_phase(card) == PLAY_STEP


def _attempts(s: RybState) -> list[Action]:
    """Goals the player can roll for: at least one die of every colour the Goal needs."""
    pool = s.pools[s.seat]
    holds = pool.__getitem__
    out: list[Action] = [("attempt", serial) for serial, goal, _ in s.table
                         if all(map(holds, needs(goal.colour)))]
    if s.raid:
        out += [("raid", owner, i) for owner in range(s.num_players) if owner != s.seat
                for i, (goal, _) in enumerate(s.treasure[owner])
                if all(map(holds, needs(goal.colour)))]
    return out


def _banks(s: RybState) -> list[Action]:
    lowest = 0 if s.declared[0] == "raid" else min(s.bank_minimum, s.total)
    out = [("bank", k) for k in range(lowest, s.total + 1)]
    if s.declared[0] != "raid" and (s.declared[1], s.seat) in s.swiss:
        out += [("swiss", k) for k in range(max(1, lowest), s.total + 1)]
    return out


def _swap_takes(s: RybState) -> list[Action]:
    n = sum(s.swapping)
    out = []
    for o in range(s.num_players):
        if o == s.seat:
            continue
        r, y, b = s.pools[o]
        out += [("swap-to", o, i, j, n - i - j) for i in range(min(r, n) + 1)
                for j in range(min(y, n - i) + 1) if n - i - j <= b]
    return out


def _offers(s: RybState) -> list[Action]:
    if s.offers >= TRADE_OFFERS:
        return []
    mine = s.pools[s.seat]
    return [("offer", o, give, take) for o in range(s.num_players) if o != s.seat
            for give in COLOURS if mine[give] for take in COLOURS
            if take != give and s.pools[o][take]]


# -- effects ----------------------------------------------------------------------------

def apply_action(s: RybState, action: Action, rng: random.Random) -> None:
    kind = action[0]
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise ValueError(f"not an RYB action: {action!r}")
    handler(s, action, rng)


def _refill(s: RybState, action: Action, rng: random.Random) -> None:
    """Refill or Dump: draw back up to the dealt hand size (Dump: a whole new hand, turn over)."""
    hand = s.hands[s.seat]
    if action[0] == "dump":
        s.events["dump"] += 1
        s.discard += hand
        hand.clear()
    while len(hand) < s.hand_size and _draw(s, hand, rng):
        pass
    if action[0] == "dump":
        _end_turn(s)
    else:
        s.phase = PLAY


def _draw(s: RybState, hand: list[Card], rng: random.Random) -> bool:
    """One card from the Draw deck; an empty deck is rebuilt from the shuffled discards,
    except with two players."""
    if not s.draw:
        if s.num_players == 2 or not s.discard:
            return False
        s.draw, s.discard = s.discard, []
        rng.shuffle(s.draw)
        s.events["reshuffle"] += 1
    hand.append(s.draw.pop())
    return True


def _play(s: RybState, action: Action, rng: random.Random) -> None:
    """Play a Card: the card leaves the hand (or the discards, for Recycle) and takes effect."""
    kind = action[0]
    card = action[1] if kind == "goal" else ("variable" if kind == "variable" else kind)
    if kind == "pass":
        if s.phase == RECYCLED and s.recycled is not None:   # the recycled card cannot be played after all
            s.discard.append(s.recycled)
            s.recycled = None
        s.events["no card to play"] += 1
        _after_card(s)
        return
    if s.phase == RECYCLED:
        s.recycled = None
    else:
        s.hands[s.seat].remove(card)
    if isinstance(card, Goal):
        s.events[f"played:{card.colour} goal"] += 1
        s.serial += 1
        s.table.append([s.serial, card, 0])
        _after_card(s)
        return
    s.events[f"played:{kind}"] += 1
    if kind == "variable":
        _variable(s, action, rng)
        return
    s.discard.append(card)
    if len(action) == 1:                     # nothing to take: the card has no effect
        _after_card(s)
    elif kind == "swap":
        _swap_roll(s, action, rng)
    else:
        _target(s, action[2] if kind == "red-rover" else action[1], action, rng)


def _variable(s: RybState, action: Action, rng: random.Random) -> None:
    function = action[1]
    if s.mode and (s.variable is None or s.mode == CHOOSE_EACH):
        s.variable = function if s.mode != CHOOSE_EACH else None
        s.events[f"variable chosen:{function}"] += 1
    s.events[f"variable:{function}"] += 1
    if function == "swiss-bank":             # stays on its Goal until the Goal leaves play
        s.swiss[(action[2], s.seat)] = 0
        _after_card(s)
        return
    s.discard.append("variable")
    if function == "reset":
        s.pools = reset_pools(s.num_players)
    elif function == "tea-party":
        n = s.num_players
        s.pools = [s.pools[(seat - action[2]) % n] for seat in range(n)]
    elif function == "trade":
        s.trade, s.offers = True, 0
    elif function == "raid":
        s.raid = True
    elif function == "recycle" and action[2] is not None:
        s.discard.remove(action[2])
        s.recycled, s.phase = action[2], RECYCLED
        return
    elif function in ("balance", "void") and action[2] is not None:
        _target(s, action[2], action, rng)
        return
    _after_card(s)


def _target(s: RybState, seat: int, effect: Action, rng: random.Random) -> None:
    """A card aimed at ``seat``: that player may answer with De-nied! first."""
    if can_deny(s, seat):
        s.pending, s.actor, s.phase = effect, seat, DENY
    else:
        _resolve(s, effect, rng)


def can_deny(s: RybState, seat: int) -> bool:
    """Whether ``seat`` holds a Variable card that De-nied! may be played from (the function
    is asked first: it is cheaper than looking through the hand)."""
    denies = s.mode == CHOOSE_EACH or (s.mode is not None and s.variable is None) \
        or (s.variable is not None and card_phase("variable", s.variable) == TARGETED)
    return denies and "variable" in s.hands[seat]


def _deny(s: RybState, action: Action, rng: random.Random) -> None:
    effect, denier = s.pending, s.actor
    s.pending, s.actor = NO_ACTION, s.seat
    if action[0] == "deny":
        s.hands[denier].remove("variable")
        s.discard.append("variable")
        if s.mode and s.variable is None and s.mode != CHOOSE_EACH:
            s.variable = "denied"
        s.events["variable:denied"] += 1
        _after_card(s)
    else:
        _resolve(s, effect, rng)


def _resolve(s: RybState, effect: Action, rng: random.Random) -> None:
    kind, me = effect[0], s.seat
    if kind == "gimme":
        move_die(s.pools, effect[1], me, effect[2])
    elif kind == "shanghai":
        s.borrowed.append(take_colour(s.pools, effect[1], me, effect[2]))
    elif kind == "red-rover":
        hits = rover_hits(s.pools[effect[2]], effect[1], rng)
        move_dice(s.pools, effect[2], me, hits)
        s.events["red-rover dice won"] += sum(hits)
    elif kind == "swap-to":
        give, s.swapping = s.swapping, NO_ACTION
        exchange(s.pools, me, effect[1], give, effect[2:])
    elif effect[1] == "balance":
        if sum(s.pools[effect[2]]) > sum(s.pools[me]):
            s.pending, s.actor, s.phase = effect, effect[2], GIVE
            return
    elif effect[1] == "void":
        s.pending, s.actor, s.phase = effect, effect[2], VOID
        return
    _after_card(s)


# -- dice moved between pools: pure steps on the pools, which the greedy rating
# (:mod:`.rating`) also plays on copies of the pools --------------------------------------

Pools = list[list[int]]


def move_die(pools: Pools, giver: int, taker: int, die: int) -> None:
    """One die of colour ``die`` changes pools (Gimme!, Balance, Void, Trade)."""
    pools[giver][die] -= 1
    pools[taker][die] += 1


def move_dice(pools: Pools, giver: int, taker: int, dice: tuple[int, ...]) -> None:
    """``dice[d]`` dice of every colour ``d`` change pools (Red Rover's catch)."""
    for d in COLOURS:
        pools[giver][d] -= dice[d]
        pools[taker][d] += dice[d]


def take_colour(pools: Pools, lender: int, taker: int, die: int) -> tuple[int, int, int]:
    """Shanghai: every die of one colour; what must go back at the end of the turn."""
    taken = pools[lender][die]
    pools[lender][die] = 0
    pools[taker][die] += taken
    return lender, die, taken


def reset_pools(players: int) -> Pools:
    """Reset: every pool back to its starting dice."""
    return [list(START_POOL) for _ in range(players)]


def give_back(pools: Pools, seat: int, borrowed: list[tuple[int, int, int]]) -> None:
    """The end of the turn: Shanghai dice go back to their lenders (those still held)."""
    for owner, die, count in borrowed:
        back = min(count, pools[seat][die])
        pools[seat][die] -= back
        pools[owner][die] += back


def exchange(pools: Pools, me: int, other: int, give: Action, take: Action) -> None:
    """Swap: ``give`` of each colour to ``other``, ``take`` of each colour back."""
    for d in COLOURS:
        pools[me][d] += take[d] - give[d]
        pools[other][d] += give[d] - take[d]


def rover_hits(victim: list[int], number: int, rng: random.Random) -> tuple[int, ...]:
    """Red Rover: the victim rolls every die; how many of each colour show ``number``."""
    return tuple(sum(1 for _ in range(victim[d]) if int(rng.random() * 6) + 1 == number)
                 for d in COLOURS)


def _swap_roll(s: RybState, action: Action, rng: random.Random) -> None:
    """Swap: roll the chosen dice; at 10 or less they may be traded for as many of another's."""
    chosen = action[1:]
    total = sum(int(rng.random() * 6) + 1 for _ in range(sum(chosen)))
    if total <= SWAP_LIMIT:
        s.swapping, s.phase = chosen, SWAP
        s.events["swap roll of 10 or less"] += 1
    else:
        _after_card(s)


def _swap_choice(s: RybState, action: Action, rng: random.Random) -> None:
    if action[0] == "swap-keep":
        s.swapping = NO_ACTION
        _after_card(s)
        return
    s.events["swap made"] += 1
    _target(s, action[1], action, rng)


def _give(s: RybState, action: Action, rng: random.Random) -> None:
    """Balance: the chosen player hands over dice of their choice until the pools even out."""
    move_die(s.pools, s.actor, s.seat, action[1])
    if sum(s.pools[s.seat]) < sum(s.pools[s.actor]):
        return
    s.pending, s.actor = NO_ACTION, s.seat
    _after_card(s)


def _give_to(s: RybState, action: Action, rng: random.Random) -> None:
    """Void: every die of the named colour goes to players its owner picks, one at a time."""
    die = s.pending[3]
    move_die(s.pools, s.actor, action[1], die)
    if s.pools[s.actor][die]:
        return
    s.pending, s.actor = NO_ACTION, s.seat
    _after_card(s)


def _trade(s: RybState, action: Action, rng: random.Random) -> None:
    if action[0] == "trade-end":
        s.trade = False
        _to_attempt(s)
        return
    s.offers += 1
    s.pending, s.actor, s.phase = action, action[1], CONSENT


def _consent(s: RybState, action: Action, rng: random.Random) -> None:
    _, other, give, take = s.pending
    if action[0] == "accept":
        move_die(s.pools, s.seat, other, give)
        move_die(s.pools, other, s.seat, take)
        s.events["trade accepted"] += 1
    s.pending, s.actor, s.phase = NO_ACTION, s.seat, TRADE


def _after_card(s: RybState) -> None:
    if s.trade:
        s.phase = TRADE
    else:
        _to_attempt(s)


def _to_attempt(s: RybState) -> None:
    """Attempt to complete a Goal; with no Goal in play (or to raid) the turn ends."""
    if nothing_to_attempt(s):
        _end_turn(s)
    else:
        s.phase = ATTEMPT


def nothing_to_attempt(s: RybState) -> bool:
    return not s.table and not s.raid


def _declare(s: RybState, action: Action, rng: random.Random) -> None:
    if action[0] == "stop":
        _end_turn(s)
        return
    s.declared, s.phase = action, DECLARED
    s.events[f"attempted:{_goal(s)[0].colour} goal"] += 1


def _goal(s: RybState) -> tuple[Goal, int]:
    """The declared Goal and the points its attempt needs."""
    d = s.declared
    if d[0] == "raid":
        goal, banked = s.treasure[d[1]][d[2]]
        return goal, effective_target(goal.target, banked)
    serial = d[1]
    for entry in s.table:       # a loop, not next() over a generator: every attempt asks twice
        if entry[0] == serial:
            return entry[1], s.need(s.seat, serial, entry[1], entry[2])
    raise ValueError(f"no Goal {serial} in play")


def _roll(s: RybState, action: Action, rng: random.Random) -> None:
    """Roll every die of the needed colours; a total at or over the Target completes the Goal."""
    goal, need = _goal(s)
    s.total = s.roll(goal.colour, s.pools[s.seat], rng)
    if s.total >= need:
        _complete(s, goal)
    elif "do-over" in s.hands[s.seat] and card_phase("do-over") == AFTER_ROLL:
        s.phase = REROLL
    else:
        s.phase = BANK


def _reroll(s: RybState, action: Action, rng: random.Random) -> None:
    if action[0] == "keep":
        s.phase = BANK
        return
    s.hands[s.seat].remove("do-over")
    s.discard.append("do-over")
    s.events["played:do-over"] += 1
    _roll(s, action, rng)


def _complete(s: RybState, goal: Goal) -> None:
    d = s.declared
    if d[0] == "raid":
        del s.treasure[d[1]][d[2]]
        s.events["raid won a Goal"] += 1
    else:
        s.table = [e for e in s.table if e[0] != d[1]]
        for key in [k for k in s.swiss if k[0] == d[1]]:
            del s.swiss[key]
            s.discard.append("variable")
    s.treasure[s.seat].append([goal, 0])
    s.completed += 1
    s.events[f"completed:{goal.colour} goal"] += 1
    if s.won(s.seat):
        s.winner, s.phase = s.seat, OVER
        s.events["won"] += 1
        return
    _end_turn(s)


def _bank(s: RybState, action: Action, rng: random.Random) -> None:
    """Bank: points left on the Goal (or on the player's own Swiss Bank) lower its Target."""
    points, d = action[1], s.declared
    if points:
        s.events["banked points"] += points
    if d[0] == "raid":
        s.treasure[d[1]][d[2]][1] += points
    elif action[0] == "swiss":
        s.swiss[(d[1], s.seat)] += points
    else:
        next(e for e in s.table if e[0] == d[1])[2] += points
    _end_turn(s)


def _end_turn(s: RybState) -> None:
    """Shanghai dice go back, Trade and Raid lapse, and play passes clockwise."""
    give_back(s.pools, s.seat, s.borrowed)
    s.borrowed, s.raid, s.trade, s.declared, s.total = [], False, False, NO_ACTION, 0
    s.turns += 1
    s.rounds = s.turns // s.num_players
    s.seat = s.actor = (s.seat + 1) % s.num_players
    s.phase = START


_HANDLERS: Final = {
    "refill": _refill, "dump": _refill,
    "goal": _play, "gimme": _play, "swap": _play, "red-rover": _play, "shanghai": _play,
    "variable": _play, "pass": _play,
    "deny": _deny, "allow": _deny,
    "give": _give, "give-to": _give_to,
    "swap-keep": _swap_choice, "swap-to": _swap_choice,
    "trade-end": _trade, "offer": _trade, "accept": _consent, "decline": _consent,
    "attempt": _declare, "raid": _declare, "stop": _declare,
    "roll": _roll, "do-over": _reroll, "keep": _reroll,
    "bank": _bank, "swiss": _bank,
}
