"""Drawing the yEAh item cards: one poker card per item of a table, with its
type, cost, what it gives, kills and is killed by, and its note.  The data
comes from :mod:`..validators.yeah`; this module only decides how it looks."""
from __future__ import annotations

from dataclasses import dataclass, field

from ..validators.yeah.model import Item, ItemTable, Ref
from ..validators.yeah.table import published_table
from .cards import FRAME, MIN_PT, PAD, CardSize, card_size, font_size
from .pen import Pen
from .sheet import Document, Piece, SheetSettings
from .units import to_mm

RULESET = "yeah-items-1"
HEADER = 14.0                 # mm, the coloured band with the item's name
INK = {"charge": "#2e7d32", "defense": "#1565c0", "weapon": "#b71c1c"}
BACK_INK = "#212121"
SUBTLE = "#555555"
PANEL = "#eceff1"
CELL_HEIGHT = 8.0            # mm: two lines at full size, more lines at smaller sizes
COMPACT = 0.85               # below this card scale a cell's heading shares its first line


def label(item: Item) -> str:
    return f"yeah:item:{item.id}"


def _band(pen: Pen, scale: float, colour: str, title: str) -> None:
    pen.title_band(HEADER * scale, title, colour, size=14 * scale, baseline=4.4 * scale)


def _number_box(pen: Pen, x: float, y: float, w: float, h: float, caption: str, value: str,
                colour: str, scale: float) -> None:
    pen.rect(x, y, w, h, fill="#ffffff", stroke=colour, width=0.7, radius=1.5)
    small = font_size(6, scale)
    if pen.text_width(caption, small) > w - 1.5:        # "COST (AMMO)" on a small card
        caption = caption.split(" (")[0]
    pen.text(x + w / 2, y + 1.1, caption, size=small, anchor="centre", colour=SUBTLE)
    pen.fit_text(x + w / 2, y + 1.1 + to_mm(small) + 0.9, value, w - 2, size=font_size(13, scale),
                 bold=True, anchor="centre", min_size=MIN_PT)


def cell_lines(pen: Pen, parts: list[str], width: float, size: float, indent: float = 0.0) -> list[str]:
    """Join a cell's references into lines, breaking only between references.

    The first line is ``indent`` mm shorter, for a heading on the same line; when
    even the first reference does not fit beside the heading, that line stays empty."""
    if not parts:
        return ["nothing"]
    lines: list[str] = [""] if indent and pen.text_width(parts[0] + ",", size) > width - indent else []
    for part in parts:
        room = width - (indent if len(lines) == 1 else 0)
        trial = f"{lines[-1]}, {part}" if lines and lines[-1] else part
        if lines and pen.text_width(trial + ",", size) <= room:
            lines[-1] = trial
        else:
            if lines and lines[-1]:
                lines[-1] += ","
            lines.append(part)
    return lines


def _cell(pen: Pen, top: float, heading: str, refs: tuple[Ref, ...], colour: str, scale: float) -> float:
    """A headed cell of at most :data:`CELL_HEIGHT` mm (scaled); returns the y below it.

    On cards smaller than :data:`COMPACT` the heading shares the cell's first line."""
    head = font_size(6, scale)
    compact = scale < COMPACT
    parts, size, width = [r.text() for r in refs], font_size(8.5, scale), pen.w - 2 * PAD
    indent = pen.text_width(heading, head, True) + 1.2 if compact else 0.0
    room = max(CELL_HEIGHT * scale, 2 * to_mm(MIN_PT) * 1.2)

    def fits(trial: float) -> bool:
        return (len(cell_lines(pen, parts, width, trial, indent)) * to_mm(trial) * 1.2 <= room
                and all(pen.text_width(p, trial) <= width - indent for p in parts))

    size = pen.fitted_size(fits, size, MIN_PT)
    if compact:
        y = top - to_mm(size) * 0.8 - 0.8
        pen.text(PAD, y, heading, size=head, bold=True, colour=colour)
    else:
        pen.text(PAD, top - to_mm(head) * 0.8 - 0.5, heading, size=head, bold=True, colour=colour)
        y = top - to_mm(head) - 1.2 - to_mm(size) * 0.8
    for n, line in enumerate(cell_lines(pen, parts, width, size, indent)):
        if line:
            pen.text(PAD + (indent if n == 0 else 0), y, line, size=size)
        y -= to_mm(size) * 1.2
    return y + to_mm(size) * 0.95 - (0.8 if compact else 1.8)


def item_front(item: Item, scale: float = 1.0):
    """The face of one item card."""
    colour = INK[item.type.category]

    def draw(pen: Pen) -> None:
        pen.background("#ffffff")
        pen.rect(FRAME, FRAME, pen.w - 2 * FRAME, pen.h - 2 * FRAME, stroke=colour, width=0.6, radius=3)
        _band(pen, scale, colour, item.name)
        kind = font_size(9, scale)
        head = pen.h - HEADER * scale
        pen.fit_text(pen.w / 2, head - 1.5 - to_mm(kind) * 0.8, item.type.text(), pen.w - 2 * PAD,
                     size=kind, bold=True, colour=colour, anchor="centre", min_size=MIN_PT)
        box_h = max(11 * scale, 2 * to_mm(MIN_PT) + 3.0)
        row = head - 3.0 - to_mm(kind) - box_h
        box = (pen.w - 2 * PAD - 3) / 2
        _number_box(pen, PAD, row, box, box_h, "COST (AMMO)", str(item.price) if item.choosable else "—",
                    colour, scale)
        _number_box(pen, PAD + box + 3, row, box, box_h, "GIVES", f"+{item.gives}" if item.gives else "0",
                    colour, scale)
        y = row - 1.0
        if not item.choosable:
            y = pen.paragraph(pen.w / 2, y - 0.3, f"Never chosen: comes from {item.arises_from}",
                              pen.w - 2 * PAD, size=font_size(6, scale), colour=SUBTLE, anchor="centre",
                              leading=1.15) - 1.0
        y = _cell(pen, y, "KILLS", item.kills, colour, scale)
        y = _cell(pen, y, "KILLED BY", item.killed_by, colour, scale)
        bottom = PAD + (2.0 if scale >= COMPACT else 1.0)
        if item.note:
            pen.rect(PAD - 1, bottom, pen.w - 2 * PAD + 2, y - bottom, fill=PANEL, radius=1.5)
            pen.fitted_paragraph(PAD + 0.5, y - 1.2, item.note, pen.w - 2 * PAD - 1, y - bottom - 2.4,
                                 size=font_size(9, scale), min_size=MIN_PT, leading=1.25)
        pen.label(label(item), y=PAD - 0.6)

    return draw


def card_back(table_name: str, scale: float = 1.0):
    """The back every item card shares."""

    def draw(pen: Pen) -> None:
        light = pen.ink_saver
        pen.background("#ffffff" if light else BACK_INK)
        ink = "#000000" if light else "#ffffff"
        cx, cy = pen.w / 2, pen.h / 2
        for i, category in enumerate(("charge", "defense", "weapon")):
            pen.rect(cx + (-19 + i * 13) * scale, cy + 10 * scale, 12 * scale, 4 * scale, fill=INK[category])
        pen.text(cx, cy - 4 * scale, "yEAh", size=30 * scale, bold=True, colour=ink, anchor="centre")
        pen.text(cx, cy - 12 * scale, "ITEMS", size=font_size(10, scale), bold=True, colour=ink,
                 anchor="centre")
        pen.fit_text(cx, PAD + 4 * scale, table_name, pen.w - 2 * PAD, size=font_size(6.5, scale),
                     colour=ink, anchor="centre", min_size=MIN_PT)

    return draw


@dataclass(frozen=True)
class YeahOptions:
    """What to print: an item table, whether it is the published one, and the card size."""

    table: ItemTable
    published: bool = True
    card: CardSize = field(default_factory=lambda: card_size("poker"))


def build(settings: SheetSettings, options: YeahOptions) -> Document:
    """One card per item of the table, as many to a page as fit, with crop marks and uniform backs."""
    table, published, card = options.table, options.published, options.card
    doc = Document(settings, game="yeah", ruleset=RULESET, title=f"yEAh items: {table.name}",
                   options={"items": [i.id for i in table.items], "published": published,
                            "table": table.name, "card_size": card.name})
    back = card_back(table.name, card.scale)
    cards = [Piece("item", label(i), item_front(i, card.scale), back, {"item": i.id}) for i in table.items]
    doc.add_pieces(cards, card.width, card.height, section="item cards")
    return doc


def default_document(settings: SheetSettings) -> Document:
    """One card per item of the published table, as ``icp-print all`` prints them."""
    return build(settings, YeahOptions(published_table(), published=True))
