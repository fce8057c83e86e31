"""Time the Yic Yac Yoe solver on every 3x3 and 4x4 variant (and 5x5 rows of 3).

Usage:
    python bench/bench_yicyacyoe.py                 # the table, plain text
    python bench/bench_yicyacyoe.py --markdown      # the same as a markdown table
    python bench/bench_yicyacyoe.py --five 600      # also 5x5 rows of 3, 600 s per variant
    python bench/bench_yicyacyoe.py --techniques 300 --markdown   # what each technique buys
    python bench/bench_yicyacyoe.py --techniques 60 --games 4x4 --middle 12,10   # a part of it
    python bench/bench_yicyacyoe.py --crosscheck    # every 3x3/4x4 variant, every technique
    python bench/bench_yicyacyoe.py --growth 10,8,6 --markdown   # 5x5 rows of 4, nearer the start

Each row is a full `icp-print solve yicyacyoe`: the value for the first
player and every best first turn.  Values: win/draw/loss for the first player.
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
import time

from icp_print.validators.yicyacyoe.engine import Position, legal_turns, play, start
from icp_print.validators.yicyacyoe.search import STRATEGIES, Search
from icp_print.validators.yicyacyoe.solver import Solution, solve
from icp_print.validators.yicyacyoe.split import solve_split
from icp_print.validators.yicyacyoe.variant import Variant

# (size, row) of the one-mark, own-marks games timed technique by technique, from the start
TECHNIQUE_GAMES = ((4, 3), (4, 4), (5, 5), (5, 4))
MIDDLE_GAMES = 12         # 5x5 rows of 4 from this many positions with twelve marks down
GROWTH_POSITIONS = 6      # positions a row in the --growth table
PER_ROW = STRATEGIES - {"line pairs"}
# (name, strategy bounds, search method): the bounds added one at a time, then the same
# questions asked by proof-number search
STAGES = (("alpha-beta", frozenset(), "alpha-beta"),
          ("+ mirror", frozenset({"mirror"}), "alpha-beta"),
          ("+ pairing", frozenset({"mirror", "pairing"}), "alpha-beta"),
          ("+ pairing ahead", PER_ROW, "alpha-beta"),
          ("+ line pairs", STRATEGIES, "alpha-beta"),
          ("proof-number, every bound", STRATEGIES, "proof-number"))


def cpu_seconds() -> float:
    """CPU time of this process and of the finished worker processes (the machine is
    shared, so wall clock time says more about the other jobs than about the search)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime

def variants(n: int, rows=None):
    for k in rows or range(1, n + 1):
        for p in (1, 2, 3):
            for connected in ((False,) if p == 1 else (True, False)):
                for bent in ((True, False) if connected and p == 3 else (False,)):
                    for shared in (False, True):
                        yield Variant(n, k, p, connected, shared, bent=bent)


def placement(v: Variant) -> str:
    """``-`` (one mark), ``line`` (a straight line), ``bent`` (a joined group) or ``free``."""
    if v.p == 1:
        return "-"
    return "free" if not v.connected else "bent" if v.bent else "line"


def techniques(v: Variant, limit: float | None) -> list[tuple[str, Solution, float]]:
    """The same solve with the strategy bounds added one by one, by proof numbers, then
    split over one worker and over two: (technique, solution, CPU seconds)."""
    runs = [(name, lambda used=used, method=method: solve(
        start(v), limit, search=Search(v, strategies=used, method=method)))
        for name, used, method in STAGES]
    runs += [("+ root split, 1 worker", lambda: solve_split(start(v), 1, limit)),
             ("+ root split, 2 workers", lambda: solve_split(start(v), 2, limit))]
    found = []
    for name, run in runs:
        before = cpu_seconds()
        found.append((name, run(), cpu_seconds() - before))
    return found


def middle_positions(v: Variant, marks: int, count: int) -> list[Position]:
    """``count`` positions with ``marks`` marks down, reached by seeded random turns that do
    not lose on the spot."""
    rng, found = random.Random(2024), []
    while len(found) < count:
        position = start(v)
        while position.taken.bit_count() < marks:
            turns = legal_turns(position)
            rng.shuffle(turns)
            safe = [after for after, outcome in (play(position, t) for t in turns)
                    if outcome is None]
            if not safe:
                break
            position = safe[0]
        else:
            found.append(position)
    return found


def print_table(header: tuple[str, ...], rows: list[tuple[str, ...]], markdown: bool) -> None:
    if markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
        for r in rows:
            print("| " + " | ".join(r) + " |")
        return
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
    print("  ".join(h.ljust(w) for h, w in zip(header, widths)))
    for r in rows:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))


def technique_table(limit: float, markdown: bool, games: list[tuple[int, int]],
                    middle_marks: list[int]) -> None:
    header = ("problem", "technique", "value", "nodes", "positions", "CPU s", "nodes/CPU s")
    rows = []

    def add(problem: str, name: str, word: str, nodes: int, positions: int, cpu: float) -> None:
        rate = nodes / cpu if cpu else 0.0
        rows.append((problem, name, word, f"{nodes:,}", f"{positions:,}", f"{cpu:.2f}",
                     f"{rate:,.0f}"))
        print(f"  {problem}, {name}: {word} ({cpu:.1f} CPU s)", file=sys.stderr)

    for n, k in games:
        for name, r, cpu in techniques(Variant(n, k), limit):
            add(f"{n}x{n} rows of {k}", name, r.word, r.nodes, r.positions, cpu)
    v = Variant(5, 4)
    for marks in middle_marks:
        middle = middle_positions(v, marks, MIDDLE_GAMES)
        for name, used, method in STAGES:
            before = cpu_seconds()
            results = [solve(p, limit, search=Search(v, strategies=used, method=method), best=False)
                       for p in middle]
            words = sorted({r.word for r in results})
            add(f"5x5 rows of 4, {MIDDLE_GAMES} positions, {marks} marks", name, "/".join(words),
                sum(r.nodes for r in results), sum(r.positions for r in results),
                cpu_seconds() - before)
    print_table(header, rows, markdown)


def growth_table(marks_list: list[int], limit: float, markdown: bool) -> None:
    """How the search grows as the 5x5 rows-of-4 game goes back towards its start: full
    solves of positions with fewer and fewer marks down (every bound, alpha-beta)."""
    v = Variant(5, 4)
    header = ("marks down", "positions", "values", "unsettled", "mean nodes", "CPU s",
              "nodes/CPU s")
    rows = []
    for marks in marks_list:
        before = cpu_seconds()
        results = [solve(p, limit, search=Search(v), best=False)
                   for p in middle_positions(v, marks, GROWTH_POSITIONS)]
        cpu = cpu_seconds() - before
        nodes = sum(r.nodes for r in results)
        words = sorted({r.word for r in results if r.value is not None})
        rows.append((str(marks), str(len(results)), "/".join(words),
                     str(sum(r.value is None for r in results)), f"{nodes // len(results):,}",
                     f"{cpu:.1f}", f"{nodes / cpu if cpu else 0:,.0f}"))
        print(f"  {marks} marks: {rows[-1][4]} nodes a position ({cpu:.1f} CPU s)",
              file=sys.stderr)
    print_table(header, rows, markdown)


def crosscheck() -> None:
    """Every 3x3 and 4x4 variant: the plain search, each strategy bound added in turn, and
    the split over one and two workers must give the same value and best first turns."""
    checked = 0
    for v in list(variants(3)) + list(variants(4)):
        answers = {(r.lower, r.upper, r.best_moves, r.complete) for _, r, _ in techniques(v, None)}
        if len(answers) != 1:
            raise SystemExit(f"disagreement on {v.describe()}: {answers}")
        checked += 1
    print(f"{checked} variants: the same value and best first turns with every technique")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument("--five", type=float, default=0.0, metavar="SECONDS",
                        help="also try 5x5 with rows of 3, this time limit per variant")
    parser.add_argument("--techniques", type=float, default=0.0, metavar="SECONDS",
                        help="time each technique on one-mark games, this limit per solve "
                             "(5x5 rows of 4 from the start always reaches it)")
    parser.add_argument("--games", default=",".join(f"{n}x{k}" for n, k in TECHNIQUE_GAMES),
                        help="with --techniques: the one-mark games from the start, as SIZExROW "
                             "separated by commas (empty: none)")
    parser.add_argument("--middle", default="12",
                        help="with --techniques: the marks down in the 5x5 rows-of-4 positions, "
                             "separated by commas (empty: none)")
    parser.add_argument("--growth", default="", metavar="MARKS",
                        help="5x5 rows of 4: mean nodes to solve positions with these many "
                             "marks down (e.g. 10,8,6), --limit seconds each")
    parser.add_argument("--limit", type=float, default=900.0,
                        help="with --growth: the time limit per position (default 900)")
    parser.add_argument("--crosscheck", action="store_true",
                        help="solve every 3x3 and 4x4 variant with and without each technique")
    args = parser.parse_args()
    if args.techniques:
        games = [(int(n), int(k)) for n, k in (g.split("x") for g in args.games.split(",") if g)]
        middle = [int(m) for m in args.middle.split(",") if m]
        technique_table(args.techniques, args.markdown, games, middle)
        return
    if args.crosscheck:
        crosscheck()
        return
    if args.growth:
        growth_table([int(m) for m in args.growth.split(",")], args.limit, args.markdown)
        return
    header = ("board", "row", "marks/turn", "placement", "marks", "value", "best first turns",
              "positions", "seconds")
    rows = []
    started = time.perf_counter()
    todo = list(variants(3)) + list(variants(4))
    if args.five:
        todo += list(variants(5, rows=[3]))
    for v in todo:
        limit = args.five if v.n == 5 else None
        result = solve(start(v), time_limit=limit)
        best = len(result.best_moves)
        total = "" if result.complete else "+ (unfinished)"
        rows.append((f"{v.n}x{v.n}", str(v.k), str(v.p), placement(v),
                     "shared" if v.shared else "own", result.word, f"{best}{total}",
                     f"{result.positions:,}", f"{result.seconds:.2f}"))
        print(f"  {v.describe()}: {result.word} ({result.seconds:.2f} s)", file=sys.stderr)
    small = sum(float(r[-1]) for r in rows if not r[0].startswith("5"))
    print_table(header, rows, args.markdown)
    print(f"\nall {sum(1 for r in rows if not r[0].startswith('5'))} 3x3 and 4x4 variants: "
          f"{small:.1f} s in total; wall clock {time.perf_counter() - started:.1f} s")


if __name__ == "__main__":
    main()
