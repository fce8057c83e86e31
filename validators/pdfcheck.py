"""``icp-print check``: is a PDF what its manifest says, and is a component
file legal?  Printed components are counted by their ``[label]`` lines, read
back from the page text, so a page that lost its content is caught."""
from __future__ import annotations

import io
import logging
import warnings
from collections import Counter
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pypdf import PdfReader
from pypdf.generic import RectangleObject

from .errors import IcpError, InputError, shorten
from .manifest import FILENAME as MANIFEST_NAME
from .manifest import FORMAT, LABEL, Manifest
from .preflight import preflight
from .registry import Measure, checks_for, game_of_toml
from .report import Finding, Report, failed, passed
from .schema import (MAX_DATA_BYTES, MAX_PDF_BYTES, Table, check_bounds, field, load_toml, parse_json_text,
                     read_bytes, read_file)
from .units import POINTS_PER_MM

TOLERANCE_MM = 0.05
MANIFEST_FIELD = "manifest"
# Bounds far above anything icp-print writes (14 pages, 56 KB of drawing a page at most today),
# so a hostile file is refused in bounded time and memory.
MAX_PAGES = 2000
MAX_PAGE_CONTENT_BYTES = 2 << 20
MAX_PAPER_MM = 2000
MAX_COMPONENTS = 1_000_000


def check_file(source: str | Path, measures: Mapping[str, Measure] | None = None) -> Report:
    """Check a PDF made by icp-print, or a component file (TOML).

    ``measures`` maps a game to the function that lays out one of its
    component files and records how its text fits; laying out is drawing, which
    this layer may not import, so the command line hands it in.
    """
    name = str(source)
    if Path(source).suffix.lower() == ".toml":
        return check_toml_file(source, measures)
    if read_bytes(source, 1024).lstrip().startswith(b"%PDF-"):
        return check_pdf(source)
    raise InputError("neither a PDF nor a .toml component file", source=name)


def check_toml_file(source: str | Path, measures: Mapping[str, Measure] | None = None
                    ) -> Report:
    name = str(source)

    def check(data: Table) -> Report:
        game = game_of_toml(data, name)
        checks = checks_for(game, name)
        if not getattr(checks, "ALLOWS_NAN", False):
            check_bounds(data, name)
        measure = (measures or {}).get(game)
        findings, summary = (checks.check_toml(data, name, measure=measure) if measure
                             else checks.check_toml(data, name))
        return Report(name, game, "toml", findings, summary)

    return read_file(source, lambda path: load_toml(path, allow_nan=True), check)


@contextmanager
def _pdf_library_quiet() -> Iterator[None]:
    """Keep the PDF library's own warnings (repair notes, unreadable numbers) off the terminal."""
    pypdf_log = logging.getLogger("pypdf")
    level = pypdf_log.level
    pypdf_log.setLevel(logging.CRITICAL + 1)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        pypdf_log.setLevel(level)


def read_manifest(source: str | Path) -> tuple[PdfReader, Table]:
    """Open a PDF written by icp-print and return it with its manifest, both within bounds."""
    _, reader, manifest = read_pdf(source)
    return reader, manifest


def read_pdf(source: str | Path) -> tuple[bytes, PdfReader, Table]:
    """:func:`read_manifest`, with the PDF's bytes too (the preflight renders them)."""
    name = str(source)
    raw = read_bytes(source, cap=MAX_PDF_BYTES)
    if not raw.lstrip()[:5] == b"%PDF-":
        raise InputError("not a PDF file (no %PDF- header)", source=name)
    with _pdf_library_quiet():
        try:
            reader = PdfReader(io.BytesIO(raw))
            if reader.is_encrypted:
                raise InputError("the PDF is encrypted; icp-print writes no encrypted PDFs, so "
                                 "this one cannot be checked", source=name)
            blobs = reader.attachments.get(MANIFEST_NAME)
        except IcpError:
            raise
        except Exception as exc:  # pypdf raises many kinds on damaged files
            raise InputError(f"damaged PDF ({_library_error(exc)})", source=name) from None
    if not blobs:
        raise InputError(f"no icp-print manifest attached ({MANIFEST_NAME}); "
                         "was this PDF made by icp-print?", source=name)
    blob = blobs[0]
    if len(blob) > MAX_DATA_BYTES:
        raise InputError(f"manifest larger than any icp-print writes ({len(blob)} bytes)",
                         source=name, field=MANIFEST_FIELD)
    try:
        text = blob.decode("utf-8")
    except UnicodeDecodeError:
        raise InputError("manifest is not UTF-8 text", source=name, field=MANIFEST_FIELD) from None
    manifest = parse_json_text(text, name, MANIFEST_FIELD, syntax="manifest is not valid JSON")
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise InputError("manifest has an unknown format", source=name, field=MANIFEST_FIELD)
    try:
        _check_manifest_shape(manifest)
    except InputError as exc:
        raise exc.located(name) from None
    return raw, reader, manifest


def _library_error(exc: BaseException) -> str:
    """The PDF library's complaint, in one short line."""
    if type(exc).__name__ == "LimitReachedError":
        return "a compressed stream inflates past the reading bound"
    return shorten(f"{type(exc).__name__}: {exc}", 160)


def _check_manifest_shape(manifest: Table) -> None:
    """The manifest entries ``check`` reads, with their types and ranges."""
    m = MANIFEST_FIELD
    field(manifest, "game", str, where=m)
    paper = field(manifest, "paper", dict, where=m)
    field(paper, "name", str, where=f"{m}.paper")
    for side in ("width_mm", "height_mm"):
        field(paper, side, float, where=f"{m}.paper", lo=10, hi=MAX_PAPER_MM)
    pages = field(manifest, "pages", list, where=m)
    if len(pages) > MAX_PAGES:
        raise InputError(f"lists {len(pages)} pages; icp-print writes at most {MAX_PAGES}",
                         field=f"{m}.pages")
    for index, page in enumerate(pages):
        where = f"{m}.pages[{index}]"
        for number, component in enumerate(field(page, "components", list, where=where)):
            field(component, "label", str, where=f"{where}.components[{number}]")
        trim = field(page, "trim_mm", list, where=where, default=None)
        if trim:
            if len(trim) != 4:
                raise InputError("must be 4 numbers: x, y, width, height", field=f"{where}.trim_mm")
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in trim):
                raise InputError("must be 4 numbers: x, y, width, height", field=f"{where}.trim_mm")
    for index, component in enumerate(field(manifest, "components", list, where=m)):
        where = f"{m}.components[{index}]"
        field(component, "label", str, where=where)
        field(component, "count", int, where=where, lo=0, hi=MAX_COMPONENTS)
    field(manifest, "options", dict, where=m, default={})


def printed_labels(reader: PdfReader, index: int) -> Counter[str]:
    """The component labels printed on page ``index`` (0-based), read within bounds."""
    page = reader.pages[index]
    contents = page.get_contents()
    size = len(contents.get_data()) if contents is not None else 0
    if size > MAX_PAGE_CONTENT_BYTES:
        raise InputError(f"page {index + 1} holds {size:,} bytes of drawing; no icp-print page "
                         f"holds more than {MAX_PAGE_CONTENT_BYTES:,}")
    return Counter(LABEL.findall(page.extract_text() or ""))


def _box_mm(box: RectangleObject) -> list[float]:
    return [float(v) / POINTS_PER_MM for v in (box.left, box.bottom, box.right, box.top)]


def _close(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= TOLERANCE_MM for x, y in zip(a, b))


def check_pdf(source: str | Path) -> Report:
    """Check a PDF against its manifest and the game's rules; damage of any kind is exit 2."""
    name = str(source)
    raw, reader, manifest = read_pdf(source)
    with _pdf_library_quiet():
        try:
            if len(reader.pages) > MAX_PAGES:
                raise InputError(f"the PDF has {len(reader.pages)} pages; icp-print writes at "
                                 f"most {MAX_PAGES}")
            return _check_pdf(name, raw, reader, Manifest.from_json(manifest))
        except IcpError as exc:
            raise exc.located(name) from None
        except RecursionError:
            raise InputError("damaged PDF (objects nested or linked without end)",
                             source=name) from None
        except Exception as exc:  # damage found only while reading pages, or a manifest
            # entry a game's checks cannot use
            raise InputError(f"damaged PDF or manifest ({_library_error(exc)})",
                             source=name) from None


def agreement(game: str, reader: PdfReader, manifest: Manifest) -> list[Finding]:
    """Failures where the manifest disagrees with the rest of the file (a relabelled manifest).

    Every component label names its game first (``ryb:goal:red-9``), and the
    PDF's own metadata names the game too.
    """
    found = []
    foreign = sorted({c.label for c in manifest.components if c.label.split(":")[0] != game})
    if foreign:
        found.append(failed("manifest agrees", f"the manifest says {game!r} but lists components "
                            f"of another game: {shorten(', '.join(foreign), 120)}"))
    metadata: Mapping[str, Any] = reader.metadata or {}
    printed_game = metadata.get("/ICPGame")
    if printed_game is not None and str(printed_game) != game:
        found.append(failed("manifest agrees", f"the manifest says {game!r}, the PDF's own "
                            f"metadata says {shorten(str(printed_game), 40)!r}"))
    return found


def _check_pdf(name: str, raw: bytes, reader: PdfReader, manifest: Manifest) -> Report:
    game = manifest.game
    report = Report(name, game, "pdf")
    disagreements = agreement(game, reader, manifest)
    pages, paper = manifest.pages, manifest.paper
    if len(reader.pages) == len(pages):
        report.findings.append(passed("page count", f"{len(pages)} pages as the manifest says"))
    else:
        report.findings.append(failed("page count", f"the PDF has {len(reader.pages)} pages, "
                                      f"the manifest lists {len(pages)}"))
    size_ok, box_ok = True, True
    printed: Counter[str] = Counter()
    for index, entry in enumerate(pages[:len(reader.pages)]):
        page = reader.pages[index]
        where = f"page {index + 1}"
        media = _box_mm(page.mediabox)
        if not _close(media, [0, 0, paper.width_mm, paper.height_mm]):
            size_ok = False
            report.findings.append(failed("page size", f"{media[2]:.1f} x {media[3]:.1f} mm is not "
                                          f"{paper.name}", where))
        if entry.trim_mm:
            x, y, w, h = entry.trim_mm
            trim = _box_mm(page.trimbox)
            if not _close(trim, [x, y, x + w, y + h]):
                box_ok = False
                report.findings.append(failed("trim box", "TrimBox differs from the manifest", where))
            bleed = _box_mm(page.bleedbox)
            if not (bleed[0] <= trim[0] + TOLERANCE_MM and bleed[2] >= trim[2] - TOLERANCE_MM):
                box_ok = False
                report.findings.append(failed("bleed box", "BleedBox does not contain the TrimBox", where))
        found = printed_labels(reader, index)
        expected = Counter(c.label for c in entry.fronts)
        printed += found
        if found != expected:
            missing = expected - found
            extra = found - expected
            detail = "; ".join(
                [f"missing {n} x {label}" for label, n in sorted(missing.items())]
                + [f"unexpected {n} x {label}" for label, n in sorted(extra.items())])
            report.findings.append(failed("printed components", detail, where))
    if size_ok:
        report.findings.append(passed("page size", f"every page is {paper.name} "
                                      f"({paper.width_mm} x {paper.height_mm} mm)"))
    if box_ok:
        report.findings.append(passed("page boxes", "TrimBox and BleedBox match the manifest"))
    declared = Counter({c.label: c.count for c in manifest.components})
    if printed == declared:
        report.findings.append(passed("printed components",
                                      f"{sum(printed.values())} components printed, as listed"))
    else:
        for label in sorted(set(printed) | set(declared)):
            if printed[label] != declared[label]:
                report.findings.append(failed("component count", f"{label}: printed "
                                              f"{printed[label]}, manifest says {declared[label]}"))
    if disagreements or any(not f.ok for f in report.findings
                            if f.rule in ("page count", "component count", "printed components")):
        # what is printed is not what the manifest says: the game's rules have nothing true to check
        report.findings += disagreements
        report.summary = {"paper": paper.name, "pages": len(reader.pages),
                          "components printed": sum(printed.values())}
        return report
    report.findings.append(passed("manifest agrees", f"every label and the PDF's metadata are {game}'s"))
    checks = checks_for(game, name)
    report.findings += preflight(raw, manifest, prints_in_border=getattr(checks, "PRINTS_IN_BORDER", False))
    findings, summary = checks.check_components(manifest.components_json(), manifest.options)
    report.findings += findings
    report.summary = {"paper": paper.name, "pages": len(reader.pages),
                      "components printed": sum(printed.values()), **summary}
    return report
