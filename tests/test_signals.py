"""A real ``icp-print`` process, killed at random moments, leaves only allowed states.

Allowed: no new file (and any old one untouched), or every output complete and
new; never a partial set, never a temporary file.  SIGINT, SIGTERM and SIGHUP
give one line, "interrupted", and exit status 128 + the signal, from the moment
icp-print's handlers are in, which is the first thing its code does; before
that the interpreter is still starting and has written nothing.  No assertion
depends on how fast this machine is: the outcome of each trial is judged by
what it left.
"""
from __future__ import annotations

import fcntl
import io
import os
import random
import re
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

import icp_print.cli
import icp_print.generators
import icp_print.validators
from icp_print.generators.writing import ROOM_PATTERN, _signals_held, sweep

TRIALS = 18
PAGES = 14
OLD_PDF, OLD_SVG = b"%PDF-1.4 old pdf", b"<svg>old</svg>"
INTERRUPTED = b"icp-print: interrupted\n"
OUR_FOLDERS = tuple(str(Path(p.__file__).parent) for p in (icp_print.cli, icp_print.generators,
                                                          icp_print.validators))
CLI_PACKAGE = str(Path(icp_print.cli.__file__))
ENTRY = str(Path(icp_print.cli.__file__).with_name("entry.py"))
# The line of ``cli/entry.py`` whose call installs the handlers: an interrupt that lands
# on a line of icp-print above it came before the handlers were in.
HANDLERS_IN = Path(ENTRY).read_text(encoding="utf-8").splitlines().index("install()") + 1


def _command(folder: Path) -> list[str]:
    script = Path(sys.executable).with_name("icp-print")
    program = [str(script)] if script.exists() else \
        [sys.executable, "-c", "import sys; from icp_print.cli.entry import run; sys.exit(run())"]
    return program + ["ryb", "--out", str(folder / "deck.pdf"), "--svg", str(folder / "deck.svg"),
                      "--png", str(folder / "png"), "--dpi", "30"]


def _complete_pdf(data: bytes) -> bool:
    try:
        return len(PdfReader(io.BytesIO(data)).pages) == PAGES
    except Exception:
        return False


def _state(folder: Path, with_old: bool) -> str:
    """'old' (nothing new) or 'new' (everything new), or fail the test."""
    names = sorted(p.name for p in folder.iterdir())
    assert not [n for n in names if n.startswith(".")], f"temporary left: {names}"
    pdf = (folder / "deck.pdf").read_bytes() if (folder / "deck.pdf").exists() else None
    svg = (folder / "deck-sheet-01.svg").read_bytes() if (folder / "deck-sheet-01.svg").exists() else None
    pngs = sorted((folder / "png").iterdir()) if (folder / "png").exists() else []
    if pdf in ((OLD_PDF,) if with_old else (None,)):
        assert svg == (OLD_SVG if with_old else None) and not pngs, names
        return "old"
    assert pdf is not None and _complete_pdf(pdf), "the PDF is neither the old one nor complete"
    assert svg is not None and svg.startswith(b"<") and svg.rstrip().endswith(b"</svg>")
    assert len(pngs) == PAGES and all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    return "new"


def _frames(err: bytes) -> list[tuple[str, int]]:
    return [(name, int(line)) for name, line in
            re.findall(r'File "([^"]+)", line (\d+)', err.decode(errors="replace"))]


def _before_the_handlers(name: str, line: int) -> bool:
    """A frame of icp-print that runs before its handlers are in: the package's two
    lines, or ``cli/entry.py`` up to the call that installs them (0: not yet started)."""
    return name == CLI_PACKAGE or (name == ENTRY and line <= HANDLERS_IN)


def _before_our_code(returncode: int, which: int, err: bytes) -> bool:
    """The signal came while the interpreter was still starting, before icp-print's
    handlers were in: it died of the signal silently, or (SIGINT) with Python's own
    KeyboardInterrupt report, which is a "Fatal Python error" (exit 1, sometimes
    with a garbled last line) while Python sets up its streams or imports its
    ``site`` module.  Any frame of icp-print past the handlers' call fails."""
    if returncode == -which and not err:
        return True
    ours = any(name.startswith(OUR_FOLDERS) and not _before_the_handlers(name, line)
               for name, line in _frames(err))
    if returncode == 1 and err.startswith(b"Fatal Python error: init_"):
        return which == signal.SIGINT and not ours    # however Python reports its failed start
    # exit 1 with "KeyboardInterrupt" last when it lands before the launcher's first frame
    # (or while Python prepares to run it: "failed to set __main__.__loader__")
    return (which == signal.SIGINT and returncode in (-which, 1)
            and re.search(rb"KeyboardInterrupt:?\s*$", err) is not None and not ours)


@pytest.fixture(scope="module")
def run_seconds(tmp_path_factory) -> float:
    folder = tmp_path_factory.mktemp("timing")
    started = time.perf_counter()
    subprocess.run(_command(folder), check=True, capture_output=True, timeout=300)
    return time.perf_counter() - started


def _judge(folder: Path, with_old: bool, which: int, process: subprocess.Popen, err: bytes,
           where: tuple) -> str:
    state = _state(folder, with_old)
    if process.returncode == 128 + which:
        assert err == INTERRUPTED, where                 # one line, nothing else
    elif process.returncode == -which or _before_our_code(process.returncode, which, err):
        # during start-up (nothing written yet), or while the interpreter shut down
        # after every output was in place
        assert (state == "old" and _before_our_code(process.returncode, which, err)) or \
            state == "new", where
    else:                               # the program had finished before the signal came
        assert process.returncode == 0 and state == "new", where
    return state


def _trial(folder: Path, with_old: bool, which: int, delay: float | None) -> tuple[str, tuple]:
    """Run once, send ``which`` after ``delay`` s (None: right after the "wrote" line)."""
    folder.mkdir()
    if with_old:
        (folder / "deck.pdf").write_bytes(OLD_PDF)
        (folder / "deck-sheet-01.svg").write_bytes(OLD_SVG)
    process = subprocess.Popen(_command(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if delay is None:
        assert process.stdout is not None
        process.stdout.readline()
    else:
        time.sleep(delay)
    process.send_signal(which)
    _, err = process.communicate(timeout=300)
    where = (folder.name, which, delay, process.returncode, err)
    return _judge(folder, with_old, which, process, err, where), where


@pytest.mark.slow
def test_signals_at_random_moments_leave_old_or_complete_outputs(tmp_path, run_seconds):
    chance = random.Random(13)
    seen = set()
    for trial in range(TRIALS):
        which = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)[trial % 3]
        delay = chance.uniform(0, run_seconds * 1.1)
        state, _ = _trial(tmp_path / f"trial{trial}", trial % 2 == 0, which, delay)
        seen.add(state)
    # Both sides of the commit, whatever the machine's speed: one signal certainly before
    # anything is written, one certainly after.
    seen.add(_trial(tmp_path / "early", True, signal.SIGTERM, 0.0)[0])
    late, where = _trial(tmp_path / "late", True, signal.SIGINT, None)
    assert late == "new", where
    assert "old" in seen, "a signal before the commit should leave the old files"


def _interrupt_at(folder: Path, delay: float) -> str:
    """Send Ctrl-C ``delay`` s after launch: 'interrupted', 'start-up' or 'finished'."""
    folder.mkdir()
    process = subprocess.Popen(_command(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=300)
    where = (folder.name, delay, process.returncode, err)
    if process.returncode == 0:
        return "finished"
    if process.returncode == 130:
        assert err == INTERRUPTED, where
        assert list(folder.iterdir()) == [], where
        return "interrupted"
    assert _before_our_code(process.returncode, signal.SIGINT, err), where
    assert list(folder.iterdir()) == [], where
    return "start-up"


@pytest.mark.slow
def test_interrupt_during_start_up_gives_one_line_once_icp_print_runs(tmp_path):
    """Ctrl-C from 0 ms on: once the first line of icp-print has run, one line and 130;
    before that only the interpreter's own start-up can be cut short, writing nothing."""
    outcomes = [_interrupt_at(tmp_path / f"step{n}", n * 0.004) for n in range(30)]
    # However slow the machine, go on until the interrupt lands in icp-print's own code:
    # doubling the delay from the end of the steps cannot jump over a run of several seconds.
    delay = 0.12
    while "interrupted" not in outcomes and "finished" not in outcomes:
        delay *= 2
        outcomes.append(_interrupt_at(tmp_path / f"after{delay:.2f}", delay))
    assert "interrupted" in outcomes, outcomes


def _each_complete(folder: Path) -> None:
    """After a ``kill -9``: every file present is complete, old or new (never cut short)."""
    pdf, svg = folder / "deck.pdf", folder / "deck-sheet-01.svg"
    assert not pdf.exists() or _complete_pdf(pdf.read_bytes())
    assert not svg.exists() or svg.read_bytes().rstrip().endswith(b"</svg>")
    pages = folder / "png"
    for page in sorted(pages.glob("*.png")) if pages.exists() else []:
        assert page.read_bytes().startswith(b"\x89PNG") and page.read_bytes().endswith(
            b"IEND\xaeB`\x82"), page


@pytest.mark.slow
def test_kill_9_leaves_at_most_a_private_folder_that_the_next_run_sweeps(tmp_path, run_seconds):
    chance = random.Random(7)
    for trial in range(4):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        process = subprocess.Popen(_command(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(chance.uniform(run_seconds * 0.3, run_seconds * 1.1))
        process.kill()
        process.communicate(timeout=300)
        hidden = list(folder.rglob(".*"))
        assert all(p.is_dir() and ROOM_PATTERN.fullmatch(p.name) for p in hidden), hidden
        _each_complete(folder)
        sweep(folder)
        sweep(folder / "png")
        assert not list(folder.rglob(".*")), "the next run sweeps what a kill -9 left"


def test_a_signal_taken_by_another_thread_waits_until_the_outputs_are_placed(tmp_path):
    """Masking holds a signal back from this thread only; one that lands on a thread a
    library started must still wait until every output is in place."""
    events: list[str] = []
    go = threading.Event()
    sender = threading.Thread(target=lambda: go.wait() and os.kill(os.getpid(), signal.SIGTERM))
    sender.start()                        # started before the hold, so it does not inherit the mask
    previous = signal.signal(signal.SIGTERM, lambda number, frame: events.append("handled"))
    try:
        with _signals_held():
            go.set()
            sender.join()
            time.sleep(0.05)              # time enough for Python to run a pending handler
            events.append("outputs placed")
        time.sleep(0.05)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert events == ["outputs placed", "handled"]


def _threaded_command(folder: Path, out: Path) -> list[str]:
    """``icp-print ryb`` in a process that also runs a second thread, as numpy's arithmetic
    pool does once numpy is loaded: the kernel may hand a signal to that thread."""
    start = ("import sys, threading, time; threading.Thread(target=time.sleep, args=(600,), "
             "daemon=True).start(); from icp_print.cli.entry import run; sys.exit(run())")
    return [sys.executable, "-c", start, "ryb", "--out", str(out), "--png", str(folder / "png"),
            "--dpi", "30"]


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
@pytest.mark.parametrize("which", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_signal_during_the_commit_waits_until_every_output_is_in_place(tmp_path, which):
    """The PDF goes into a FIFO that is read only after the signal, so the signal certainly
    lands in the middle of the commit (the PNG pages staged, the PDF half written)."""
    fifo = tmp_path / "deck.pdf"
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    try:
        if hasattr(fcntl, "F_SETPIPE_SZ"):      # a small pipe: the PDF cannot fit in it
            fcntl.fcntl(reader, fcntl.F_SETPIPE_SZ, 4096)
        process = subprocess.Popen(_threaded_command(tmp_path, fifo), stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        assert select.select([reader], [], [], 300)[0], "the PDF never started"
        staged = [p.name for p in tmp_path.rglob(".icp-print-*")]
        process.send_signal(which)
        time.sleep(0.2)                  # time for a handler that would not wait
        os.set_blocking(reader, True)
        pdf = b"".join(iter(lambda: os.read(reader, 1 << 16), b""))
    finally:
        os.close(reader)
    _, err = process.communicate(timeout=300)
    assert staged, "the signal should come while the outputs wait in the private folder"
    assert (process.returncode, err) == (128 + which, INTERRUPTED)
    assert not list(tmp_path.rglob(".icp-print-*")), "temporary left"
    assert _complete_pdf(pdf)
    pages = sorted((tmp_path / "png").iterdir())
    assert len(pages) == PAGES and all(p.read_bytes().endswith(b"IEND\xaeB`\x82") for p in pages)
