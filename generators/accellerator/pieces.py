"""Drawing Accellerator's pieces sheet: four tent-fold pawns with facing arrows, the
deflector, electron and energy chits, and the player aid cards (turn on the front,
what happens on the way on the back).

Which pieces and how many come from :data:`...validators.accellerator.pieces.PIECES`;
the aid's words from ``templates/accellerator/aid.toml``; the deflector table on
the aid from :func:`...validators.accellerator.model.deflect`.  This module only
decides how they look.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from ...validators.accellerator.model import ENERGY_TOKENS, FACINGS, ORIENTATIONS, Rules, deflect
from ...validators.accellerator.pieces import PIECES, PieceSpec, aid_texts
from ...validators.errors import InputError
from ..pen import Pen
from ...validators.manifest import RECT, Shape
from ..marks import every_line_marked
from ..sheet import BLEED_STEP, Document, Piece, Placed, SheetSettings, component_size, mirror

INK = {"alpha": "#c62828", "beta": "#1565c0", "delta": "#2e7d32", "gamma": "#6a1b9a"}
LIGHT = {"alpha": "#ffcdd2", "beta": "#bbdefb", "delta": "#c8e6c9", "gamma": "#e1bee7"}
GREEK = {"alpha": "α", "beta": "β", "delta": "δ", "gamma": "γ"}
DEFLECTOR_INK = "#263238"
CHIT = 14.0            # mm, side of the square chits
PAWN_W, PAWN_BASE, PAWN_FACE, PAWN_TAB = 13.0, 13.0, 25.0, 6.0
PAWN_H = PAWN_BASE + 2 * PAWN_FACE + PAWN_TAB
AID_TEXT = 7.2         # pt, the aid cards' body text
SMALLEST_PT = 6.0      # no printed text is smaller
EDGE = 3.0             # mm that text keeps inside every trim
CAPTION_ROOM = 15.0    # mm between blocks of pieces: crop marks on both sides and a caption


# ------------------------------------------------------------------- pawns
def pawn_standee(player: str):
    """A tent to fold, drawn bottom to top: glue tab, back slope, front slope, base.

    Folded, the front slope rises from the base's edge and the back slope comes
    down to the far edge; the arrow on the front points down its slope and the
    one on the back up its slope, so seen from above both point the same way:
    the pawn's facing.
    """
    ink, light = INK[player], LIGHT[player]

    def draw(pen: Pen) -> None:
        w, b = pen.w, pen.bleed
        tab, face_b, face_a = PAWN_TAB, PAWN_TAB + PAWN_FACE, PAWN_TAB + 2 * PAWN_FACE
        pen.background("#ffffff")
        pen.rect(-b, -b, w + 2 * b, tab + b, fill="#e0e0e0")      # the glue tab (no words: too near the cut)
        pen.rect(-b, tab, w + 2 * b, PAWN_FACE, fill=light)
        pen.rect(-b, face_b, w + 2 * b, PAWN_FACE, fill=light)
        _arrow(pen, w / 2, tab + 3, tab + PAWN_FACE - 9, ink)        # back slope: up to the ridge
        _arrow(pen, w / 2, face_b + 9, face_a - 3, ink)              # front slope: down to the base
        pen.text(w / 2, tab + PAWN_FACE - 6.5, GREEK[player], size=11, bold=True, colour=ink,
                 anchor="centre")
        _rotated_text(pen, w / 2, face_b + 5, GREEK[player], 11, ink)
        pen.text(w / 2, face_a + PAWN_BASE - EDGE - 2.2, "base", size=SMALLEST_PT, colour="#616161",
                 anchor="centre")
        pen.text(w / 2, face_a + 3.4, GREEK[player], size=9, bold=True, colour=ink,
                 anchor="centre")       # the player's letter, as on the board's homes
        for y in (tab, face_b, face_a):
            pen.line(0, y, w, y, colour="#757575", width=0.2, dash=(1.2, 0.8))
        _outline(pen)
        pen.fit_text(w / 2, face_a + 1.1, f"[accellerator:pawn:{player}]", w - 0.6, size=3,
                     colour="#8a8a8a", anchor="centre", min_size=1.5)

    return draw


def _arrow(pen: Pen, x: float, y0: float, y1: float, colour: str) -> None:
    """A bold arrow from y0 to y1 (pointing at y1)."""
    head = 4.0 if y1 > y0 else -4.0
    pen.line(x, y0, x, y1 - head, colour=colour, width=1.6)
    pen.polygon([(x - 3.2, y1 - head), (x + 3.2, y1 - head), (x, y1)], fill=colour)


def _rotated_text(pen: Pen, x: float, y: float, text: str, size: float, colour: str) -> None:
    with pen.saved():
        pen.translate(x, y)
        pen.rotate(180)
        pen.text(0, 0, text, size=size, bold=True, colour=colour, anchor="centre")


# ------------------------------------------------------------------- chits
def deflector_chit(pen: Pen) -> None:
    """A bar corner to corner: a quarter turn shows the other diagonal, so one chit
    serves as '/' and as '\\'; the small arrows at the free corners hint at the turn."""
    w = pen.w
    pen.background("#eceff1" if pen.ink_saver else "#cfd8dc")
    pen.line(2.2, 2.2, w - 2.2, w - 2.2, colour=DEFLECTOR_INK, width=2.0)
    pen.text(4.6, w - 5.4, "↻", size=7, colour="#37474f", anchor="centre")
    pen.text(w - 4.6, 4.2, "↻", size=7, colour="#37474f", anchor="centre")
    _outline(pen)
    _chit_label(pen, "[accellerator:deflector]")


def electron_chit(round_cut: bool = False):
    """The electron, on a square chit or (``round_cut``) a round token cut along the
    circle inscribed in its square."""

    def draw(pen: Pen) -> None:
        w = pen.w
        pen.background("#ffffff")
        pen.circle(w / 2, w / 2 + 0.8, 4.6, fill="#fff3c4" if pen.ink_saver else "#ffb300",
                   stroke="#6d4c00", width=0.4)
        pen.text(w / 2, w / 2 - 0.7, "e⁻", size=9, bold=True, anchor="centre")
        if round_cut and not pen.bleed:
            pen.circle(w / 2, w / 2, w / 2, stroke="#000000", width=0.3)
        elif not round_cut:
            _outline(pen)
        _chit_label(pen, "[accellerator:electron]")

    return draw


def energy_chit(player: str):
    def draw(pen: Pen) -> None:
        w = pen.w
        pen.background(LIGHT[player])
        bolt = [(6.8, 12.6), (3.2, 7.2), (5.8, 7.2), (4.6, 3.0), (8.8, 8.6), (6.2, 8.6), (7.8, 12.6)]
        pen.polygon(bolt, fill=INK[player])
        pen.text(w - EDGE - 1.2, 8.2, GREEK[player], size=7, bold=True, colour=INK[player],
                 anchor="centre")
        _outline(pen)
        _chit_label(pen, f"[accellerator:energy:{player}]")

    return draw


def _outline(pen: Pen) -> None:
    """The trim line, drawn only when pieces share their cuts (no bleed): with a bleed the
    crop marks guide the cut and a line on the trim would show on a slightly-off cut."""
    if not pen.bleed:
        pen.rect(0, 0, pen.w, pen.h, stroke="#000000", width=0.3)


def _chit_label(pen: Pen, text: str) -> None:
    pen.fit_text(pen.w / 2, 0.8, text, pen.w - 1.0, size=2.4, colour="#8a8a8a", anchor="centre",
                 min_size=1.5)


# -------------------------------------------------------------- aid cards
def deflector_table() -> list[str]:
    """One line per chit diagonal, from the engine: ``/  N→E  E→N  S→W  W→S``."""
    return [f"{o}   " + "   ".join(f"{f}→{deflect(f, o)}" for f in FACINGS) for o in ORIENTATIONS]


def aid_front(pen: Pen) -> float:
    """The front; returns the lowest y its text reaches (tests keep it inside the card)."""
    texts = aid_texts()["front"]
    _aid_frame(pen, texts["title"])
    y, n = pen.h - 15.0, 0
    for step, numbered in zip(texts["steps"], texts["numbered"]):
        if numbered:
            n += 1
            pen.text(4.0, y - 2.6, f"{n}.", size=AID_TEXT + 0.4, bold=True)
            y = pen.paragraph(8.5, y, step, pen.w - 12, size=AID_TEXT, leading=1.16) - 1.6
        else:
            pen.text(9.0, y - 2.6, "•", size=AID_TEXT)
            y = pen.paragraph(12, y, step, pen.w - 15.5, size=AID_TEXT - 0.2, leading=1.16) - 1.2
    pen.label("accellerator:aid", y=2.2)
    return pen.paragraph(4.0, y - 0.8, texts["limits"], pen.w - 8, size=AID_TEXT - 0.6,
                         bold=True, leading=1.16)


def aid_back(pen: Pen, reading: Rules = Rules()) -> float:
    """The back, for a bounce reading; returns the lowest y its text reaches (tests keep it
    inside the card)."""
    texts = aid_texts(reading.bounce)["back"]
    _aid_frame(pen, texts["title"])
    body = AID_TEXT - 0.8
    y = pen.h - 14.5
    for name, text in texts["effects"]:
        y = pen.paragraph(4.0, y, name, pen.w - 8, size=body + 0.3, bold=True, leading=1.1)
        y = pen.paragraph(4.0, y - 0.2, text, pen.w - 8, size=body, leading=1.12) - 1.1
        if name == texts["table_after"]:
            for line in deflector_table():
                pen.text(8.0, y - 2.4, line, size=body, bold=True, colour=DEFLECTOR_INK)
                y -= 3.1
            y -= 0.6
    y = pen.paragraph(4.0, y - 0.3, texts["reset"], pen.w - 8, size=body, bold=True, leading=1.12)
    return pen.paragraph(4.0, y - 1.1, texts["win"], pen.w - 8, size=body, bold=True,
                         leading=1.12)


def _aid_frame(pen: Pen, title: str) -> None:
    """White card, a title band running into the bleed, the title 3 mm or more inside."""
    b = pen.bleed
    pen.background("#ffffff")
    pen.rect(-b, pen.h - 11, pen.w + 2 * b, 11 + b, fill="#ffffff" if pen.ink_saver else "#37474f")
    pen.text(pen.w / 2, pen.h - 7.6, f"Accellerator: {title}", size=10, bold=True,
             colour="#37474f" if pen.ink_saver else "#ffffff", anchor="centre")
    _outline(pen)


# -------------------------------------------------------------- the sheet
@dataclass(frozen=True)
class Spot:
    """Where one piece goes on a pieces page (lower-left corner, page mm)."""

    spec: PieceSpec
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Block:
    """Pieces laid out together: their spots from the block's top-left corner (x right,
    y down to the spot's top), the block's size, and whether a caption goes above it."""

    spots: tuple[tuple[PieceSpec, float, float, float, float], ...]
    w: float
    h: float
    captioned: bool


Pages = list[list[Spot]]


def pieces_pages(settings: SheetSettings, *, aids: bool = True) -> Pages:
    """The pieces laid out on as few pages as hold them (``aids=False``: without the aid
    cards, which a gutterfold layout imposes on a folded sheet of their own).

    Without a cutter the pieces share one page, as the sheet's layout box allows:
    aid cards and pawns along the top, then a block of chits per kind, each player's
    energy tokens on a row of their own, or packed when the page is short (without
    the aids, the page's pieces are centred down it).  With a
    cutter they go inside the area its marks leave, on more pages where needed, each
    page's pieces centred in that area and every trim line held by two crop marks.

    Every piece keeps ``2 x bleed`` from its neighbours (the two aid cards, alike to the
    last dot, share their cut) and each block of chits has room above it for crop marks
    on both sides and its caption."""
    if not settings.cutter:
        box = settings.layout_box()
        for per_player in (True, False):
            try:
                pages = _flow(settings, box, per_player, aids, centred=not aids)
            except InputError:
                if not per_player:
                    raise
                continue
            if len(pages) == 1:
                return pages
        raise InputError(f"the pieces do not fit on {settings.paper.name} inside {settings.margin:g} mm "
                         f"margins with a {settings.bleed or 0:g} mm bleed", field="--margin")
    layouts = []
    for x0, y0, x1, y1 in settings.layout_boxes():
        for per_player in (True, False):
            try:
                pages = _flow(settings, (x0, y0, x1 - x0, y1 - y0), per_player, aids, centred=True)
            except InputError:
                continue
            marked = all(every_line_marked(settings, [(s.x, s.y, s.w, s.h) for s in page]) for page in pages)
            layouts.append(((marked, -len(pages), per_player), pages))
    if not layouts:
        raise InputError(f"the pieces do not fit inside the {settings.cutter}'s area on {settings.paper.name} "
                         f"with a {settings.bleed or 0:g} mm bleed", field="--bleed")
    return max(layouts, key=lambda layout: layout[0])[1]


def _top_blocks(settings: SheetSettings, box_w: float, aids: bool) -> list[Block]:
    """The aid cards and pawns: one block, or (with a cutter, or without the aids) two."""
    page, bleed = settings.paper, settings.bleed or 0.0
    gutter = 2 * bleed
    aid_w, aid_h = component_size("poker")
    aid = next(s for s in PIECES if s.kind == "aid")
    pawns = [s for s in PIECES if s.kind == "pawn"]
    pawn_gap = max(3.0, gutter)
    aid_spots = tuple((aid, i * aid_w, 0.0, aid_w, aid_h) for i in range(aid.count))
    pawn_spots = tuple((spec, i * (PAWN_W + pawn_gap), 0.0, PAWN_W, PAWN_H) for i, spec in enumerate(pawns))
    aids_w, pawns_w = aid.count * aid_w, len(pawns) * PAWN_W + (len(pawns) - 1) * pawn_gap
    gap = max(4.0, gutter)
    if aids and aids_w + gap + pawns_w <= box_w + 1e-6:
        return [Block(aid_spots + tuple((s, x + aids_w + gap, y, w, h) for s, x, y, w, h in pawn_spots),
                      aids_w + gap + pawns_w, max(aid_h, PAWN_H), False)]
    if (aids and not settings.cutter) or max(aids_w if aids else 0.0, pawns_w) > box_w + 1e-6:
        raise InputError(f"with a {bleed:g} mm bleed the aid cards and pawns do not fit across "
                         f"{page.name} inside {settings.margin:g} mm margins: use a smaller --bleed",
                         field="--bleed")
    note_room = aid_h - PAWN_H      # the pawns' folding note goes under them, as beside the aids
    return ([Block(aid_spots, aids_w, aid_h, False)] if aids else []) + \
        [Block(pawn_spots, pawns_w, PAWN_H + note_room, False)]


def _chit_blocks(settings: SheetSettings, box_w: float, per_player: bool) -> list[Block]:
    """One block of chits per kind, as many to a row as ``box_w`` holds."""
    gutter = 2 * (settings.bleed or 0.0)
    cols = int((box_w + gutter) // (CHIT + gutter))
    blocks = []
    for kind in ("deflector", "electron", "energy"):
        specs = [s for s in PIECES if s.kind == kind]
        rows_of_own = per_player and len(specs) > 1 and all(s.count <= cols for s in specs)
        groups = [[s] * s.count for s in specs] if rows_of_own else \
            [[s for s in specs for _ in range(s.count)]]          # a player's tokens share a row
        spots, rows = [], 0
        for group in groups:
            for i, spec in enumerate(group):
                row, col = divmod(i, cols)
                spots.append((spec, col * (CHIT + gutter), (rows + row) * (CHIT + gutter), CHIT, CHIT))
            rows += math.ceil(len(group) / cols)
        blocks.append(Block(tuple(spots), cols * CHIT + (cols - 1) * gutter,
                            rows * CHIT + (rows - 1) * gutter, True))
    return blocks


def _flow(settings: SheetSettings, box: tuple[float, float, float, float], per_player: bool,
          aids: bool, *, centred: bool = False) -> Pages:
    """The blocks top to bottom in ``box``, centred across the page, a new page where the
    next block does not fit; ``CAPTION_ROOM`` (plus the bleeds) between blocks and above a
    captioned one.  ``centred``: each page's blocks moved down to the middle of ``box``."""
    box_x, box_y, box_w, box_h = box
    room = CAPTION_ROOM + 2 * (settings.bleed or 0.0)
    pages: Pages = [[]]
    ends: list[float] = []      # the lowest y each page's blocks reach
    y = box_y + box_h
    for block in _top_blocks(settings, box_w, aids) + _chit_blocks(settings, box_w, per_player):
        above = room if block.captioned or pages[-1] else 0.0
        if y - above - block.h < box_y - 1e-6:
            if not pages[-1]:
                raise InputError(f"the pieces do not fit on {settings.paper.name} inside "
                                 f"{settings.margin:g} mm margins", field="--margin")
            pages.append([])
            ends.append(y)
            y = box_y + box_h
            above = room if block.captioned else 0.0
        top, left = y - above, (settings.paper.width - block.w) / 2
        pages[-1] += [Spot(spec, left + x, top - dy - h, w, h) for spec, x, dy, w, h in block.spots]
        y = top - block.h
    ends.append(y)
    if not centred:
        return pages
    return [[replace(s, y=s.y - (end - box_y) / 2) for s in page] for page, end in zip(pages, ends)]


def fitted_bleed(settings: SheetSettings) -> SheetSettings:
    """The settings with a bleed the pieces pages can hold: an explicit ``--bleed`` as given
    (refused later if it does not fit), the default lowered in steps until the pieces take
    as many pages and rows of as many pieces as without a bleed (as the sheet engine does
    for imposed pieces)."""
    if settings.bleed is not None:
        return settings
    aids = settings.layout != "gutterfold"

    def rows(bleed: float) -> tuple[int, list[int]]:
        """How many pages, and how many pieces each row holds."""
        pages = pieces_pages(replace(settings, bleed=bleed), aids=aids)
        ys = [(n, round(s.y, 3)) for n, page in enumerate(pages) for s in page]
        return len(pages), sorted(ys.count(y) for y in set(ys))

    unbled = rows(0.0)
    bleed = settings.paper.bleed
    while bleed > 0:
        try:
            if rows(bleed) == unbled:
                break
        except InputError:
            pass
        bleed = round(bleed - BLEED_STEP, 3)
    return replace(settings, bleed=max(bleed, 0.0))


def _drawer(spec: PieceSpec, round_cut: bool = False):
    if spec.kind in ("pawn", "energy"):
        assert spec.player is not None, spec.kind    # one set of pawns and energy per player
        return (pawn_standee if spec.kind == "pawn" else energy_chit)(spec.player)
    if spec.kind == "electron":
        return electron_chit(round_cut)
    return {"deflector": deflector_chit, "aid": aid_front}[spec.kind]


CAPTIONS = {"deflector": "Deflectors: a quarter turn swaps '/' and '\\'",
            "electron": "Electrons", "energy": f"Energy tokens, {ENERGY_TOKENS} per player",
            "pawn": "Pawns: fold on the dashes into a tent and glue the tab under the base; "
                    "seen from above, both arrows point the way the pawn faces"}


def add_pieces_pages(doc: Document, reading: Rules = Rules()) -> None:
    """The pieces pages (:func:`pieces_pages`), each aid card's back behind it; with a
    gutterfold layout the aid cards go on a folded sheet of their own, first.

    With a cutter the electrons, pawns in the rules, are cut round: a machine cuts a
    circle as easily as a square, and a round token is what the rules picture."""
    settings = doc.settings
    folded = settings.layout == "gutterfold"
    if folded:
        aid = next(s for s in PIECES if s.kind == "aid")
        w, h = component_size("poker")
        def front(pen: Pen) -> None:
            aid_front(pen)

        def back(pen: Pen) -> None:
            aid_back(pen, reading)

        doc.add_pieces([Piece("aid", aid.label, front, back)] * aid.count, w, h, section="pieces")
    for spots in pieces_pages(settings, aids=not folded):
        _add_page(doc, spots, reading)


def _add_page(doc: Document, spots: list[Spot], reading: Rules) -> None:
    settings = doc.settings
    bleed = settings.bleed or 0.0
    round_cut = settings.cutter is not None

    def draw(pen: Pen) -> None:
        seen = set()
        for spot in spots:
            with pen.saved():
                _drawer(spot.spec, round_cut)(pen.inner(spot.x, spot.y, spot.w, spot.h, bleed=bleed))
            kind = spot.spec.kind
            if kind not in seen and kind not in ("pawn", "aid"):
                seen.add(kind)      # the caption sits midway between the marks of two blocks
                pen.text(spot.x, spot.y + spot.h + bleed + CAPTION_ROOM / 2 - 1.0, CAPTIONS[kind],
                         size=7, bold=True)
        pawns = [s for s in spots if s.spec.kind == "pawn"]
        if pawns:
            below = bleed + CAPTION_ROOM / 2 - 1.0     # past the crop marks under the pawns
            pen.paragraph(pawns[0].x, pawns[0].y - below, CAPTIONS["pawn"],
                          pawns[-1].x + PAWN_W - pawns[0].x, size=SMALLEST_PT, leading=1.15)

    def back(pen: Pen) -> None:
        for spot in spots:
            if spot.spec.kind == "aid":
                x, y = mirror(settings, spot.x, spot.y, spot.w, spot.h, offset=False)
                with pen.saved():
                    aid_back(pen.inner(x, y, spot.w, spot.h, bleed=bleed), reading)

    def shape(spec: PieceSpec) -> Shape:
        return Shape("circle") if round_cut and spec.kind == "electron" else RECT

    placed = [Placed(s.spec.label, s.spec.kind, s.x, s.y, s.w, s.h, shape=shape(s.spec)) for s in spots]
    pieces = [Piece(s.spec.kind, s.spec.label, _drawer(s.spec, round_cut),
                    data={"player": s.spec.player} if s.spec.player else {}, shape=shape(s.spec))
              for s in spots]
    has_aids = any(s.spec.kind == "aid" for s in spots)
    doc.add_page(draw, section="pieces", placed=placed, pieces=pieces, back=back if has_aids else None)
