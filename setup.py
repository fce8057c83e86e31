"""The build, with one option: ``ICP_PRINT_COMPILE=1 pip install .`` also compiles the modules
the analysis engines and the exact solver spend their time in (``[tool.icp-print] compiled``
in pyproject.toml) with mypyc, from the same typed source, into C extensions installed beside
their sources.  Everything else is in pyproject.toml; without the variable the package is pure
Python.  docs/analysis.md, "The compiled build", says what it needs and what it gains."""
from __future__ import annotations

import atexit
import os
import shutil
import sys
import sysconfig
import tomllib
from pathlib import Path

from setuptools import Extension, setup

ROOT = Path(__file__).resolve().parent
STAGE = Path("build", "mypyc")
"""Where the package is copied to be compiled, relative to the project (setuptools takes no
other paths to C sources)."""
SWITCH = "ICP_PRINT_COMPILE"
MYPY = "mypy>=1.10"
"""mypyc comes with mypy; asked of the build environment only when compiling."""


def wanted() -> bool:
    return os.environ.get(SWITCH, "").strip().lower() not in ("", "0", "no", "false")


def metadata_only() -> bool:
    """Whether this run only asks what the build needs or what the package is (pip runs setup.py
    for that first, before mypy is installed): nothing is compiled then."""
    return bool({"egg_info", "dist_info"} & set(sys.argv)) and "bdist_wheel" not in sys.argv


def project() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)


def missing_for_compile() -> str | None:
    """What this machine lacks to compile (a C compiler, Python's headers), or None.  The compiler
    is the one the build would run: ``CC`` when set, else the one Python was built with."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").is_file():
        return "no Python headers (Python.h; on Debian, the python3-dev package)"
    return None


def staged(where: Path, package_dirs: dict[str, str]) -> Path:
    """The package's folders (``package_dirs``, as pyproject.toml maps them) copied under
    ``where/icp_print``: mypyc names a module after its path, and the installed modules are
    ``icp_print.validators...``, not ``validators...``."""
    for package, folder in package_dirs.items():
        shutil.copytree(ROOT / folder, where / package.replace(".", "/"), dirs_exist_ok=True,
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
    return where


def extensions() -> list[Extension]:
    """The compiled modules as C extensions (none unless :data:`SWITCH` asks for them)."""
    if not wanted() or metadata_only():
        return []
    if "editable_wheel" in sys.argv:
        sys.exit(f"{SWITCH}=1 makes a regular install only: an editable one would run the "
                 "compiled copies instead of the sources being edited")
    try:
        from mypyc.build import mypycify
    except ImportError:
        sys.exit(f"{SWITCH}=1 needs mypy (which carries mypyc) where the package is built")
    missing = missing_for_compile()
    if missing is not None:
        sys.exit(f"{SWITCH}=1 cannot compile here: {missing}")
    tool = project()["tool"]
    where = staged(STAGE, tool["setuptools"]["package-dir"])
    atexit.register(shutil.rmtree, where, True)     # once setup() has compiled the C written there
    os.environ["MYPYPATH"] = str(where)
    return mypycify(["--no-warn-unused-configs",
                     *(f"{where}/icp_print/{path}" for path in tool["icp-print"]["compiled"])],
                    opt_level="3", target_dir=f"{where}/c", group_name="icp_print.engines")


if __name__ == "__main__":
    setup(ext_modules=extensions(), setup_requires=[MYPY] if wanted() else [])
