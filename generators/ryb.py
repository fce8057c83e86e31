"""Drawing the RYB set: Goal and Action cards, the back, the turn summary card
and the score sheet.  The cards' rules (colours, values, texts) come from
:mod:`..validators.ryb`; this module only decides how they look.

Every card is drawn for the poker size and scaled by :attr:`CardSize.scale`
for other sizes, with positions taken from the card's own width and height
and no text below :data:`MIN_PT` at real size.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..validators.ryb.deck import REFERENCE_DECK, Deck, card_text, card_texts, load_deck
from ..validators.ryb.model import COLOURS, HAND_SIZE, MULTIPLIER, NEEDS, Colour, DieColour, tier, win_condition
from .cards import FRAME, MIN_PT, PAD, CardSize, card_size, font_size
from .pen import Pen
from .sheet import Document, Piece, Placed, SheetSettings
from .units import to_mm

RULESET = "ryb-1"
HEADER = 15.0          # mm, height of the coloured band on a poker card
ACTION_INK = "#37474f"
BACK_INK = "#263238"
DIE = 6.0              # mm, side of a dice-colour mark on a poker card
SUBTLE = "#444444"


def _colour(name: str) -> dict:
    return card_texts()["colours"][name]


def _band(pen: Pen, scale: float, fill: str, text: str, text_colour: str, light_ink: str) -> None:
    """The band across the top, bled off the trim: colour name or Action title.

    With ink saver the band is white and its outline and title take ``light_ink``,
    a shade dark enough to read on white."""
    pen.title_band(HEADER * scale, text, light_ink if pen.ink_saver else fill,
                   text_colour=text_colour, size=17 * scale, baseline=4.6 * scale)


def _frame(pen: Pen, colour: str) -> None:
    pen.background("#ffffff")
    pen.rect(FRAME, FRAME, pen.w - 2 * FRAME, pen.h - 2 * FRAME, stroke=colour, width=0.6, radius=3)


def _die_mark(pen: Pen, x: float, y: float, die: DieColour, side: float) -> None:
    """A small square die in ``die``'s colour carrying its initial, so colour is never the only cue."""
    c = _colour(die)
    pen.rect(x, y, side, side, fill=c["light"] if pen.ink_saver else c["ink"], stroke="#000000",
             width=0.25, radius=side / 6)
    size = font_size(9 * side / DIE, 1)
    pen.text(x + side / 2, y + side / 2 - size * 0.125, die[0].upper(), size=size, bold=True,
             colour="#000000" if pen.ink_saver else c["text"], anchor="centre")


def goal_front(colour: Colour, target: int, value: int, scale: float = 1.0):
    """The face of a Goal card: name on top, Target in the middle, Value lower right."""
    c = _colour(colour)
    needs = NEEDS[colour]
    rule = f"roll {' + '.join(d[0].upper() for d in needs)}: {card_texts()['tiers'][tier(colour)]}"

    def draw(pen: Pen) -> None:
        _frame(pen, c["ink"])
        _band(pen, scale, c["ink"], colour.upper(), c["text"], c["dark"])
        # Bottom row: the rule line, and above it the die marks and the Value box.
        small = font_size(6, scale)
        pen.fit_text(PAD, PAD + 0.4, rule, pen.w - 2 * PAD, size=small, colour=SUBTLE, min_size=MIN_PT)
        row = PAD + 0.4 + to_mm(small) + 1.2
        side = DIE * scale
        for i, die in enumerate(needs):
            _die_mark(pen, PAD + i * (side + 1.2 * scale), row, die, side)
        box_w, box_h = 14 * scale, max(12 * scale, 9.0)
        bx = pen.w - PAD - box_w
        pen.rect(bx, row, box_w, box_h, fill="#ffffff", stroke=c["ink"], width=0.8, radius=2)
        pen.text(bx + box_w / 2, row + 1.2, "VALUE", size=small, anchor="centre", colour=SUBTLE)
        pen.fit_text(bx + box_w / 2, row + 1.2 + to_mm(small) + 1.0, str(value), box_w - 1.5,
                     size=font_size(15, scale), bold=True, anchor="centre", min_size=MIN_PT)
        # The Target in a circle between the band and the bottom row.
        head = pen.h - HEADER * scale
        top, bottom = head - 3.0, row + box_h
        cx, cy = pen.w / 2, (top + bottom) / 2
        r = min(19 * scale, (top - bottom) / 2 - 1, pen.w / 2 - PAD)
        pen.circle(cx, cy, r, fill=c["light"], stroke=c["ink"], width=1.2)
        size = {1: 60, 2: 46}.get(len(str(target)), 30) * r / 19
        pen.fit_text(cx, cy - size * 0.13, str(target), 1.7 * r, size=size, bold=True, anchor="centre")
        pen.text(cx, cy - r * 0.82, "TARGET", size=font_size(6, scale), anchor="centre", colour=SUBTLE)
        pen.label(f"ryb:goal:{colour}-{target}", y=head - 2.6)

    return draw


def action_front(action: str, variable: str, scale: float = 1.0):
    """The face of an Action card; a Variable card shows the chosen function."""
    texts = card_texts()
    entry = texts["actions"][action]
    title = entry["title"]
    if action == "variable":
        entry = texts["variable"][variable]
        title = f"Variable: {entry['title']}"
    phase = texts["phases"][entry["phase"]]
    body = card_text(entry["text"])

    def draw(pen: Pen) -> None:
        _frame(pen, ACTION_INK)
        _band(pen, scale, ACTION_INK, title, "#ffffff", ACTION_INK)
        caption = font_size(6, scale)
        head = pen.h - HEADER * scale
        pen.text(pen.w / 2, head - 1.5 - to_mm(caption), "ACTION", size=caption, anchor="centre",
                 colour=SUBTLE)
        top = head - 3.0 - to_mm(caption)
        size = font_size(7.5, scale)
        lines = pen.wrap(phase, pen.w - 2 * PAD - 2, size, bold=True)
        box = to_mm(size) * 1.25 * len(lines) + 1.5
        pen.rect(PAD - 1, top - box, pen.w - 2 * PAD + 2, box, fill="#eceff1", radius=1.5)
        pen.paragraph(PAD, top - 0.8, phase, pen.w - 2 * PAD - 2, size=size, bold=True)
        text_top = top - box - 2.0
        pen.fitted_paragraph(PAD, text_top, body, pen.w - 2 * PAD, text_top - PAD - 3,
                             size=font_size(8.5, scale), min_size=MIN_PT, leading=1.3)
        pen.label(f"ryb:action:{action}", y=PAD)

    return draw


def card_back(deck_name: str, scale: float = 1.0):
    """The one back every deck card shares, so a face-down card gives nothing away."""

    def draw(pen: Pen) -> None:
        light = pen.ink_saver
        pen.background("#ffffff" if light else BACK_INK)
        cx, cy, r = pen.w / 2, pen.h / 2 + 6 * scale, 11 * scale
        for i, die in enumerate(("red", "yellow", "blue")):
            ink = _colour(die)
            x, y = cx + (-7, 7, 0)[i] * scale, cy + (4, 4, -8)[i] * scale
            pen.circle(x, y, r, fill=None if light else ink["ink"], stroke=ink["ink"], width=1.2)
        text_ink = "#000000" if light else "#ffffff"
        pen.fit_text(cx, cy - 23 * scale, "R · Y · B", pen.w - 2 * PAD, size=20 * scale, bold=True,
                     colour=text_ink, anchor="centre", min_size=MIN_PT)
        pen.fit_text(cx, PAD + 4 * scale, deck_name, pen.w - 2 * PAD, size=font_size(7, scale),
                     colour=text_ink, anchor="centre", min_size=MIN_PT)

    return draw


def reference_front(players: tuple[int, ...], scale: float = 1.0):
    """The turn summary: the steps of a turn, how to win, and the deal."""
    ref = card_texts()["reference"]
    steps = [card_text(step, players) for step in ref["steps"]]
    win, deal = card_text(ref["win"], players), card_text(ref["deal"], players)

    def draw(pen: Pen) -> None:
        _frame(pen, ACTION_INK)
        _band(pen, scale, ACTION_INK, ref["title"], "#ffffff", ACTION_INK)
        size = _reference_size(pen, steps, win, deal, scale)
        y = pen.h - HEADER * scale - 2.5
        for n, step in enumerate(steps, start=1):
            pen.text(PAD, y - to_mm(size) * 0.8, f"{n}.", size=size, bold=True)
            y = pen.paragraph(PAD + 3.5, y, step, pen.w - 2 * PAD - 3.5, size=size, leading=1.2) - 1.2
        y = pen.paragraph(PAD, y - 0.5, win, pen.w - 2 * PAD, size=size, bold=True, leading=1.2) - 1.0
        pen.paragraph(PAD, y, deal, pen.w - 2 * PAD, size=size, leading=1.2)
        pen.label("ryb:reference", y=PAD - 1)

    return draw


def _reference_height(pen: Pen, steps: list[str], win: str, deal: str, size: float) -> float:
    line = to_mm(size) * 1.2
    lines = sum(len(pen.wrap(s, pen.w - 2 * PAD - 3.5, size)) for s in steps)
    lines += len(pen.wrap(win, pen.w - 2 * PAD, size, True)) + len(pen.wrap(deal, pen.w - 2 * PAD, size))
    return lines * line + 1.2 * len(steps) + 1.5


def _reference_room(pen: Pen, scale: float) -> float:
    return pen.h - HEADER * scale - 2.5 - PAD - 3


def _reference_size(pen: Pen, steps: list[str], win: str, deal: str, scale: float) -> float:
    """The largest font size, from 7 pt scaled down to :data:`MIN_PT`, at which the summary fits."""
    room = _reference_room(pen, scale)
    return pen.fitted_size(lambda size: _reference_height(pen, steps, win, deal, size) <= room,
                           font_size(7, scale), MIN_PT)


def reference_fits(card: CardSize, players: tuple[int, ...]) -> bool:
    """Whether the turn summary fits a card of this size with no text below :data:`MIN_PT`."""
    ref = card_texts()["reference"]
    steps = [card_text(step, players) for step in ref["steps"]]
    win, deal = card_text(ref["win"], players), card_text(ref["deal"], players)
    measure = Pen.off_page(card.width, card.height)
    size = _reference_size(measure, steps, win, deal, card.scale)
    return _reference_height(measure, steps, win, deal, size) <= _reference_room(measure, card.scale)


def reference_back(scale: float = 1.0):
    """The colour chart: which dice each Goal colour needs and what it is worth."""

    def draw(pen: Pen) -> None:
        _frame(pen, ACTION_INK)
        _band(pen, scale, ACTION_INK, "Colours", "#ffffff", ACTION_INK)
        caption = font_size(6, scale)
        head = pen.h - HEADER * scale - 2.0 - to_mm(caption)
        pen.text(PAD, head, "GOAL · DICE TO ROLL", size=caption, colour=SUBTLE)
        pen.text(pen.w - PAD, head, "VALUE", size=caption, colour=SUBTLE, anchor="right")
        step = (head - 1.5 - PAD) / len(COLOURS)
        side = min(DIE * scale, step - 1.6)
        name_w = 17 * scale
        dice_x = PAD + name_w + 1.5 * scale
        dice_end = dice_x + 3 * side + 2 * 0.8 * scale
        size = font_size(6.5, scale)
        for row, colour in enumerate(COLOURS):
            c = _colour(colour)
            y = head - 1.5 - (row + 1) * step + (step - side) / 2
            pen.rect(PAD, y, name_w, side, fill=c["light"] if pen.ink_saver else c["ink"], radius=1)
            pen.fit_text(PAD + name_w / 2, y + side / 2 - 0.9, colour.capitalize(), name_w - 1,
                         size=font_size(7, scale), bold=True,
                         colour="#000000" if pen.ink_saver else c["text"], anchor="centre", min_size=MIN_PT)
            for i, die in enumerate(NEEDS[colour]):
                _die_mark(pen, dice_x + i * (side + 0.8 * scale), y, die, side)
            factor = MULTIPLIER[tier(colour)]
            words = f"Target x{factor}"
            if pen.w - PAD - pen.text_width(words, size) < dice_end + 1.5:
                words = f"x{factor}"
            pen.text(pen.w - PAD, y + side / 2 - 0.9, words, size=size, anchor="right")

    return draw


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
        box = min(3.4, (col_w - 4) / len(letters))
        for p in range(players):
            x = left + 30 + p * col_w
            for i, letter in enumerate(letters):
                bx = x + 2 + i * box
                pen.rect(bx, base - 10.5, box - 0.6, box - 0.6, stroke="#555555", width=0.2)
                pen.text(bx + (box - 0.6) / 2, base - 6.0, letter, size=MIN_PT, anchor="centre",
                         colour="#555555")
        pen.rect(left, base - 24, right - left, y0 - base + 24, stroke="#000000", width=0.6)
        deal = ", ".join(f"{p} players {HAND_SIZE[p]} cards" for p in tables)
        pen.text(15, base - 32, f"Deal: {deal}.", size=8)
        pen.text(pen.w / 2, 12, "[ryb:score-sheet]", size=6, colour="#8a8a8a", anchor="centre")

    return draw


@dataclass(frozen=True)
class RybOptions:
    """What to print: the deck, what its Variable cards do, and the card size."""

    deck: Deck
    variable: str
    card: CardSize = field(default_factory=lambda: card_size("poker"))


def build(settings: SheetSettings, options: RybOptions) -> Document:
    """The whole printable set for a deck: its cards, one turn summary per player
    at the largest table it is for, and a score sheet with a column per player."""
    deck, variable, card = options.deck, options.variable, options.card
    scale = card.scale
    doc = Document(settings, game="ryb", ruleset=RULESET, title=f"RYB: {deck.name}",
                   options={"variable": variable, "deck": deck.name, "players": list(deck.players),
                            "card_size": card.name})
    back = card_back(deck.name, scale)
    cards: list[Piece] = []
    for group in deck.groups:
        if group.kind == "goal":
            goal = group.goal()
            piece = Piece("goal", f"ryb:goal:{goal.slug}", goal_front(goal.colour, goal.target,
                          goal.value, scale), back, {"colour": goal.colour, "target": goal.target,
                                                     "value": goal.value})
        else:
            piece = Piece("action", f"ryb:action:{group.name}",
                          action_front(group.name, variable, scale), back, {"action": group.name})
        cards += [piece] * group.copies
    # Turn summaries are player aids, not deck cards: on a card too small for their
    # text they print at poker size, on sheets of their own.
    aid = card if reference_fits(card, deck.players) else card_size("poker")
    summaries = [Piece("reference", "ryb:reference", reference_front(deck.players, aid.scale),
                       reference_back(aid.scale))] * deck.most_players
    if aid == card:
        doc.add_pieces(cards + summaries, card.width, card.height, section="cards")
    else:
        doc.add_pieces(cards, card.width, card.height, section="cards")
        doc.add_pieces(summaries, aid.width, aid.height, section="turn summaries")
    page = settings.paper
    sheet = score_sheet(deck.most_players, deck.players)
    doc.add_page(sheet, section="score sheet",
                 placed=[Placed("ryb:score-sheet", "score-sheet", 0, 0, page.width, page.height, cut=False)],
                 pieces=[Piece("score-sheet", "ryb:score-sheet", sheet)])
    return doc


def default_document(settings: SheetSettings) -> Document:
    """The reference deck with its own Variable function, as ``icp-print all`` prints it."""
    deck = load_deck(REFERENCE_DECK)
    return build(settings, RybOptions(deck, deck.variable))
