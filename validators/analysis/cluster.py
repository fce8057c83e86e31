"""The same batches on a Dask distributed cluster (``pip install 'icp-print[cluster]'``).

Imported only when ``--scheduler`` is given, so Dask never loads otherwise.
Every worker needs icp-print installed.  Batches are submitted together and
their totals taken back in batch order, so the numbers equal a local run's.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import InputError
from .stats import Totals

if TYPE_CHECKING:       # the runner is loaded where the batches run
    from .runner import Matchup

_NETWORK = re.compile(r"(?:(?:tcp|tls|ws|wss|ucx)://)?(?:[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]):(?P<port>[0-9]{1,5})")
_IN_PROCESS = re.compile(r"inproc://[A-Za-z0-9._-]+/[0-9]+/[0-9]+")


def scheduler_address(text: str) -> str:
    """``text`` if it is a scheduler address Dask can dial, else an :class:`InputError`.

    Checked before Dask sees it: a malformed address leaves Dask's client half
    built, and collecting it stalls for a minute and prints a traceback.

    >>> scheduler_address("tcp://10.0.0.5:8786"), scheduler_address("localhost:8786")
    ('tcp://10.0.0.5:8786', 'localhost:8786')
    >>> scheduler_address("tcp://10.0.0.5:99999")
    Traceback (most recent call last):
    icp_print.validators.errors.InputError: --scheduler: write the scheduler's address as ..., not 'tcp://10.0.0.5:99999'
    """
    network = _NETWORK.fullmatch(text)
    if (network and 0 < int(network["port"]) < 65536) or _IN_PROCESS.fullmatch(text):
        return text
    raise InputError(f"write the scheduler's address as tcp://HOST:PORT (port 1 to 65535), not {text!r}",
                     field="--scheduler")


def run_on_cluster(scheduler: str, match: Matchup, parts: list[tuple[int, int]]) -> Iterator[Totals]:
    try:
        from distributed import Client
    except ImportError:
        raise InputError("running on a cluster needs Dask: pip install 'icp-print[cluster]'",
                         field="--scheduler") from None
    from .runner import run_batch
    scheduler_address(scheduler)
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
