"""Is a postcard complete and true to its game's rules?

The facts each postcard must carry (gauges with range and start, actions,
tables, the Components list) are written once, from the rules text, in
``<game>/card.py`` (listed in :mod:`.games`); this module compares a :class:`~.model.Postcard` with
them and returns one :class:`~..report.Finding` per fact.
"""
from __future__ import annotations

from ..errors import InputError
from ..report import Finding, failed, passed
from .model import CARD_H, CARD_W, EDGE_MM, SIZE_NAMES, Actions, Box, Postcard, Table, edge_gaps
from .games import RULEBOOKS
from .rulebook import Rulebook, TrackRule
from .tables import Table as RulesTable
from .tables import load_tables

HEADER_MM = 7.0


def rules_table(game: str, table_id: str) -> RulesTable:
    """The rules' table ``table_id`` of ``game`` (from ``templates/ycp/tables``)."""
    tables = load_tables(game)
    if table_id not in tables:
        raise InputError(f"no table {table_id!r} in the rules tables of {game} "
                         f"(known: {', '.join(tables) or 'none'})", field=f"front.{table_id}")
    return tables[table_id]


def check_track(card: Postcard, rule: TrackRule) -> Finding:
    """One gauge the rules name: present, right first and last space, right start."""
    name = f"gauge {rule.id}"
    track = card.tracks().get(rule.id)
    if track is None:
        return failed(name, f"the rules need a {rule.what} track ({rule.id!r}) on the card", card.id)
    problems = []
    if track.cells[0] != rule.first or track.cells[-1] != rule.last:
        problems.append(f"runs {track.cells[0]}..{track.cells[-1]}, rules say {rule.first}..{rule.last}")
    if len(track.cells) != rule.length:
        problems.append(f"has {len(track.cells)} spaces, rules give {rule.length}")
    if track.start != rule.start:
        problems.append(f"starts on {track.start or 'nothing'!r}, rules say {rule.start or 'nothing'!r}")
    for cell in rule.goal:
        if cell not in track.goal:
            problems.append(f"space {cell!r} must be marked as an end")
    for cell, note in rule.marks.items():
        if note.lower() not in track.marks.get(cell, "").lower():
            problems.append(f"space {cell!r} must be marked {note!r}")
    if problems:
        return failed(name, "; ".join(problems), card.id)
    return passed(name, f"{rule.what}: {rule.first}..{rule.last}, start {rule.start or 'empty'}")


def check_actions(card: Postcard, book: Rulebook) -> list[Finding]:
    names = {item.name.lower(): item for a in card.of_kind(Actions) for item in a.items}
    findings = []
    for action, slots in book.actions.items():
        item = names.get(action.lower())
        if item is None:
            findings.append(failed(f"action {action}", "missing from the action spaces", card.id))
        elif not item.open and item.slots < slots:
            findings.append(failed(f"action {action}", f"needs {slots} cube spaces, has {item.slots}",
                                   card.id))
        else:
            findings.append(passed(f"action {action}", "an open area, no limit" if item.open
                                   else f"{item.slots} cube space(s)"))
    return findings


def check_tables(card: Postcard, book: Rulebook) -> list[Finding]:
    printed = {t.ref or t.id: t for t in card.of_kind(Table)}
    findings = []
    for table_id, rows in book.tables.items():
        t = printed.get(table_id)
        if t is None:
            findings.append(failed(f"table {table_id}", "not printed on the card", card.id))
            continue
        count = len(rules_table(card.id, table_id).rows if t.ref else t.rows)
        if count < rows:
            findings.append(failed(f"table {table_id}", f"{count} rows, the rules give {rows}", card.id))
        else:
            findings.append(passed(f"table {table_id}", f"{count} rows"))
    return findings


def component_counts(card: Postcard) -> dict[tuple[str, str], int]:
    """Total of each (item, set) on the card's Components list."""
    totals: dict[tuple[str, str], int] = {}
    for c in card.components:
        key = (c.item, c.set)
        totals[key] = totals.get(key, 0) + c.count
    return totals


def check_components(card: Postcard, book: Rulebook) -> Finding:
    have = component_counts(card)
    if have == book.components:
        listed = ", ".join(f"{n} {item}{f' ({s})' if s else ''}" for (item, s), n in sorted(have.items()))
        return passed("components", listed)
    wrong = [f"{item}{f' ({s})' if s else ''}: card {have.get((item, s), 0)}, rules {n}"
             for (item, s), n in sorted(book.components.items()) if have.get((item, s), 0) != n]
    wrong += [f"{item}{f' ({s})' if s else ''}: not in the rules" for (item, s) in sorted(have)
              if (item, s) not in book.components]
    return failed("components", "; ".join(wrong), card.id)


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] - 0.01 and b[0] < a[0] + a[2] - 0.01 and \
        a[1] < b[1] + b[3] - 0.01 and b[1] < a[1] + a[3] - 0.01


def check_layout(card: Postcard) -> list[Finding]:
    """Every box on the card, below the header, at least :data:`EDGE_MM` inside the trim
    of every postcard size, none overlapping another."""
    findings = []
    for e in card.front:
        x, y, w, h = e.box
        if y < HEADER_MM - 0.01 or x + w > CARD_W or y + h > CARD_H:
            findings.append(failed("layout", f"{e.id} leaves the card or covers the header", card.id))
        for size in SIZE_NAMES:
            gap = min(edge_gaps(e.box, size))
            if gap < EDGE_MM - 1e-6:
                findings.append(failed("layout", f"{e.id} comes {gap:.2f} mm from the trim of the {size} postcard, "
                                       f"frames and text stay {EDGE_MM:g} mm inside", card.id))
    for i, a in enumerate(card.front):
        for b in card.front[i + 1:]:
            if _overlap(a.box, b.box):
                findings.append(failed("layout", f"{a.id} overlaps {b.id}", card.id))
    if not findings:
        findings.append(passed("layout", f"{len(card.front)} elements, none overlapping, all "
                               f"{EDGE_MM:g} mm inside the trim"))
    return findings


def check_postcard(card: Postcard) -> list[Finding]:
    """Everything the rules require of ``card``, one finding per fact."""
    book = RULEBOOKS[card.id]
    findings = [check_track(card, rule) for rule in book.tracks]
    findings += check_actions(card, book)
    findings += check_tables(card, book)
    findings.append(check_components(card, book))
    findings += check_layout(card)
    for name, check in book.extra:
        problems = check(card)
        findings.append(failed(name, "; ".join(problems), card.id) if problems
                        else passed(name, "as the rules say"))
    for section, items in (("setup", card.setup), ("turn summary", card.turn)):
        findings.append(passed(section, f"{len(items)} steps") if items
                        else failed(section, "the back needs it", card.id))
    return findings


__all__ = ["check_postcard", "rules_table", "check_track", "component_counts"]
