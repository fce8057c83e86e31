"""Outputs never destroy anything, and a command's outputs are written all or none."""
from __future__ import annotations

import os
import stat
import threading

import pytest

from icp_print.templates import path as template_path

from icp_print.generators.pdf import atomic_write
from icp_print.generators.writing import Output, write_all
from icp_print.validators.errors import InputError

from conftest import assert_clean_failure

TEMPLATES = template_path()


def test_atomic_write_leaves_no_partial_file(tmp_path, monkeypatch):
    target = tmp_path / "out.pdf"
    atomic_write(target, b"%PDF-1.4 first")

    def failing_replace(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("icp_print.generators.writing.os.replace", failing_replace)
    with pytest.raises(InputError, match="No space left"):
        atomic_write(target, b"%PDF-1.4 second")
    assert target.read_bytes() == b"%PDF-1.4 first"
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]


def test_a_failure_on_the_last_output_leaves_none_of_them(tmp_path, monkeypatch):
    (tmp_path / "b.svg").write_bytes(b"old")
    real_replace, calls = os.replace, []

    def fail_second(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr("icp_print.generators.writing.os.replace", fail_second)
    outputs = [Output(tmp_path / "a.pdf", b"new a"), Output(tmp_path / "b.svg", b"new b", "--svg")]
    with pytest.raises(InputError, match="nothing was written"):
        write_all(outputs)
    assert len(calls) == 2                           # a.pdf was in place when b.svg failed ...
    assert sorted(p.name for p in tmp_path.iterdir()) == ["b.svg"]   # ... and was taken back
    assert (tmp_path / "b.svg").read_bytes() == b"old"


def test_a_failure_puts_back_every_replaced_file(tmp_path, monkeypatch):
    for name in ("a.pdf", "b.svg"):
        (tmp_path / name).write_bytes(b"old " + name.encode())
    real_replace, calls = os.replace, []

    def fail_second(src, dst):
        calls.append(dst)
        if len(calls) == 2:
            raise OSError(5, "Input/output error")
        real_replace(src, dst)

    monkeypatch.setattr("icp_print.generators.writing.os.replace", fail_second)
    with pytest.raises(InputError):
        write_all([Output(tmp_path / "a.pdf", b"new"), Output(tmp_path / "b.svg", b"new", "--svg")])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.pdf", "b.svg"]
    assert (tmp_path / "a.pdf").read_bytes() == b"old a.pdf"


def test_the_deck_given_as_output_is_refused_and_kept(run, tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_bytes((TEMPLATES / "ryb" / "example-custom-deck.toml").read_bytes())
    before = deck.read_bytes()
    result = run("ryb", "--deck", str(deck), "--out", str(deck))
    assert_clean_failure(result, 2)
    assert "an input of this command" in result.output
    assert deck.read_bytes() == before


def test_the_same_file_for_two_outputs_is_refused(run, tmp_path):
    same = tmp_path / "same-sheet-01.svg"          # --svg same.svg writes same-sheet-NN.svg
    result = run("ryb", "--out", str(same), "--svg", str(tmp_path / "same.svg"))
    assert_clean_failure(result, 2)
    assert "also the --out output" in result.output
    assert not same.exists()


def test_a_symlink_to_an_output_counts_as_the_same_file(run, tmp_path):
    (tmp_path / "d.pdf").write_bytes(b"old")
    (tmp_path / "link-sheet-01.svg").symlink_to(tmp_path / "d.pdf")
    result = run("ryb", "--out", str(tmp_path / "d.pdf"), "--svg", str(tmp_path / "link.svg"))
    assert_clean_failure(result, 2)
    assert (tmp_path / "d.pdf").read_bytes() == b"old"


def test_writing_goes_through_a_symlink_and_keeps_it(run, tmp_path):
    real, link, dangling = tmp_path / "real.pdf", tmp_path / "link.pdf", tmp_path / "dangling.pdf"
    real.write_bytes(b"old")
    link.symlink_to(real)
    dangling.symlink_to(tmp_path / "new.pdf")
    assert run("ryb", "--out", str(link)).exit_code == 0
    assert link.is_symlink() and real.read_bytes().startswith(b"%PDF-")
    assert run("ryb", "--out", str(dangling)).exit_code == 0
    assert dangling.is_symlink() and (tmp_path / "new.pdf").read_bytes().startswith(b"%PDF-")


def test_a_replaced_file_keeps_its_mode_and_the_user_is_told(run, tmp_path):
    out = tmp_path / "d.pdf"
    out.write_bytes(b"old")
    out.chmod(0o640)
    result = run("ryb", "--out", str(out))
    assert result.exit_code == 0
    assert "replaced the existing file" in result.output
    assert stat.S_IMODE(out.stat().st_mode) == 0o640


def test_a_new_file_gets_the_umask_mode(run, tmp_path):
    old = os.umask(0o027)
    try:
        assert run("ryb", "--out", str(tmp_path / "d.pdf"), "--svg", str(tmp_path / "d.svg")).exit_code == 0
    finally:
        os.umask(old)
    for name in ("d.pdf", "d-sheet-01.svg"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == 0o640


def test_a_read_only_file_is_not_replaced(run, tmp_path):
    out = tmp_path / "d.pdf"
    out.write_bytes(b"old")
    out.chmod(0o444)
    result = run("ryb", "--out", str(out))
    assert_clean_failure(result, 2)
    assert "read-only" in result.output
    assert out.read_bytes() == b"old"


def test_no_clobber_refuses_any_existing_output(run, tmp_path):
    (tmp_path / "d-sheet-01.svg").write_bytes(b"old")
    result = run("ryb", "--out", str(tmp_path / "d.pdf"), "--svg", str(tmp_path / "d.svg"),
                 "--no-clobber")
    assert_clean_failure(result, 2)
    assert not (tmp_path / "d.pdf").exists()
    assert run("ryb", "--out", str(tmp_path / "e.pdf"), "--no-clobber").exit_code == 0


def test_a_folder_or_socket_is_never_replaced(run, tmp_path):
    (tmp_path / "folder.pdf").mkdir()
    assert_clean_failure(run("ryb", "--out", str(tmp_path / "folder.pdf")), 2)
    assert (tmp_path / "folder.pdf").is_dir()


def test_a_fifo_is_written_into_not_replaced(run, tmp_path):
    fifo = tmp_path / "pipe.pdf"
    os.mkfifo(fifo)
    result = run("ryb", "--out", str(fifo))
    assert_clean_failure(result, 2)                  # nobody reads: refused, not waited on
    assert "nothing is reading" in result.output
    received = []
    reader = threading.Thread(target=lambda: received.append(open(fifo, "rb").read()))
    reader.start()
    while not received and reader.is_alive():
        if run("ryb", "--out", str(fifo)).exit_code == 0:
            break
    reader.join(timeout=30)
    assert received[0].startswith(b"%PDF-")
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_character_device_is_written_into(run):
    assert run("ryb", "--out", os.devnull).exit_code == 0
    assert stat.S_ISCHR(os.stat(os.devnull).st_mode)


def test_dash_writes_the_pdf_to_standard_output(run):
    result = run("ryb", "--out", "-")
    assert result.exit_code == 0
    assert result.stdout_bytes.startswith(b"%PDF-")
    assert b"wrote" not in result.stdout_bytes


def test_png_pages_into_an_unwritable_place_leave_no_pdf(run, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    out = tmp_path / "d.pdf"
    result = run("ryb", "--out", str(out), "--svg", str(tmp_path / "d.svg"),
                 "--png", str(blocker / "pages"), "--dpi", "30")
    assert_clean_failure(result, 2)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_nan_is_refused_by_every_numeric_option(run):
    for args in (["yield", "--tile-size", "nan"], ["dice", "--face", "nan"],
                 ["accellerator", "--cell", "nan"], ["ryb", "--margin", "nan"],
                 ["ryb", "--bleed", "inf"], ["ryb", "--back-offset", "nan,0"],
                 ["play", "yicyacyoe", "--size", "5", "--row", "4", "--think", "nan"],
                 ["solve", "yicyacyoe", "--size", "3", "--time-limit", "nan"]):
        result = run(*args)
        assert result.exit_code == 2, args
        assert "finite" in result.output, args


@pytest.fixture
def read_only_folder(tmp_path):
    """A folder on a file system mounted read-only: unwritable even for root, which ignores
    permission bits.  Skipped where the tests may not mount one (not root, or no mount)."""
    folder = tmp_path / "ro"
    folder.mkdir()
    (folder / "keep.pdf").write_bytes(b"old")
    if os.geteuid() != 0 or os.system(f"mount --bind '{folder}' '{folder}' 2>/dev/null") != 0:
        pytest.skip("mounting a read-only folder needs root and mount(8)")
    try:
        if os.system(f"mount -o remount,bind,ro '{folder}' 2>/dev/null") != 0:
            pytest.skip("this system does not remount a bind mount read-only")
        yield folder
    finally:
        os.system(f"umount '{folder}'")


def test_a_truly_read_only_folder_gets_one_line_and_nothing_changes(run, read_only_folder):
    with pytest.raises(OSError):
        (read_only_folder / "probe").write_bytes(b"")
    for args in (["ryb", "--out", str(read_only_folder / "keep.pdf")],
                 ["ryb", "--out", str(read_only_folder / "new.pdf")],
                 ["dice", "--out", str(read_only_folder / "dice.pdf"), "--cutter", "silhouette"]):
        result = run(*args)
        assert_clean_failure(result, 2)
        assert str(read_only_folder) in result.output
    assert sorted(p.name for p in read_only_folder.iterdir()) == ["keep.pdf"]
    assert (read_only_folder / "keep.pdf").read_bytes() == b"old"
