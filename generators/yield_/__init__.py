"""The Yield! print: road tiles, their backs and the damage track (:mod:`.model` draws them),
and the one-page board maps ``solve yield`` writes (:mod:`.map`)."""
from __future__ import annotations

from dataclasses import dataclass, field
from collections.abc import Mapping

from ...validators.yield_.checks import DEFAULT_DAMAGE_LIMIT
from ...validators.yield_.model import DEFAULT_TILE_MM, reference_set
from ..sheet import Document, Piece, Placed, SheetSettings
from .tiles import PLAYERS, RULESET, damage_track, tile_back, tile_front


@dataclass(frozen=True)
class YieldOptions:
    """What to print: the tiles (None: the reference set), their size, the damage track's
    limit, how many sets they stand for, the set's name and home-made kinds' road ends."""

    tiles: tuple[str, ...] | None = None
    tile_size: float = DEFAULT_TILE_MM
    damage_limit: int = DEFAULT_DAMAGE_LIMIT
    sets: int = 1
    name: str = "Yield! reference tile set"
    shapes: Mapping[str, frozenset[str]] = field(default_factory=dict)


def build(settings: SheetSettings, options: YieldOptions = YieldOptions()) -> Document:
    """Every tile (one entry a printed tile), identical backs, and the damage track."""
    tiles = options.tiles if options.tiles is not None else tuple(reference_set()) * options.sets
    recorded = {"sets": options.sets, "tile_size_mm": options.tile_size,
                "damage_limit": options.damage_limit, "name": options.name}
    doc = Document(settings, game="yield", ruleset=RULESET, title="Yield! road tiles",
                   options=recorded)
    shapes = options.shapes
    pieces = [Piece("tile", f"yield:tile:{kind}", tile_front(kind, shapes.get(kind)), tile_back,
                    {"type": kind} | ({"ends": sorted(shapes[kind])} if kind in shapes else {}))
              for kind in tiles]
    doc.add_pieces(pieces, options.tile_size, options.tile_size, section="tiles")
    page = settings.paper
    track = damage_track(options.damage_limit)
    doc.add_page(track, section="damage track",
                 placed=[Placed("yield:damage-track", "damage-track", 0, 0, page.width, page.height, cut=False)],
                 pieces=[Piece("damage-track", "yield:damage-track", track, None,
                               {"limit": options.damage_limit, "players": PLAYERS})])
    return doc
