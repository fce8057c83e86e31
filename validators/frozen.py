"""A fast :func:`dataclasses.replace` for the frozen dataclasses the rules engines step through.

``dataclasses.replace`` re-runs ``__init__`` and checks every field; whole-game
analysis calls it millions of times.  For a plain frozen dataclass (no
``__post_init__``, no ``__slots__``, no init-only fields) copying the instance
dictionary gives the same object ten times faster.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Point:
...     x: int = 0
...     y: int = 0
>>> replace(Point(1, 2), y=5)
Point(x=1, y=5)
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")
Rebuilt = tuple[Any, tuple[Any, ...]]
"""What :func:`rebuilt` gives pickle: a class and the arguments to call it with."""

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    def mypyc_attr(**options: object) -> Callable[[type], type]:
        """mypyc's options for a class of a module it compiles, which mypyc reads from the source:
        nothing to do when Python runs the class, and mypy_extensions is not needed to run.
        (Defined here, in a module that stays Python: mypyc compiles this branch as unreachable.)"""
        return lambda cls: cls


def replace(obj: T, **changes: Any) -> T:
    """``obj`` with ``changes``: a new instance, the old one untouched."""
    new = object.__new__(type(obj))
    state = new.__dict__
    state.update(obj.__dict__)
    for name in changes:
        if name not in state:
            raise TypeError(f"{type(obj).__name__} has no field {name!r}")
    state.update(changes)
    return new


def build(cls: type[T], **fields: Any) -> T:
    """A new instance of the plain frozen dataclass ``cls`` given every one of its fields,
    without running ``__init__`` (as :func:`replace` copies without it).

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int = 0
    ...     y: int = 0
    >>> build(Point, x=1, y=2) == Point(1, 2)
    True
    """
    new = object.__new__(cls)
    new.__dict__.update(fields)
    return new


def rebuilt(obj: Any) -> Rebuilt:
    """What pickle needs to make ``obj``, a frozen dataclass, again: its class and its fields
    in order.  Its ``__reduce__`` returns this in the modules that ``ICP_PRINT_COMPILE=1``
    compiles (pyproject.toml): a compiled frozen dataclass cannot be unpickled the usual way,
    which sets each field on an empty instance, and a run on several processes pickles the
    game it sends them.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Point:
    ...     x: int = 0
    ...     y: int = 0
    >>> rebuilt(Point(1, 2))[1]
    (1, 2)
    """
    return type(obj), tuple([getattr(obj, f.name) for f in fields(obj)])
