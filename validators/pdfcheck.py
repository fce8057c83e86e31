"""``icp-print check``: is a PDF what its manifest says, and is a component
file legal?  Printed components are counted by their ``[label]`` lines, read
back from the page text, so a page that lost its content is caught."""
from __future__ import annotations

import io
import json
import logging
import re
from collections import Counter
from pathlib import Path
from typing import Any
from collections.abc import Callable, Mapping

from pypdf import PdfReader

from .errors import IcpError, InputError
from .manifest import FILENAME as MANIFEST_NAME
from .manifest import FORMAT, Manifest
from .units import POINTS_PER_MM
from .registry import checks_for, game_of_toml
from .report import Report, failed, passed
from .schema import check_bounds, load_toml, read_bytes, read_file

LABEL = re.compile(r"\[([a-z][a-z0-9_-]*(?::[a-z0-9._+-]+)+)\]")
TOLERANCE_MM = 0.05


def check_file(source: str | Path, measures: Mapping[str, Callable[[Any], dict]] | None = None) -> Report:
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


def check_toml_file(source: str | Path, measures: Mapping[str, Callable[[Any], dict]] | None = None
                    ) -> Report:
    name = str(source)

    def check(data: dict) -> Report:
        game = game_of_toml(data, name)
        checks = checks_for(game, name)
        if not getattr(checks, "ALLOWS_NAN", False):
            check_bounds(data, name)
        measure = (measures or {}).get(game)
        findings, summary = (checks.check_toml(data, name, measure=measure) if measure
                             else checks.check_toml(data, name))
        return Report(name, game, "toml", findings, summary)

    return read_file(source, lambda path: load_toml(path, allow_nan=True), check)


def read_manifest(source: str | Path) -> tuple[PdfReader, dict]:
    """Open a PDF written by icp-print and return it with its manifest."""
    name = str(source)
    raw = read_bytes(source)
    if not raw.lstrip()[:5] == b"%PDF-":
        raise InputError("not a PDF file (no %PDF- header)", source=name)
    pypdf_log = logging.getLogger("pypdf")
    level = pypdf_log.level
    pypdf_log.setLevel(logging.ERROR)  # its notes on repairing a damaged file are not ours to print
    try:
        reader = PdfReader(io.BytesIO(raw))
        blobs = reader.attachments.get(MANIFEST_NAME)
    except Exception as exc:  # pypdf raises many kinds on damaged files
        raise InputError(f"damaged PDF ({type(exc).__name__}: {exc})", source=name) from None
    finally:
        pypdf_log.setLevel(level)
    if not blobs:
        raise InputError(f"no icp-print manifest attached ({MANIFEST_NAME}); "
                         "was this PDF made by icp-print?", source=name)
    try:
        manifest = json.loads(blobs[0])
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError(f"manifest is not valid JSON: {exc}", source=name,
                         field=MANIFEST_NAME) from None
    if not isinstance(manifest, dict) or manifest.get("format") != FORMAT:
        raise InputError("manifest has an unknown format", source=name, field=MANIFEST_NAME)
    return reader, manifest


def printed_labels(reader: PdfReader, index: int) -> Counter:
    """The component labels printed on page ``index`` (0-based)."""
    return Counter(LABEL.findall(reader.pages[index].extract_text() or ""))


def _box_mm(box) -> list[float]:
    return [float(v) / POINTS_PER_MM for v in (box.left, box.bottom, box.right, box.top)]


def _close(a: list[float], b: list[float]) -> bool:
    return len(a) == len(b) and all(abs(x - y) <= TOLERANCE_MM for x, y in zip(a, b))


def check_pdf(source: str | Path) -> Report:
    name = str(source)
    reader, manifest = read_manifest(source)
    try:
        return _check_pdf(name, reader, Manifest.from_json(manifest))
    except IcpError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise InputError(f"manifest is missing or has a wrong entry ({type(exc).__name__}: {exc})",
                         source=name, field=MANIFEST_NAME) from None


def _check_pdf(name: str, reader: PdfReader, manifest: Manifest) -> Report:
    game = manifest.game
    report = Report(name, game, "pdf")
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
        expected = Counter(c.label for c in entry.components)
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
    findings, summary = checks_for(game, name).check_components(manifest.components_json(),
                                                                manifest.options)
    report.findings += findings
    report.summary = {"paper": paper.name, "pages": len(reader.pages),
                      "components printed": sum(printed.values()), **summary}
    return report
