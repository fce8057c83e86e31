"""The code passes the linters CI runs: ruff, mypy and the layer contracts.

Each runs as its own program, with the configuration in ``pyproject.toml``, so
``pytest`` stays the one command that checks everything.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)


def test_ruff_finds_nothing():
    result = _run(sys.executable, "-m", "ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_layers_hold():
    """validators import neither generators nor cli; generators do not import cli."""
    result = _run(str(BIN / "lint-imports"), "--no-cache")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_finds_nothing():
    """The whole package type-checks; the validators modules listed in pyproject.toml strictly."""
    from typecheck import mypy
    result = mypy()
    assert result.returncode == 0, result.stdout + result.stderr
