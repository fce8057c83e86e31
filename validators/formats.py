"""Paper formats and component sizes: read from ``templates/paper.toml`` and
``templates/sizes.toml`` through one loader that checks each table against a
schema, so no other module types a paper or a size again.

>>> paper("a4").width, paper_names()[:2]
(210.0, ('a4', 'letter'))
>>> component_size("poker")
(63.5, 88.9)
>>> postcard_sizes()
{'a6': 'postcard-a6', 'us': 'postcard-us'}
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from ..templates import path
from .errors import InputError
from .schema import field, load_toml, reject_unknown

POSTCARD_PREFIX = "postcard-"
T = TypeVar("T")


@dataclass(frozen=True)
class Size:
    """A named width and height in millimetres: a component's trim as it is read, or
    (as :class:`Paper`) a sheet."""

    name: str
    width: float
    height: float


@dataclass(frozen=True)
class Paper(Size):
    """A sheet of paper, portrait, in millimetres."""

    bleed: float = 0.0
    """The largest default bleed on this paper (see ``templates/paper.toml``)."""


PAPER_KEYS = {"width_mm", "height_mm", "default_bleed_mm", "description"}
SIZE_KEYS = {"width_mm", "height_mm", "description"}
Table = Mapping[str, Any]


def parse_papers(data: Mapping[str, Any]) -> dict[str, Paper]:
    """Paper formats from a parsed ``paper.toml``; every table is checked against the schema.

    >>> parse_papers({"a5": {"width_mm": 148, "height_mm": 210, "default_bleed_mm": 0}})["a5"].height
    210.0
    >>> parse_papers({"a5": {"width_mm": 148, "height": 210}})
    Traceback (most recent call last):
    ...
    icp_print.validators.errors.InputError: a5: unknown key 'height' (allowed: ...)
    """
    def make(name: str, entry: Table) -> Paper:
        return Paper(*_measures(name, entry, 10),
                     field(entry, "default_bleed_mm", float, where=name, lo=0, hi=10, default=0.0))

    result = _tables(data, PAPER_KEYS, make)
    if not result:
        raise InputError("no paper formats")
    return result


def parse_sizes(data: Mapping[str, Any]) -> dict[str, Size]:
    """Component sizes from a parsed ``sizes.toml``, checked against the schema."""
    return _tables(data, SIZE_KEYS, lambda name, entry: Size(*_measures(name, entry, 1)))


def _tables(data: Mapping[str, Any], keys: set[str], make: Callable[[str, Table], T]) -> dict[str, T]:
    """Each table of ``data``, by name, checked for unknown keys and built by ``make``."""
    result = {}
    for name, entry in data.items():
        if not isinstance(entry, dict):
            raise InputError("must be a table", field=name)
        reject_unknown(entry, keys, where=name)
        field(entry, "description", str, where=name, default="")
        result[name] = make(name, entry)
    return result


def _measures(name: str, entry: Table, least: float) -> tuple[str, float, float]:
    """The name, width and height of one table (at least ``least`` and at most 2 m each way)."""
    return (name, field(entry, "width_mm", float, where=name, lo=least, hi=2000),
            field(entry, "height_mm", float, where=name, lo=least, hi=2000))


def _template(name: str, parse: Callable[[dict[str, Any]], T]) -> T:
    """``templates/<name>`` read and checked by ``parse``; errors name the file."""
    source = path(name)
    try:
        return parse(load_toml(source))
    except InputError as exc:
        raise exc.located(str(source)) from None


@cache
def papers() -> dict[str, Paper]:
    """The paper formats of ``templates/paper.toml``, in file order."""
    return _template("paper.toml", parse_papers)


@cache
def sizes() -> dict[str, Size]:
    """The component sizes of ``templates/sizes.toml``."""
    return _template("sizes.toml", parse_sizes)


def paper_names() -> tuple[str, ...]:
    """The ``--paper`` choices, the default first."""
    return tuple(papers())


def paper(name: str) -> Paper:
    """Look up a paper format by name (``a4``, ``letter``)."""
    try:
        return papers()[name]
    except KeyError:
        raise InputError(f"unknown paper {name!r} (known: {', '.join(papers())})",
                         field="--paper") from None


def component_size(name: str) -> tuple[float, float]:
    """A named component size: (width, height) mm."""
    try:
        size = sizes()[name]
    except KeyError:
        raise InputError(f"unknown component size {name!r}", source=str(path("sizes.toml"))) from None
    return size.width, size.height


def postcard_sizes() -> dict[str, str]:
    """The postcard sizes, by the short name ``--postcard`` takes (``a6``, ``us``)."""
    return {name.removeprefix(POSTCARD_PREFIX): name for name in sizes() if name.startswith(POSTCARD_PREFIX)}
