"""The game registry is the only list of games: the CLI, ``check``, ``all`` and
the package list all follow it, and commands load their game only when run."""
from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path

import click
import pytest

from icp_print.cli.main import PLAY_COMMANDS, PRINT_COMMANDS, SOLVE_COMMANDS, main
from icp_print.generators.sheet import SheetSettings, paper
from icp_print.validators.errors import InputError
from icp_print.validators.registry import GAMES, all_outputs, find_game

GAME_IDS = [g.id for g in GAMES]
ROOT = Path(__file__).resolve().parents[1]


def test_ids_packages_and_commands_are_unique():
    for attribute in ("id", "package", "command"):
        names = [getattr(g, attribute) for g in GAMES]
        assert len(names) == len(set(names)), attribute


@pytest.mark.parametrize("name", GAME_IDS)
def test_find_game_by_id_package_and_command(name):
    game = find_game(name)
    assert find_game(game.package) is game and find_game(game.command) is game


def test_find_game_refuses_an_unknown_name():
    with pytest.raises(InputError, match="unknown game 'chess'"):
        find_game("chess")


@pytest.mark.parametrize("name", GAME_IDS)
def test_every_layer_holds_the_game_under_its_package_name(name):
    game = find_game(name)
    cli = importlib.import_module(game.module("cli"))
    assert isinstance(cli.print_command, click.Command)
    assert cli.print_command.name == game.command
    assert hasattr(cli, "solve_command") == game.solve
    assert hasattr(cli, "play_command") == game.play
    generators = importlib.import_module(game.module("generators"))
    for output in game.outputs:
        assert callable(getattr(generators, output.build))
    checks = game.checks_module()
    assert checks.GAME == game.id
    for function in ("looks_like", "check_toml", "check_components"):
        assert callable(getattr(checks, function))


@pytest.mark.parametrize("name", GAME_IDS)
def test_every_game_has_the_same_shape(name):
    """validators/<package>/ holds the game's model and its checks (and the text and JSON of
    its results when it solves or plays); templates/<package>/ holds its data."""
    game = find_game(name)
    rules = ROOT / "validators" / game.package
    assert (rules / "model.py").is_file() and (rules / "checks.py").is_file()
    assert (rules / "report.py").is_file() == (game.solve or game.play)
    assert (ROOT / "templates" / game.package).is_dir()


def test_the_command_line_is_derived_from_the_registry():
    assert set(PRINT_COMMANDS) == {"check", "all", "analyse", *(g.command for g in GAMES)}
    assert set(SOLVE_COMMANDS) == {g.id for g in GAMES if g.solve}
    assert set(PLAY_COMMANDS) == {g.id for g in GAMES if g.play}
    ctx = click.Context(main)
    assert set(main.list_commands(ctx)) == {*PRINT_COMMANDS, "solve", "play"}


@pytest.mark.parametrize("name", GAME_IDS)
def test_help_summary_is_the_command_s_own_first_sentence(name):
    game = find_game(name)
    command = PRINT_COMMANDS[game.command].load()
    assert command.get_short_help_str(limit=200) == game.summary


@pytest.mark.parametrize("name", GAME_IDS)
def test_default_outputs_hold_only_the_declared_component_kinds(name):
    game = find_game(name)
    settings = SheetSettings(paper=paper("a4"))
    from icp_print.cli.common import default_builder
    for output in game.outputs:
        doc = default_builder(game, output)(settings)
        assert doc.game == game.id
        kinds = {c.kind for c in doc.components.values()}
        assert kinds and kinds <= set(game.components), (output.filename, kinds)


def test_all_writes_one_file_per_default_output():
    filenames = [o.filename for _, o in all_outputs()]
    assert len(filenames) == len(set(filenames))
    assert filenames[0] == "calibration.pdf" and "ryb-deck.pdf" in filenames


def _modules_after(*argv: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``icp-print argv``."""
    script = ("import json, sys\n"
              "from icp_print.cli.main import main\n"
              f"try:\n    main({list(argv)!r}, standalone_mode=False)\n"
              "except SystemExit:\n    pass\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_help_imports_no_game_and_no_pdf_library():
    loaded = _modules_after("--help")
    assert not {m for m in loaded if m.startswith(("reportlab", "pypdf"))}
    for game in GAMES:
        assert game.module("cli") not in loaded
        assert game.module("generators") not in loaded


def test_a_solve_command_loads_only_its_own_game():
    loaded = _modules_after("solve", "ryb", "--goal", "purple-9", "--dice", "3r,1y,3b")
    assert find_game("ryb").module("cli") in loaded
    others = [g for g in GAMES if g.id != "ryb"]
    assert not [g.id for g in others if g.module("cli") in loaded]
    assert not {m for m in loaded if m.startswith("reportlab")}
