"""RYB played from the deal to a winner, for the analysis lab (see ``validators/play.py``).

The numbers and rules come from :mod:`.model` (deal sizes, starting pool,
colour totals, the Target less banked points, the win), the cards from a
deck file (:mod:`.deck`) and when each card may be played from its phase in
``templates/ryb/cards.toml``.  A turn runs: Refill or Dump, Play a Card,
then at most one attempt at a Goal with its Banking; every choice the rules
leave to a player is an action of that player, including the replies of a
player who is targeted (De-nied!), who must hand over dice (Balance, Void) or
who is offered a trade.  Action cards are in :mod:`.play_cards`.

Readings where the rules leave a point open are listed in docs/ryb.md.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import cache
from typing import Any, Final
from collections.abc import Mapping, Sequence

from ..errors import InputError
from ..frozen import Rebuilt, rebuilt
from ..play import TERMINAL, UNCOUNTED
from .deck import REFERENCE_DECK, Deck, card_texts, load_deck, variable_functions
from .model import (DICE, Colour, DieColour, HAND_SIZE, MAX_PLAYERS, NEEDS, STARTING_POOL, Goal, colour_total,
                    effective_target, has_won)

Card = Goal | str           # a Goal, or the name of an Action card
Action = tuple[Any, ...]    # a verb ("attempt", "give", ...) and its arguments: seats, dice, cards
NO_ACTION: Final[Action] = ()          # no effect pending, no attempt declared, no swap under way
UNRATED: Final = frozenset({"refill", "attempt", "roll", "do-over", "keep"})
"""Actions after which the greedy rating of the position stands, unless they end the turn: a
Refill changes only the hand; declaring an attempt, a roll or Do-Over that misses and keeping
it change no pool, Goal or treasure (the declared attempt counts only while its roll is
under way, when there is no choice to rate)."""
CHOOSE_ONCE: Final = "choose-once"     # Alternate Variable Cards Variant
CHOOSE_EACH: Final = "choose-each"     # Alternate Variable Cards Variant II
BANK_AT_LEAST_ONE: Final = "at-least-one"
BANK_OPTIONAL: Final = "optional"      # as Example 3 plays it: Al and Bruce bank nothing
TRADE_OFFERS: Final = 3                # Trade: offers a turn, standing in for "three minutes"
DIE_INDEX: Final = {d: i for i, d in enumerate(DICE)}
START_POOL: Final = [STARTING_POOL[d] for d in DICE]

# Phases of a turn, and of the replies inside it.
START: Final = 0
PLAY: Final = 1
RECYCLED: Final = 2
DENY: Final = 3
GIVE: Final = 4
VOID: Final = 5
SWAP: Final = 6
TRADE: Final = 7
CONSENT: Final = 8
ATTEMPT: Final = 9
DECLARED: Final = 10
REROLL: Final = 11
BANK: Final = 12
OVER: Final = 13


@cache
def card_phase(name: str, variable: str | None = None) -> str:
    """When an Action card may be played ("play", "after-roll", "targeted")."""
    texts = card_texts()
    entry = texts["variable"][variable] if name == "variable" and variable is not None else texts["actions"][name]
    phase: str = entry["phase"]
    return phase


@cache
def needs(colour: Colour) -> tuple[int, ...]:
    return tuple(DIE_INDEX[d] for d in NEEDS[colour])


@dataclass(frozen=True)
class RybGame:
    """RYB with one deck; variants: the Variable function, hand size, the Banking reading."""

    deck: Deck
    cards: tuple[Card, ...]
    """Every card of the deck, one entry a copy (built by :func:`game_for_deck`)."""

    @property
    def name(self) -> str:
        return "RYB"

    @property
    def min_players(self) -> int:
        return min(HAND_SIZE)

    @property
    def max_players(self) -> int:
        return MAX_PLAYERS

    @property
    def variants(self) -> dict[str, tuple[str, ...]]:
        functions = variable_functions()
        ordered = (self.deck.variable,) + tuple(f for f in functions if f != self.deck.variable)
        return {"variable": ordered + (CHOOSE_ONCE, CHOOSE_EACH),
                "hand": ("rules",) + tuple(str(n) for n in range(1, 8)),
                "banking": (BANK_AT_LEAST_ONE, BANK_OPTIONAL)}

    def new_state(self, players: int, rng: random.Random, variant: Mapping[str, str]) -> RybState:
        if not self.min_players <= players <= self.max_players:
            raise InputError(f"RYB is played by 2 to 5 players, not {players}", field="players")
        hand = variant.get("hand", "rules")
        size = HAND_SIZE[players] if hand == "rules" else int(hand)
        if players * size >= len(self.cards):
            raise InputError(f"{len(self.cards)} cards cannot deal {players} hands of {size} "
                             "and leave a Draw deck", field="deck")
        variable = variant.get("variable", self.deck.variable)
        return RybState.deal(self.cards, players, size, variable,
                             variant.get("banking", BANK_AT_LEAST_ONE), rng)

    def __reduce__(self) -> Rebuilt:
        return rebuilt(self)


class RybState:
    """One RYB position: hands, Draw deck, discards, dice pools, Goals in play, treasure."""

    num_players: int
    turns: int
    rounds: int
    events: Counter[str]
    hand_size: int
    variable: str | None            # the Variable function, None while it is chosen in play
    mode: str | None                # CHOOSE_ONCE or CHOOSE_EACH, or None
    bank_minimum: int
    draw: list[Card]
    discard: list[Card]
    hands: list[list[Card]]
    pools: list[list[int]]          # dice a seat holds, by die colour
    table: list[list[Any]]          # [serial, goal, banked] for every Goal in play
    treasure: list[list[list[Any]]]  # per seat: [goal, banked]
    swiss: dict[tuple[int, int], int]
    serial: int
    completed: int                  # Goals completed so far, by anyone (the ratings check it)
    seat: int
    actor: int
    phase: int
    winner: int | None
    pending: Action                 # the effect waiting on a reply, or NO_ACTION
    borrowed: list[tuple[int, int, int]]    # (lender, die, count) a Shanghai took this turn
    raid: bool
    trade: bool
    offers: int
    declared: Action                # the attempt declared this turn, or NO_ACTION
    total: int
    recycled: Card | None
    swapping: Action                # the dice a Swap offers, or NO_ACTION
    _legal: list[Action] | None     # the legal actions of this position, once listed
    rated: rating.Decision | None   # the greedy rating of this position, kept through a Refill
    outlooks: list[outlook.Outlook] | None  # each seat's outlook at the last rating, checked before reuse
    goals: outlook.Goals            # the Goals in play as the last rating read them

    @classmethod
    def deal(cls, cards: tuple[Card, ...], players: int, hand_size: int, variable: str,
             banking: str, rng: random.Random) -> RybState:
        """Setting Up: shuffle, deal, the rest is the Draw deck; everyone gets 2+2+2 dice."""
        s = cls()
        draw = list(cards)
        rng.shuffle(draw)
        s.num_players, s.turns, s.rounds, s.events = players, 0, 0, Counter()
        s.hand_size, s.bank_minimum = hand_size, 0 if banking == BANK_OPTIONAL else 1
        s.mode = variable if variable in (CHOOSE_ONCE, CHOOSE_EACH) else None
        s.variable = None if s.mode else variable
        s.hands = [[draw.pop() for _ in range(hand_size)] for _ in range(players)]
        s.draw, s.discard = draw, []
        s.pools = [list(START_POOL) for _ in range(players)]
        s.table = []            # [serial, goal, banked] for every Goal in play
        s.treasure = [[] for _ in range(players)]   # [goal, banked] (banked only after a Raid)
        s.swiss = {}            # (serial, seat) -> points on that seat's Swiss Bank card
        s.serial = s.completed = 0
        s.seat = s.actor = 0    # "Peacefully choose someone to go first": seat 0
        s.phase, s.winner, s.pending = START, None, NO_ACTION
        s.borrowed, s.raid, s.trade, s.offers = [], False, False, 0
        s.declared, s.total, s.recycled, s.swapping = NO_ACTION, 0, None, NO_ACTION
        s._legal, s.rated, s.outlooks, s.goals = None, None, None, ()
        return s

    def clone(self) -> RybState:
        """An independent copy; its ``events`` are not counted (search players never read them)."""
        c = RybState()
        c.num_players, c.turns, c.rounds, c.events = self.num_players, self.turns, self.rounds, UNCOUNTED
        c.hand_size, c.variable, c.mode, c.bank_minimum = self.hand_size, self.variable, self.mode, self.bank_minimum
        c.serial, c.seat, c.actor, c.phase, c.winner = self.serial, self.seat, self.actor, self.phase, self.winner
        c.completed = self.completed
        c.pending, c.raid, c.trade, c.offers = self.pending, self.raid, self.trade, self.offers
        c.declared, c.total, c.recycled, c.swapping = self.declared, self.total, self.recycled, self.swapping
        c._legal, c.rated, c.outlooks, c.goals = self._legal, None, self.outlooks, self.goals
        c.draw, c.discard = self.draw.copy(), self.discard.copy()
        c.hands = list(map(list.copy, self.hands))
        c.pools = list(map(list.copy, self.pools))
        c.table = list(map(list.copy, self.table))
        c.treasure = [list(map(list.copy, t)) for t in self.treasure] if any(self.treasure) \
            else [[] for _ in self.treasure]
        c.swiss = self.swiss.copy()
        c.borrowed = self.borrowed.copy()
        return c

    # -- the interface ---------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.actor

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> tuple[float, ...]:
        return tuple(1.0 if seat == self.winner else 0.0 for seat in range(self.num_players))

    def legal_actions(self) -> list[Action]:
        """Listed once per position: the runner and the player both ask."""
        if self._legal is None:
            self._legal = play_cards.legal_actions(self)
        return self._legal

    def apply(self, action: Action, rng: random.Random) -> None:
        self._legal = None
        rated = self.rated
        play_cards.apply_action(self, action, rng)
        self.rated = rated if action[0] in UNRATED and self.phase not in (START, OVER) else None

    def heuristic(self, seat: int) -> float:
        """Progress toward the win less the best opponent's (:mod:`.rating`)."""
        return rating.heuristic(self, seat)

    def action_values(self, actions: Sequence[Action], seat: int,
                      rng: random.Random) -> list[float]:
        """Each action's rating right after it, without a copy per action (:mod:`.rating`)."""
        return rating.action_values(self, actions, seat, rng)

    # -- shared by the turn steps ------------------------------------------------------
    def need(self, seat: int, serial: int, goal: Goal, banked: int) -> int:
        """Points ``seat`` must roll: the Target less banked points and its Swiss Bank."""
        return effective_target(goal.target, banked + self.swiss.get((serial, seat), 0))

    def roll(self, colour: Colour, pool: list[int], rng: random.Random) -> int:
        """Roll every die of the colours ``colour`` needs; its colour total (plain loops:
        every attempt rolls, and a comprehension costs a call of its own)."""
        rolls: dict[DieColour, list[int]] = {}
        face = rng.random
        for d in needs(colour):
            faces = []
            for _ in range(pool[d]):
                faces.append(int(face() * 6) + 1)
            rolls[DICE[d]] = faces
        return colour_total(colour, rolls)

    def won(self, seat: int) -> bool:
        return has_won([g for g, _ in self.treasure[seat]])


from . import outlook, play_cards, rating  # noqa: E402  (they build on the names above)



def game_for_deck(deck: Deck) -> RybGame:
    """RYB played with ``deck`` (its Variable function is the default variant)."""
    cards: list[Card] = []
    for group in deck.groups:
        card = group.goal() if group.kind == "goal" else group.name
        cards += [card] * group.count
    return RybGame(deck, tuple(cards))


GAME = game_for_deck(load_deck(REFERENCE_DECK))
ENGINES = (GAME,)
