"""Text and JSON of a resolved yEAh round; the CLI prints what these return."""
from __future__ import annotations

from typing import Any

from .model import ItemTable
from .resolve import RoundResult
from .round import round_as_json


def result_as_json(result: RoundResult) -> dict[str, Any]:
    """Every player's choice, fate and ammunition, and the next round's file."""
    return {
        "players": [{"name": o.name, "chose": o.chose, "played": o.played, "refused": o.refused,
                     "copied_from": o.copied_from, "holding": list(o.holding), "killed": o.killed,
                     "killed_by": [{"player": k.killer, "item": k.item, "because": k.because}
                                   for k in o.killed_by],
                     "ammo_before": o.ammo_before, "ammo_after": o.ammo_after}
                    for o in result.outcomes],
        "active_effects": list(result.unowned),
        "stunned_next_turn": list(result.stunned),
        "revived": [{"player": who, "by": by} for who, by in result.revived],
        "notes": list(result.notes),
        "standing": list(result.standing),
        "next_round": round_as_json(result.next_players),
    }


def result_text(table: ItemTable, result: RoundResult) -> str:
    """One line per player, then stuns, revivals, notes and who is still standing."""
    name = {i.id: i.name for i in table.items}
    lines = []
    if result.unowned:
        lines.append("In play for nobody: " + ", ".join(name[e] for e in result.unowned))
    for o in result.outcomes:
        if o.played is None:
            lines.append(f"{o.name}: dead, sits out")
            continue
        what = name[o.played]
        if o.copied_from:
            what += f" (Mirror, copying {o.copied_from})"
        if o.refused:
            what += f" (chose {name.get(o.chose or '', 'nothing')}: refused, {o.refused})"
        if o.holding:
            what += " + holding " + ", ".join(name[h] for h in o.holding)
        fate = "KILLED by " + ", ".join(f"{k.killer or 'nobody'}'s {name[k.item]}" for k in o.killed_by) \
            if o.killed else "survives"
        lines.append(f"{o.name}: {what}; {fate}; ammo {o.ammo_before} -> {o.ammo_after}")
    lines += [f"{who} is stunned: plays Skip next turn" for who in result.stunned]
    lines += [f"{who} is revived by {by} with 0 ammo" for who, by in result.revived]
    lines += [f"note: {n}" for n in result.notes]
    standing = result.standing
    lines.append(f"Standing: {', '.join(standing) or 'nobody'}"
                 + (f" - {standing[0]} wins" if len(standing) == 1 else ""))
    return "\n".join(lines)
