"""Each RYB rule number lives in the rules code: change it there and the printed
cards, the score sheet, check and the odds follow (nothing is a literal in the
drawing or the commands)."""
from __future__ import annotations

import io
import json

from pypdf import PdfReader

from icp_print.validators.ryb import model

from pagescan import manifest


def page_texts(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def normalised(text: str) -> str:
    return " ".join(text.split())


def test_winning_threshold_follows_the_rules_code(run, tmp_path, monkeypatch):
    monkeypatch.setattr(model, "WIN_POINTS", 150)
    monkeypatch.setattr(model, "WIN_COLOURS", 4)
    out = tmp_path / "deck.pdf"
    assert run("ryb", "--out", str(out)).exit_code == 0
    texts = [normalised(t) for t in page_texts(out.read_bytes())]
    sentence = "Goals of 4 or more colours worth more than 150 points"
    assert any(sentence in t and "score sheet" in t for t in texts)        # the score sheet
    assert any(sentence in t and "Your turn" in t for t in texts)          # the turn summaries
    assert not any("more than 100" in t for t in texts)
    small = tmp_path / "small.toml"
    small.write_text('[deck]\nname = "s"\nplayers = 2\n[[goal]]\ncolour = "red"\ntargets = [10, 10, 10]\n'
                     '[[goal]]\ncolour = "blue"\ntargets = [10, 10]\n[[goal]]\ncolour = "black"\n'
                     'targets = [5, 5]\n[[goal]]\ncolour = "green"\ntargets = [1, 1]\n[[action]]\n'
                     'name = "swap"\ncount = 2\n')     # 4 colours, 146 points: a win under 100, not 150
    result = run("check", str(small), "--json")
    failed = {f["rule"]: f["message"] for f in json.loads(result.output)["findings"] if not f["ok"]}
    assert result.exit_code == 1 and sentence in failed["winning"]


def test_hand_sizes_follow_the_rules_code(run, tmp_path, monkeypatch):
    monkeypatch.setitem(model.HAND_SIZE, 5, 3)
    out = tmp_path / "deck.pdf"
    assert run("ryb", "--out", str(out)).exit_code == 0
    texts = [normalised(t) for t in page_texts(out.read_bytes())]
    assert any("5 players 3 cards" in t and "Your turn" in t for t in texts)
    assert any("5 players 3 cards" in t and "score sheet" in t for t in texts)
    assert manifest(out.read_bytes())["total_components"] == 49 + 5 + 1


def test_swap_limit_and_starting_pool_follow_the_rules_code(run, tmp_path, monkeypatch):
    monkeypatch.setattr(model, "SWAP_LIMIT", 12)
    monkeypatch.setitem(model.STARTING_POOL, "blue", 3)
    out = tmp_path / "deck.pdf"
    assert run("ryb", "--out", str(out)).exit_code == 0
    texts = " ".join(normalised(t) for t in page_texts(out.read_bytes()))
    assert "total 12 or less" in texts and "total 10 or less" not in texts
    assert "2 red, 2 yellow and 3 blue" in texts
