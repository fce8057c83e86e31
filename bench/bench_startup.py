"""Start-up cost of the command line, against the floor set by its libraries.

Times, in fresh processes: ``python -c "import click"``, ``icp-print --help``,
a bare reportlab script drawing 54 poker cards front and back with the same
embedded font, and ``icp-print ryb --out deck.pdf`` (the reference deck: 54
components, fronts and backs).  Prints a table and the two figures to watch:
``--help`` minus ``import click`` (goal: within 0.05 s) and ``ryb`` over the
bare script (goal: within 1.5x), both in wall-clock time and in CPU time (user +
system: the steadier figure when other jobs share the machine).

Every command runs once untimed first, with Python's compiled-module cache in a
private folder (``PYTHONPYCACHEPREFIX``): timed runs then load compiled modules
for icp-print as for the libraries, as after ``pip install``, even where
``PYTHONDONTWRITEBYTECODE`` is set.

Run: python bench/bench_startup.py [--repeat N]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BIN = Path(sys.executable).parent

BARE_SCRIPT = '''
import sys
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas
from icp_print.templates import path

MM = 72 / 25.4
pdfmetrics.registerFont(TTFont("DejaVuSans", str(path("fonts", "DejaVuSans.ttf"))))
pdfmetrics.registerFont(TTFont("DejaVuSans-Bold", str(path("fonts", "DejaVuSans-Bold.ttf"))))
c = Canvas(sys.argv[1], pagesize=(210 * MM, 297 * MM), invariant=1, pageCompression=1)
W, H = 63.5, 88.9
slots = [(9.75 + col * W, 15.15 + row * H) for row in range(3) for col in range(3)]
for first in range(0, 54, 9):
    for side in ("front", "back"):
        for n, (x, y) in enumerate(slots):
            if side == "back":
                x = 210 - x - W
            c.saveState()
            c.translate(x * MM, y * MM)
            c.setFillColorRGB(0.85, 0.2, 0.2)
            c.rect(0, (H - 14) * MM, W * MM, 14 * MM, stroke=0, fill=1)
            c.setStrokeColorRGB(0, 0, 0)
            c.roundRect(3 * MM, 3 * MM, (W - 6) * MM, (H - 6) * MM, 2 * MM, stroke=1, fill=0)
            c.setFillColorRGB(1, 1, 1)
            c.setFont("DejaVuSans-Bold", 14)
            c.drawCentredString(W / 2 * MM, (H - 10) * MM, f"Card {first + n + 1} {side}")
            c.setFillColorRGB(0, 0, 0)
            c.setFont("DejaVuSans", 8)
            for line in range(6):
                c.drawString(6 * MM, (H - 25 - 6 * line) * MM, "Roll, bank, attempt: line %d" % line)
            c.setFont("DejaVuSans", 4.5)
            c.drawCentredString(W / 2 * MM, 1.6 * MM, f"[ryb:card:{first + n}]")
            c.restoreState()
        c.showPage()
c.save()
'''


Timing = tuple[float, float]    # (wall-clock seconds, CPU seconds of the process)


def run(command: list[str], repeat: int, env: dict[str, str]) -> list[Timing]:
    """Wall-clock and CPU seconds (user + system) of ``command`` in a fresh process,
    ``repeat`` times after one untimed run.  CPU time barely moves when other jobs share
    the machine; wall time is what a user waits on a quiet one."""
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    times = []
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        started = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        wall = time.perf_counter() - started
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime))
    return times


def _figures(rows: dict[str, list[Timing]], which: int) -> tuple[float, float, float]:
    """``--help`` minus ``import click`` (median), and ryb over the bare script (median, best)."""
    med = {name: statistics.median(t[which] for t in times) for name, times in rows.items()}
    best = {name: min(t[which] for t in times) for name, times in rows.items()}
    ryb, bare = "icp-print ryb --out deck.pdf", "bare reportlab, 54 cards x 2 sides"
    return (med["icp-print --help"] - med["python -c 'import click'"], med[ryb] / med[bare],
            best[ryb] / best[bare])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    python, icp = sys.executable, str(BIN / "icp-print")
    with tempfile.TemporaryDirectory() as tmp:
        env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        rows = {
            "python -c pass": run([python, "-c", "pass"], args.repeat, env),
            "python -c 'import click'": run([python, "-c", "import click"], args.repeat, env),
            "icp-print --help": run([icp, "--help"], args.repeat, env),
            "bare reportlab, 54 cards x 2 sides": run(
                [python, "-c", BARE_SCRIPT, str(Path(tmp) / "bare.pdf")], args.repeat, env),
            "icp-print ryb --out deck.pdf": run(
                [icp, "ryb", "--out", str(Path(tmp) / "deck.pdf")], args.repeat, env),
        }
    width = max(map(len, rows))
    print(f"{args.repeat} runs each, seconds")
    print(f"{'command':<{width}}  {'wall best':>9}  {'median':>7}  {'cpu best':>8}  {'median':>7}")
    for name, times in rows.items():
        wall, cpu = [t[0] for t in times], [t[1] for t in times]
        print(f"{name:<{width}}  {min(wall):>9.3f}  {statistics.median(wall):>7.3f}  "
              f"{min(cpu):>8.3f}  {statistics.median(cpu):>7.3f}")
    print()
    for label, which in (("wall", 0), ("cpu", 1)):
        gap, ratio, best_ratio = _figures(rows, which)
        print(f"{label:>4}: --help minus import click {gap:+.3f} s (median; goal within 0.05 s); "
              f"ryb over bare reportlab {ratio:.2f}x median, {best_ratio:.2f}x best (goal within 1.5x)")


if __name__ == "__main__":
    main()
