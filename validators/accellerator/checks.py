"""What ``icp-print check`` runs for Accellerator: a board file, or the pieces a PDF holds."""
from __future__ import annotations

from collections import Counter
from ..errors import IcpError, InputError
from ..report import Finding, Summary, failed, passed
from ..schema import Table
from .board import Board, cell_name
from .board_file import parse_board
from .pieces import BOARD_LABEL, PIECES, TILE_LABEL

GAME = "accellerator"


def looks_like(data: Table) -> bool:
    """A TOML file is an Accellerator board when it has a [board] table and [homes]."""
    return isinstance(data.get("board"), dict) and "homes" in data


def check_board(board: Board) -> list[Finding]:
    """The design rules our board keeps (see templates/accellerator/board.toml)."""
    out: list[Finding] = []
    centre = (board.size // 2, board.size // 2)
    if board.size % 2 == 1 and board.reactor == centre:
        out.append(passed("reactor at the centre", f"{cell_name(board.reactor)} on a "
                          f"{board.size} x {board.size} grid"))
    else:
        out.append(failed("reactor at the centre", f"the reactor is {cell_name(board.reactor)}; "
                          "an odd-sized board has it on its centre cell", "board.reactor"))
    if len(board.homes) == 4:
        out.append(passed("four homes", ", ".join(f"{h.player} {cell_name(h.at)}" for h in board.homes)))
    else:
        out.append(failed("four homes", f"{len(board.homes)} homes; the game has 4 pawns", "homes"))
    c = board.size - 1
    homes = [h.at for h in board.homes]
    if len(homes) == 4 and [(c - y, x) for x, y in homes] == homes[1:] + homes[:1]:
        out.append(passed("homes symmetric", "a quarter turn maps each home onto the next"))
    else:
        out.append(failed("homes symmetric", "the homes are not placed by quarter turns "
                          "round the centre, in clockwise order", "homes"))
    missing = [h.player for h in board.homes if h.collector is None]
    if missing:
        out.append(failed("collectors", f"no collector for {', '.join(missing)}", "homes"))
    else:
        out.append(passed("collectors", "every home has a collector beside the grid"))
    return out


def check_toml(data: Table, source: str) -> tuple[list[Finding], Summary]:
    try:
        board = parse_board(data)
    except IcpError as exc:
        raise exc.located(source) from None
    return check_board(board), _summary(board)


def _summary(board: Board) -> Summary:
    return {"board": f"{board.size} x {board.size}", "reactor": cell_name(board.reactor),
            "homes": " ".join(f"{h.player}:{cell_name(h.at)}" for h in board.homes)}


def check_components(components: list[Table], options: Table) -> tuple[list[Finding], Summary]:
    """The pieces the rules list, each in the right number, and one whole board."""
    counts = Counter({str(c["label"]): int(c["count"]) for c in components})
    findings: list[Finding] = []
    for spec in PIECES:
        name = spec.label.split(":", 1)[1]
        if counts[spec.label] == spec.count:
            findings.append(passed(f"{name} count", f"{spec.count} printed"))
        else:
            findings.append(failed(f"{name} count", f"{counts[spec.label]} printed, the set "
                                   f"needs {spec.count}", spec.label))
    tiles = int(options.get("tiles", 1))
    if tiles == 1 and counts[BOARD_LABEL] == 1 and not counts[TILE_LABEL]:
        findings.append(passed("board", "one board on one page"))
    elif tiles > 1 and counts[TILE_LABEL] == tiles and not counts[BOARD_LABEL]:
        findings.append(passed("board", f"one board in {tiles} taped parts"))
    else:
        findings.append(failed("board", f"{counts[BOARD_LABEL]} whole boards and "
                               f"{counts[TILE_LABEL]} parts printed for a board in {tiles} part(s)"))
    summary: Summary = {}
    if "board" in options:
        try:
            board = parse_board(options["board"])
        except IcpError as exc:
            raise InputError(f"the manifest's board is unusable: {exc.message}",
                             field=f"options.board.{exc.field}" if exc.field else "options.board") from None
        findings += check_board(board)
        summary = _summary(board)
    else:
        findings.append(failed("board", "the manifest does not describe the board", "options.board"))
    summary["pieces"] = sum(counts[s.label] for s in PIECES)
    return findings, summary
