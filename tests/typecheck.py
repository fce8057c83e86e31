"""Run mypy on the installed package's sources: ``python tests/typecheck.py``.

The four top-level folders install as ``icp_print.cli``, ``icp_print.generators``,
``icp_print.validators`` and ``icp_print.templates`` and import each other
relatively, so mypy is shown them under that name through a temporary folder
of links; the settings are ``[tool.mypy]`` in ``pyproject.toml``.
"""
from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("cli", "generators", "validators", "templates")


def mypy(*extra: str) -> subprocess.CompletedProcess[str]:
    """mypy's verdict on the whole package."""
    with tempfile.TemporaryDirectory() as tmp:
        package = Path(tmp) / "icp_print"
        package.mkdir()
        for layer in LAYERS:
            (package / layer).symlink_to(ROOT / layer, target_is_directory=True)
        return subprocess.run(
            [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
             "--cache-dir", str(ROOT / ".mypy_cache"), *extra, "icp_print"],
            cwd=tmp, capture_output=True, text=True, timeout=900)


if __name__ == "__main__":
    result = mypy(*sys.argv[1:])
    print(result.stdout + result.stderr, end="")
    sys.exit(result.returncode)
