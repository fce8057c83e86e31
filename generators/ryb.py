"""Drawing the RYB set: Goal and Action cards, the back, the turn summary card
and the score sheet.  The cards' rules (colours, values, texts) come from
:mod:`..validators.ryb`; this module only decides how they look."""
from __future__ import annotations

from dataclasses import dataclass

from ..validators.ryb.deck import REFERENCE_DECK, Deck, card_texts, load_deck
from ..validators.ryb.model import COLOURS, HAND_SIZE, MULTIPLIER, NEEDS, tier, win_condition
from .pen import Pen
from .sheet import Document, Piece, Placed, SheetSettings, component_size

RULESET = "ryb-1"
HEADER = 15.0          # mm, height of the coloured band on every card
ACTION_INK = "#37474f"
BACK_INK = "#263238"
DIE = 6.0              # mm, side of a dice-colour mark


def _colour(name: str) -> dict:
    return card_texts()["colours"][name]


def _band(pen: Pen, fill: str, text: str, text_colour: str) -> None:
    """The band across the top: colour name or Action title."""
    pen.title_band(HEADER, text, fill, text_colour=text_colour, size=17, baseline=4.6)


def _frame(pen: Pen, colour: str) -> None:
    pen.background("#ffffff")
    pen.rect(2.5, 2.5, pen.w - 5, pen.h - 5, stroke=colour, width=0.6, radius=3)


def _die_mark(pen: Pen, x: float, y: float, die: str) -> None:
    """A small square die in ``die``'s colour carrying its initial, so colour is never the only cue."""
    c = _colour(die)
    pen.rect(x, y, DIE, DIE, fill=c["light"] if pen.ink_saver else c["ink"], stroke="#000000",
             width=0.25, radius=1)
    pen.text(x + DIE / 2, y + 1.7, die[0].upper(), size=9, bold=True,
             colour="#000000" if pen.ink_saver else c["text"], anchor="centre")


def goal_front(colour: str, target: int, value: int):
    """The face of a Goal card."""
    c = _colour(colour)

    def draw(pen: Pen) -> None:
        _frame(pen, c["ink"])
        _band(pen, c["ink"], colour.upper(), c["text"])
        cx, cy = pen.w / 2, pen.h / 2 + 2
        pen.circle(cx, cy, 19, fill=c["light"], stroke=c["ink"], width=1.2)
        size = {1: 60, 2: 46}.get(len(str(target)), 30)
        pen.text(cx, cy - size * 0.13, str(target), size=size, bold=True, anchor="centre")
        pen.text(cx, cy - 15.5, "TARGET", size=6, anchor="centre", colour="#444444")
        needs = NEEDS[colour]
        for i, die in enumerate(needs):
            _die_mark(pen, 5 + i * (DIE + 1.2), 6, die)
        rule = {"primary": "its sum", "secondary": "lower sum", "tertiary": "lowest sum"}[tier(colour)]
        pen.text(5, 4.0, f"roll {' + '.join(d[0].upper() for d in needs)}: {rule}", size=5,
                 colour="#444444")
        pen.rect(pen.w - 19, 4.5, 14, 12, fill="#ffffff", stroke=c["ink"], width=0.8, radius=2)
        pen.text(pen.w - 12, 9.2, str(value), size=15, bold=True, anchor="centre")
        pen.text(pen.w - 12, 6.0, "VALUE", size=5, anchor="centre", colour="#444444")
        pen.label(f"ryb:goal:{colour}-{target}", y=pen.h - HEADER - 4)

    return draw


def action_front(action: str, variable: str):
    """The face of an Action card; a Variable card shows the chosen function."""
    texts = card_texts()
    entry = texts["actions"][action]
    title = entry["title"]
    if action == "variable":
        entry = texts["variable"][variable]
        title = f"Variable: {entry['title']}"
    phase = texts["phases"][entry["phase"]]

    def draw(pen: Pen) -> None:
        _frame(pen, ACTION_INK)
        _band(pen, ACTION_INK, title, "#ffffff")
        pen.text(pen.w / 2, pen.h - HEADER - 4.5, "ACTION", size=6, anchor="centre", colour="#444444")
        top = pen.h - HEADER - 7
        lines = pen.wrap(phase, pen.w - 14, 7.5, bold=True)
        box = 3.2 * len(lines) + 2.5
        pen.rect(5, top - box, pen.w - 10, box, fill="#eceff1", radius=1.5)
        pen.paragraph(7, top - 1.2, phase, pen.w - 14, size=7.5, bold=True)
        pen.paragraph(6, top - box - 4, entry["text"], pen.w - 12, size=8.5, leading=1.3)
        pen.label(f"ryb:action:{action}", y=4)

    return draw


def card_back(deck_name: str):
    """The one back every deck card shares, so a face-down card gives nothing away."""

    def draw(pen: Pen) -> None:
        light = pen.ink_saver
        pen.background("#ffffff" if light else BACK_INK)
        cx, cy, r = pen.w / 2, pen.h / 2 + 6, 11
        canvas = pen.canvas
        canvas.saveState()
        if not light:
            canvas.setFillAlpha(0.85)
        for i, die in enumerate(("red", "yellow", "blue")):
            x = cx + (-7, 7, 0)[i]
            y = cy + (4, 4, -8)[i]
            ink = _colour(die)
            pen.circle(x, y, r, fill=None if light else ink["ink"], stroke=ink["ink"], width=1.2)
        canvas.restoreState()
        ink = "#000000" if light else "#ffffff"
        pen.text(cx, 22, "R · Y · B", size=20, bold=True, colour=ink, anchor="centre")
        pen.fit_text(cx, 14, deck_name, pen.w - 12, size=7, colour=ink, anchor="centre")

    return draw


def reference_front(pen: Pen) -> None:
    ref = card_texts()["reference"]
    _frame(pen, ACTION_INK)
    _band(pen, ACTION_INK, ref["title"], "#ffffff")
    y = pen.h - HEADER - 3
    for n, step in enumerate(ref["steps"], start=1):
        pen.text(5, y - 2.6, f"{n}.", size=7, bold=True)
        y = pen.paragraph(9, y, step, pen.w - 14, size=7, leading=1.2) - 1.6
    y = pen.paragraph(5, y - 0.5, ref["win"], pen.w - 10, size=7, bold=True, leading=1.2) - 1.2
    pen.paragraph(5, y, ref["deal"], pen.w - 10, size=6.5, leading=1.2)
    pen.label("ryb:reference", y=4)


def reference_back(pen: Pen) -> None:
    """The colour chart: which dice each Goal colour needs and what it is worth."""
    _frame(pen, ACTION_INK)
    _band(pen, ACTION_INK, "Colours", "#ffffff")
    y = pen.h - HEADER - 10
    for colour in COLOURS:
        c = _colour(colour)
        pen.rect(5, y - 1, 17, 7, fill=c["light"] if pen.ink_saver else c["ink"], radius=1)
        pen.fit_text(13.5, y + 1.2, colour.capitalize(), 15, size=7, bold=True,
                     colour="#000000" if pen.ink_saver else c["text"], anchor="centre")
        for i, die in enumerate(NEEDS[colour]):
            _die_mark(pen, 24 + i * (DIE + 0.8), y - 0.5, die)
        pen.text(pen.w - 5, y + 1.2, f"Value = Target x{MULTIPLIER[tier(colour)]}", size=6.5,
                 anchor="right")
        y -= 9.2


def score_sheet(players: int, tables: tuple[int, ...], rows: int = 14):
    """A full-page score sheet: Goals per player, colours ticked, running total."""
    letters = "".join(c[0].upper() if c != "black" else "K" for c in COLOURS)

    def draw(pen: Pen) -> None:
        top = pen.h - 20
        pen.text(15, top, "RYB score sheet", size=20, bold=True)
        pen.text(15, top - 7, "Write each completed Goal as colour and value. You win with "
                 f"{win_condition()}.", size=8.5)
        left, right = 15, pen.w - 15
        col_w = (right - left - 30) / players
        y0 = top - 14
        row_h = min(11, (y0 - 60) / (rows + 1))
        pen.rect(left, y0 - row_h, right - left, row_h, fill="#eceff1")
        pen.text(left + 2, y0 - row_h + 3.5, "Player", size=9, bold=True)
        for r in range(rows + 1):
            y = y0 - (r + 1) * row_h
            pen.line(left, y, right, y, width=0.25)
            if r:
                pen.text(left + 2, y + 3.5, f"Goal {r}", size=8, colour="#555555")
        base = y0 - (rows + 1) * row_h
        pen.text(left + 2, base - 8, "Colours", size=8, bold=True)
        pen.text(left + 2, base - 18, "Total", size=9, bold=True)
        pen.line(left, base - 12, right, base - 12, width=0.25)
        pen.line(left, base - 24, right, base - 24, width=0.6)
        for p in range(players + 1):
            x = left + 30 + p * col_w
            pen.line(x, y0, x, base - 24, width=0.25)
        for p in range(players):
            x = left + 30 + p * col_w
            box = min(3.2, (col_w - 4) / len(letters))
            for i, letter in enumerate(letters):
                bx = x + 2 + i * box
                pen.rect(bx, base - 9.5, box - 0.6, box - 0.6, stroke="#555555", width=0.2)
                pen.text(bx + (box - 0.6) / 2, base - 5.5, letter, size=4.5, anchor="centre",
                         colour="#555555")
        pen.rect(left, base - 24, right - left, y0 - base + 24, stroke="#000000", width=0.6)
        deal = ", ".join(f"{p} players {HAND_SIZE[p]} cards" for p in tables)
        pen.text(15, base - 32, f"Deal: {deal}.", size=8)
        pen.text(pen.w / 2, 12, "[ryb:score-sheet]", size=6, colour="#8a8a8a", anchor="centre")

    return draw


@dataclass(frozen=True)
class RybOptions:
    """What to print: the deck, and what its Variable cards do."""

    deck: Deck
    variable: str


def build(settings: SheetSettings, options: RybOptions) -> Document:
    """The whole printable set for a deck: its cards, one turn summary per player
    at the largest table it is for, and a score sheet with a column per player."""
    deck, variable = options.deck, options.variable
    doc = Document(settings, game="ryb", ruleset=RULESET, title=f"RYB: {deck.name}",
                   options={"variable": variable, "deck": deck.name, "players": list(deck.players)})
    back = card_back(deck.name)
    cards: list[Piece] = []
    for group in deck.groups:
        if group.kind == "goal":
            goal = group.goal()
            piece = Piece("goal", f"ryb:goal:{goal.slug}", goal_front(goal.colour, goal.target,
                          goal.value), back, {"colour": goal.colour, "target": goal.target,
                                              "value": goal.value})
        else:
            piece = Piece("action", f"ryb:action:{group.name}", action_front(group.name, variable),
                          back, {"action": group.name})
        cards += [piece] * group.count
    cards += [Piece("reference", "ryb:reference", reference_front, reference_back)] * deck.most_players
    w, h = component_size("poker")
    doc.add_pieces(cards, w, h, section="cards")
    page = settings.paper
    sheet = score_sheet(deck.most_players, deck.players)
    doc.add_page(sheet, section="score sheet",
                 placed=[Placed("ryb:score-sheet", "score-sheet", 0, 0, page.width, page.height)],
                 pieces=[Piece("score-sheet", "ryb:score-sheet", sheet)])
    return doc


def default_document(settings: SheetSettings) -> Document:
    """The reference deck with its own Variable function, as ``icp-print all`` prints it."""
    deck = load_deck(REFERENCE_DECK)
    return build(settings, RybOptions(deck, deck.variable))
