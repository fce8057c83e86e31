"""A real ``icp-print`` process, killed at random moments, leaves only allowed states.

Allowed: no new file (and any old one untouched), or every output complete and
new; never a partial set, never a temporary file.  SIGINT, SIGTERM and SIGHUP
also give one line, "interrupted", and exit status 128 + the signal.
"""
from __future__ import annotations

import io
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pypdf import PdfReader

TRIALS = 18
OLD_PDF, OLD_SVG = b"%PDF-1.4 old pdf", b"<svg>old</svg>"


def _command(folder: Path) -> list[str]:
    script = Path(sys.executable).with_name("icp-print")
    program = [str(script)] if script.exists() else \
        [sys.executable, "-c", "import sys; from icp_print.cli.entry import run; sys.exit(run())"]
    return program + ["ryb", "--out", str(folder / "deck.pdf"), "--svg", str(folder / "deck.svg"),
                      "--png", str(folder / "png"), "--dpi", "30"]


def _complete_pdf(data: bytes) -> bool:
    try:
        return len(PdfReader(io.BytesIO(data)).pages) == 14
    except Exception:
        return False


def _state(folder: Path, with_old: bool) -> str:
    """'old' (nothing new) or 'new' (everything new), or fail the test."""
    names = sorted(p.name for p in folder.iterdir())
    assert not [n for n in names if n.startswith(".")], f"temporary left: {names}"
    pdf = (folder / "deck.pdf").read_bytes() if (folder / "deck.pdf").exists() else None
    svg = (folder / "deck.svg").read_bytes() if (folder / "deck.svg").exists() else None
    pngs = sorted((folder / "png").iterdir()) if (folder / "png").exists() else []
    if pdf in ((OLD_PDF,) if with_old else (None,)):
        assert svg == (OLD_SVG if with_old else None) and not pngs, names
        return "old"
    assert pdf is not None and _complete_pdf(pdf), "the PDF is neither the old one nor complete"
    assert svg is not None and svg.startswith(b"<") and svg.rstrip().endswith(b"</svg>")
    assert len(pngs) == 14 and all(p.read_bytes().startswith(b"\x89PNG") for p in pngs)
    return "new"


@pytest.fixture(scope="module")
def start_seconds() -> float:
    """Until about this long after launch the interpreter, not icp-print, owns the signals
    (measured as twice the time to start Python and install the handlers, on this machine now)."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import icp_print.cli.entry"], check=True, timeout=60)
    return 2 * (time.perf_counter() - started)


@pytest.fixture(scope="module")
def run_seconds(tmp_path_factory) -> float:
    folder = tmp_path_factory.mktemp("timing")
    started = time.perf_counter()
    subprocess.run(_command(folder), check=True, capture_output=True, timeout=300)
    return time.perf_counter() - started


@pytest.mark.slow
def test_signals_at_random_moments_leave_old_or_complete_outputs(tmp_path, run_seconds,
                                                                 start_seconds):
    chance = random.Random(13)
    seen = set()
    for trial in range(TRIALS):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        with_old = trial % 2 == 0
        if with_old:
            (folder / "deck.pdf").write_bytes(OLD_PDF)
            (folder / "deck.svg").write_bytes(OLD_SVG)
        which = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)[trial % 3]
        delay = chance.uniform(0, run_seconds * 1.1)
        process = subprocess.Popen(_command(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(delay)
        process.send_signal(which)
        _, err = process.communicate(timeout=300)
        state = _state(folder, with_old)
        seen.add(state)
        where = (trial, which, round(delay, 3), round(start_seconds, 3), process.returncode, err)
        if process.returncode == 128 + which:
            assert err.decode().strip().endswith("icp-print: interrupted"), where
            if delay > start_seconds:
                assert b"Traceback" not in err, where
        elif process.returncode == -which:
            # the signal came before the handlers were installed, or after every output was
            # in place and the interpreter was shutting down
            assert (state == "old" and delay < 3 * start_seconds) or state == "new", where
        else:                           # or after the program had finished
            assert state == "new", where
    assert seen == {"old", "new"}, "the trials should catch both sides of the commit"


@pytest.mark.slow
def test_kill_9_leaves_no_temporary_file(tmp_path, run_seconds):
    chance = random.Random(7)
    for trial in range(4):
        folder = tmp_path / f"trial{trial}"
        folder.mkdir()
        process = subprocess.Popen(_command(folder), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(chance.uniform(run_seconds * 0.3, run_seconds * 1.1))
        process.kill()
        process.communicate(timeout=300)
        _state(folder, with_old=False)
