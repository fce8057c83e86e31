"""Options shared by every command, named the same everywhere (click style)."""
from __future__ import annotations

import json
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import click

try:
    VERSION = version("icp-print")
except PackageNotFoundError:  # running from a source tree that is not installed
    VERSION = "0.0.0+source"

DEFAULT_OUTPUT_DIR = Path("output")


def out_option(default_name: str):
    """``--out FILE``: where the PDF goes (default ``output/<default_name>``)."""
    return click.option("--out", "out", type=click.Path(dir_okay=False, path_type=Path),
                        default=DEFAULT_OUTPUT_DIR / default_name, show_default=True,
                        help="PDF file to write.")


json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print the result as JSON instead of text.")

seed_option = click.option("--seed", type=int, default=0, show_default=True,
                           help="Random seed; the same seed gives the same result.")


def echo_json(data) -> None:
    """Print ``data`` as stable, indented JSON."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))
