"""The calibration sheet: what it holds and where, as numbers a test can measure.

The numbers are data (``templates/calibration/sheet.toml``); the generator draws
from this module and ``check`` counts what it printed against :data:`PARTS`.

>>> SHEET.rulers.metric_mm, SHEET.grid.columns * SHEET.grid.square_mm
(100.0, 100.0)
>>> len(target_centres(210.0, 297.0))
5
>>> border_steps()[:3], border_steps()[-1]
([0.0, 0.5, 1.0], 10.0)
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, TypeVar, cast

from ...templates import path as template_path
from ..errors import InputError
from ..schema import Table, field, load_toml

DATA_FILE = ("calibration", "sheet.toml")
Point = tuple[float, float]
Section = TypeVar("Section")


@dataclass(frozen=True)
class Rulers:
    metric_mm: float
    imperial_in: int
    imperial_ticks_per_in: int


@dataclass(frozen=True)
class Grid:
    columns: int
    rows: int
    square_mm: float


@dataclass(frozen=True)
class BorderGauge:
    reach_mm: float
    step_mm: float


@dataclass(frozen=True)
class Targets:
    corner_inset_mm: float
    bottom_raise_mm: float
    centre_drop_mm: float
    scale_reach_mm: float
    scale_step_mm: float


@dataclass(frozen=True)
class Sheet:
    rulers: Rulers
    grid: Grid
    border_gauge: BorderGauge
    targets: Targets


def _section(data: Table, name: str, kind: type[Section]) -> Section:
    """One table of the file as ``kind``, every field checked: counts at least 1, lengths
    at least 0.1 mm."""
    table = field(data, name, dict)
    values = {f.name: field(table, f.name, int, where=name, lo=1) if f.type in (int, "int")
              else field(table, f.name, float, where=name, lo=0.1)
              for f in fields(cast(Any, kind))}
    return kind(**values)


def load_sheet() -> Sheet:
    """Read the data file, naming the file and field if it is broken."""
    source = str(template_path(*DATA_FILE))
    try:
        data = load_toml(source)
        return Sheet(_section(data, "rulers", Rulers), _section(data, "grid", Grid),
                     _section(data, "border_gauge", BorderGauge), _section(data, "targets", Targets))
    except InputError as exc:
        raise exc.located(source) from None


SHEET = load_sheet()


def target_centres(width: float, height: float) -> list[Point]:
    """Centres of the duplex crosses on a front page of ``width`` x ``height`` mm: two near
    the top corners, one below the middle, two near the bottom corners."""
    t = SHEET.targets
    inset, low = t.corner_inset_mm, t.corner_inset_mm + t.bottom_raise_mm
    return [(inset, height - inset), (width - inset, height - inset),
            (width / 2, height / 2 - t.centre_drop_mm), (inset, low), (width - inset, low)]


def border_steps() -> list[float]:
    """The distances from a paper edge at which the border gauge draws a line."""
    g = SHEET.border_gauge
    return [i * g.step_mm for i in range(round(g.reach_mm / g.step_mm) + 1)]


def scale_steps() -> list[float]:
    """The readings of a back scale's ticks, from one end to the other."""
    t = SHEET.targets
    n = round(t.scale_reach_mm / t.scale_step_mm)
    return [i * t.scale_step_mm for i in range(-n, n + 1)]


PARTS: dict[str, int] = {"ruler-100mm": 1, "ruler-4in": 1, "grid-1cm": 1,
                         "target": len(target_centres(1.0, 1.0))}
"""Each component kind the sheet prints and how many (``check`` counts them)."""
