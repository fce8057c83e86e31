"""Commands that serve every game: ``check``, ``calibrate`` and ``all``."""
from __future__ import annotations

import time
from pathlib import Path

import click

from ..validators.errors import IcpError
from .common import (ALL_BUILDERS, DEFAULT_OUTPUT_DIR, OutputPath, echo_json, emit, json_option,
                     out_option, outputs_from, settings_from, sheet_options)


@click.command("check")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@json_option
def check_command(files: tuple[Path, ...], as_json: bool) -> None:
    """Check PDFs made by icp-print, or component files (TOML), against the rules.

    Exit status: 0 when everything holds, 1 when a rule or count fails, 2 when
    a file cannot be used (not a PDF, no manifest, broken TOML).

    \b
    Examples:
      icp-print check deck.pdf
      icp-print check my-deck.toml --json
    """
    from ..generators.measures import text_measures
    from ..validators.pdfcheck import check_file
    reports, worst = [], 0
    for file in files:
        try:
            report = check_file(file, text_measures())
        except IcpError as exc:
            if len(files) == 1:
                raise
            click.echo(f"icp-print: error: {exc}", err=True)
            worst = max(worst, exc.exit_code)
            continue
        reports.append(report)
        worst = max(worst, report.exit_code)
        if not as_json:
            click.echo(report.text())
    if as_json:
        echo_json(reports[0].as_dict() if len(files) == 1 else [r.as_dict() for r in reports])
    raise SystemExit(worst)


@click.command("calibrate")
@out_option("calibration.pdf")
@sheet_options
def calibrate_command(out: Path, **kwargs) -> None:
    """Print a sheet that confirms 100% scale and measures duplex drift.

    Measure the 100 mm ruler, the 4 inch ruler and the 1 cm grid, then hold the
    printed sheet against the light: where the front's crosses fall on the
    back's scales is the --back-offset X,Y to give every other command.

    \b
    Example:
      icp-print calibrate --paper letter --out calibration.pdf
    """
    from ..generators.calibrate import build
    settings = settings_from(kwargs)
    emit(build(settings), out, **{**outputs_from(kwargs), "svg_file": None})


@click.command("all")
@click.option("--out-dir", type=OutputPath(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT_DIR, show_default=True, help="Folder for the PDFs.")
@click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
              help="Paper size.")
@click.option("--no-check", is_flag=True, help="Skip checking each PDF after writing it.")
def all_command(out_dir: Path, paper: str, no_check: bool) -> None:
    """Write every game's PDFs, with default settings, into one folder.

    Prints a table of files, pages and component counts, and checks each PDF
    against its manifest and the game's rules.
    """
    from ..generators.sheet import SheetSettings
    from ..generators.sheet import paper as find_paper
    from ..validators.pdfcheck import check_file
    settings = SheetSettings(paper=find_paper(paper))
    rows, failures = [], 0
    for number, (name, filename, build) in enumerate(ALL_BUILDERS, start=1):
        click.echo(f"[{number}/{len(ALL_BUILDERS)}] {name} ...", err=True)
        started = time.perf_counter()
        target = out_dir / filename
        summary = emit(build(settings), target, quiet=True)
        status = "-"
        if not no_check:
            report = check_file(target)
            status = "ok" if report.ok else "FAIL"
            failures += not report.ok
        rows.append((str(target), summary["pages"], summary["components"], status,
                     time.perf_counter() - started))
    width = max(len(r[0]) for r in rows)
    click.echo(f"{'file':<{width}}  {'pages':>5}  {'components':>10}  {'check':>5}  {'seconds':>7}")
    for file, pages, components, status, seconds in rows:
        click.echo(f"{file:<{width}}  {pages:>5}  {components:>10}  {status:>5}  {seconds:>7.2f}")
    click.echo(f"{'total':<{width}}  {sum(r[1] for r in rows):>5}  {sum(r[2] for r in rows):>10}")
    if failures:
        raise SystemExit(1)


def register(cli, solve, play) -> None:
    cli.add_command(check_command)
    cli.add_command(calibrate_command)
    cli.add_command(all_command)
    from ..generators.calibrate import build
    ALL_BUILDERS.append(("calibration", "calibration.pdf", build))
