"""Drawing Yield! road tiles, their backs and the damage track (maps: :mod:`.map`).

Each kind has one picture at rotation 0, north at the top (the orientation of
:mod:`...validators.yield_.model`: the Turn joins N and E, a Merge's curve joins
the straight road heading N); a placed tile is that picture turned clockwise.
Roads are light on a dark off-road ground (driving over the black is not allowed),
centred on each edge they reach, so neighbouring tiles join.  Which edges carry
road is the rules' business; the tests read the pictures back against it.
"""
from __future__ import annotations

from math import cos, radians, sin
from collections.abc import Callable, Collection

from ...validators.yield_.roads import CURVE_SIDE
from ...validators.yield_.rules import RULES
from ...validators.yield_.model import SIDES, Side, display_names, road_ends
from ..pen import Pen

RULESET = "yield-1"
Segment = tuple[float, float, float, float]   # a line from (x1, y1) to (x2, y2), mm
ROAD = 0.36                  # road width as a share of the tile side
OFF_ROAD = "#1e1e1e"
OFF_ROAD_LIGHT = "#d4d4d4"   # ink-saver: a pale ground, still unlike the white road
ROAD_GREY = "#a8a8a8"
ROAD_LIGHT = "#ffffff"
MARKING = "#f5f5f5"
MARKING_LIGHT = "#777777"
PLAYERS = RULES.players_max  # one damage track for each player of the largest game
NAME_PT = 6.0                # no printed text is smaller
EDGE_MM = 3.0                # text and frames keep this far inside the trim
LEAST_WORD_END = 4           # letters a split word keeps on its second line
BACK_FRAME = 0.5             # mm, the line round the back

Picture = Callable[[Pen, float, str, str], None]


def _palette(pen: Pen) -> tuple[str, str, str]:
    """(off-road, road, road markings) for normal or ink-saver printing."""
    if pen.ink_saver:
        return OFF_ROAD_LIGHT, ROAD_LIGHT, MARKING_LIGHT
    return OFF_ROAD, ROAD_GREY, MARKING


def _kerbs(pen: Pen) -> str:
    return "#000000" if pen.ink_saver else ROAD_GREY


def _straight(pen: Pen, s: float, road: str, mark: str, horizontal: bool = False) -> None:
    """A road through the tile, N-S (or E-W), with a dashed centre line."""
    half, b = s * ROAD / 2, pen.bleed
    lo, hi = s / 2 - half, s / 2 + half
    if horizontal:
        pen.rect(-b, lo, s + 2 * b, 2 * half, fill=road)
        for y in (lo, hi):
            pen.line(-b, y, s + b, y, colour=_kerbs(pen), width=0.3)
        pen.line(0, s / 2, s, s / 2, colour=mark, width=0.4, dash=(3, 3))
    else:
        pen.rect(lo, -b, 2 * half, s + 2 * b, fill=road)
        for x in (lo, hi):
            pen.line(x, -b, x, s + b, colour=_kerbs(pen), width=0.3)
        pen.line(s / 2, 0, s / 2, s, colour=mark, width=0.4, dash=(3, 3))


def _curve(pen: Pen, s: float, road: str, mark: str) -> None:
    """A quarter-circle road from the middle of the N edge to the middle of the E edge,
    its road and kerbs carried on straight into the bleed."""
    half, b = s * ROAD / 2, pen.bleed
    r_in, r_out, r_mid = s / 2 - half, s / 2 + half, s / 2
    band = pen.path()
    band.arc(s - r_out, s - r_out, s + r_out, s + r_out, 180, 90)
    band.arcTo(s - r_in, s - r_in, s + r_in, s + r_in, 270, -90)
    band.close()
    pen.draw_path(band, fill=road)
    if b:
        pen.rect(s - r_out, s, r_out - r_in, b, fill=road)
        pen.rect(s, s - r_out, b, r_out - r_in, fill=road)
    for r in (r_in, r_out):
        arc = pen.path()
        arc.arc(s - r, s - r, s + r, s + r, 180, 90)
        pen.draw_path(arc, stroke=_kerbs(pen), width=0.3)
        if b:
            pen.line(s - r, s, s - r, s + b, colour=_kerbs(pen), width=0.3)
            pen.line(s, s - r, s + b, s - r, colour=_kerbs(pen), width=0.3)
    centre = pen.path()
    centre.arc(s - r_mid, s - r_mid, s + r_mid, s + r_mid, 180, 90)
    with pen.saved():
        pen.dash([3, 3])
        pen.draw_path(centre, stroke=mark, width=0.4)


def _hub(pen: Pen, s: float, road: str, mark: str, ends: Collection[Side]) -> None:
    """An intersection: an arm from a central square to each end, kerbs round the rest.

    Drawn side by side in N, E, S, W order whatever the order of ``ends``, so the
    same tile always gives the same bytes.
    """
    half, b = s * ROAD / 2, pen.bleed
    lo, hi = s / 2 - half, s / 2 + half
    arms = {"N": (lo, lo, 2 * half, s - lo + b), "S": (lo, -b, 2 * half, hi + b),
            "E": (lo, lo, s - lo + b, 2 * half), "W": (-b, lo, hi + b, 2 * half)}
    for end in SIDES:
        if end in ends:
            pen.rect(*arms[end], fill=road)
    kerbs: dict[str, list[Segment]] = {
        "N": [(lo, hi, lo, s + b), (hi, hi, hi, s + b)], "S": [(lo, -b, lo, lo), (hi, -b, hi, lo)],
        "E": [(hi, lo, s + b, lo), (hi, hi, s + b, hi)], "W": [(-b, lo, lo, lo), (-b, hi, lo, hi)]}
    walls = {"N": (lo, hi, hi, hi), "S": (lo, lo, hi, lo), "E": (hi, lo, hi, hi), "W": (lo, lo, lo, hi)}
    for end in SIDES:
        for seg in kerbs[end] if end in ends else [walls[end]]:
            pen.line(*seg, colour=_kerbs(pen), width=0.3)
    box = s * 0.08
    pen.rect(s / 2 - box, s / 2 - box, 2 * box, 2 * box, stroke=mark, width=0.4)


def _overpass(pen: Pen, s: float, road: str, mark: str) -> None:
    """The N-S road as a bridge over the E-W road: railings and a shadow on the road below."""
    half = s * ROAD / 2
    _straight(pen, s, road, mark, horizontal=True)
    shadow = "#000000" if not pen.ink_saver else "#8a8a8a"
    eave = s * 0.035                           # the deck's shadow on the road below, both sides
    pen.rect(s / 2 - half - eave, s / 2 - half, 2 * half + 2 * eave, 2 * half, fill=shadow)
    _straight(pen, s, road, mark)
    rail = "#ffffff" if not pen.ink_saver else "#000000"
    reach = half + s * 0.1                     # railings run a little past the road below
    for x in (s / 2 - half + 0.6, s / 2 + half - 0.6):
        pen.line(x, s / 2 - reach, x, s / 2 + reach, colour=rail, width=1.0)


def _merge(pen: Pen, s: float, road: str, mark: str, curve_from: str) -> None:
    """The straight N-S road, and a curve from E (or W) bending to join it heading N.

    An arrow on the curve shows the way its traffic runs into the straight road
    (driving rule 8); the straight road itself carries no arrow, because it is
    two-way.
    """
    if curve_from == "W":       # the east curve, mirrored
        with pen.saved():
            pen.translate(s, 0)
            pen.scale(-1, 1)
            _curve(pen, s, road, mark)
            _curve_arrow(pen, s, mark)
    else:
        _curve(pen, s, road, mark)
        _curve_arrow(pen, s, mark)
    _straight(pen, s, road, mark)


def _curve_arrow(pen: Pen, s: float, mark: str) -> None:
    """An arrowhead on the E-to-N quarter circle, a third of the way along, pointing the way
    merging traffic drives (up and to the left, towards the straight road)."""
    angle = radians(240)                       # on the circle round the NE corner
    cx, cy = s + s / 2 * cos(angle), s + s / 2 * sin(angle)
    dx, dy = sin(angle), -cos(angle)           # the tangent, E end towards N end
    nx, ny = -dy, dx
    tip, back, half = s * 0.07, s * 0.05, s * 0.055
    pen.polygon([(cx + dx * tip, cy + dy * tip),
                 (cx - dx * back + nx * half, cy - dy * back + ny * half),
                 (cx - dx * back - nx * half, cy - dy * back - ny * half)], fill=mark)


PICTURES: dict[str, Picture] = {
    "turn": _curve,
    "straight": _straight,
    "overpass": _overpass,
    # the junctions' arms and the merges' curve sides come from the rules model
    "four-way": lambda pen, s, road, mark: _hub(pen, s, road, mark, road_ends("four-way", 0)),
    "three-way": lambda pen, s, road, mark: _hub(pen, s, road, mark, road_ends("three-way", 0)),
    "merge-left": lambda pen, s, road, mark: _merge(pen, s, road, mark, CURVE_SIDE["merge-left"]),
    "merge-right": lambda pen, s, road, mark: _merge(pen, s, road, mark, CURVE_SIDE["merge-right"]),
}


def draw_tile(pen: Pen, kind: str, rotation: int = 0, *, ends: frozenset[str] | None = None,
              label: bool = True) -> None:
    """A tile of ``kind`` turned ``rotation`` degrees clockwise, filling the pen.

    ``ends`` draws a home-made kind as an intersection with those road ends.
    """
    s = pen.w
    ground, road, mark = _palette(pen)
    pen.background(ground)
    with pen.saved():
        pen.translate(s / 2, s / 2)
        pen.rotate(-rotation)
        pen.translate(-s / 2, -s / 2)
        if kind in PICTURES:
            PICTURES[kind](pen, s, road, mark)
        else:
            _hub(pen, s, road, mark, frozenset(ends or ()))
    if label:
        ink = "#c8c8c8" if not pen.ink_saver else "#444444"
        name = display_names().get(kind, kind).upper()
        # The south-west corner is off-road on every kind at rotation 0: the name goes
        # there, 3 mm inside the trim, in lines of 6 pt (left out where it cannot fit).
        corner = s * (0.5 - ROAD / 2) - 0.6
        lines = _name_lines(pen, name, corner - EDGE_MM)
        leading = NAME_PT * 0.3528 * 1.2
        if lines and EDGE_MM + leading * len(lines) <= corner:
            for i, line in enumerate(reversed(lines)):
                pen.text(EDGE_MM, EDGE_MM + 0.5 + i * leading, line, size=NAME_PT, colour=ink)
        pen.fit_text(s * 0.04, s * 0.04, f"[yield:tile:{kind}]", s * 0.28, size=max(3.0, s * 0.07),
                     colour=ink, min_size=2.5)


def _name_lines(pen: Pen, name: str, width: float) -> list[str]:
    """A tile's name in lines no wider than ``width`` mm at :data:`NAME_PT`: split at its
    spaces and hyphens, a word still too long split with a hyphen after as much of it as
    fits, leaving at least :data:`LEAST_WORD_END` letters (STRAIGHT-AWAY, not STRAIG-HTAWAY);
    none if even that does not fit.

    >>> _name_lines(Pen.off_page(50, 50), "STRAIGHTAWAY", 12.4)
    ['STRAIGHT-', 'AWAY']
    """
    words = name.replace("-", "- ").split()
    lines: list[str] = []
    for word in words:
        if pen.text_width(word, NAME_PT) > width:
            cut = next((k for k in range(len(word) - LEAST_WORD_END, 1, -1)
                        if pen.text_width(word[:k] + "-", NAME_PT) <= width), (len(word) + 1) // 2)
            parts = [word[:cut] + "-", word[cut:]]
        else:
            parts = [word]
        for part in parts:
            joined = f"{lines[-1]} {part}".replace("- ", "-") if lines else part
            if lines and pen.text_width(joined, NAME_PT) <= width:
                lines[-1] = joined
            else:
                lines.append(part)
    return lines if all(pen.text_width(line, NAME_PT) <= width for line in lines) else []


def tile_front(kind: str, ends: frozenset[str] | None = None):
    return lambda pen: draw_tile(pen, kind, ends=ends)


def tile_back(pen: Pen) -> None:
    """The same back on every tile, so a tile drawn face down gives nothing away."""
    s = pen.w
    pen.background("#ffffff" if pen.ink_saver else "#37474f")
    ink = "#37474f" if pen.ink_saver else "#ffffff"
    frame = max(EDGE_MM + BACK_FRAME / 2, s * 0.07)     # the line's outer edge 3 mm or more inside
    pen.rect(frame, frame, s - 2 * frame, s - 2 * frame, stroke=ink, width=BACK_FRAME)
    pen.fit_text(s / 2, s / 2 - s * 0.05, "YIELD!", s - 2 * frame - 2, size=s * 0.4, bold=True,
                 colour=ink, anchor="centre", min_size=NAME_PT)


def damage_track(limit: int, players: int = PLAYERS):
    """A page with one damage track per player, 0 up to the damage limit."""

    def draw(pen: Pen) -> None:
        pen.text(15, pen.h - 22, "Yield! damage track", size=20, bold=True)
        pen.text(15, pen.h - 30, f"Keep a coin on your row and push it one box along for every "
                 f"point of damage. Reaching {limit} puts your vehicle out.", size=9)
        box = min(14.0, (pen.w - 50) / (limit + 1))
        digits = min(10.0, box * 1.7)
        for p in range(players):
            y = pen.h - 60 - p * 40
            pen.text(15, y + box + 4, f"Player {p + 1}", size=11, bold=True)
            for d in range(limit + 1):
                x = 35 + d * box
                out = d == limit
                pen.rect(x, y, box, box, stroke="#000000", width=0.4,
                         fill="#ffcdd2" if out and not pen.ink_saver else None)
                pen.text(x + box / 2, y + box / 2 - digits * 0.13, str(d), size=digits,
                         bold=out, anchor="centre")
            pen.text(35 + limit * box + box / 2, y - 4, "OUT", size=8, bold=True, anchor="centre")
        pen.text(pen.w / 2, 12, "[yield:damage-track]", size=6, colour="#8a8a8a", anchor="centre")

    return draw
