"""The one timer the bench scripts share (they import it as ``timing``: ``python bench/X.py``
puts this folder first on the path)."""
from __future__ import annotations

import statistics
import time
from typing import Any, NamedTuple
from collections.abc import Callable


class Timing(NamedTuple):
    best: float       # seconds, fastest run
    median: float     # seconds
    result: Any       # what the last run returned


def timed(func: Callable[[], Any], repeat: int) -> Timing:
    """Run ``func`` ``repeat`` times: the fastest and median seconds, and its last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = func()
        times.append(time.perf_counter() - start)
    return Timing(min(times), statistics.median(times), result)
