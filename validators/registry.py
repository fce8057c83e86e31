"""Every game icp-print knows, in one list, and the contract each one keeps.

A :class:`Game` names its package, found under the same name in every layer:

* ``validators/<package>/``: the rules; ``model.py`` (the game's components and
  numbers, read from its data), ``checks.py`` (:class:`GameChecks`' four names),
  ``report.py`` when the game solves or plays (its results as text and JSON) and
  the ``engine`` module when computer players play it;
* ``generators/<package>/`` (or ``.py``): the drawing, with one function per
  default output, each taking only the sheet settings;
* ``cli/<package>.py``: the click commands ``print_command`` and, when the game
  has them, ``solve_command`` and ``play_command``;
* ``templates/<package>/``: the data.

The layers below ``validators`` are imported by name and only when a command
needs them, so ``validators`` never imports ``generators`` or ``cli`` and
``icp-print --help`` imports no game at all.  The CLI's commands, ``check``'s
dispatch, ``icp-print all`` and the packaging test are all derived from
:data:`GAMES`: adding a game is one package per layer plus one line here.

>>> find_game("yield").package
'yield_'
>>> find_game("yeah-items").id
'yeah'
>>> [o.filename for o in find_game("ycp").outputs]
['ycp-postcards.pdf', 'ycp-gauges.pdf']
"""
from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol, cast

from .errors import InputError
from .report import Finding, Summary

if TYPE_CHECKING:     # the engines' contract is loaded only with an engine, the file readers with a file
    from .play import PlayGame
    from .schema import Table

Layer = Literal["cli", "generators", "validators", "templates"]
# Lays out one of a game's component files (as the game's own model reads it) off the
# page and returns how its text fits; drawing code, so the command line hands it in.
Measure = Callable[[Any], Summary]
ROOT_PACKAGE = __package__.rpartition(".")[0]   # "icp_print"


class GameChecks(Protocol):
    """What ``icp-print check`` asks of a game's checks module."""

    GAME: str

    def looks_like(self, data: Table) -> bool:
        """Whether a component file without a ``game`` key is this game's."""
        ...

    def check_toml(self, data: Table, source: str,
                   measure: Measure | None = None) -> tuple[list[Finding], Summary]:
        """Check a component file (parsed TOML) against the rules; ``measure``, given only
        to games that lay their files out, returns the text-fit record of one file."""
        ...

    def check_components(self, components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
        """Check a printed set: its manifest's components and options."""
        ...


@dataclass(frozen=True)
class Output:
    """One PDF that ``icp-print all`` writes with default settings.

    ``build`` names a function of the game's generator package that takes only
    the sheet settings and returns the document.
    """

    name: str
    filename: str
    build: str = "build"


@dataclass(frozen=True)
class Game:
    """One game (or shared sheet) and where each layer keeps it."""

    id: str
    """The name in manifests, component files and ``solve``/``play`` commands."""
    title: str
    summary: str
    """One line for the command table of ``icp-print --help``."""
    package: str
    """The module or package name in every layer (``yield_`` for Yield!)."""
    command: str
    """The printing command (``icp-print <command>``)."""
    components: tuple[str, ...]
    """The component kinds its printed documents hold (manifest ``kind``)."""
    outputs: tuple[Output, ...]
    checks: str
    """The checks module, dotted, under ``validators``."""
    solve: bool = False
    play: bool = False
    engine: str | None = None
    """The whole-game engine module, dotted, under ``validators``: it defines
    ``ENGINES``, a tuple of :class:`~.play.PlayGame`."""

    def module(self, layer: Layer) -> str:
        """The absolute name of this game's module in ``layer``.

        >>> find_game("yield").module("generators")
        'icp_print.generators.yield_'
        """
        return f"{ROOT_PACKAGE}.{layer}.{self.package}"

    def checks_module(self) -> GameChecks:
        """The checks module, imported on first use."""
        return cast(GameChecks, importlib.import_module(f"{__package__}.{self.checks}"))

    def play_engines(self) -> tuple[PlayGame, ...]:
        """The game's whole-game engines (none when it has no engine module)."""
        if self.engine is None:
            return ()
        module = importlib.import_module(f"{__package__}.{self.engine}")
        return tuple(module.ENGINES)


GAMES: tuple[Game, ...] = (
    Game("calibration", "Calibration sheet",
         "Print a sheet that confirms 100% scale and measures duplex drift.",
         "calibration", "calibrate", ("grid-1cm", "ruler-100mm", "ruler-4in", "target"),
         (Output("calibration", "calibration.pdf"),), "calibration.checks"),
    Game("ryb", "RYB", "Print the RYB deck, turn summary cards and a score sheet.",
         "ryb", "ryb", ("action", "goal", "reference", "score-sheet"),
         (Output("ryb", "ryb-deck.pdf", "default_document"),), "ryb.checks", solve=True,
         engine="ryb.play"),
    Game("yield", "Yield!", "Print the Yield! road tiles, identical backs and a damage track.",
         "yield_", "yield", ("damage-track", "tile"),
         (Output("yield", "yield-tiles.pdf"),), "yield_.checks", solve=True, engine="yield_.play"),
    Game("accellerator", "Accellerator",
         "Print the Accellerator board, pawns, deflectors, electrons, energy tokens and player aids.",
         "accellerator", "accellerator",
         ("aid", "board", "deflector", "electron", "energy", "pawn"),
         (Output("accellerator", "accellerator.pdf"),), "accellerator.checks",
         solve=True, engine="accellerator.play"),
    Game("ycp", "YCP postcard games", "Print the YCP postcard games (all seven when no GAME is named).",
         "ycp", "ycp", ("gauge-sheet", "postcard"),
         (Output("ycp", "ycp-postcards.pdf"),
          Output("ycp gauges", "ycp-gauges.pdf", "default_gauges")), "ycp.checks", solve=True,
         engine="ycp.play"),
    Game("yicyacyoe", "Yic Yac Yoe",
         "Print Yic Yac Yoe boards: N x N grids (3 to 15) with the variant on each.",
         "yicyacyoe", "yicyacyoe", ("board",),
         (Output("yicyacyoe", "yicyacyoe-boards.pdf"),), "yicyacyoe.checks",
         solve=True, play=True),
    Game("yeah", "yEAh",
         "Print one card per yEAh item: type, cost, what it gives, kills and is killed by, "
         "and a note.",
         "yeah", "yeah-items", ("item",),
         (Output("yeah", "yeah-items.pdf", "default_document"),), "yeah.checks", solve=True),
    Game("dice", "Dice and coins", "Print d6 nets to cut, fold and glue, and heads/tails coins.",
         "dice", "dice", ("coin", "d6"),
         (Output("dice", "dice.pdf"),), "dice.checks"),
)
"""The only list of games, in the order of ``icp-print all``."""


def find_game(name: str) -> Game:
    """The game called ``name``: its id, its package or its printing command.

    >>> find_game("calibrate").id
    'calibration'
    >>> find_game("chess")
    Traceback (most recent call last):
    ...
    icp_print.validators.errors.InputError: game: unknown game 'chess' (known: calibration, ryb, ...)
    """
    for game in GAMES:
        if name in (game.id, game.package, game.command):
            return game
    raise InputError(f"unknown game {name!r} (known: {', '.join(g.id for g in GAMES)})", field="game")


def all_outputs() -> tuple[tuple[Game, Output], ...]:
    """What ``icp-print all`` writes, in order: every game's default outputs.

    >>> [o.filename for _, o in all_outputs()][:2]
    ['calibration.pdf', 'ryb-deck.pdf']
    """
    return tuple((game, output) for game in GAMES for output in game.outputs)


def checks_for(game: str, source: str) -> GameChecks:
    """The checks module of the game a manifest or component file names."""
    try:
        return find_game(game).checks_module()
    except InputError as exc:
        raise exc.located(source) from None


def game_of_toml(data: Mapping[str, Any], source: str) -> str:
    """The game a component file is for: its ``game`` key, else the one it looks like."""
    known = ", ".join(g.id for g in GAMES)
    if "game" in data:
        game = data["game"]
        if not isinstance(game, str):
            raise InputError("must be a string", source=source, field="game")
        if game not in (g.id for g in GAMES):
            raise InputError(f"unknown game {game!r} (known: {known})", source=source, field="game")
        return game
    matches = [g.id for g in GAMES if g.checks_module().looks_like(dict(data))]
    if len(matches) != 1:
        raise InputError("cannot tell which game this file is for; add a line like "
                         f"game = \"ryb\" (known: {known})", source=source, field="game")
    return matches[0]
