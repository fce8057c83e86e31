"""Drawing the yEAh item cards: one poker card per item of a table, with its
type, cost, what it gives, kills and is killed by, and its note.  The data
comes from :mod:`..validators.yeah`; this module only decides how it looks."""
from __future__ import annotations

from dataclasses import dataclass

from ..validators.yeah.model import Item, ItemTable, Ref
from ..validators.yeah.table import published_table
from .pen import Pen
from .units import to_mm
from .sheet import Document, Piece, SheetSettings, component_size

RULESET = "yeah-items-1"
HEADER = 14.0                 # mm, the coloured band with the item's name
INK = {"charge": "#2e7d32", "defense": "#1565c0", "weapon": "#b71c1c"}
BACK_INK = "#212121"
SUBTLE = "#555555"
PANEL = "#eceff1"
CELL_HEIGHT = 8.0            # mm: two lines at full size, more lines at smaller sizes


def label(item: Item) -> str:
    return f"yeah:item:{item.id}"


def _band(pen: Pen, colour: str, title: str) -> None:
    pen.title_band(HEADER, title, colour, size=14, baseline=4.4)


def _number_box(pen: Pen, x: float, y: float, w: float, caption: str, value: str, colour: str) -> None:
    pen.rect(x, y, w, 11, fill="#ffffff", stroke=colour, width=0.7, radius=1.5)
    pen.text(x + w / 2, y + 4.2, value, size=13, bold=True, anchor="centre")
    pen.text(x + w / 2, y + 1.2, caption, size=5, anchor="centre", colour=SUBTLE)


def fitted_paragraph(pen: Pen, x: float, top: float, text: str, width: float, height: float, *,
                     size: float, bold: bool = False, leading: float = 1.2, min_size: float = 4.5) -> float:
    """Draw ``text`` wrapped, shrinking the font until it fits ``height`` mm; returns the size used."""
    while size > min_size:
        lines = len(pen.wrap(text, width, size, bold))
        if lines * to_mm(size) * leading <= height:
            break
        size -= 0.25
    pen.paragraph(x, top, text, width, size=size, bold=bold, leading=leading)
    return size


def cell_lines(pen: Pen, parts: list[str], width: float, size: float) -> list[str]:
    """Join a cell's references into lines, breaking only between references."""
    lines: list[str] = []
    for part in parts:
        trial = f"{lines[-1]}, {part}" if lines else part
        if lines and pen.text_width(trial + ",", size) <= width:
            lines[-1] = trial
        else:
            if lines:
                lines[-1] += ","
            lines.append(part)
    return lines or ["nothing"]


def _cell(pen: Pen, top: float, heading: str, refs: tuple[Ref, ...], colour: str) -> float:
    """A headed cell of at most :data:`CELL_HEIGHT` mm; returns the y below it."""
    pen.text(5, top - 2.6, heading, size=6, bold=True, colour=colour)
    parts, size, width = [r.text() for r in refs], 8.5, pen.w - 10
    while size > 4.5 and (len(cell_lines(pen, parts, width, size)) * to_mm(size) * 1.2 > CELL_HEIGHT
                          or any(pen.text_width(p, size) > width for p in parts)):
        size -= 0.25
    y = top - 3.6 - to_mm(size) * 0.8
    for line in cell_lines(pen, parts, width, size):
        pen.text(5, y, line, size=size)
        y -= to_mm(size) * 1.2
    return y + to_mm(size) * 0.95 - 1.8


def item_front(item: Item):
    """The face of one item card."""
    colour = INK[item.type.category]

    def draw(pen: Pen) -> None:
        pen.background("#ffffff")
        pen.rect(2.5, 2.5, pen.w - 5, pen.h - 5, stroke=colour, width=0.6, radius=3)
        _band(pen, colour, item.name)
        pen.fit_text(pen.w / 2, pen.h - HEADER - 5, item.type.text(), pen.w - 10, size=9,
                     bold=True, colour=colour, anchor="centre")
        row = pen.h - HEADER - 19
        box = (pen.w - 10 - 4) / 2
        _number_box(pen, 5, row, box, "COST (AMMO)", str(item.price) if item.choosable else "—", colour)
        _number_box(pen, 5 + box + 4, row, box, "GIVES", f"+{item.gives}" if item.gives else "0", colour)
        y = row - 1.5
        if not item.choosable:
            pen.fit_text(pen.w / 2, y - 2.6, f"Never chosen: comes from {item.arises_from}",
                         pen.w - 10, size=6, colour=SUBTLE, anchor="centre")
            y -= 4
        y = _cell(pen, y, "KILLS", item.kills, colour)
        y = _cell(pen, y, "KILLED BY", item.killed_by, colour)
        bottom = 7.5
        if item.note:
            pen.rect(4, bottom, pen.w - 8, y - bottom, fill=PANEL, radius=1.5)
            fitted_paragraph(pen, 6, y - 1.5, item.note, pen.w - 12, y - bottom - 2.8, size=9,
                             leading=1.25)
        pen.label(label(item), y=4)

    return draw


def card_back(table_name: str):
    """The back every item card shares."""

    def draw(pen: Pen) -> None:
        light = pen.ink_saver
        pen.background("#ffffff" if light else BACK_INK)
        ink = "#000000" if light else "#ffffff"
        cx, cy = pen.w / 2, pen.h / 2
        for i, category in enumerate(("charge", "defense", "weapon")):
            pen.rect(cx - 19 + i * 13, cy + 10, 12, 4, fill=INK[category])
        pen.text(cx, cy - 4, "yEAh", size=30, bold=True, colour=ink, anchor="centre")
        pen.text(cx, cy - 12, "ITEMS", size=10, bold=True, colour=ink, anchor="centre")
        pen.fit_text(cx, 12, table_name, pen.w - 12, size=6.5, colour=ink, anchor="centre")

    return draw


@dataclass(frozen=True)
class YeahOptions:
    """What to print: an item table, and whether it is the published one."""

    table: ItemTable
    published: bool = True


def build(settings: SheetSettings, options: YeahOptions) -> Document:
    """One card per item of the table, nine to a page with crop marks and uniform backs."""
    table, published = options.table, options.published
    doc = Document(settings, game="yeah", ruleset=RULESET, title=f"yEAh items: {table.name}",
                   options={"items": [i.id for i in table.items], "published": published,
                            "table": table.name})
    back = card_back(table.name)
    cards = [Piece("item", label(i), item_front(i), back, {"item": i.id}) for i in table.items]
    w, h = component_size("poker")
    doc.add_pieces(cards, w, h, section="item cards")
    return doc


def default_document(settings: SheetSettings) -> Document:
    """One card per item of the published table, as ``icp-print all`` prints them."""
    return build(settings, YeahOptions(published_table(), published=True))
