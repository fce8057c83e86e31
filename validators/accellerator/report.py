"""Reports of traced turns and board states, as JSON-ready dicts and as plain text.

Cells are written as names (``A1`` is the north-west corner, letters run
east, numbers run south), facings as ``N E S W``.
"""
from __future__ import annotations

from .board import cell_name
from ..schema import Table
from .model import FACING_NAMES, Cell, State
from .movement import Event, Step
from .search import SCORE_NAMES, Best
from .simulate import Summary
from .turn import Turn

# Every rule key an Event can carry, in the order of a turn, with what it means.
RULES: dict[str, str] = {
    "placed": "reset pawn put back on its home",
    "accel-above": "roll above energy: energy +1",
    "accel-below": "roll below energy: a chit must change",
    "accel-equal": "roll equal to energy: free choices",
    "no-legal-change": "a change was due but none was legal",
    "deflector-add": "chit added",
    "deflector-move": "chit moved",
    "deflector-turn": "chit turned",
    "deflector-remove": "chit removed",
    "deflect": "pawn turned by a chit",
    "bounce": "pawn bounced off the edge",
    "re-enter": "pawn came back from the missing space",
    "reactor-pickup": "electron picked up at the reactor",
    "reactor-empty": "passed the reactor when it was empty",
    "reactor-end": "stopped on the reactor: reset",
    "swap": "electrons swapped in passing",
    "collision": "stopped on a pawn: both reset",
    "home-empty": "entered own home with nothing to bank",
    "home-kept": "entered own home, chose not to bank",
    "bank": "electrons banked: reset",
    "game-end": "game won",
}


def _cell(cell: Cell | None) -> str | None:
    return None if cell is None else cell_name(cell)


def state_json(state: State) -> Table:
    """The table after a turn: pawns, deflectors, the reactor's electrons, whose turn."""
    data: Table = {
        "pawns": [{"player": p.player, "at": _cell(p.at), "facing": p.facing, "energy": p.energy,
                   "carrying": p.carrying, "banked": p.banked} for p in state.pawns],
        "deflectors": [{"at": cell_name(c), "orientation": o}
                       for c, o in sorted(state.deflectors.items(), key=lambda kv: (kv[0][1], kv[0][0]))],
        "reactor_electrons": state.reactor,
        "deflectors_in_supply": state.supply,
        "locked": _cell(state.locked),
        "to_move": state.mover.player,
        "over": state.over,
    }
    if state.over:
        data["winners"] = list(state.winners())
    return data


def _events(events: tuple[Event, ...]) -> list[Table]:
    return [{"rule": e.rule, "text": e.text} for e in events]


def _step_json(s: Step) -> Table:
    return {"step": s.number, "from": cell_name(s.start), "entered": _cell(s.entered),
            "off_board": s.entered is None, "facing_before": s.facing_in,
            "facing_after": s.facing_out, "events": _events(s.events)}


def turn_json(turn: Turn) -> Table:
    """Everything one turn did, step by step, and the state after it."""
    move = turn.move
    return {
        "player": turn.player,
        "roll": turn.roll,
        "acceleration": turn.kind,
        "energy_before": turn.energy_before,
        "energy": turn.energy,
        "change": None if turn.change is None else turn.change.to_json(),
        "before_move": _events(turn.events),
        "start": cell_name(move.start),
        "facing": move.facing,
        "steps": [_step_json(s) for s in move.steps],
        "spaces_entered": [cell_name(s.entered) if s.entered else "off-board" for s in move.steps],
        "ending": move.ending,
        "electrons_picked_up": move.picked_up,
        "electrons_banked": move.banked,
        "swaps": move.swaps,
        "reset": list(move.reset),
        "end_state": state_json(turn.after),
    }


def turn_lines(turn: Turn, number: int) -> list[str]:
    """A turn as readable lines: the check, every step, the outcome."""
    move = turn.move
    lines = [f"Turn {number}: {turn.player} from {cell_name(move.start)} facing "
             f"{FACING_NAMES[move.facing]}, energy {turn.energy}"]
    lines += [f"  {e.text}" for e in turn.events]
    outside = "off the board into the missing space beyond" if turn.after.rules.bounce == "re-enter" \
        else "at the edge: bounces, stays on"
    for s in move.steps:
        where = f"into {cell_name(s.entered)}" if s.entered else f"{outside} {cell_name(s.start)}"
        turned = "" if s.facing_in == s.facing_out else f", now facing {FACING_NAMES[s.facing_out]}"
        lines.append(f"  {s.number}. {FACING_NAMES[s.facing_in]} {where}{turned}")
        lines += [f"       - {e.text}" for e in s.events]
    lines.append(f"  result: {_ending(turn)}")
    return lines


def _ending(turn: Turn) -> str:
    move = turn.move
    pawn = next(p for p in turn.after.pawns if p.player == turn.player)
    if move.ending == "moved" and pawn.at is not None and pawn.facing is not None:
        return (f"stops on {cell_name(pawn.at)} facing {FACING_NAMES[pawn.facing]} carrying "
                f"{pawn.carrying} electron(s)")
    return {"banked": f"banked {move.banked} (collector {pawn.banked}); pawn reset",
            "reactor": "ended on the reactor; pawn reset",
            "collision": f"collision; {' and '.join(move.reset)} reset"}[move.ending]


def state_lines(state: State) -> list[str]:
    """The end state in a few lines."""
    lines = ["End state:"]
    for p in state.pawns:
        where = (f"{cell_name(p.at)} facing {FACING_NAMES[p.facing]}" if p.at and p.facing
                 else "reset (off the board)")
        lines.append(f"  {p.player:<6} {where}, energy {p.energy}, carrying {p.carrying}, "
                     f"banked {p.banked}")
    defl = " ".join(f"{cell_name(c)}{o}" for c, o in sorted(state.deflectors.items(),
                                                           key=lambda kv: (kv[0][1], kv[0][0])))
    lines.append(f"  deflectors: {defl or 'none'} ({state.supply} in supply)")
    lines.append(f"  reactor: {state.reactor} electron(s); next to move: {state.mover.player}")
    if state.over:
        lines.append(f"  game over: {', '.join(state.winners())} wins")
    return lines


def trace_json(turns: tuple[Turn, ...], end: State) -> Table:
    """A played scenario: every turn and the table at the end."""
    return {"bounce": end.rules.bounce, "turns": [turn_json(t) for t in turns],
            "end_state": state_json(end)}


def trace_lines(turns: tuple[Turn, ...], end: State) -> list[str]:
    lines = [line for n, turn in enumerate(turns, start=1) for line in turn_lines(turn, n)]
    return lines + state_lines(end)


def best_json(state: State, found: tuple[Best, ...]) -> Table:
    """``--best``: the best choice for each roll searched, with its score."""
    return {"player": state.mover.player, "bounce": state.rules.bounce,
            "maximises": list(SCORE_NAMES),
            "best": [{"roll": b.roll, "searched": b.searched, "equally_good": b.equally_good,
                      "score": dict(zip(SCORE_NAMES, b.score)), "turn": turn_json(b.turn)}
                     for b in found]}


def best_lines(state: State, found: tuple[Best, ...]) -> list[str]:
    lines = [f"Best choices for {state.mover.player} (maximising, in order: won, banked, "
             "carried, opponents' electrons lost, still on the board, nearness to the goal)"]
    for b in found:
        t = b.turn
        change = t.change.describe(state.deflectors) if t.change else "no deflector change"
        facing = f"start facing {t.move.facing}; " if state.mover.at is None else ""
        lines.append(f"roll {b.roll} ({t.kind}): {facing}energy {t.energy}; {change} "
                     f"[{b.searched} option(s) searched, {b.equally_good} as good]")
        lines.append("  score: " + ", ".join(f"{k} {v}" for k, v in zip(SCORE_NAMES, b.score)))
        lines += ["  " + line for line in turn_lines(t, 1)[1:]]
    return lines


def simulation_lines(summary: Summary, seats: tuple[str, ...], seed: int, max_turns: int) -> list[str]:
    """A --simulate summary as a short report: length, seats, and every rule's firing rate."""
    data = summary.to_json()
    t = data["turns"]
    finished = summary.finished
    lines = [f"{summary.games} games, {summary.players} players, {summary.policy} policy, "
             f"bounce '{summary.bounce}', seed {seed}: "
             f"{finished} finished, {data['unfinished']} cut off at {max_turns} turns",
             f"Game length: mean {t['mean']:.1f} turns ({data['rounds_mean']:.1f} rounds), "
             f"median {t['median']:g}, longest {t['max']}"]

    def share(wins: int) -> str:
        return f"{wins / finished:.0%}" if finished else "-"

    lines.append("Wins by seat, in turn order: " + ", ".join(
        f"{p} {n} ({share(n)})" for p, n in zip(seats, summary.wins_by_seat)))
    edge = (summary.first_player_share - 1 / summary.players) * 100
    lines.append(f"First-player advantage: the first seat won {summary.first_player_share:.1%} "
                 f"of finished games, against a fair {1 / summary.players:.1%} ({edge:+.1f} points)")
    lines.append("Rules fired, mean times per game:")
    fired = summary.rules
    for rule in sorted(fired, key=lambda r: list(RULES).index(r) if r in RULES else len(RULES)):
        lines.append(f"  {fired[rule]:>8.2f}  {rule:<17} {RULES.get(rule, '')}")
    return lines
