"""A solved variant as JSON-ready data and as the few lines ``solve`` prints."""
from __future__ import annotations

from ..schema import Table
from .search import LOSS
from .solver import Solution
from .variant import Variant


def solution_json(variant: Variant, result: Solution) -> Table:
    """The variant's options plus the solver's value, bounds, best first turns and effort."""
    return {"variant": variant.as_dict(), **result.as_dict(variant.n)}


def solution_lines(variant: Variant, result: Solution) -> list[str]:
    """The value for the first player, the best first turns and what the search cost."""
    names = [t.name(variant.n) for t in result.best_moves]
    lines = [f"{variant.describe()}: {result.word} for the first player"]
    if result.value is None:
        lines.append(f"time limit reached after {result.seconds:.1f} s: value not proven yet")
    elif result.value == LOSS:
        lines.append(f"every first turn loses against perfect play ({len(names)} turns)")
    elif names:
        more = "" if result.complete else " (time ran out: more may exist)"
        lines.append(f"best first turns ({len(names)}){more}: {', '.join(names)}")
    elif not result.complete:
        lines.append("the first turns were not tested (value only, or the time ran out)")
    lines.append(f"searched {result.positions:,} positions ({result.nodes:,} nodes) "
                 f"in {result.seconds:.2f} s")
    return lines
