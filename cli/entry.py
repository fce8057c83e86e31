"""The ``icp-print`` program: interrupts are handled before anything heavy loads.

Ctrl-C (SIGINT), SIGTERM and SIGHUP end the program at any moment, start-up
included, with one line and exit status 128 + the signal (130 for Ctrl-C).
Nothing half-written can be left behind: outputs are written all or none,
with these signals held back while they are moved into place (see
``generators/writing.py``), so the handler only has to leave.

At exit the objects still alive (modules, classes, the drawing) are left to
the operating system: the cyclic garbage collector would otherwise walk all of
them once more before the process ends, which costs more than a third of the
drawing of a deck.
"""
# Only modules the interpreter has already loaded come before the handlers, so
# installing them is the first thing this program does and takes microseconds.
import os

try:    # the C module behind ``signal``: handlers go in before ``signal``'s enums are built
    import _signal as signals  # type: ignore[import-not-found]
except ImportError:  # pragma: no cover - another Python implementation
    import signal as signals  # type: ignore[no-redef]


def _leave(signum: int, frame: object) -> None:
    try:
        os.write(2, b"icp-print: interrupted\n")
    except OSError:       # the terminal may be gone (SIGHUP)
        pass
    os._exit(128 + signum)


def install() -> None:
    """Make the interrupting signals end the program cleanly."""
    for name in ("SIGINT", "SIGTERM", "SIGHUP"):
        if hasattr(signals, name):
            signals.signal(getattr(signals, name), _leave)


install()


def run() -> int:
    """Load the commands, then run them."""
    import atexit
    import gc
    # Registered first, so it runs last: after every other exit handler, nothing is
    # left for the collector to finalize, and freezing skips its walks at shutdown.
    atexit.register(gc.freeze)
    from .main import main
    return main()


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(run())
