"""Commands that serve every game: ``check`` and ``all``."""
from __future__ import annotations

import time
from pathlib import Path

import click

from ..validators.errors import IcpError
from ..validators.formats import paper_names
from ..validators.registry import all_outputs
from .common import (DEFAULT_OUTPUT_DIR, OutputPath, command_inputs, default_builder, echo_json, json_option,
                     render_pdf)


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


@click.command("all")
@click.option("--out-dir", type=OutputPath(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT_DIR, show_default=True, help="Folder for the PDFs.")
@click.option("--paper", type=click.Choice(paper_names()), default=paper_names()[0], show_default=True,
              help="Paper size.")
@click.option("--no-check", is_flag=True, help="Skip checking each PDF after writing it.")
def all_command(out_dir: Path, paper: str, no_check: bool) -> None:
    """Write every game's PDFs, with default settings, into one folder.

    The PDFs are written all or none: if one cannot be drawn or written, the
    folder keeps what it held before.  Prints a table of files, pages and
    component counts, and checks each PDF against its manifest and the game's
    rules.
    """
    from ..generators.sheet import SheetSettings
    from ..generators.sheet import paper as find_paper
    from ..generators.writing import check_targets, write_all
    from ..validators.pdfcheck import check_file
    settings = SheetSettings(paper=find_paper(paper))
    outputs = all_outputs()
    inputs = command_inputs()
    check_targets([("--out-dir", out_dir / output.filename) for _, output in outputs], inputs)
    files, rows = [], []
    for number, (game, output) in enumerate(outputs, start=1):
        click.echo(f"[{number}/{len(outputs)}] {output.name} ...", err=True)
        started = time.perf_counter()
        file, summary = render_pdf(default_builder(game, output)(settings), out_dir / output.filename,
                                   "--out-dir")
        files.append(file)
        rows.append([summary["file"], summary["pages"], summary["components"], "-",
                     time.perf_counter() - started])
    # Every PDF is drawn before any is written: the folder gets all of them or none.
    write_all(files, inputs)
    failures = 0
    for row in rows if not no_check else []:
        started = time.perf_counter()
        report = check_file(Path(row[0]))
        row[3] = "ok" if report.ok else "FAIL"
        row[4] += time.perf_counter() - started
        failures += not report.ok
    width = max(len(r[0]) for r in rows)
    click.echo(f"{'file':<{width}}  {'pages':>5}  {'components':>10}  {'check':>5}  {'seconds':>7}")
    for file, pages, components, status, seconds in rows:
        click.echo(f"{file:<{width}}  {pages:>5}  {components:>10}  {status:>5}  {seconds:>7.2f}")
    click.echo(f"{'total':<{width}}  {sum(r[1] for r in rows):>5}  {sum(r[2] for r in rows):>10}")
    if failures:
        raise SystemExit(1)
