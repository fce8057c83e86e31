"""The install lists every package, and every module's doctests pass."""
from __future__ import annotations

import doctest
import importlib
import pkgutil
import tomllib
from pathlib import Path

import pytest

import icp_print.cli
import icp_print.generators
import icp_print.templates
import icp_print.validators
from icp_print.validators.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]
TOP = {"cli": "icp_print.cli", "generators": "icp_print.generators",
       "validators": "icp_print.validators", "templates": "icp_print.templates"}


def test_every_package_folder_is_listed_in_pyproject():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    for folder, package in TOP.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(ROOT / folder).parts
            assert ".".join((package, *parts)) in listed, f"{init.parent} missing from pyproject"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_game_ships_in_every_layer(game):
    """Each registered game's packages are installed, so its commands run from a wheel."""
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    for folder, package in TOP.items():
        if (ROOT / folder / game.package / "__init__.py").is_file():
            assert f"{package}.{game.package}" in listed
        else:
            assert folder == "templates" or (ROOT / folder / f"{game.package}.py").is_file(), folder


def _modules():
    for package in (icp_print.cli, icp_print.generators, icp_print.validators, icp_print.templates):
        yield package.__name__
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            yield info.name


@pytest.mark.parametrize("name", sorted(set(_modules())))
def test_doctests(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_templates_ship_with_the_package():
    from icp_print.templates import path
    for name in ("paper.toml", "sizes.toml", "fonts/DejaVuSans.ttf", "ryb/reference-deck.toml"):
        assert path(*name.split("/")).is_file(), name
