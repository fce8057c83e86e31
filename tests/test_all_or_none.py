"""``icp-print all`` writes every game's PDF or none of them."""
from __future__ import annotations

from icp_print.cli import core
from icp_print.validators.errors import InputError
from icp_print.validators.registry import all_outputs

from conftest import assert_clean_failure


def test_a_failure_on_the_last_game_leaves_the_folder_as_it_was(run, tmp_path, monkeypatch):
    (tmp_path / "ryb-deck.pdf").write_bytes(b"%PDF- an older deck")
    last = all_outputs()[-1][1]
    real_builder = core.default_builder

    def failing_last(game, output):
        if output == last:
            def fail(settings):
                raise InputError("cannot draw this one", field=output.name)
            return fail
        return real_builder(game, output)

    monkeypatch.setattr(core, "default_builder", failing_last)
    result = run("all", "--no-check", "--out-dir", str(tmp_path))
    assert_clean_failure(result, 2)
    assert "cannot draw this one" in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["ryb-deck.pdf"]
    assert (tmp_path / "ryb-deck.pdf").read_bytes() == b"%PDF- an older deck"
