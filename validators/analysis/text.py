"""An analysis as a plain-text table and as JSON-able data (``icp-print analyse``)."""
from __future__ import annotations

from dataclasses import dataclass

from .runner import Matchup
from ..schema import Table
from .stats import Share, Totals, differences

EVENTS_PER_LINE = 4
"""Events per line of the table, so that a line fits a terminal and the report's page."""


@dataclass(frozen=True)
class Run:
    """One line of an analysis: a label, what was played and what was counted."""

    label: str
    match: Matchup
    totals: Totals

    def to_json(self) -> Table:
        return {"label": self.label, "variant": dict(self.match.variant),
                "policies": list(self.match.policies), "rotate": self.match.rotate,
                **self.totals.summary()}


def analysis_json(game: str, command: str, runs: list[Run], compared: bool = False) -> Table:
    """``compared``: the first run is a deck and the second the reference deck."""
    first = runs[0].match
    data = {"game": game, "command": command, "players": first.players, "seed": first.seed,
            "max_turns": first.max_turns, "playouts": first.playouts,
            "runs": [r.to_json() for r in runs]}
    if compared:
        data["against_reference"] = differences(runs[0].totals, runs[1].totals)
    return data


def pct(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def points(difference: float) -> str:
    """``+1.5 points``: a difference of two rates, in percentage points (a difference that
    rounds to nothing is ``+0.0``, whichever side of zero the float fell).

    >>> points(0.015), points(-1e-17)
    ('+1.5 points', '+0.0 points')
    """
    return f"{round(100 * difference, 1) + 0.0:+.1f} points"


def interval(row: Share) -> str:
    """``41.2% (39.8-42.6%)``: a rate and its 95% interval."""
    rate, bounds = _share(row)
    return f"{rate} ({bounds})"


def figure(row: Table) -> str:
    """A compared figure: a rate as a percentage, a mean as it is, with its 95% interval."""
    if "mean" in row:
        return f"{row['mean']:.1f} ({row['low']:.1f}-{row['high']:.1f})"
    return interval(row)


def difference_lines(runs: list[Run]) -> list[str]:
    """What sets a deck (the first run) apart from the reference deck (the second)."""
    found = differences(runs[0].totals, runs[1].totals)
    head = f"{runs[0].label} against the {runs[1].label}"
    if not found:
        return [f"{head}: no figure differs beyond the 95% intervals"]
    return [f"{head}, where the 95% intervals do not overlap:"] + [
        f"  {d['verdict']}: {d['figure']} {figure(d['deck'])}, reference {figure(d['reference'])}"
        for d in found]


def analysis_lines(game: str, command: str, runs: list[Run], compared: bool = False) -> list[str]:
    """The table; ``compared`` puts what sets the deck apart from the reference deck first."""
    lines = [f"{game}: {command}"]
    if compared:
        lines += ["", *difference_lines(runs)]
    for run in runs:
        s = run.totals.summary()
        m = run.match
        lines.append("")
        lines.append(f"{run.label}: {s['games']} games, {m.players} player(s) "
                     f"({', '.join(m.policies)}{', seats rotated' if m.rotate else ''}), "
                     f"seed {m.seed}")
        lines.append(f"  finished {s['finished']}, stopped at {m.max_turns} turns {s['capped']}, "
                     f"draws {s['draws']}")
        if m.players == 1:
            lines.append(f"  win probability {interval(s['win_rate_by_seat'][0])}")
        else:
            for seat, row in enumerate(s["win_rate_by_seat"], start=1):
                lines.append(f"  seat {seat} ({m.policies[seat - 1] if not m.rotate else 'rotated'}) "
                             f"wins {interval(row)}")
            first = s["first_player"]
            verdict = "outside" if first["significant"] else "inside"
            lines.append(f"  first player {pct(first['win_rate'])} against a fair "
                         f"{pct(first['fair_share'])}: advantage {points(first['advantage'])} "
                         f"({verdict} the 95% interval)")
            if len(s["win_rate_by_policy"]) > 1:
                for name, row in s["win_rate_by_policy"].items():
                    lines.append(f"  {name} wins {interval(row)} of the seats it filled")
        for unit in ("turns", "rounds"):
            h = s[unit]
            lines.append(f"  {unit}: mean {h['mean']:.1f}, median {h['median']}, "
                         f"10-90% {h['p10']}-{h['p90']}, range {h['min']}-{h['max']}")
        if s["completed_per_played"]:
            lines.append("  completed once played: " + ", ".join(
                f"{k} {pct(v['rate'])}" for k, v in s["completed_per_played"].items()))
        if s["attempts_per_completed"]:
            lines.append("  attempts per completion: " + ", ".join(
                f"{k} {v:.2f}" for k, v in s["attempts_per_completed"].items()))
        events = sorted(s["events_per_game"].items(), key=lambda kv: (-kv[1], kv[0]))
        if events:
            lines.append("  per game:")
            lines += ["    " + ", ".join(f"{k} {v:g}" for k, v in events[i:i + EVENTS_PER_LINE])
                      for i in range(0, len(events), EVENTS_PER_LINE)]
    return lines + _solo_hint(runs)


def _solo_hint(runs: list[Run]) -> list[str]:
    """Where no player of a solo game won anything short of search, say how to ask how winnable
    the game is under good play: a mode nobody wins says little about the mode."""
    solo = all(run.match.players == 1 for run in runs)
    if not solo or any(run.totals.wins[0] for run in runs) \
            or any("search" in run.match.policies for run in runs):
        return []
    return ["", "No game was won: `--policy search` (slower, a few games a second) estimates how "
                "winnable each mode is under good play."]


SummaryTable = tuple[str, list[str], list[list[str]]]
"""A heading, the column names and the rows of one table of a report's front page."""


def summary_tables(data: Table) -> list[SummaryTable]:
    """The headline figures of an analysis's JSON as tables: who wins (by seat, by strength,
    or by difficulty mode), the first player's advantage, the game length and, for a deck,
    what sets it apart from the reference deck."""
    runs = data["runs"]
    tables: list[SummaryTable] = []
    if data.get("against_reference"):
        tables.append(("What sets the deck apart (95% intervals do not overlap)",
                       ["figure", "deck", "reference deck", "verdict"],
                       [[d["figure"], figure(d["deck"]), figure(d["reference"]), d["verdict"]]
                        for d in data["against_reference"]]))
    if data["players"] == 1:
        tables.append(("Win probability", ["run", "games", "wins", "95% interval"],
                       [[run["label"], str(run["games"]), *_share(run["win_rate_by_seat"][0])]
                        for run in runs]))
    else:
        tables.append(("Win rate by seat", ["run", "seat", "strength", "wins", "95% interval"],
                       [[run["label"], f"seat {seat}",
                         "rotated" if run["rotate"] else run["policies"][seat - 1], *_share(row)]
                        for run in runs for seat, row in enumerate(run["win_rate_by_seat"], start=1)]))
        if any(len(run["win_rate_by_policy"]) > 1 for run in runs):
            tables.append(("Win rate by strength", ["run", "strength", "seats filled", "wins", "95% interval"],
                           [[run["label"], name, str(row["games"]), *_share(row)]
                            for run in runs for name, row in run["win_rate_by_policy"].items()]))
        tables.append(("First player", ["run", "wins", "fair share", "advantage", "95% interval"],
                       [[run["label"], pct(f["win_rate"]), pct(f["fair_share"]),
                         points(f["advantage"]), "outside" if f["significant"] else "inside"]
                        for run in runs for f in [run["first_player"]]]))
    endings = ending_names(runs)
    if endings and data["players"] == 1:
        tables.append(("How games end (share of games)", ["run", *endings],
                       [[run["label"], *(pct(game_endings(run).get(name, 0.0)) for name in endings)]
                        for run in runs]))
    tables.append((f"Game length (games stopped at the cap of {data['max_turns']} turns)",
                   ["run", "finished", "stopped", "draws", "mean turns", "median", "10-90%", "mean rounds"],
                   [[run["label"], str(run["finished"]), str(run["capped"]), str(run["draws"]),
                     f"{run['turns']['mean']:.1f}", str(run["turns"]["median"]),
                     f"{run['turns']['p10']}-{run['turns']['p90']}", f"{run['rounds']['mean']:.1f}"]
                    for run in runs]))
    return tables


def game_endings(run: Table) -> dict[str, float]:
    """How a run's games ended, as shares of its games: the engines count ``won`` and one
    ``lost: REASON`` event per game that ends so, which in a solo game tells apart modes
    that nobody wins."""
    return {name: value for name, value in run["events_per_game"].items()
            if name == "won" or name.startswith("lost: ")}


def ending_names(runs: list[Table]) -> list[str]:
    """Every ending the runs counted: ``won`` first, then the reasons for losing in
    alphabetical order."""
    return sorted({name for run in runs for name in game_endings(run)}, key=lambda name: (name != "won", name))


def _share(row: Share) -> list[str]:
    return [pct(row["rate"]), f"{100 * row['low']:.1f}-{100 * row['high']:.1f}%"]
