"""Every printed output, on every paper, with each sheet option a print run changes, measured
as it prints: does each cell print, are its trim lines marked, does ``check`` pass, and do its
cut files follow the manifest?

The outputs are the ones ``icp-print all`` writes (each command with its options); the
options are the defaults, ``--bleed 0``, ``--backs short-edge``, ``--layout gutterfold``,
``--cutter silhouette`` and ``--cutter cricut``.  Each cell runs the real command in a fresh
process and is measured the way the tests measure it:

- **run**: ``ok``, or ``refused`` with the reason (exit 2), or the exit code;
- **marks**: trim lines held by two printed marks inside the printable area / trim lines, on
  every imposed front page rendered at 200 dpi (``tests/printmarks.py``);
- **check**: ``icp-print check`` (rules and print preflight): ``ok`` or the failing lines;
- **cuts**: every cut file read back (ezdxf, svgelements) and compared with the manifest's
  outlines both ways (``tests/cutscan.py``): the largest distance in mm, or ``-`` when the
  option writes no cut file.

Run: python bench/bench_print_matrix.py [--workers N] [--only COMMAND] [--paper a4|letter]
"""
from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from cutscan import distances, dxf_paths, manifest_outline, samples, svg_paths, twice_cut  # noqa: E402
from pagescan import manifest  # noqa: E402
from printmarks import marked_lines  # noqa: E402

from icp_print.generators.cutter import CRICUT_AREA  # noqa: E402
from icp_print.validators.registry import all_outputs  # noqa: E402

ICP = str(Path(sys.executable).parent / "icp-print")
PAPERS = ("a4", "letter")
OPTIONS: tuple[tuple[str, ...], ...] = ((), ("--bleed", "0"), ("--backs", "short-edge"),
                                        ("--layout", "gutterfold"), ("--cutter", "silhouette"),
                                        ("--cutter", "cricut"))
CUT_TOLERANCE = 0.1   # mm
BUILD_OPTIONS = {"default_gauges": ("--gauges",)}   # an output's builder -> the command's options
Cell = tuple[tuple[str, ...], str, tuple[str, ...]]


def commands() -> list[tuple[str, ...]]:
    """What ``icp-print all`` runs, as a user types it."""
    return [(game.command, *BUILD_OPTIONS.get(output.build, ())) for game, output in all_outputs()]


def cut_error(folder: Path, m: dict, cutter: str) -> float:
    """The largest distance (mm) between a cut read back and the manifest's outlines, either way,
    over every sheet's files; a stretch cut twice counts as that far off."""
    w, h = m["paper"]["width_mm"], m["paper"]["height_mm"]
    fronts = [p for p in m["pages"] if p["side"] == "front"]
    worst, sheets = 0.0, 0
    for n, page in enumerate(fronts, start=1):
        cut = [c for c in page["components"]
               if c.get("cut", True) and c.get("side", "front") == "front" and not (c["w_mm"] >= w and c["h_mm"] >= h)]
        if not cut:
            continue
        sheets += 1
        outlines = [s for c in cut for s in manifest_outline(c)]
        name = folder / f"x-sheet-{n:02d}"
        if cutter == "silhouette":
            readings = [dxf_paths(name.with_suffix(".dxf")), svg_paths(name.with_suffix(".svg"), (0, 0, w, h))]
        else:
            area = ((w - CRICUT_AREA[0]) / 2, (h - CRICUT_AREA[1]) / 2, *CRICUT_AREA)
            readings = [svg_paths(name.with_suffix(".svg"), area)]
        for paths in readings:
            segments = [s for p in paths for s in p]
            worst = max(worst, distances(samples(segments), outlines).max(),
                        distances(samples(outlines), segments).max(), twice_cut(segments))
    if not sheets:
        raise AssertionError("no sheet has anything to cut")
    return worst


def measure(cell: Cell) -> list[str]:
    command, paper, option = cell
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        out = folder / "x.pdf"
        made = subprocess.run([ICP, *command, "--paper", paper, *option, "--out", str(out)],
                              capture_output=True, text=True)
        if made.returncode:
            reason = made.stderr.strip().splitlines()[-1].removeprefix("icp-print: error: ")
            verdict = "refused" if made.returncode == 2 else f"exit {made.returncode}"
            return [verdict, "", "", "", reason]
        pdf = out.read_bytes()
        held, total = marked_lines(pdf)
        checked = subprocess.run([ICP, "check", str(out)], capture_output=True, text=True)
        failing = [line.strip() for line in checked.stdout.splitlines() if line.strip().startswith("FAIL")]
        check = "ok" if checked.returncode == 0 else f"exit {checked.returncode}"
        cutter = option[1] if option[:1] == ("--cutter",) else None
        cuts = f"{cut_error(folder, manifest(pdf), cutter):.3f}" if cutter else "-"
        return ["ok", f"{held}/{total}", check, cuts, "; ".join(failing)[:160]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--only", help="one command, such as yield or 'ycp --gauges'")
    parser.add_argument("--paper", choices=PAPERS)
    args = parser.parse_args()
    cells: list[Cell] = [(c, p, o) for c in commands() if not args.only or " ".join(c) == args.only
                         for p in PAPERS if not args.paper or p == args.paper for o in OPTIONS]
    with ProcessPoolExecutor(args.workers) as pool:
        results = dict(zip(cells, pool.map(measure, cells)))
    papers = [p for p in PAPERS if not args.paper or p == args.paper]
    print("Each cell: trim lines marked / trim lines; `check`; cut files' largest distance from the manifest (mm).\n")
    print("| command | option | " + " | ".join(papers) + " |")
    print("|---|---|" + "---|" * len(papers))
    reasons: dict[str, list[str]] = {}
    for command in dict.fromkeys(c for c, _, _ in cells):
        for option in OPTIONS:
            row = []
            for paper in papers:
                run, marks, check, cuts, notes = results[(command, paper, option)]
                if run != "ok":
                    reasons.setdefault(notes, []).append(f"`{' '.join(command)}` {paper} {' '.join(option)}")
                    row.append(f"{run} ({list(reasons).index(notes) + 1})")
                else:
                    row.append(f"{marks}; {check}" + (f"; {cuts}" if cuts != "-" else "") +
                               (f"; {notes}" if notes else ""))
            print(f"| `{' '.join(command)}` | {' '.join(option) or 'defaults'} | " + " | ".join(row) + " |")
    print()
    for number, reason in enumerate(reasons, start=1):
        print(f"{number}. {reason}")
    rows = list(results.values())
    bad = sum(1 for run, marks, check, cuts, _ in rows
              if run.startswith("exit") or (run == "ok" and (check != "ok" or len(set(marks.split("/"))) > 1
                                                             or (cuts != "-" and float(cuts) > CUT_TOLERANCE))))
    print(f"\n{len(cells)} cells, {sum(r[0] == 'refused' for r in rows)} refused, {bad} failing")

if __name__ == "__main__":
    main()
