"""Resolving one round: which items are really played, who dies, and the
ammunition, effects and history everyone takes into the next round.

Policy where the table contradicts itself (see ``icp-print check
templates/yeah/items.toml``): **a kill happens if either cell says so** -
item A kills item B when A's Kills covers B *or* B's Killed By covers A.
Only a rule from the notes stops a kill: a player holding an activated
Orange Juice cannot die that turn (which is also what Bazooka's note says),
and a revived player can never kill the player who revived them.

Other choices, each because the rules give no detail:

- Items act on every other player at once; nobody aims (only a Stun Gun and
  Necromancy pick a ``target``).  A Firework blast belongs to nobody, so it
  hits the launcher too.
- A refused choice becomes Skip and costs nothing; a played item's cost is
  paid even if its player dies, and ``gives`` is added only by surviving.
- A Mirror plays the item of the next living player clockwise (their left),
  following chains of Mirrors; a ring of Mirrors copies nothing.  The copy
  is the player's item in every way (kills, dangers, gives, effects next
  turn, history rules) except that its cost is not paid.
- "If you survive" effects (activated Orange Juice, Firework blast, stun,
  revival) need the player alive at the end of the round.  Necromancy brings
  back a player who was dead before the round began.

>>> from .table import published_table
>>> from .round import PlayerState, Choice, Round
>>> r = Round((PlayerState("Ana", ammo=1), PlayerState("Ben")), (Choice("gun"), Choice("reload")))
>>> result = resolve(published_table(), r)
>>> [(o.name, o.played, o.killed, o.ammo_after) for o in result.outcomes]
[('Ana', 'gun', False, 0), ('Ben', 'reload', True, 0)]
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import RuleError
from .consistency import blocking, structure_findings
from .model import Item, ItemId, ItemTable, kills_cover, says
from .round import PlayerName, PlayerState, Round

NOBODY = None   # the owner of a Firework blast
Chosen = tuple[Item | None, str | None]                     # the item chosen, and why it became Skip if it did
Played = tuple[Item | None, str | None, PlayerName | None]  # the item played, why, and whose a Mirror copied


@dataclass(frozen=True)
class Kill:
    """``killer`` (a player, or None for an item that belongs to nobody) killed with ``item``."""

    killer: PlayerName | None
    item: ItemId
    because: str           # "kills", "killed_by" or "both": which cells say so


@dataclass(frozen=True)
class PlayerOutcome:
    """One player's round: choice, item played, death and ammunition."""

    name: PlayerName
    chose: ItemId | None
    played: ItemId | None          # None for a player who was dead all round
    refused: str | None = None     # why the choice became Skip
    copied_from: PlayerName | None = None
    holding: tuple[ItemId, ...] = ()
    killed: bool = False
    killed_by: tuple[Kill, ...] = ()
    ammo_before: int = 0
    ammo_after: int = 0


@dataclass(frozen=True)
class RoundResult:
    outcomes: tuple[PlayerOutcome, ...]
    unowned: tuple[ItemId, ...]            # effects that belong to nobody (Firework blasts)
    stunned: tuple[PlayerName, ...]
    revived: tuple[tuple[PlayerName, PlayerName], ...]   # (who was revived, by whom)
    notes: tuple[str, ...]
    next_players: tuple[PlayerState, ...]

    @property
    def standing(self) -> tuple[PlayerName, ...]:
        return tuple(p.name for p in self.next_players if p.alive)


def playable(table: ItemTable) -> ItemTable:
    """``table`` if the resolver can use it; a table with unknown names, unpayable
    costs or no Skip is refused (contradictions are fine: the policy settles them)."""
    problems = blocking(structure_findings(table))
    if problems:
        details = "; ".join(f"{f.where}: {f.message}" if f.where else f.message for f in problems)
        raise RuleError(f"the item table cannot be played: {details}")
    return table


def holding(table: ItemTable, player: PlayerState) -> tuple[Item, ...]:
    """Items the player owns this turn because of last turn (an activated Orange Juice)."""
    if not player.alive or player.last is None:
        return ()
    made = table.get(player.last).then_next_turn
    return (table.get(made),) if made and table.get(made).held else ()


def unowned_effects(table: ItemTable, players: tuple[PlayerState, ...]) -> tuple[Item, ...]:
    """Items active this turn that belong to nobody: one blast per Firework launched
    last turn by a player who survived it."""
    found = []
    for p in players:
        if p.alive and p.last is not None:
            made = table.get(p.last).then_next_turn
            if made and not table.get(made).held:
                found.append(table.get(made))
    return tuple(found)


def refusal(table: ItemTable, player: PlayerState, item: Item, *, pay: bool = True) -> str | None:
    """Why ``player`` may not play ``item`` now (None: allowed).  ``pay=False``
    leaves out the cost, for an item a Mirror copies."""
    if not item.choosable:
        return f"{item.name} is never chosen; it comes from {item.arises_from}"
    if item.needs_last_turn and player.last != table.get(item.needs_last_turn).id:
        return f"{item.name} needs {item.needs_last_turn} the turn before"
    if item.not_while_holding and any(h.id == table.get(item.not_while_holding).id
                                      for h in holding(table, player)):
        return f"{item.name} is not allowed while holding {item.not_while_holding}"
    if item.max_in_a_row is not None and player.in_a_row(item.id) >= item.max_in_a_row:
        return f"{item.name} at most {item.max_in_a_row} times in a row"
    if pay and item.price > player.ammo:
        return f"{item.name} costs {item.price}, only {player.ammo} ammunition"
    return None


def _chosen(table: ItemTable, rnd: Round) -> list[Chosen]:
    """Each player's item before Mirrors copy, with the reason a choice was refused."""
    skip = table.fallback
    out: list[tuple[Item | None, str | None]] = []
    for player, choice in zip(rnd.players, rnd.choices):
        if not player.alive:
            out.append((None, None))
        elif player.stunned:
            out.append((skip, "stunned by a Stun Gun"))
        elif choice.item is None:
            out.append((skip, "no choice made"))
        else:
            item = table.get(choice.item)
            why = refusal(table, player, item)
            out.append((skip, why) if why else (item, None))
    return out


def _copy_target(rnd: Round, chosen: list[Chosen], i: int) -> int | None:
    """The seat whose item the Mirror at seat ``i`` ends up copying (None: a ring of Mirrors)."""
    n, seat, seen = len(rnd.players), i, {i}
    while True:
        seat = (seat + 1) % n
        while (item := chosen[seat][0]) is None:     # the dead have no item
            seat = (seat + 1) % n
        if seat in seen:
            return None
        if not item.copies_left:
            return seat
        seen.add(seat)


def _kill(table: ItemTable, killer: Item, victim: Item) -> str | None:
    """The policy: a kill if either cell says so; which ones did."""
    a, b = kills_cover(killer, victim) is not None, says(victim.killed_by, killer) is not None
    return "both" if a and b else "kills" if a else "killed_by" if b else None


def resolve(table: ItemTable, rnd: Round) -> RoundResult:
    """Resolve one round of ``rnd`` under ``table`` (which must be :func:`playable`)."""
    chosen = _chosen(table, rnd)
    played: list[Played] = []
    for i, (item, why) in enumerate(chosen):
        if item is None or not item.copies_left:
            played.append((item, why, None))
            continue
        seat = _copy_target(rnd, chosen, i)
        copy = chosen[seat][0] if seat is not None else None
        if seat is None or copy is None:
            played.append((item, why, None))
            continue
        refused = refusal(table, rnd.players[i], copy, pay=False)
        if refused:
            played.append((table.fallback, f"Mirror copied {copy.name}: {refused}", rnd.players[seat].name))
        else:
            played.append((copy, None, rnd.players[seat].name))
    deaths = _deaths(table, rnd, [p[0] for p in played])
    return _finish(table, rnd, chosen, played, deaths)


def _deaths(table: ItemTable, rnd: Round, items: list[Item | None]) -> list[list[Kill]]:
    """Every kill this round, by victim seat."""
    actors: list[tuple[PlayerName | None, int | None, Item]] = []
    for i, (player, item) in enumerate(zip(rnd.players, items)):
        if item is not None:
            actors.append((player.name, i, item))
            actors += [(player.name, i, h) for h in holding(table, player)]
    actors += [(NOBODY, None, e) for e in unowned_effects(table, rnd.players)]
    kills: list[list[Kill]] = [[] for _ in rnd.players]
    for v, (victim, item) in enumerate(zip(rnd.players, items)):
        if item is None or any(h.guaranteed_survival for h in holding(table, victim)):
            continue
        for owner, seat, weapon in actors:
            if seat == v or (seat is not None and owner is not None
                             and rnd.players[seat].revived_by == victim.name):
                continue
            because = _kill(table, weapon, item)
            if because:
                kills[v].append(Kill(owner, weapon.id, because))
    return kills


def _finish(table: ItemTable, rnd: Round, chosen: list[Chosen], played: list[Played],
            deaths: list[list[Kill]]) -> RoundResult:
    outcomes: list[PlayerOutcome] = []
    after: list[PlayerState] = []
    for i, player in enumerate(rnd.players):
        item, why, source = played[i]
        first = chosen[i][0]
        cost = first.price if first is not None and chosen[i][1] is None and why is None else 0
        dead = bool(deaths[i])
        ammo = player.ammo - cost + (item.gives if item is not None and player.alive and not dead else 0)
        outcomes.append(PlayerOutcome(
            player.name, rnd.choices[i].item, item.id if item else None, why, source,
            tuple(h.id for h in holding(table, player)), dead, tuple(deaths[i]), player.ammo, ammo))
        after.append(replace(player, alive=player.alive and not dead, ammo=ammo, stunned=False,
                             history=player.history + (item.id if item else None,)))
    notes: list[str] = []
    stunned = _stuns(table, rnd, outcomes, after, notes)
    revived = _revivals(table, rnd, outcomes, notes)
    for name in stunned:
        after[rnd.index(name)] = replace(after[rnd.index(name)], stunned=True)
    for name, by in revived:
        after[rnd.index(name)] = replace(after[rnd.index(name)], alive=True, ammo=0, revived_by=by)
    return RoundResult(tuple(outcomes), tuple(e.id for e in unowned_effects(table, rnd.players)),
                       tuple(stunned), tuple(revived), tuple(notes), tuple(after))


def _aim(rnd: Round, i: int, candidates: list[PlayerName], what: str, notes: list[str]) -> PlayerName | None:
    """The target a player gave, or the only candidate; else nobody (noted)."""
    me, target = rnd.players[i].name, rnd.choices[i].target
    if target is not None:
        if target in candidates:
            return target
        notes.append(f"{me}'s {what} had no effect: {target} cannot be chosen")
        return None
    if len(candidates) == 1:
        return candidates[0]
    if candidates:
        notes.append(f"{me}'s {what} had no effect: no target chosen among {', '.join(candidates)}")
    return None


def _stuns(table: ItemTable, rnd: Round, outcomes: list[PlayerOutcome], after: list[PlayerState],
           notes: list[str]) -> list[PlayerName]:
    stunned: list[PlayerName] = []
    for i, o in enumerate(outcomes):
        if o.played and table.get(o.played).stuns and not o.killed:
            others = [p.name for p in after if p.alive and p.name != o.name]
            target = _aim(rnd, i, others, "Stun Gun", notes)
            if target and target not in stunned:
                stunned.append(target)
    return stunned


def _revivals(table: ItemTable, rnd: Round, outcomes: list[PlayerOutcome],
              notes: list[str]) -> list[tuple[PlayerName, PlayerName]]:
    revived: list[tuple[PlayerName, PlayerName]] = []
    for i, o in enumerate(outcomes):
        if o.played and table.get(o.played).revives and not o.killed:
            dead = [p.name for p in rnd.players if not p.alive and p.name not in dict(revived)]
            target = _aim(rnd, i, dead, "Necromancy", notes)
            if target:
                revived.append((target, o.name))
    return revived
