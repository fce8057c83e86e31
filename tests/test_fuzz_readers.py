"""Every reader, fed structurally mutated copies of the shipped examples.

Each case starts from a real example file, changes its structure (wrong
types, missing and extra fields, deep nesting, huge and non-finite numbers,
odd unicode), writes it back as TOML or JSON, and may then damage the bytes
(truncation, binary noise).  Whatever comes in, a reader either succeeds or
raises an ``IcpError`` that prints as one line naming the file: never another
exception.  ``FUZZ_CASES`` cases per reader, in the ``slow`` group.
"""
from __future__ import annotations

import json
import math
import os
import random
import tomllib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from forgery import blank_pdf_with_manifest, manifest_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from icp_print.templates import path as template_path
from icp_print.validators.accellerator.board_file import load_board
from icp_print.validators.accellerator.scenario import load_scenario
from icp_print.validators.errors import MAX_PART_CHARS, IcpError
from icp_print.validators.pdfcheck import check_file, check_toml_file
from icp_print.validators.ryb.deck import load_deck
from icp_print.validators.ycp.postcard_file import load_postcard
from icp_print.validators.ycp.tables import load_tables_file
from icp_print.validators.yeah.round import load_round
from icp_print.validators.yeah.table import load_table, published_table
from icp_print.validators.yield_.statefile import load_state
from icp_print.validators.yield_.tileset import load_tileset

FUZZ_CASES = int(os.environ.get("ICP_FUZZ_CASES", 1000))
fuzz_settings = settings(max_examples=FUZZ_CASES, deadline=None, database=None,
                         suppress_health_check=list(HealthCheck))
# Hypothesis picks the cases; each case's mutations come from a generator seeded by it, which
# keeps a case cheap (one draw) and reproducible from its seed.
seeds = st.integers(0, 2 ** 64 - 1)


# ---- values that do not fit ------------------------------------------------

@dataclass(frozen=True)
class Digits:
    """An integer literal of this many digits (too long for Python to print as an int)."""
    count: int


@dataclass(frozen=True)
class Nested:
    """``value`` inside ``depth`` lists."""
    value: Any
    depth: int


ODD_TEXTS = ["", " ", "\u202e\u0000", "é" * 3, "🂡🂱", "\ufeff", "a\nb", "x" * 5000, "\ud800",
             "[ryb:goal:red-9]", "nan", "-1", "1e999", "red-4", "\x7f", "'\"", "${HOME}"]
ODD_NUMBERS = [0, 1, -1, 2, 7, 10 ** 13, -10 ** 13, 2 ** 63, 2 ** 64 + 1, 0.5, -0.0, 1e308, -1e308,
               5e-324, math.nan, math.inf, -math.inf, Digits(20), Digits(400), Digits(4400), Digits(6000)]


def odd_text(chance: random.Random) -> str:
    if chance.random() < 0.5:
        return chance.choice(ODD_TEXTS)
    return "".join(chr(chance.choice([chance.randrange(32, 127), chance.randrange(0x80, 0x2FFFF)]))
                   for _ in range(chance.randrange(0, 12)))


def odd_value(chance: random.Random) -> Any:
    """A value of a wrong type, size or shape."""
    kind = chance.randrange(9)
    if kind == 0:
        return chance.choice(ODD_NUMBERS)
    if kind == 1:
        return chance.randint(-2 ** 70, 2 ** 70)
    if kind == 2:
        return chance.uniform(-1e6, 1e6)
    if kind == 3:
        return odd_text(chance)
    if kind == 4:
        return chance.random() < 0.5
    if kind == 5:
        return chance.choice([[], {}])
    if kind == 6:
        return [chance.choice([chance.randint(-2, 9), odd_text(chance)]) for _ in range(chance.randrange(4))]
    if kind == 7:
        return {odd_text(chance): chance.randint(-2, 9) for _ in range(chance.randrange(3))}
    return Nested(chance.randint(0, 3), chance.choice([2, 40, 600, 3000]))


# ---- structural mutations --------------------------------------------------

def _slots(data: Any) -> list[tuple[Any, Any]]:
    """Every (container, key) place in ``data``, the top included as (None, None)."""
    found: list[tuple[Any, Any]] = [(None, None)]
    stack = [data]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for key, value in items:
            found.append((node, key))
            stack.append(value)
    return found


def mutate(data: Any, chance: random.Random) -> Any:
    """Apply 1 to 3 structural changes: replace, delete, add, nest or repeat a field."""
    for _ in range(chance.randint(1, 3)):
        container, key = chance.choice(_slots(data))
        action = chance.choice(["replace", "delete", "extra", "nest", "duplicate"])
        if container is None:
            if action in ("replace", "nest"):
                data = odd_value(chance) if action == "replace" else Nested(data, 3)
            continue
        if action == "replace":
            container[key] = odd_value(chance)
        elif action == "delete":
            del container[key]
        elif action == "extra":
            if isinstance(container, dict):
                container[odd_text(chance) or "extra"] = odd_value(chance)
            else:
                container.append(odd_value(chance))
        elif action == "nest":
            container[key] = Nested(container[key], chance.choice([1, 2, 40, 3000]))
        elif isinstance(container, list):
            container.extend([container[key]] * chance.choice([1, 50]))
    return data


# ---- writing the mutated data back ------------------------------------------

def toml_text(data: Any) -> str:
    """TOML for any mutated value; a top level that is not a table is written as ``value = ...``."""
    if not isinstance(data, dict):
        data = {"value": data}
    return "".join(f"{_toml_key(k)} = {_toml(v)}\n" for k, v in data.items())


def _toml_key(key: Any) -> str:
    return json.dumps(str(key), ensure_ascii=False)


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Digits):
        return "9" * value.count
    if isinstance(value, Nested):
        return "[" * value.depth + _toml(value.value) + "]" * value.depth
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") \
            if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{_toml_key(k)} = {_toml(v)}" for k, v in value.items()) + "}"


def json_text(value: Any) -> str:
    if isinstance(value, Digits):
        return "9" * value.count
    if isinstance(value, Nested):
        return "[" * value.depth + json_text(value.value) + "]" * value.depth
    if isinstance(value, float):
        return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity") \
            if math.isinf(value) else repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(json_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {json_text(v)}" for k, v in value.items()) + "}"
    return json.dumps(value, ensure_ascii=False)


def damage(raw: bytes, chance: random.Random) -> bytes:
    """Leave the bytes, cut them short, or splice in binary noise."""
    how = chance.choice(["none", "none", "none", "truncate", "noise", "bom"])
    if how == "truncate":
        return raw[:chance.randrange(max(1, len(raw)))]
    if how == "noise":
        at = chance.randrange(len(raw) + 1)
        return raw[:at] + chance.randbytes(chance.randint(1, 16)) + raw[at:]
    if how == "bom":
        return b"\xef\xbb\xbf" + raw
    return raw


# ---- the readers -------------------------------------------------------------

@dataclass(frozen=True)
class Reader:
    name: str
    example: Path
    read: Callable[[Path], Any]
    suffix: str

    def load_example(self) -> Any:
        raw = self.example.read_bytes()
        return json.loads(raw) if self.suffix == ".json" else tomllib.loads(raw.decode())

    def write(self, data: Any) -> bytes:
        text = json_text(data) if self.suffix == ".json" else toml_text(data)
        return text.encode("utf-8", "surrogatepass")


def T(*parts: str) -> Path:
    return template_path(*parts)


READERS = [
    Reader("ryb deck", T("ryb", "example-custom-deck.toml"), load_deck, ".toml"),
    Reader("yield tiles", T("yield_", "example-custom-tiles.toml"), load_tileset, ".toml"),
    Reader("yield state", T("yield_", "example-state.json"), load_state, ".json"),
    Reader("accellerator scenario", T("accellerator", "example-scenario.json"), load_scenario, ".json"),
    Reader("accellerator board", T("accellerator", "board.toml"), load_board, ".toml"),
    Reader("yeah round", T("yeah", "example-round.json"),
           lambda p: load_round(p, published_table()), ".json"),
    Reader("yeah items", T("yeah", "items.toml"), load_table, ".toml"),
    Reader("ycp postcard", T("ycp", "toroball.toml"), load_postcard, ".toml"),
    Reader("ycp tables", T("ycp", "tables", "lucha-libre.toml"), load_tables_file, ".toml"),
    Reader("check component file", T("ryb", "reference-deck.toml"), check_toml_file, ".toml"),
]


def assert_reader_fails_cleanly(reader: Reader, target: Path) -> None:
    try:
        reader.read(target)
    except IcpError as exc:
        message = str(exc)
        assert message.startswith(str(target)), message
        assert "\n" not in message
        assert len(message) < len(str(target)) + 3 * (MAX_PART_CHARS + 10), message


def report_cases(name: str, ran: list[int]) -> None:
    """Every case ran (and was distinct); ``pytest -s`` shows the counts."""
    assert len(ran) >= FUZZ_CASES, (name, len(ran))
    print(f"\n{name}: {len(ran)} fuzzed cases, {len(set(ran))} distinct, all clean")


@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.name)
def test_every_shipped_example_survives_the_round_trip(reader, tmp_path):
    target = tmp_path / f"example{reader.suffix}"
    target.write_bytes(reader.write(reader.load_example()))
    reader.read(target)   # the writers above are faithful: the untouched example still reads


@pytest.mark.slow
@pytest.mark.parametrize("reader", READERS, ids=lambda r: r.name)
def test_mutated_examples_give_one_clean_line(reader, tmp_path_factory):
    folder = tmp_path_factory.mktemp(reader.name.replace(" ", "-"))
    target = folder / f"fuzzed{reader.suffix}"
    example = reader.load_example()

    ran = []

    @fuzz_settings
    @given(seeds)
    def case(seed):
        ran.append(seed)
        chance = random.Random(seed)
        mutated = mutate(json.loads(json.dumps(example)), chance)
        target.write_bytes(damage(reader.write(mutated), chance))
        assert_reader_fails_cleanly(reader, target)

    case()
    report_cases(reader.name, ran)


# ---- the manifest inside a PDF -----------------------------------------------

@pytest.fixture(scope="module")
def shipped_manifest(tmp_path_factory) -> dict:
    from click.testing import CliRunner

    from icp_print.cli.main import main
    out = tmp_path_factory.mktemp("manifest") / "deck.pdf"
    assert CliRunner().invoke(main, ["ryb", "--out", str(out)]).exit_code == 0
    return manifest_of(out.read_bytes())


@pytest.mark.slow
def test_mutated_manifests_give_a_report_or_one_clean_line(shipped_manifest, tmp_path_factory):
    target = tmp_path_factory.mktemp("manifest") / "fuzzed.pdf"

    ran = []

    @fuzz_settings
    @given(seeds)
    def case(seed):
        ran.append(seed)
        chance = random.Random(seed)
        mutated = mutate(json.loads(json.dumps(shipped_manifest)), chance)
        target.write_bytes(blank_pdf_with_manifest(damage(json_text(mutated).encode("utf-8", "surrogatepass"),
                                            chance)))
        try:
            check_file(target)
        except IcpError as exc:
            assert str(exc).startswith(str(target)) and "\n" not in str(exc)

    case()
    report_cases("pdf manifest", ran)
