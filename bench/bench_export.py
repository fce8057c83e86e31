"""Cost of ``--export-cards``: the card decks printed alone and with every card
exported at 150 and 300 dpi, in fresh processes, and what the export holds.

Prints one table: seconds (best and median of ``--repeat`` runs, wall clock),
CPU seconds of the process, the number of files written and their size.

Run: python bench/bench_export.py [--repeat N]
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ICP = str(Path(sys.executable).parent / "icp-print")
CASES = [
    ("ryb", ()), ("ryb", ("--dpi", "150")), ("ryb", ("--dpi", "300")),
    ("yeah-items", ()), ("yeah-items", ("--dpi", "300")),
]


def run(command: str, dpi: tuple[str, ...], repeat: int) -> tuple[list[float], float, int, int]:
    """Wall seconds per run, CPU seconds of the last run, files and bytes it wrote."""
    times, cpu, files, size = [], 0.0, 0, 0
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            export = ("--export-cards", str(Path(tmp) / "cards"), *dpi) if dpi else ()
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            started = time.perf_counter()
            subprocess.run([ICP, command, "--out", str(Path(tmp) / "deck.pdf"), *export], check=True,
                           stdout=subprocess.DEVNULL)
            times.append(time.perf_counter() - started)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            written = [p for p in Path(tmp).rglob("*") if p.is_file()]
            files, size = len(written), sum(p.stat().st_size for p in written)
    return times, cpu, files, size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{args.repeat} runs each; wall seconds best and median, CPU seconds of one run")
    print(f"{'command':<56}  {'best':>6}  {'median':>6}  {'cpu':>6}  {'files':>5}  {'MB':>5}")
    for command, dpi in CASES:
        times, cpu, files, size = run(command, dpi, args.repeat)
        name = f"{command} --out deck.pdf" + (f" --export-cards DIR {' '.join(dpi)}" if dpi else "")
        print(f"{name:<56}  {min(times):>6.2f}  {statistics.median(times):>6.2f}  {cpu:>6.2f}  "
              f"{files:>5}  {size / 1e6:>5.1f}")


if __name__ == "__main__":
    main()
