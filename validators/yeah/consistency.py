"""Does an item table make sense?  Names, costs, and above all whether what
item X says it kills agrees with what item Y says it is killed by.

Each disagreement is one :class:`Contradiction`; the check reports them all
and takes no side (the round resolver's policy is in :mod:`.resolve`).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..report import Finding, failed, passed
from .model import Item, ItemTable, Ref, kills_cover, says

CONTRADICTION = "kills agree with killed by"
# A row whose notes say more than its own cells; the notes win (see model.kills_cover).
NOTES_OVER_TYPE = "type agrees with notes"
NOTES_OVER_KILLS = "kills agree with notes"


@dataclass(frozen=True)
class Contradiction:
    """``killer`` vs ``victim``: exactly one of the two cells names the other.

    ``by_kills`` is the killer's Kills reference that covers the victim (None
    if its Kills cell is silent); ``by_killed_by`` the victim's Killed By
    reference that covers the killer.
    """

    killer: Item
    victim: Item
    by_kills: Ref | None
    by_killed_by: Ref | None

    def message(self) -> str:
        k, v = self.killer, self.victim
        if self.by_kills is not None:
            cell = ", ".join(r.text() for r in v.killed_by) or "empty"
            return (f"{k.name}'s Kills ({self.by_kills.text()}) covers {v.name}, but "
                    f"{v.name}'s Killed By ({cell}) does not name {k.name}")
        cell = ", ".join(r.text() for r in k.kills) or "empty"
        assert self.by_killed_by is not None    # a gap is found through one cell or the other
        return (f"{v.name}'s Killed By ({self.by_killed_by.text()}) covers {k.name}, but "
                f"{k.name}'s Kills ({cell}) does not name {v.name}")


def contradictions(table: ItemTable) -> list[Contradiction]:
    """Every ordered pair of items on which the two cells disagree.

    An item that belongs to no player (Firework (blast)) is never a victim:
    there is nobody to kill.
    """
    found = []
    for killer in table.items:
        for victim in table.items:
            if not victim.held:
                continue
            by_kills, by_killed_by = kills_cover(killer, victim), says(victim.killed_by, killer)
            if (by_kills is None) != (by_killed_by is None):
                found.append(Contradiction(killer, victim, by_kills, by_killed_by))
    return found


def check_table(table: ItemTable) -> list[Finding]:
    """Every finding about ``table``: structure first, then contradictions."""
    findings = structure_findings(table)
    found = contradictions(table)
    for c in found:
        findings.append(failed(CONTRADICTION, c.message(), f"{c.killer.name} -> {c.victim.name}"))
    if not found:
        findings.append(passed(CONTRADICTION, "every Kills cell agrees with every Killed By cell"))
    return findings


def structure_findings(table: ItemTable) -> list[Finding]:
    """Problems that stop the table being played at all: unknown names, unpayable
    costs, no Skip.  The round resolver refuses a table with any of these."""
    findings = _names(table) + _references(table) + _costs(table) + _fallback(table)
    findings += _type_notes(table)
    return findings


def _names(table: ItemTable) -> list[Finding]:
    twice = [name for name, n in Counter(i.id for i in table.items).items() if n > 1]
    if twice:
        return [failed("item names", f"two items share the name {name!r}") for name in twice]
    return [passed("item names", f"{len(table.items)} items, every name different")]


def _references(table: ItemTable) -> list[Finding]:
    bad = []
    for item in table.items:
        for cell in ("kills", "killed_by"):
            for j, ref in enumerate(getattr(item, cell)):
                where = f"{item.where}.{cell}[{j}] ({item.name})"
                if ref.item is not None and table.find(ref.item) is None:
                    bad.append(failed("item names", f"unknown item {ref.item!r}", where))
                elif ref.item is None and not table.resolved((ref,)):
                    bad.append(failed("references", f"{ref.text()} covers no item", where))
        for key in ("needs_last_turn", "not_while_holding", "then_next_turn", "arises_from"):
            name = getattr(item, key)
            if name is not None and table.find(name) is None:
                bad.append(failed("item names", f"unknown item {name!r}", f"{item.where}.{key} ({item.name})"))
        for j, name in enumerate(item.spares):
            if table.find(name) is None:
                bad.append(failed("item names", f"unknown item {name!r}",
                                  f"{item.where}.spares[{j}] ({item.name})"))
    return bad or [passed("references", "every item and type named in the table exists")]


def reachable_ammo(table: ItemTable) -> float:
    """The most ammunition a player can ever hold (inf when some payable item gains more than it costs)."""
    reach = table.starting_ammo
    for item in table.items:
        if item.choosable and 0 <= item.cost <= reach and item.gives > item.cost:
            return float("inf")
    return reach


def _costs(table: ItemTable) -> list[Finding]:
    bad = []
    most = reachable_ammo(table)
    for item in table.items:
        where = f"{item.where}.cost ({item.name})"
        if not item.choosable:
            if item.arises_from is None:
                bad.append(failed("costs", "NaN cost: nobody can choose it, and no item makes it "
                                  "(add arises_from)", where))
        elif item.cost < 0:
            bad.append(failed("costs", f"a cost of {item.price} cannot be paid", where))
        elif item.cost > most:
            bad.append(failed("costs", f"costs {item.price} but no player can ever hold more than "
                              f"{int(most)}", where))
        if item.gives < 0:
            bad.append(failed("costs", f"gives {item.gives}: an item cannot give negative ammunition",
                              f"{item.where}.gives ({item.name})"))
    return bad or [passed("costs", "every cost can be paid; NaN costs belong to items another item makes")]


def _fallback(table: ItemTable) -> list[Finding]:
    skips = [i for i in table.items if i.fallback]
    if len(skips) != 1:
        return [failed("skip", f"{len(skips)} items are marked fallback; exactly one (Skip) must be, "
                       "so a refused choice has something to become")]
    skip = skips[0]
    if not skip.choosable or skip.cost != 0:
        return [failed("skip", "the fallback item must cost 0, so anyone can always play it",
                       f"{skip.where} ({skip.name})")]
    return [passed("skip", f"refused choices become {skip.name}")]


def _type_notes(table: ItemTable) -> list[Finding]:
    """Rows whose notes deny their own cells: the Firework blast's type, Bazooka's Kills.

    The notes win in both (so neither clash counts among the contradictions),
    and each clash is reported here, apart."""
    findings = [failed(NOTES_OVER_TYPE, f"its type reads {i.type.text()}, but its notes say it "
                       f"is not a {i.type.category.capitalize()}; references to "
                       f"<{i.type.category.capitalize()}> skip it", f"{i.where} ({i.name})")
                for i in table.items if i.type.category in i.not_counted_as]
    for killer in table.items:
        for name in killer.spares:
            victim = table.find(name)
            if victim is None:
                continue
            ref = says(killer.kills, victim)
            if ref is not None:
                findings.append(failed(NOTES_OVER_KILLS, f"its Kills cell ({ref.text()}) covers "
                                       f"{victim.name}, but its notes spare it; the notes win",
                                       f"{killer.where} ({killer.name})"))
    return findings


def blocking(findings: list[Finding]) -> list[Finding]:
    """The failed findings that make a table unplayable (not mere contradictions)."""
    return [f for f in findings
            if not f.ok and f.rule not in (CONTRADICTION, NOTES_OVER_TYPE, NOTES_OVER_KILLS)]
