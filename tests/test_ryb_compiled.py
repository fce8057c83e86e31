"""The optional compiled build (setup.py, ``ICP_PRINT_COMPILE=1``) plays RYB with the same
numbers as the pure-Python engine: it compiles the same source, so a seed must give the
same wins, turns and events.  The rest of the suite runs the pure-Python code."""
from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from icp_print.validators.analysis.games import load_game
from icp_print.validators.analysis.runner import matchup, run

ROOT = Path(__file__).resolve().parents[1]
GAMES, SEED = 40, 11


def figures(totals):
    """Everything a run counts, as JSON."""
    return {"summary": totals.summary(), "wins": totals.wins, "events": dict(sorted(totals.events.items()))}


def play_script() -> str:
    """What the compiled build runs: the same games, their figures printed as JSON."""
    return "\n".join([
        "import json",
        "from icp_print.validators.analysis.games import load_game",
        "from icp_print.validators.analysis.runner import matchup, run",
        "from icp_print.validators.ryb import rating",
        inspect.getsource(figures),
        f"totals = run(matchup(load_game('ryb'), 4, ('greedy',) * 4, seed={SEED}), {GAMES}, workers=1)",
        "print(json.dumps({'compiled': not rating.__file__.endswith('.py'), 'totals': figures(totals)}))",
    ])


def compiler_missing() -> str | None:
    """Why the compiled build cannot be made here, or None."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


def compiled_tree(where: Path) -> Path:
    """The package built as ``ICP_PRINT_COMPILE=1`` builds it, laid out as it installs."""
    for part in ("setup.py", "pyproject.toml", "README.md", "LICENSE", "validators", "templates", "cli",
                 "generators"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, where / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy(source, where / part)
    lib = where / "lib"
    env = dict(os.environ, ICP_PRINT_COMPILE="1")
    subprocess.run([sys.executable, "setup.py", "-q", "build_ext", "--build-lib", str(lib),
                    "--build-temp", str(where / "tmp")], cwd=where, env=env, check=True,
                   capture_output=True, timeout=1200)
    for package in ("validators", "templates", "cli", "generators"):
        shutil.copytree(where / package, lib / "icp_print" / package, dirs_exist_ok=True)
    return lib


@pytest.mark.slow
@pytest.mark.skipif(compiler_missing() is not None, reason=str(compiler_missing()))
def test_the_compiled_engine_gives_the_same_numbers_as_the_pure_python_one(tmp_path):
    lib = compiled_tree(tmp_path)
    env = dict(os.environ, PYTHONPATH=str(lib))
    out = subprocess.run([sys.executable, "-c", play_script()], cwd=tmp_path, env=env, check=True,
                         capture_output=True, text=True, timeout=600)
    compiled = json.loads(out.stdout)
    assert compiled["compiled"]
    pure = run(matchup(load_game("ryb"), 4, ("greedy",) * 4, seed=SEED), GAMES, workers=1)
    assert compiled["totals"] == json.loads(json.dumps(figures(pure)))
