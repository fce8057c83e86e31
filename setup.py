"""The optional compiled build: ``ICP_PRINT_COMPILE=1 pip install .`` compiles the RYB
engine and the analysis core it runs on with mypyc (the same typed source, as C
extensions next to it); without the variable the install is pure Python, as always.

Everything else about the package is in ``pyproject.toml``.
"""
from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup

COMPILED = [
    "validators/play.py",
    "validators/analysis/players.py",
    "validators/analysis/runner.py",
    "validators/ryb/model.py",
    "validators/ryb/odds.py",
    "validators/ryb/play.py",
    "validators/ryb/play_cards.py",
    "validators/ryb/rating.py",
]
"""The modules a game of RYB spends its time in (the greedy rating, the turn steps, the runner)."""
WANTED = os.environ.get("ICP_PRINT_COMPILE", "") == "1"
METADATA_ONLY = {"egg_info", "dist_info", "sdist"}
"""Commands that only describe the package: nothing to compile for them."""
STAGE = Path("build", "mypyc-source")
"""mypyc names a module after its path: the sources are staged as ``icp_print/validators/...``."""


def compiled_engines() -> list[Extension]:
    """The C extensions of :data:`COMPILED`, when asked for and mypyc is at hand (the build
    front end installs it first: it is this build's ``setup_requires``)."""
    if not WANTED or METADATA_ONLY & set(sys.argv):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    shutil.rmtree(STAGE, ignore_errors=True)
    for package in ("validators", "templates"):      # the engines read their data from templates
        shutil.copytree(package, STAGE / "icp_print" / package, ignore=shutil.ignore_patterns("__pycache__"))
    os.environ["MYPYPATH"] = str(STAGE)
    paths = [str(STAGE / "icp_print" / path) for path in COMPILED]
    return mypycify(["--explicit-package-bases", "--no-warn-unused-configs", *paths],
                    opt_level="3", group_name="icp_print_engines")


setup(ext_modules=compiled_engines(), setup_requires=["mypy>=1.10"] if WANTED else [])
