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

# What `icp-print all` prints: (name, file name, build(settings) -> Document),
# filled by each command module's register().
ALL_BUILDERS: list = []


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


def _offset(ctx, param, value: str) -> tuple[float, float]:
    try:
        x, y = (float(v) for v in value.split(","))
    except ValueError:
        raise click.BadParameter("expected two numbers in mm like 0.5,-1") from None
    return x, y


def sheet_options(func):
    """The sheet engine's options, identical on every generator command."""
    options = [
        click.option("--paper", type=click.Choice(["a4", "letter"]), default="a4", show_default=True,
                     help="Paper size."),
        click.option("--margin", type=float, default=5.0, show_default=True,
                     help="Unprintable border in mm; nothing but crop marks goes there."),
        click.option("--bleed", type=float, default=0.0, show_default=True,
                     help="Extend artwork this many mm past each trim line."),
        click.option("--backs", type=click.Choice(["long-edge", "short-edge", "none"]),
                     default="long-edge", show_default=True,
                     help="Duplex flip the back pages are mirrored for, or no backs."),
        click.option("--back-offset", default="0,0", show_default=True, callback=_offset,
                     metavar="X,Y", help="Shift back pages by X,Y mm (right, up) to correct "
                     "a printer's duplex drift; `icp-print calibrate` measures it."),
        click.option("--cut-lines", is_flag=True, help="Also draw full cut lines along every trim."),
        click.option("--ink-saver", is_flag=True, help="Light backgrounds to save ink."),
        click.option("--png", "png_dir", type=click.Path(file_okay=False, path_type=Path),
                     help="Also render every page to PNG in this folder."),
        click.option("--dpi", type=click.IntRange(30, 1200), default=150, show_default=True,
                     help="Resolution of the PNG pages."),
        click.option("--svg", "svg_file", type=click.Path(dir_okay=False, path_type=Path),
                     help="Also write an SVG cut file with every trim outline."),
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
                         ink_saver=kwargs.pop("ink_saver"))


def outputs_from(kwargs: dict) -> dict:
    """Pop the extra-output options (PNG folder, DPI, SVG file)."""
    return {"png_dir": kwargs.pop("png_dir"), "dpi": kwargs.pop("dpi"),
            "svg_file": kwargs.pop("svg_file")}


def emit(doc, out: Path, *, png_dir: Path | None = None, dpi: int = 150,
         svg_file: Path | None = None, quiet: bool = False) -> dict:
    """Render ``doc`` and write the PDF plus any extra outputs; report what was written."""
    from ..generators.pdf import atomic_write, render
    from ..generators.previews import cut_svg, write_pngs
    pdf = render(doc, VERSION)
    atomic_write(out, pdf)
    summary = {"file": str(out), "pages": len(doc.pages),
               "components": sum(c["count"] for c in doc.components.values())}
    if svg_file:
        atomic_write(svg_file, cut_svg(doc))
    if png_dir:
        write_pngs(pdf, png_dir, Path(out).stem, dpi)
    if not quiet:
        click.echo(f"wrote {out}: {summary['pages']} pages, {summary['components']} components")
        if svg_file:
            click.echo(f"wrote {svg_file}")
        if png_dir:
            click.echo(f"wrote PNG pages to {png_dir}/")
    return summary
