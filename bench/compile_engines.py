"""A game's speed in pure Python and compiled with mypyc, side by side.

    python bench/compile_engines.py                     # RYB, 1000 games each
    python bench/compile_engines.py --games 3000 --keep build/engines
    python bench/compile_engines.py --game the-last-glow --games 10000 --variant mode=nightmare
    python bench/compile_engines.py --game yicyacyoe --keep build/yicyacyoe   # the exact solver

The package is pure Python and installs as such.  This script compiles the
modules a game spends its time in (:data:`COMPILED`: the game's engine, its
greedy rating and the analysis core; RYB unless ``--game`` names The Last
Glow or Yic Yac Yoe, whose exact solver is compiled) from the same typed
source with mypyc, into a copy of the package in a scratch folder, and runs
the game's bench line (:data:`BENCH`) once on the installed package and once
on the compiled copy.  Nothing is written into the source
tree (``--keep`` leaves the compiled copy where it says, to run other
commands on with ``PYTHONPATH``).  It needs a C compiler, Python's headers
and mypy (which carries mypyc; the ``test`` extra installs it).
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("validators", "templates", "cli", "generators")
"""Folders copied into the compiled tree, so that it is a whole package of its own."""
CORE = (
    "validators/play.py",
    "validators/analysis/players.py",
    "validators/analysis/runner.py",
)
"""The analysis core every game runs on (the runner, the players)."""
COMPILED = {
    "ryb": CORE + (
        "validators/ryb/model.py",
        "validators/ryb/odds.py",
        "validators/ryb/play.py",
        "validators/ryb/play_cards.py",
        "validators/ryb/outlook.py",
        "validators/ryb/rating.py",
    ),
    "yicyacyoe": (
        "validators/yicyacyoe/model.py",
        "validators/yicyacyoe/keys.py",
        "validators/yicyacyoe/endgame.py",
        "validators/yicyacyoe/pairing.py",
        "validators/yicyacyoe/free_search.py",
        "validators/yicyacyoe/search.py",
    ),
    "the-last-glow": CORE + (
        "validators/ycp/solo.py",
        "validators/ycp/the_last_glow/rules.py",
        "validators/ycp/the_last_glow/squares.py",
        "validators/ycp/the_last_glow/board.py",
        "validators/ycp/the_last_glow/actions.py",
        "validators/ycp/the_last_glow/rating.py",
        "validators/ycp/the_last_glow/play.py",
    ),
}
"""By game, the modules a game spends its time in (the greedy rating, the turn steps, the
runner)."""
BENCH = {"ryb": ("bench_analysis.py", "--game", "ryb", "--players", "4", "--strengths", "greedy"),
         "the-last-glow": ("bench_analysis.py", "--game", "the-last-glow", "--strengths", "greedy"),
         "yicyacyoe": ("bench_yicyacyoe.py", "--growth", "10,8")}
"""By game, the bench script and options of its line (Yic Yac Yoe: the exact solver on 5x5 rows
of 4 from seeded positions with ten and eight marks down, nodes per CPU second)."""


def compile_tree(where: Path, game: str = "ryb") -> Path:
    """The package copied to ``where/icp_print`` with ``game``'s :data:`COMPILED` built as C extensions
    beside their sources (mypyc names a module after its path, hence the ``icp_print`` folder);
    the folder to put on ``PYTHONPATH``."""
    from mypyc.build import mypycify
    from setuptools import setup

    for package in PACKAGES:
        shutil.copytree(ROOT / package, where / "icp_print" / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so"), dirs_exist_ok=True)
    here = Path.cwd()
    os.environ["MYPYPATH"] = str(where)
    os.chdir(where)
    try:
        modules = mypycify(["--explicit-package-bases", "--no-warn-unused-configs",
                            *(f"icp_print/{path}" for path in COMPILED[game])],
                           opt_level="3", group_name="icp_print_engines")
        setup(name="icp-print-engines", ext_modules=modules,
              script_args=["-q", "build_ext", "--inplace", "--build-temp", str(where / "build")])
    finally:
        os.chdir(here)
    return where


def bench(game: str, games: int, path: Path | None, variant: list[str]) -> str:
    """The bench line of ``game`` (:data:`BENCH`), on the installed package or on ``path``."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = str(path)
    script, *options = BENCH[game]
    command = [sys.executable, str(ROOT / "bench" / script), *options]
    if script == "bench_analysis.py":
        command += ["--games", str(games), "--workers", "1", *(f"--variant={choice}" for choice in variant)]
    out = subprocess.run(command, env=env, check=True, capture_output=True, text=True, cwd=path or ROOT)
    return out.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(COMPILED), default="ryb", help="the game compiled and measured")
    parser.add_argument("--variant", action="append", default=[], help="KEY=VALUE for the bench line, repeatable")
    parser.add_argument("--games", type=int, default=1000, help="games per line")
    parser.add_argument("--keep", type=Path, default=None, help="build the compiled copy here and keep it")
    args = parser.parse_args()
    scratch = None
    if args.keep is None:
        scratch = tempfile.mkdtemp(prefix="icp-print-engines-")
    where = Path(args.keep or scratch).resolve()
    try:
        tree = compile_tree(where, args.game)
        for path in (None, tree):
            print(bench(args.game, args.games, path, args.variant), end="", flush=True)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
