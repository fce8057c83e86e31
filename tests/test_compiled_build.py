"""``ICP_PRINT_COMPILE=1 pip install .`` (setup.py) compiles the modules pyproject.toml lists
with mypyc, from the same source: the compiled install must give the same numbers as pure
Python (RYB games on one process and on two, the Yic Yac Yoe solver), and a run on several
processes must be able to send it a game.  The slow test builds it as ``bench/compile_engines.py``
does and is skipped, with the reason, where this machine cannot compile."""
from __future__ import annotations

import ast
import importlib
import importlib.util
import inspect
import json
import os
import pickle
import pkgutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from icp_print.validators.analysis.games import load_game, playable
from icp_print.validators.analysis.runner import matchup, run

ROOT = Path(__file__).resolve().parents[1]
GAMES, SEED = 40, 11
COMPILED = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["icp-print"]["compiled"]


def setup_script():
    """setup.py as a module (its ``setup()`` call runs only as a script)."""
    spec = importlib.util.spec_from_file_location("icp_print_setup", ROOT / "setup.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def cannot_compile() -> str | None:
    """Why the compiled install cannot be made here, or None."""
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return setup_script().missing_for_compile()


CANNOT_COMPILE = cannot_compile()


def figures(totals):
    """Everything a run counts, as JSON."""
    return {"summary": totals.summary(), "wins": totals.wins, "events": dict(sorted(totals.events.items()))}


def play_script() -> str:
    """What the compiled install runs: RYB games, their figures printed as JSON."""
    return "\n".join([
        "import json",
        "from icp_print.validators.analysis import engines_build",
        "from icp_print.validators.analysis.games import load_game",
        "from icp_print.validators.analysis.runner import matchup, run",
        inspect.getsource(figures),
        f"totals = run(matchup(load_game('ryb'), 4, ('greedy',) * 4, seed={SEED}), {GAMES}, workers=1)",
        "print(json.dumps({'build': engines_build(), 'totals': figures(totals)}))",
    ])


def solve_script() -> str:
    """What the compiled install runs: the solves of ``test_yicyacyoe_fast_pieces.figures``."""
    return "\n".join([
        "import json, sys",
        f"sys.path[:0] = [{str(ROOT / 'bench')!r}, {str(ROOT / 'tests')!r}]",
        "from test_yicyacyoe_fast_pieces import figures",
        "print(json.dumps(figures()))",
    ])


def in_install(lib: Path, *command: str) -> str:
    """``python COMMAND`` run on the install in ``lib``; its standard output."""
    env = dict(os.environ, PYTHONPATH=str(lib))
    done = subprocess.run([sys.executable, *command], cwd=lib, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{' '.join(command)[:200]}: {done.stderr[-2000:]}"
    return done.stdout


@pytest.mark.slow
@pytest.mark.skipif(CANNOT_COMPILE is not None, reason=str(CANNOT_COMPILE))
def test_the_compiled_install_gives_the_same_numbers_as_pure_python(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    monkeypatch.syspath_prepend(str(ROOT / "tests"))
    from compile_engines import compile_tree
    from test_yicyacyoe_fast_pieces import figures as solves
    lib = compile_tree(tmp_path)

    for path in COMPILED:
        folder = lib / "icp_print" / Path(path).parent
        assert list(folder.glob(Path(path).stem + ".*.so")), f"{path} was not compiled"

    played = json.loads(in_install(lib, "-c", play_script()))
    assert played["build"] == "compiled"
    pure = run(matchup(load_game("ryb"), 4, ("greedy",) * 4, seed=SEED), GAMES, workers=1)
    assert played["totals"] == json.loads(json.dumps(figures(pure)))

    assert_same_analysis(lib, "ryb", "--players", "4", "--games", "60", "--seed", "3")
    for key in sorted(playable()):
        for strength, games in (("random", "20"), ("greedy", "20"), ("search", "2")):
            assert_same_analysis(lib, key, "--policy", strength, "--games", games, "--playouts", "2",
                                 "--max-turns", "100")

    assert json.loads(in_install(lib, "-c", solve_script())) == json.loads(json.dumps(solves()))


def assert_same_analysis(lib: Path, game: str, *options: str) -> None:
    """``icp-print analyse GAME OPTIONS --json`` gives the same figures compiled on two processes
    (each sent the game) as pure Python on one: every game, as the engines of one compiled
    module may be subclassed or copied by another game's Python module."""
    analyse = ["-m", "icp_print.cli.entry", "analyse", game, *options, "--json"]
    two_processes = json.loads(in_install(lib, *analyse, "--workers", "2"))
    one_pure = json.loads(subprocess.run([sys.executable, *analyse, "--workers", "1"], check=True,
                                         capture_output=True, text=True, timeout=600).stdout)
    assert two_processes.pop("command").replace("--workers 2", "--workers 1") == one_pure.pop("command")
    assert two_processes == one_pure, f"{game} {' '.join(options)}"


def frozen_dataclasses(path: str) -> list[ast.ClassDef]:
    tree = ast.parse((ROOT / path).read_text())
    return [node for node in ast.walk(tree) if isinstance(node, ast.ClassDef)
            and any(isinstance(d, ast.Call) and getattr(d.func, "id", "") == "dataclass"
                    and any(k.arg == "frozen" for k in d.keywords) for d in node.decorator_list)]


@pytest.mark.parametrize("path", COMPILED)
def test_every_frozen_dataclass_of_a_compiled_module_is_pickled_by_its_fields(path):
    """Compiled, a frozen dataclass cannot be unpickled by setting its fields one by one."""
    for node in frozen_dataclasses(path):
        methods = {b.name for b in node.body if isinstance(b, ast.FunctionDef)}
        assert "__reduce__" in methods, f"{path}: {node.name} has no __reduce__ (frozen.rebuilt)"


def test_no_python_class_derives_from_a_compiled_class():
    """A compiled class refuses to make an instance of a Python subclass ("interpreted classes
    cannot inherit from compiled"): a class outside the compiled modules may derive from their
    Protocols only.  Checked here on pure Python, where no compiler is needed."""
    import icp_print.validators as validators
    compiled = {"icp_print." + path.removesuffix(".py").replace("/", ".") for path in COMPILED}
    derived = []
    for found in pkgutil.walk_packages(validators.__path__, validators.__name__ + "."):
        if found.name in compiled:
            continue
        for _, cls in inspect.getmembers(importlib.import_module(found.name), inspect.isclass):
            derived += [f"{cls.__module__}.{cls.__qualname__} from {base.__module__}.{base.__qualname__}"
                        for base in cls.__mro__[1:] if cls.__module__ == found.name
                        and base.__module__ in compiled and not getattr(base, "_is_protocol", False)]
    assert derived == []


@pytest.mark.parametrize("key", sorted(playable()))
def test_a_run_can_send_every_game_to_another_process(key):
    game = playable()[key]
    match = matchup(game, game.min_players, ("greedy",) * game.min_players, max_turns=200)
    sent = pickle.loads(pickle.dumps(match))
    assert figures(run(sent, 3, workers=1)) == figures(run(match, 3, workers=1))


def test_setup_compiles_nothing_unless_asked(monkeypatch):
    setup = setup_script()
    monkeypatch.delenv(setup.SWITCH, raising=False)
    assert setup.extensions() == []
    monkeypatch.setenv(setup.SWITCH, "0")
    assert setup.extensions() == []


def test_setup_compiles_nothing_while_pip_only_asks_what_the_build_needs(monkeypatch):
    setup = setup_script()
    monkeypatch.setenv(setup.SWITCH, "1")
    monkeypatch.setattr(sys, "argv", ["setup.py", "egg_info"])
    assert setup.extensions() == []


def test_setup_refuses_to_compile_an_editable_install(monkeypatch):
    setup = setup_script()
    monkeypatch.setenv(setup.SWITCH, "1")
    monkeypatch.setattr(sys, "argv", ["setup.py", "editable_wheel"])
    with pytest.raises(SystemExit, match="regular install only"):
        setup.extensions()


def test_setup_names_the_compiler_cc_asks_for_when_it_is_missing(monkeypatch):
    """The build runs ``CC`` when it is set: a missing one is said in one line before compiling."""
    setup = setup_script()
    monkeypatch.setenv("CC", "/nonexistent/cc -O2")
    assert setup.missing_for_compile() == "no C compiler (/nonexistent/cc)"
