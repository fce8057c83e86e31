"""A rule's number lives in the data: change it there and the printed card and
the command line follow, with no literal to update anywhere else.

The rule used is Yield!'s damage limit (``damage_limit`` in
``templates/yield_/rules.toml``: a car is out at ten points of damage).  Each
run is a fresh interpreter whose template lookup reads a changed copy of that
file, as a user editing the data would see it.
"""
from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

from pypdf import PdfReader

from icp_print.templates import path
from icp_print.validators.manifest import FILENAME

RUN_WITH_RULES = """
import sys
from pathlib import Path
import icp_print.templates as templates
real = templates.path
templates.path = lambda *parts: Path(sys.argv[1]) if parts == ("yield_", "rules.toml") else real(*parts)
from icp_print.cli.main import main
main(sys.argv[2:])
"""


def _icp_print(rules: Path, *argv: str) -> str:
    result = subprocess.run([sys.executable, "-c", RUN_WITH_RULES, str(rules), *argv],
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return result.stdout


def _rules_with_damage_limit(tmp_path: Path, limit: int) -> Path:
    text = path("yield_", "rules.toml").read_text()
    changed, n = re.subn(r"(?m)^damage_limit = \d+", f"damage_limit = {limit}", text)
    assert n == 1
    target = tmp_path / f"rules-{limit}.toml"
    target.write_text(changed)
    return target


def _track_numbers(pdf: Path) -> set[int]:
    reader = PdfReader(io.BytesIO(pdf.read_bytes()))
    manifest = json.loads(reader.attachments[FILENAME][0])
    page = next(p["page"] for p in manifest["pages"]
                if any(c["kind"] == "damage-track" for c in p["components"]))
    text = reader.pages[page - 1].extract_text() or ""
    return {int(word) for word in re.findall(r"\b\d+\b", text)}


def test_the_damage_limit_in_the_data_is_what_prints_and_what_the_cli_offers(tmp_path):
    for limit in (10, 13):
        rules = _rules_with_damage_limit(tmp_path, limit)
        help_text = _icp_print(rules, "yield", "--help")
        option = help_text[help_text.index("--damage-limit"):]
        assert f"[default: {limit};" in " ".join(option.split()[:20])
        out = tmp_path / f"tiles-{limit}.pdf"
        _icp_print(rules, "yield", "--out", str(out))
        numbers = _track_numbers(out)
        assert limit in numbers and limit + 1 not in numbers, (limit, sorted(numbers))
