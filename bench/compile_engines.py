"""A game's speed in pure Python and compiled with mypyc, side by side.

    python bench/compile_engines.py                     # RYB, 1000 games each
    python bench/compile_engines.py --games 3000 --keep build/engines
    python bench/compile_engines.py --game the-last-glow --games 10000 --variant mode=nightmare
    python bench/compile_engines.py --game yicyacyoe --keep build/yicyacyoe   # the exact solver
    PYTHONPATH=build/engines/lib python -m icp_print.cli.entry analyse ryb --games 20000

The package installs as pure Python unless ``ICP_PRINT_COMPILE=1 pip install .``
compiles the modules the engines spend their time in (setup.py;
``[tool.icp-print] compiled`` in pyproject.toml).  This script makes that
compiled install into a scratch folder (from a copy of the sources, with the
mypy and setuptools of the running environment) and runs a game's bench line
(:data:`BENCH`) once on the installed package and once on the compiled one.
Nothing is written into the source tree (``--keep`` leaves the compiled
install where it says, to run other commands on with ``PYTHONPATH``).  It
needs a C compiler, Python's headers and mypy (the ``test`` extra installs it).
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
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "cli", "generators", "templates", "validators")
"""What a build of the package reads."""
BENCH = {"ryb": ("bench_analysis.py", "--game", "ryb", "--players", "4", "--strengths", "greedy"),
         "the-last-glow": ("bench_analysis.py", "--game", "the-last-glow", "--strengths", "greedy"),
         "yicyacyoe": ("bench_yicyacyoe.py", "--growth", "10,8")}
"""By game, the bench script and options of its line (Yic Yac Yoe: the exact solver on 5x5 rows
of 4 from seeded positions with ten and eight marks down, nodes per CPU second)."""


def compile_tree(where: Path) -> Path:
    """The package installed into ``where/lib`` as ``ICP_PRINT_COMPILE=1 pip install .`` makes
    it, built from a copy of the sources in ``where/src``; the folder to put on ``PYTHONPATH``."""
    source = where / "src"
    source.mkdir(parents=True)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        else:
            shutil.copy2(ROOT / name, source / name)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
                    "--target", str(where / "lib"), str(source)],
                   env=dict(os.environ, ICP_PRINT_COMPILE="1"), check=True, cwd=where)
    return where / "lib"


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
    parser.add_argument("--game", choices=sorted(BENCH), default="ryb", help="the game measured")
    parser.add_argument("--variant", action="append", default=[], help="KEY=VALUE for the bench line, repeatable")
    parser.add_argument("--games", type=int, default=1000, help="games per line")
    parser.add_argument("--keep", type=Path, default=None, metavar="DIR",
                        help="make the compiled install in DIR/lib and keep it")
    args = parser.parse_args()
    scratch = None
    if args.keep is None:
        scratch = tempfile.mkdtemp(prefix="icp-print-engines-")
    where = Path(args.keep or scratch).resolve()
    try:
        tree = compile_tree(where)
        for path in (None, tree):
            print(bench(args.game, args.games, path, args.variant), end="", flush=True)
    finally:
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
