"""Running totals of many games, merged batch by batch, and the figures drawn from them.

Nothing here keeps a game once it is counted: lengths go into histograms
(exact, and small because games last at most a few thousand turns), wins into
per-seat sums, events into one counter.  Two totals merge by adding, so any
split of the games into batches gives the same figures as long as the batches
are merged in the same order.

>>> wilson(50, 100)
(0.4038..., 0.5961...)
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ..schema import Table

# A proportion or a mean with its 95% interval ("rate" or "mean", "low", "high"), and the
# counts it comes from.
Share = dict[str, float]

Z95 = 1.959963984540054   # the normal quantile for a two-sided 95% interval


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion: good near 0 and 1 and for small samples.

    ``successes`` may be fractional (a draw shares one win among the tied seats).

    >>> wilson(0, 10)
    (0.0, 0.2775...)
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


@dataclass
class Histogram:
    """Exact counts of integer values: mergeable, and the median is exact.

    >>> h = Histogram()
    >>> for v in (3, 1, 4, 1, 5):
    ...     h.add(v)
    >>> h.median(), h.mean(), h.percentile(0.9), h.low(), h.high()
    (3, 2.8, 5, 1, 5)
    """

    counts: Counter[int] = field(default_factory=Counter)

    def add(self, value: int) -> None:
        self.counts[value] += 1

    def merge(self, other: Histogram) -> None:
        self.counts.update(other.counts)

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    def mean(self) -> float:
        n = self.n
        return sum(v * c for v, c in self.counts.items()) / n if n else 0.0

    def stdev(self) -> float:
        n = self.n
        if n < 2:
            return 0.0
        mean = self.mean()
        return math.sqrt(sum(c * (v - mean) ** 2 for v, c in self.counts.items()) / (n - 1))

    def mean_interval(self) -> Share:
        """The mean with its 95% interval (normal approximation, fine for the hundreds of
        games an analysis plays)."""
        half = Z95 * self.stdev() / math.sqrt(self.n) if self.n else 0.0
        mean = self.mean()
        return {"mean": round(mean, 3), "low": round(mean - half, 3), "high": round(mean + half, 3)}

    def percentile(self, q: float) -> int:
        """The smallest value with at least a share ``q`` of the games at or below it."""
        n = self.n
        if not n:
            return 0
        rank = max(1, math.ceil(q * n))
        seen = 0
        for value in sorted(self.counts):
            seen += self.counts[value]
            if seen >= rank:
                return value
        return max(self.counts)

    def median(self) -> int:
        return self.percentile(0.5)

    def low(self) -> int:
        return min(self.counts) if self.counts else 0

    def high(self) -> int:
        return max(self.counts) if self.counts else 0

    def summary(self) -> Table:
        return {"mean": round(self.mean(), 3), "median": self.median(),
                "stdev": round(self.stdev(), 3), "p10": self.percentile(0.1),
                "p90": self.percentile(0.9), "min": self.low(), "max": self.high()}


@dataclass
class Totals:
    """Everything counted over a run of games with one seating."""

    seats: int
    games: int = 0
    finished: int = 0
    """Games that reached the end by the rules (the rest were stopped by the turn cap)."""
    draws: int = 0
    wins: list[float] = field(default_factory=list)
    """Per seat: wins, a draw sharing one win among the tied seats."""
    policy_wins: dict[str, float] = field(default_factory=dict)
    """Per player strength: wins summed over every seat it sat in."""
    policy_games: Counter[str] = field(default_factory=Counter)
    """Per player strength: finished games it took part in, once per seat."""
    turns: Histogram = field(default_factory=Histogram)
    rounds: Histogram = field(default_factory=Histogram)
    events: Counter[str] = field(default_factory=Counter)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0.0] * self.seats

    def count(self, returns: tuple[float, ...] | None, turns: int, rounds: int,
              events: Counter[str], policies: tuple[str, ...]) -> None:
        """Add one game: ``returns`` is ``None`` when the turn cap stopped it."""
        self.games += 1
        self.turns.add(turns)
        self.rounds.add(rounds)
        self.events.update(events)
        if returns is None:
            return
        self.finished += 1
        if self.seats > 1 and sum(1 for r in returns if r > 0) > 1:
            self.draws += 1
        for seat, share in enumerate(returns):
            self.wins[seat] += share
            self.policy_wins[policies[seat]] = self.policy_wins.get(policies[seat], 0.0) + share
            self.policy_games[policies[seat]] += 1

    def merge(self, other: Totals) -> None:
        self.games += other.games
        self.finished += other.finished
        self.draws += other.draws
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        for policy, share in other.policy_wins.items():
            self.policy_wins[policy] = self.policy_wins.get(policy, 0.0) + share
        self.policy_games.update(other.policy_games)
        self.turns.merge(other.turns)
        self.rounds.merge(other.rounds)
        self.events.update(other.events)

    @property
    def capped(self) -> int:
        return self.games - self.finished

    def win_rates(self) -> list[Share]:
        """Each seat's share of the finished games with its 95% interval."""
        return [_rate(w, self.finished) for w in self.wins]

    def policy_rates(self) -> dict[str, Share]:
        """Each strength's wins per seat it filled (meaningful when strengths differ)."""
        return {p: _rate(self.policy_wins.get(p, 0.0), self.policy_games[p]) for p in sorted(self.policy_games)}

    def summary(self) -> Table:
        """The figures a report shows, as plain JSON-able data."""
        fair = 1 / self.seats
        rates = self.win_rates()
        first = rates[0]
        return {
            "games": self.games, "finished": self.finished, "capped": self.capped,
            "draws": self.draws, "seats": self.seats,
            "win_rate_by_seat": rates,
            "first_player": {"win_rate": first["rate"], "fair_share": round(fair, 4),
                             "advantage": round(first["rate"] - fair, 4),
                             "significant": not first["low"] <= fair <= first["high"]}
            if self.seats > 1 else None,
            "win_rate_by_policy": self.policy_rates(),
            "turns": self.turns.summary(), "rounds": self.rounds.summary(),
            "turn_histogram": {str(k): v for k, v in sorted(self.turns.counts.items())},
            "events_per_game": {k: round(v / self.games, 4) for k, v in sorted(self.events.items())}
            if self.games else {},
            "completed_per_played": completion(self.events),
            "attempts_per_completed": {k[10:]: round(n / self.events[f"completed:{k[10:]}"], 3)
                                       for k, n in sorted(self.events.items())
                                       if k.startswith("attempted:") and self.events[f"completed:{k[10:]}"]},
        }


def completion(events: Counter[str]) -> dict[str, Share]:
    """For every card played that is there to be completed (attempted or completed at least
    once): how often it was completed once played, with its 95% interval.

    >>> rows = completion(Counter({"played:red goal": 4, "completed:red goal": 3,
    ...                            "played:blue goal": 2, "attempted:blue goal": 5, "played:gimme": 2}))
    >>> rows["red goal"]
    {'completed': 3, 'played': 4, 'rate': 0.75, 'low': 0.3006, 'high': 0.9544}
    >>> rows["blue goal"]["rate"], sorted(rows)
    (0.0, ['blue goal', 'red goal'])
    """
    return {k[7:]: {"completed": events[f"completed:{k[7:]}"], "played": n,
                    **share(events[f"completed:{k[7:]}"], n)}
            for k, n in sorted(events.items())
            if k.startswith("played:") and n
            and (f"completed:{k[7:]}" in events or f"attempted:{k[7:]}" in events)}


def share(hits: float, trials: float) -> Share:
    """A proportion and its 95% Wilson interval, rounded for JSON."""
    low, high = wilson(hits, trials)
    return {"rate": round(hits / trials, 4) if trials else 0.0,
            "low": round(low, 4), "high": round(high, 4)}


def apart(a: Share, b: Share) -> bool:
    """Whether two figures' 95% intervals (``low``/``high``) do not overlap.

    >>> apart({"low": 0.1, "high": 0.2}, {"low": 0.25, "high": 0.3})
    True
    """
    return a["high"] < b["low"] or b["high"] < a["low"]


def per_attempt(events: Counter[str]) -> dict[str, Share]:
    """For every card attempted: the share of attempts that completed it, with its 95% interval.

    >>> per_attempt(Counter({"attempted:red goal": 4, "completed:red goal": 1}))["red goal"]["rate"]
    0.25
    """
    return {k[10:]: share(events[f"completed:{k[10:]}"], n) for k, n in sorted(events.items())
            if k.startswith("attempted:") and n}


def differences(deck: Totals, reference: Totals) -> list[Table]:
    """Where a deck's figures differ from the reference deck's beyond both 95% intervals.

    Compared: how often each card, once played, is completed and how often an
    attempt at it succeeds (an easy or a hard colour), the mean game length and
    each seat's win rate (a deck that favours a seat).
    """
    found = []
    for what, rows in (("completed once played", completion), ("completed per attempt", per_attempt)):
        mine, theirs = rows(deck.events), rows(reference.events)
        for name, row in mine.items():
            other = theirs.get(name)
            if other is not None and apart(row, other):
                found.append({"figure": f"{name} {what}", "deck": row, "reference": other,
                              "verdict": "easier" if row["rate"] > other["rate"] else "harder"})
    length, other_length = deck.turns.mean_interval(), reference.turns.mean_interval()
    if apart(length, other_length):
        found.append({"figure": "mean game length in turns", "deck": length, "reference": other_length,
                      "verdict": "longer" if length["mean"] > other_length["mean"] else "shorter"})
    for seat, (row, other) in enumerate(zip(deck.win_rates(), reference.win_rates()), 1):
        if deck.seats > 1 and apart(row, other):
            found.append({"figure": f"seat {seat} win rate", "deck": row, "reference": other,
                          "verdict": "favoured" if row["rate"] > other["rate"] else "held back"})
    return found


def _rate(wins: float, games: float) -> Share:
    return {"wins": round(wins, 4), "games": games, **share(wins, games)}
