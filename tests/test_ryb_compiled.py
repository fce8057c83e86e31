"""The compiled copy ``bench/compile_engines.py`` builds to measure RYB's speed plays RYB
with the same numbers as the pure-Python engine: it compiles the same source, so a seed
must give the same wins, turns and events.  The rest of the suite runs the pure-Python code."""
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


def compiled_tree(where: Path, game: str = "ryb") -> Path:
    """The package as ``bench/compile_engines.py`` compiles it for ``game`` (in a process of
    its own: the build changes directory)."""
    build = (f"import sys; sys.path.insert(0, {str(ROOT / 'bench')!r}); from pathlib import Path; "
             f"from compile_engines import compile_tree; compile_tree(Path({str(where)!r}), {game!r})")
    subprocess.run([sys.executable, "-c", build], cwd=where, check=True, capture_output=True, timeout=1200)
    return where


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
