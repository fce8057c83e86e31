"""What ``icp-print check`` runs for yEAh: an item table (TOML), or the item
cards a PDF holds (one card per item of the table it was printed from)."""
from __future__ import annotations

from collections import Counter
from ..errors import InputError
from ..report import Finding, Summary, card_size_finding, failed, passed
from ..schema import Table
from .consistency import check_table, contradictions
from .model import ItemTable
from .table import parse_table, published_table

GAME = "yeah"
ALLOWS_NAN = True  # an item table writes nan for an item nobody chooses


def looks_like(data: Table) -> bool:
    """A TOML file is a yEAh item table when its [[item]] entries have Kills cells."""
    items = data.get("item")
    return isinstance(items, list) and any(isinstance(i, dict) and ("kills" in i or "killed_by" in i)
                                           for i in items)


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    try:
        table = parse_table(data)
    except InputError as exc:
        raise exc.located(source) from None
    return check_table(table), summary(table)


def summary(table: ItemTable) -> Summary:
    return {"table": table.name, "items": len(table.items),
            "contradictions": len(contradictions(table))}


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    """One card per item the manifest lists, and, for the published table, exactly its items."""
    wanted = [str(n) for n in options.get("items", [])]
    printed: Counter[str] = Counter()
    for c in components:
        if c.get("kind") == "item":
            printed[str((c.get("data") or {}).get("item"))] += int(c["count"])
    findings: list[Finding] = []
    if options.get("published", False):
        names = [i.id for i in published_table().items]
        if wanted == names:
            findings.append(passed("published table", f"the set lists the {len(names)} published items"))
        else:
            findings.append(failed("published table", "the item list differs from the published table: "
                                   f"missing {sorted(set(names) - set(wanted))}, "
                                   f"extra {sorted(set(wanted) - set(names))}"))
    for name in sorted(set(wanted) | set(printed)):
        if name not in wanted:
            findings.append(failed("one card per item", f"a card for {name!r}, which the table lacks"))
        elif printed[name] != 1:
            findings.append(failed("one card per item", f"{name}: {printed[name]} cards printed"))
    findings.append(card_size_finding(components, options, ("item",)))
    if not wanted:
        findings.append(failed("one card per item", "the manifest lists no items"))
    elif all(printed[n] == 1 for n in wanted) and set(printed) <= set(wanted):
        findings.append(passed("one card per item", f"{len(wanted)} items, one card each"))
    return findings, {"items": len(wanted), "item cards": sum(printed.values())}
