"""Options shared by every command, named the same everywhere (click style)."""
from __future__ import annotations

import importlib
import json
import math
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, get_args

import click

from ..validators.formats import paper_names
from ..generators.cutter import CUTTERS
from ..validators.manifest import Backs, Layout
from ..validators.registry import Game, Output
from . import __version__ as VERSION

if TYPE_CHECKING:
    from ..generators.sheet import Document, SheetSettings
    from ..generators.writing import Output as File

DEFAULT_OUTPUT_DIR = Path("output")


def default_builder(game: Game, output: Output) -> Callable[[SheetSettings], Document]:
    """The generator function that draws one of ``icp-print all``'s outputs."""
    build: Callable[[SheetSettings], Document] = getattr(
        importlib.import_module(game.module("generators")), output.build)
    return build


class OutputPath(click.Path):
    """A path the command writes to: :func:`emit` treats every other path option as an input
    and refuses to write over it.  An empty path is refused (it would mean the current folder).

    >>> OutputPath().convert("", None, None)
    Traceback (most recent call last):
    click.exceptions.BadParameter: an empty path names no file or folder.
    """

    def convert(self, value, param, ctx):
        if isinstance(value, str) and not value:
            self.fail("an empty path names no file or folder.", param, ctx)
        return super().convert(value, param, ctx)


class Finite(click.FloatRange):
    """A number, optionally within bounds; NaN and infinities are refused (click's
    ``FloatRange`` lets NaN through, as no comparison with NaN is true).

    >>> Finite(0, 10).convert("2.5", None, None)
    2.5
    >>> Finite().convert("nan", None, None)
    Traceback (most recent call last):
    click.exceptions.BadParameter: 'nan' is not a finite number.
    """

    name = "number"

    def convert(self, value, param, ctx):
        number = click.FLOAT.convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return super().convert(number, param, ctx)


def out_option(default_name: str):
    """``--out FILE``: where the PDF goes (default ``output/<default_name>``; ``-``: standard output)."""
    return click.option("--out", "out", type=OutputPath(dir_okay=False, allow_dash=True, path_type=Path),
                        default=DEFAULT_OUTPUT_DIR / default_name, show_default=True,
                        help="PDF file to write (- for standard output).")


export_cards_option = click.option(
    "--export-cards", "export_dir", type=OutputPath(file_okay=False, path_type=Path), metavar="DIR",
    help="Also write every card face and back as its own PNG (at --dpi) and PDF, with the bleed "
    "(--bleed, else 1/8 in), and cards.csv listing them: for print-on-demand services.")


no_clobber_option = click.option("--no-clobber", is_flag=True,
                                 help="Refuse to replace any existing output file.")


json_option = click.option("--json", "as_json", is_flag=True,
                           help="Print the result as JSON instead of text.")

card_size_option = click.option(
    "--card-size", default="poker", show_default=True, metavar="NAME|WxH",
    help="Card size: poker, bridge, mini, tarot, square, or width x height in mm like 63x88.")

seed_option = click.option("--seed", type=click.IntRange(0, 2**64 - 1), default=0, show_default=True,
                           help="Random seed; the same seed gives the same result.")


def echo_json(data) -> None:
    """Print ``data`` as stable, indented JSON."""
    click.echo(json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False))


MAX_BACK_OFFSET = 50.0  # mm: more than any printer drifts


def _offset(ctx, param, value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected two numbers in mm like 0.5,-1") from None
    if not all(math.isfinite(v) and abs(v) <= MAX_BACK_OFFSET for v in (x, y)):
        raise click.BadParameter(f"each number must be finite and at most {MAX_BACK_OFFSET:g} mm "
                                 "either way")
    return x, y


def sheet_options(func):
    """The sheet engine's options, identical on every generator command."""
    options = [
        click.option("--paper", type=click.Choice(paper_names()), default=paper_names()[0], show_default=True,
                     help="Paper size."),
        click.option("--margin", type=Finite(0, 100), default=5.0, show_default=True,
                     help="Your printer's unprintable border in mm; everything, crop marks "
                     "included, prints inside it."),
        click.option("--bleed", type=Finite(0, 20), default=None,
                     help="Extend artwork this many mm past each trim line "
                     "[default: see the printing guide; 0 = neighbours share a cut]."),
        click.option("--backs", type=click.Choice(get_args(Backs)),
                     default="long-edge", show_default=True,
                     help="Duplex flip the back pages are mirrored for, or no backs."),
        click.option("--back-offset", default="0,0", show_default=True, callback=_offset,
                     metavar="X,Y", help="Shift back pages by X,Y mm (right, up) to correct "
                     "a printer's duplex drift; `icp-print calibrate` measures it."),
        click.option("--layout", type=click.Choice(get_args(Layout)), default="duplex", show_default=True,
                     help="duplex: backs on the reverse of each sheet; gutterfold: backs beside "
                     "their fronts on one side, to fold along the dashed line (no duplex needed)."),
        click.option("--cut-lines", is_flag=True, help="Also draw full cut lines along every trim."),
        click.option("--ink-saver", is_flag=True, help="Light backgrounds to save ink."),
        click.option("--png", "png_dir", type=OutputPath(file_okay=False, path_type=Path),
                     help="Also render every page to PNG in this folder."),
        click.option("--dpi", type=click.IntRange(30, 600), default=150, show_default=True,
                     help="Resolution of the PNG pages."),
        click.option("--svg", "svg_file", type=OutputPath(dir_okay=False, allow_dash=True,
                                                          path_type=Path),
                     help="Also write each sheet's cut outlines as FILE-sheet-NN.svg."),
        click.option("--cutter", type=click.Choice(CUTTERS), default=None,
                     help="Lay out for print-and-cut and write each sheet's cut files beside the "
                     "PDF: Silhouette registration marks + DXF/SVG, or Cricut PNG/SVG."),
        no_clobber_option,
    ]
    for option in reversed(options):
        func = option(func)
    return func


def settings_from(kwargs: dict):
    """Pop the sheet options out of a command's keyword arguments."""
    from ..generators.sheet import SheetSettings, paper
    return SheetSettings(paper=paper(kwargs.pop("paper")), margin=kwargs.pop("margin"),
                         bleed=kwargs.pop("bleed"), backs=kwargs.pop("backs"),
                         back_offset=kwargs.pop("back_offset"), cut_lines=kwargs.pop("cut_lines"),
                         ink_saver=kwargs.pop("ink_saver"), layout=kwargs.pop("layout"),
                         cutter=kwargs.pop("cutter"))


def outputs_from(kwargs: dict) -> dict:
    """Pop the extra-output options (PNG folder, DPI, SVG file, --no-clobber)."""
    return {"png_dir": kwargs.pop("png_dir"), "dpi": kwargs.pop("dpi"),
            "svg_file": kwargs.pop("svg_file"), "no_clobber": kwargs.pop("no_clobber")}


# An output beside the PDF: (option, target, make(doc, pdf) -> [(path, bytes)]).
# The target is a file or a folder; every path ``make`` returns is written with
# the PDF, all or none.
ExtraOutput = tuple[str, Path, Callable[..., list[tuple[Path, bytes]]]]


def card_export(folder: Path | None, bleed: float | None, dpi: int) -> list[ExtraOutput]:
    """``--export-cards``: the extra output that writes every distinct card into ``folder``."""
    if folder is None:
        return []
    from ..generators.export import card_files, export_bleed
    return [("--export-cards", folder, lambda doc, pdf: [
        (folder / name, data) for name, data in card_files(doc, export_bleed(bleed), dpi)])]


FOLDER_OPTIONS = ("--png", "--export-cards")


def command_inputs() -> list[Path]:
    """Every path the running command was given that is not one of its outputs."""
    ctx = click.get_current_context(silent=True)
    found: list[Path] = []
    while ctx is not None:
        for param in ctx.command.params:
            if isinstance(param.type, click.Path) and not isinstance(param.type, OutputPath):
                value = ctx.params.get(param.name or "")
                found += [Path(v) for v in (value if isinstance(value, (tuple, list)) else [value])
                          if v is not None]
        ctx = ctx.parent
    return found


def emit(doc, out: Path, *, png_dir: Path | None = None, dpi: int = 150,
         svg_file: Path | None = None, extra: Sequence[ExtraOutput] = (),
         no_clobber: bool = False, quiet: bool = False) -> dict:
    """Render ``doc`` and write the PDF plus every extra output, all or none.

    Targets are checked before rendering (:func:`~..generators.writing.check_targets`):
    nothing of the user's is overwritten by mistake.
    """
    from ..generators.pdf import render
    from ..generators.writing import Output, check_targets, write_all
    doc.finish()
    makers: list[ExtraOutput] = []
    per_sheet: list[tuple[str, Path]] = []    # files named per sheet, known before drawing
    cutter = doc.settings.cutter
    if svg_file or cutter:      # each extra output's code is loaded only when it is asked for
        from ..generators.cutfiles import cutter_outputs, older_sheets, planned, svg_outputs
    if svg_file:
        per_sheet += [("--svg", p) for p in planned(doc, svg_file, (".svg",), "--svg")]
        makers.append(("--svg", svg_file, svg_outputs(doc, svg_file)))
    if cutter:
        suffixes = (".dxf", ".svg") if cutter == "silhouette" else (".png", ".svg")
        per_sheet += [("--cutter", p) for p in planned(doc, out, suffixes, "--cutter")]
        makers.append(("--cutter", out, cutter_outputs(doc, out, cutter, dpi)))
    if png_dir:
        from ..generators.previews import older_pages, png_pages
        makers.append(("--png", png_dir, lambda doc, pdf: [
            (png_dir / name, data) for name, data in png_pages(pdf, Path(out).stem, dpi)]))
    makers += extra
    inputs = command_inputs()
    named = {o for o, _ in per_sheet}
    targets = [("--out", out)] + per_sheet + \
        [(o, t) for o, t, _ in makers if o not in named and not _is_folder(o, t)]
    _check_folders(makers, targets)
    check_targets(targets, inputs, no_clobber=no_clobber)
    refuse_unprintable(doc)
    noted: set[str] = set()
    pdf = render(doc, VERSION, noted)
    refuse_unused(doc, pdf, noted)
    outputs = [Output(Path(out), pdf, "--out")]
    made: dict[str, list[Path]] = {}
    for option, _, make in makers:
        contents = make(doc, pdf)
        made[option] = [Path(path) for path, _ in contents]
        outputs += [Output(Path(path), data, option) for path, data in contents]
    # Files of an earlier, longer run go with the commit: each folder then holds this run's files only.
    older: dict[str, list[Path]] = {}
    for option, target, _ in makers:
        keep = {o.target.name for o in outputs if o.option == option}
        if option == "--png":
            older[option] = older_pages(target, Path(out).stem, keep)
        elif option == "--export-cards":
            from ..generators.export import older_exports
            older[option] = older_exports(target, keep)
        elif option in ("--svg", "--cutter") and str(target) != "-":
            cut_files = {Path(o.target) for o in outputs if o.option in ("--svg", "--cutter")}
            older[option] = [p for p in older_sheets(Path(target)) if p not in cut_files]
    removals = sorted({p for paths in older.values() for p in paths})
    written = write_all(outputs, inputs, no_clobber=no_clobber, remove=removals)
    summary = {"file": str(out), "pages": len(doc.pages),
               "components": sum(c.count for c in doc.components.values())}
    if not quiet:
        to_stderr = str(out) == "-"
        replaced = {str(w.target) for w in written if w.replaced}
        note = " (replaced the existing file)" if str(out) in replaced else ""
        click.echo(f"wrote {out}: {summary['pages']} pages, {summary['components']} components{note}",
                   err=to_stderr)
        for option, target, _ in makers:
            files = made[option]
            count = sum(str(f) in replaced for f in files)
            note = f" (replaced {count} existing file{'s' * (count != 1)})" if count else ""
            gone = len(older.get(option, []))
            if gone:
                note += f" (removed {gone} older file{'s' * (gone != 1)})"
            if _is_folder(option, target):
                where = f"{len(files)} files in {target}/"
            elif files == [Path(target)]:
                where = str(target)
            else:
                where = f"{len(files)} files, {files[0]} to {files[-1]}"
            click.echo(f"wrote {where}{note}", err=to_stderr)
    return summary


def render_pdf(doc: Document, target: Path, option: str = "--out") -> tuple[File, dict]:
    """The PDF of ``doc``, ready to be written to ``target`` with others (``icp-print all``)."""
    from ..generators.pdf import render
    from ..generators.writing import Output as File
    refuse_unprintable(doc)
    summary = {"file": str(target), "pages": len(doc.pages),
               "components": sum(c.count for c in doc.components.values())}
    return File(Path(target), render(doc, VERSION), option), summary


SHEET_OPTION_NAMES = ("backs", "back_offset", "bleed", "cut_lines", "ink_saver", "svg_file", "dpi",
                      "png_dir", "export_dir", "cutter")


def given_options() -> dict:
    """The sheet options the user set on the command line (or in the environment), by name."""
    from click.core import ParameterSource
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return {}
    return {name: ctx.params[name] for name in SHEET_OPTION_NAMES if name in ctx.params
            and ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)}


def refuse_unused(doc, pdf: bytes, noted: set[str]) -> None:
    """Refuse a sheet option that changes nothing on the pages (see :mod:`..generators.applied`):
    every option either works or says why it cannot."""
    given = given_options()
    if not given:
        return
    from ..generators.applied import unused_options
    from ..validators.errors import InputError
    refused = unused_options(doc, pdf, noted, given)
    if refused:
        option, why = refused[0]
        raise InputError(f"{why}; leave it out", field=option)


def refuse_unprintable(doc) -> None:
    """Refuse, before drawing, settings that break a rule ``check`` holds every print to.

    A game's checks module lists those rules in ``PRINT_RULES`` (cells too
    small to write in, text that runs out of its box); the game's other rules
    are left to ``check``, so a house variant can still be printed.
    """
    from ..validators.errors import InputError
    from ..validators.registry import checks_for
    checks = checks_for(doc.game, doc.game)
    rules: frozenset[str] = getattr(checks, "PRINT_RULES", frozenset())
    if not rules:
        return
    manifest = doc.manifest()
    findings, _ = checks.check_components(manifest.components_json(), manifest.options)
    broken = [f for f in findings if not f.ok and f.rule in rules]
    if broken:
        first = broken[0]
        where = f"{first.where}: " if first.where else ""
        more = f" (and {len(broken) - 1} more)" if len(broken) > 1 else ""
        raise InputError(f"these settings print what `icp-print check` rejects: {first.rule}: "
                         f"{where}{first.message}{more}")


def _is_folder(option: str, target: Path) -> bool:
    return option in FOLDER_OPTIONS or Path(target).is_dir()


def _check_folders(makers: Sequence[ExtraOutput], files: Sequence[tuple[str, Path]]) -> None:
    """Refuse a folder option that names a file, or a file output that is one of the folders."""
    from ..validators.errors import InputError
    folders: dict[str, str] = {}
    for option, target, _ in makers:
        if option in FOLDER_OPTIONS and Path(target).exists() and not Path(target).is_dir():
            raise InputError("not a folder", source=str(target), field=option)
        if option in FOLDER_OPTIONS:
            folders.setdefault(os.path.realpath(target), option)
    for option, target in files:
        folder = folders.get(os.path.realpath(target)) if str(target) != "-" else None
        if folder:
            raise InputError(f"is also the {folder} folder; refusing to write a file there",
                             source=str(target), field=option)
