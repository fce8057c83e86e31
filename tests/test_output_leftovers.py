"""Nothing from an earlier run is left looking like part of a new one: older PNG pages go
with the commit, and the private folder a killed run leaves is swept by the next one."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from icp_print.generators import writing
from icp_print.generators.writing import Output, sweep, write_all
from icp_print.validators.errors import InputError

from conftest import assert_clean_failure


def _dead_pid() -> int:
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def _room(folder, pid: int):
    room = folder / (writing._room_name().rsplit("-", 1)[0] + f"-{pid}{writing.ROOM_SUFFIX}")
    room.mkdir()
    (room / "new-1").write_bytes(b"half of a PDF")
    return room


def test_older_png_pages_of_the_same_stem_are_removed_with_the_new_set(run, tmp_path):
    pages = tmp_path / "png"
    pages.mkdir()
    for n in range(1, 21):
        (pages / f"deck-{n:02d}.png").write_bytes(b"old page")
    for name in ("other-01.png", "deck-notes.png", "deck-03.txt"):
        (pages / name).write_bytes(b"not a page of ours")
    result = run("ryb", "--out", str(tmp_path / "deck.pdf"), "--png", str(pages), "--dpi", "30")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in pages.iterdir())
    assert names == sorted([f"deck-{n:02d}.png" for n in range(1, 15)]
                           + ["other-01.png", "deck-notes.png", "deck-03.txt"])
    assert all((pages / f"deck-{n:02d}.png").read_bytes().startswith(b"\x89PNG") for n in range(1, 15))
    assert "(replaced 14 existing files) (removed 6 older files)" in result.output


def test_older_pages_come_back_when_the_write_fails(tmp_path, monkeypatch):
    older = tmp_path / "deck-09.png"
    older.write_bytes(b"old page 9")
    real_replace, calls = os.replace, []

    def fail_the_last(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr("icp_print.generators.writing.os.replace", fail_the_last)
    with pytest.raises(InputError, match="nothing was written"):
        write_all([Output(tmp_path / "deck-01.png", b"new page 1", "--png")], remove=[older])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck-09.png"]
    assert older.read_bytes() == b"old page 9"


def test_older_pages_are_not_removed_under_no_clobber(run, tmp_path):
    pages = tmp_path / "png"
    pages.mkdir()
    (pages / "deck-20.png").write_bytes(b"old page")
    result = run("ryb", "--out", str(tmp_path / "deck.pdf"), "--png", str(pages), "--dpi", "30",
                 "--no-clobber")
    assert_clean_failure(result, 2)
    assert "--no-clobber" in result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["png"]
    assert [p.name for p in pages.iterdir()] == ["deck-20.png"]


def test_a_killed_runs_private_folder_is_swept_by_the_next_write(tmp_path):
    stale = _room(tmp_path, _dead_pid())
    write_all([Output(tmp_path / "deck.pdf", b"%PDF- new")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deck.pdf"]
    assert not stale.exists()


def test_a_running_processs_private_folder_is_left_alone(tmp_path):
    live = _room(tmp_path, os.getppid())
    assert sweep(tmp_path) == []
    write_all([Output(tmp_path / "deck.pdf", b"%PDF- new")])
    assert (live / "new-1").read_bytes() == b"half of a PDF"


def test_sweeping_touches_nothing_but_private_folders(tmp_path):
    for name in (".icp-print-notes.tmp", ".icp-print-x-1.txt", "icp-print-host-1.tmp"):
        (tmp_path / name).mkdir()
    (tmp_path / ".icp-print-file-1.tmp").write_bytes(b"a file, not a folder of ours")
    assert sweep(tmp_path) == []
    assert len(list(tmp_path.iterdir())) == 4


def test_a_successful_write_leaves_no_private_folder(tmp_path):
    (tmp_path / "b.svg").write_bytes(b"old")
    write_all([Output(tmp_path / "a.pdf", b"new a"), Output(tmp_path / "b.svg", b"new b", "--svg")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.svg"]


@pytest.mark.parametrize("cutter, suffixes", [("silhouette", (".dxf", ".svg")), ("cricut", (".png", ".svg"))])
def test_older_cut_files_of_the_same_stem_are_removed_with_the_new_set(run, tmp_path, cutter, suffixes):
    for n in range(1, 21):
        for suffix in (".dxf", ".svg", ".png"):
            (tmp_path / f"deck-sheet-{n:02d}{suffix}").write_bytes(b"an older run's cut file")
    for name in ("other-sheet-01.svg", "deck-sheet-notes.svg", "deck-sheet-03.txt"):
        (tmp_path / name).write_bytes(b"not a cut file of ours")
    result = run("ryb", "--cutter", cutter, "--dpi", "30", "--out", str(tmp_path / "deck.pdf"))
    assert result.exit_code == 0, result.output
    sheets = sum(1 for p in tmp_path.iterdir() if p.suffix == ".svg" and p.read_bytes().startswith(b"<"))
    assert 1 < sheets < 20
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["deck.pdf", "other-sheet-01.svg", "deck-sheet-notes.svg", "deck-sheet-03.txt"]
        + [f"deck-sheet-{n:02d}{s}" for n in range(1, sheets + 1) for s in suffixes])
    assert f"(removed {60 - 2 * sheets} older files)" in result.output


def test_older_svg_sheets_are_removed_with_the_new_set(run, tmp_path):
    for n in range(1, 9):
        (tmp_path / f"cuts-sheet-{n:02d}.svg").write_bytes(b"an older run's cut file")
    result = run("dice", "--svg", str(tmp_path / "cuts.svg"), "--out", str(tmp_path / "dice.pdf"))
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cuts-sheet-01.svg", "cuts-sheet-02.svg", "dice.pdf"]
