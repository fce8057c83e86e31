"""How a run ends when Ctrl-C comes in its first moments.

Launches ``icp-print ryb --out DIR/deck.pdf`` again and again, sends SIGINT a
set time after each launch (from 0 ms in steps of ``--step`` ms up to
``--until`` ms, ``--rounds`` times over), and prints a table: how each run
ended, how many runs ended that way, the earliest and latest moment, and
whether anything was written.  The row to watch is the one for icp-print's own
lines before its handlers are in: interrupts that land there end with
Python's traceback instead of icp-print's one line.

Run: python bench/bench_interrupts.py [--step 1.5] [--until 90] [--rounds 10]
"""
from __future__ import annotations

import argparse
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

import icp_print.cli

LAUNCHER = Path(sys.executable).with_name("icp-print")
CLI_FOLDER = str(Path(icp_print.cli.__file__).parent)
INTERRUPTED = b"icp-print: interrupted\n"


def _outcome(returncode: int, err: bytes) -> str:
    """A name for how one run ended, from its exit status and what it wrote on stderr."""
    text = err.decode(errors="replace")
    frames = re.findall(r'File "([^"]+)", line (\d+)', text)
    ours = [f"{Path(name).name}:{line}" for name, line in frames if name.startswith(CLI_FOLDER)]
    if returncode == 130 and err == INTERRUPTED:
        return "icp-print: interrupted, exit 130"
    if returncode == -signal.SIGINT and not err:
        return "killed by the signal before Python's own handler, silent"
    if returncode == 0:
        return "finished" if not err else "Python reports the interrupt in its start-up and goes on, exit 0"
    if text.startswith("Fatal Python error"):
        return "Python's fatal start-up error, exit 1"
    if ours and all(frame.startswith(("__init__.py:", "entry.py:")) for frame in ours):
        return f"Python's traceback in icp-print's lines before its handlers ({ours[-1]})"
    if not ours and re.search(r"KeyboardInterrupt:?\s*$", text):
        if returncode == 1:
            return "Python's start-up reports the interrupt, exit 1"
        return "Python's traceback while the launcher imports the package"
    return f"OTHER: exit {returncode}: {text[-200:]!r}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--step", type=float, default=1.5, help="milliseconds between delays")
    parser.add_argument("--until", type=float, default=90.0, help="last delay, milliseconds")
    parser.add_argument("--rounds", type=int, default=10, help="times over every delay")
    args = parser.parse_args()
    if not LAUNCHER.exists():
        sys.exit(f"no icp-print launcher beside {sys.executable}: install the package first")
    delays = [n * args.step for n in range(int(args.until / args.step) + 1)]
    seen: dict[str, list[float]] = defaultdict(list)
    written: dict[str, int] = defaultdict(int)
    for _ in range(args.rounds):
        for delay in delays:
            with tempfile.TemporaryDirectory() as folder:
                process = subprocess.Popen([str(LAUNCHER), "ryb", "--out", str(Path(folder) / "deck.pdf")],
                                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
                time.sleep(delay / 1000)
                process.send_signal(signal.SIGINT)
                _, err = process.communicate(timeout=300)
                outcome = _outcome(process.returncode, err)
                seen[outcome].append(delay)
                written[outcome] += any(Path(folder).iterdir())
    print(f"{len(delays) * args.rounds} launches, SIGINT {delays[0]:g} to {delays[-1]:g} ms after launch")
    print("| how the run ended | runs | ms after launch | runs that wrote a file |")
    print("| --- | --- | --- | --- |")
    for outcome, moments in sorted(seen.items(), key=lambda item: min(item[1])):
        print(f"| {outcome} | {len(moments)} | {min(moments):g}-{max(moments):g} | {written[outcome]} |")


if __name__ == "__main__":
    main()
