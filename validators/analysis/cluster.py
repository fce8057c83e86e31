"""The same batches on a Dask distributed cluster (``pip install 'icp-print[cluster]'``).

Imported only when ``--scheduler`` is given, so Dask never loads otherwise.
Every worker needs icp-print installed.  Batches are submitted together and
their totals taken back in batch order, so the numbers equal a local run's.
"""
from __future__ import annotations

from collections.abc import Iterator

from ..errors import InputError
from .stats import Totals


def run_on_cluster(scheduler: str, match, parts: list[tuple[int, int]]) -> Iterator[Totals]:
    try:
        from distributed import Client
    except ImportError:
        raise InputError("running on a cluster needs Dask: pip install 'icp-print[cluster]'",
                         field="--scheduler") from None
    from .runner import run_batch
    try:
        client = Client(scheduler, timeout=30, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as exc:
        raise InputError(f"cannot reach the Dask scheduler at {scheduler}: {exc}",
                         field="--scheduler") from None
    try:
        futures = client.map(run_batch, [match] * len(parts), [s for s, _ in parts],
                             [c for _, c in parts], pure=False)
        for future in futures:
            yield future.result()
            future.release()
    finally:
        client.close()
