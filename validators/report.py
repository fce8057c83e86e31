"""What a check found: one :class:`Finding` per rule or count looked at."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:       # the file readers are loaded by the commands that read files
    from .schema import Table

# What a check measured, shown after its verdict (``deck: RYB reference deck``) and in
# ``check --json``: names to plain values.
Summary = dict[str, Any]


@dataclass(frozen=True)
class Finding:
    """One rule or count checked: whether it holds, and where it failed."""

    rule: str
    ok: bool
    message: str
    where: str | None = None

    def line(self) -> str:
        mark = "ok  " if self.ok else "FAIL"
        place = f"{self.where}: " if self.where else ""
        return f"  {mark} {self.rule}: {place}{self.message}"


def passed(rule: str, message: str) -> Finding:
    return Finding(rule, True, message)


def failed(rule: str, message: str, where: str | None = None) -> Finding:
    return Finding(rule, False, message, where)


@dataclass
class Report:
    """Everything ``icp-print check`` says about one file."""

    subject: str
    game: str
    kind: str                      # "pdf" or "toml"
    findings: list[Finding] = field(default_factory=list)
    summary: Summary = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return all(f.ok for f in self.findings)

    @property
    def exit_code(self) -> int:
        return 0 if self.ok else 1

    def failures(self) -> list[Finding]:
        return [f for f in self.findings if not f.ok]

    def as_dict(self) -> dict[str, Any]:
        return {"file": self.subject, "game": self.game, "kind": self.kind, "ok": self.ok,
                "summary": self.summary, "findings": [asdict(f) for f in self.findings]}

    def text(self) -> str:
        failures = self.failures()
        head = f"{self.subject}: {self.game} {self.kind}: " + (
            "OK" if not failures else f"{len(failures)} problem{'s' * (len(failures) != 1)}")
        lines = [head]
        lines += [f"  {key}: {value}" for key, value in self.summary.items()]
        lines += [f.line() for f in self.findings]
        return "\n".join(lines)


def card_size_finding(components: list[Table], options: Table, kinds: tuple[str, ...]) -> Finding:
    """A deck's cards are all one size, read from the manifest: a card of another
    size would be told apart face down."""
    sizes = sorted({(float(c["width_mm"]), float(c["height_mm"])) for c in components
                    if c.get("kind") in kinds})
    name = options.get("card_size", "poker")
    if len(sizes) == 1:
        w, h = sizes[0]
        return passed("card size", f"every card is {w:g} x {h:g} mm ({name})")
    if not sizes:
        return failed("card size", "the manifest lists no cards")
    listed = ", ".join(f"{w:g} x {h:g}" for w, h in sizes)
    return failed("card size", f"the deck's cards come in {len(sizes)} sizes ({listed} mm); "
                  "face down they could be told apart")
