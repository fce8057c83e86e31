"""Writing a command's outputs so that nothing of the user's is ever lost.

A command's outputs (the PDF, an SVG, PNG pages, ...) are written all or
none: every file is first written in full into a private folder beside its
target (``.icp-print-HOST-PID.tmp``), and only when every one is complete are
they moved into place, with SIGINT, SIGTERM and SIGHUP held back for those
few renames.  Older files the new set replaces or no longer has (PNG pages
of a longer earlier run) wait in that folder until the end, so a failure
puts everything back.  A ``kill -9`` cannot be held back: it leaves at most
that private folder, which :func:`sweep` removes on the next run that writes
into the same folder.

Before anything is drawn, :func:`check_targets` refuses an output that would
destroy something: one of the command's own inputs, another output of the
same command, a folder, a block device, a read-only file, or (with
``--no-clobber``) any existing file.  Symbolic links are written through; a
FIFO or character device (``/dev/null``) is written into; ``-`` is standard
output.  A replaced file keeps its permissions; a new one gets the umask's.
"""
from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import stat
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..validators.errors import InputError

STDOUT = "-"
HELD_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                if hasattr(signal, name)}
ROOM_PREFIX, ROOM_SUFFIX = ".icp-print-", ".tmp"
ROOM_PATTERN = re.compile(re.escape(ROOM_PREFIX) + r"(?P<host>.+)-(?P<pid>[0-9]{1,10})" + re.escape(ROOM_SUFFIX))


@dataclass(frozen=True)
class Output:
    """One file to write: its target, its bytes, and the option that named it."""

    target: Path
    data: bytes
    option: str = "--out"


@dataclass(frozen=True)
class Written:
    """What became of one output: where it went and whether a file was replaced."""

    target: Path
    replaced: bool


@dataclass(frozen=True)
class _Plan:
    output: Output
    real: Path            # the symbolic link's target, or the path itself
    kind: str             # "file", "stream" or "stdout"
    mode: int | None      # the permissions of the file being replaced


def check_targets(targets: Iterable[tuple[str, Path]], inputs: Iterable[Path] = (), *,
                  no_clobber: bool = False) -> None:
    """Refuse, before any work, outputs that would destroy something (see the module doc)."""
    _plan([Output(Path(t), b"", option) for option, t in targets], inputs, no_clobber)


def write_all(outputs: Sequence[Output], inputs: Iterable[Path] = (), *,
              no_clobber: bool = False, remove: Sequence[Path] = ()) -> list[Written]:
    """Write every output and take away the ``remove`` files, or do none of it;
    an :class:`InputError` says why not."""
    plans = _plan(outputs, inputs, no_clobber)
    if remove and no_clobber:
        raise InputError("older files would be removed, and --no-clobber is given",
                         source=str(remove[0]))
    with _signals_held():
        _commit(plans, [Path(p) for p in remove], no_clobber)
    return [Written(p.output.target, p.mode is not None) for p in plans]


def _plan(outputs: Sequence[Output], inputs: Iterable[Path], no_clobber: bool) -> list[_Plan]:
    seen: dict[object, str] = {}
    for path in inputs:
        if str(path) != STDOUT:
            seen.setdefault(_identity(Path(path)), "an input of this command")
    plans = []
    for output in outputs:
        name = str(output.target)
        if name == STDOUT:
            if STDOUT in seen:
                raise InputError("only one output can go to standard output", field=output.option)
            if sys.stdout.isatty():
                raise InputError("standard output is a terminal; redirect it to a file or a "
                                 "program", field=output.option)
            seen[STDOUT] = output.option
            plans.append(_Plan(output, output.target, "stdout", None))
            continue
        real = Path(os.path.realpath(output.target))
        sweep(real.parent)
        try:
            info = os.stat(real)
        except FileNotFoundError:
            info = None
        except OSError as exc:
            raise InputError(f"cannot write here ({exc.strerror or exc})", source=name,
                             field=output.option) from None
        kind, mode = "file", None
        if info is not None:
            if stat.S_ISDIR(info.st_mode):
                raise InputError("is a folder, not a file", source=name, field=output.option)
            if stat.S_ISFIFO(info.st_mode) or stat.S_ISCHR(info.st_mode):
                kind = "stream"
            elif not stat.S_ISREG(info.st_mode):
                raise InputError("is not a regular file; not replaced", source=name,
                                 field=output.option)
            elif no_clobber:
                raise InputError("exists, and --no-clobber is given", source=name,
                                 field=output.option)
            elif not os.access(real, os.W_OK) or not info.st_mode & 0o222:
                raise InputError("is read-only; not replaced", source=name, field=output.option)
            else:
                mode = stat.S_IMODE(info.st_mode)
        identity = _identity(real)
        if identity in seen and not (kind == "stream" and info and stat.S_ISCHR(info.st_mode)):
            other = seen[identity]
            clash = other if other.startswith("an input") else f"also the {other} output"
            raise InputError(f"is {clash}; refusing to overwrite it", source=name,
                             field=output.option)
        seen[identity] = output.option
        plans.append(_Plan(output, real, kind, mode))
    return plans


def _identity(path: Path) -> object:
    """Device and inode of an existing file, else its resolved path."""
    try:
        info = os.stat(path)
        return (info.st_dev, info.st_ino)
    except OSError:
        return os.path.realpath(path)


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back interrupting signals until the block ends (they are then delivered).

    Masking covers only this thread: a signal can still land on a thread a
    library started, and Python would then run the handler here, mid-rename.
    So the handlers are also swapped for one that only notes the signal.
    """
    noted: list[int] = []
    handlers = {}
    try:
        for number in HELD_SIGNALS:
            handlers[number] = signal.signal(number, lambda got, frame: noted.append(got))
    except ValueError:    # not the main thread: Python runs no handler here anyway
        pass
    masked = hasattr(signal, "pthread_sigmask")
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS) if masked else set()
    try:
        yield
    finally:
        if masked:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if noted:
            signal.raise_signal(noted[0])


def _commit(plans: list[_Plan], removals: Sequence[Path], no_clobber: bool) -> None:
    umask = os.umask(0)
    os.umask(umask)
    created: list[Path] = []
    rooms: dict[Path, _Room] = {}
    staged: list[_Staged] = []
    done: list[_Staged | _Removed] = []
    try:
        for plan in plans:
            if plan.kind == "file":
                created += _make_parents(plan)
                room = _room_for(rooms, plan.real.parent, plan.output.target, plan.output.option)
                staged.append(_stage(plan, room, plan.mode if plan.mode is not None else 0o666 & ~umask))
        for plan in plans:
            if plan.kind != "file":
                _write_stream(plan)
        for path in removals:
            removed = _Removed(path, _room_for(rooms, path.parent, path))
            removed.place()
            done.append(removed)
        for item in staged:
            item.place(no_clobber)
            done.append(item)
    except BaseException as exc:
        for step in reversed(done):
            step.undo()
        for item in staged:
            item.close()
        for room in rooms.values():
            room.remove()
        for folder in reversed(created):
            try:
                folder.rmdir()
            except OSError:
                pass
        if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):
            where = getattr(exc, "icp_target", None) or exc.filename or ""
            raise InputError(f"cannot write ({exc.strerror or exc}); nothing was written",
                             source=str(where) or None, field=getattr(exc, "icp_option", None)) from None
        raise
    for item in staged:
        item.close()
    for room in rooms.values():
        room.remove()


def _host_name() -> str:
    """This machine's name, as ``socket.gethostname()`` gives it, without loading ``socket``
    (a cost at every start) where the system can say it directly."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket   # pragma: no cover - Windows
    return socket.gethostname()


def _blame(exc: OSError, target: Path, option: str | None = None) -> None:
    """Note on ``exc`` which output (file and option) it struck, for the one-line message."""
    exc.icp_target, exc.icp_option = target, option  # type: ignore[attr-defined]


def _make_parents(plan: _Plan) -> list[Path]:
    missing = []
    folder = plan.real.parent
    while not folder.exists():
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        try:
            folder.mkdir()
        except OSError as exc:
            _blame(exc, plan.output.target, plan.output.option)
            raise
    return list(reversed(missing))


def _room_name() -> str:
    host = re.sub(r"[^A-Za-z0-9_.]", "_", _host_name())[:64] or "host"
    return f"{ROOM_PREFIX}{host}-{os.getpid()}{ROOM_SUFFIX}"


class _Room:
    """A private folder beside the targets holding this run's temporaries.

    New files are written here in full, and replaced or removed files wait
    here until every output is in place.  If the process is killed, the
    folder is all that remains, and :func:`sweep` removes it on the next run.
    """

    def __init__(self, folder: Path):
        self.path = folder / _room_name()
        if os.path.lexists(self.path):          # left by a dead process that had our pid
            shutil.rmtree(self.path, ignore_errors=True)
        os.mkdir(self.path, 0o700)
        self.used = 0

    def name(self, tag: str) -> Path:
        self.used += 1
        return self.path / f"{tag}-{self.used}"

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def _room_for(rooms: dict[Path, _Room], folder: Path, target: Path, option: str | None = None) -> _Room:
    if folder not in rooms:
        try:
            rooms[folder] = _Room(folder)
        except OSError as exc:
            _blame(exc, target, option)
            raise
    return rooms[folder]


def sweep(folder: Path) -> list[Path]:
    """Remove the temporaries that killed runs left in ``folder``; return what was removed.

    A private folder is left alone while the process that made it (same host,
    same pid) may still be running.
    """
    host = _room_name().removeprefix(ROOM_PREFIX).rsplit("-", 1)[0]
    removed = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        found = ROOM_PATTERN.fullmatch(entry.name)
        if not found or found["host"] != host or not entry.is_dir(follow_symlinks=False):
            continue
        pid = int(found["pid"])
        if pid != os.getpid() and _alive(pid):
            continue
        shutil.rmtree(entry.path, ignore_errors=True)
        removed.append(Path(entry.path))
    return removed


def _alive(pid: int) -> bool:
    """Whether a process ``pid`` may be running (signal 0 only asks; Windows would end it)."""
    if os.name == "nt":
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    except OSError:
        return True
    return True


class _Staged:
    """A complete temporary file waiting to be moved onto its target."""

    def __init__(self, plan: _Plan, fd: int, name: Path, room: _Room):
        self.plan, self.fd, self.name, self.room = plan, fd, name, room
        self.backup: Path | None = None   # the replaced file, kept until every output is placed
        self.placed = False

    def place(self, no_clobber: bool) -> None:
        target = self.plan.real
        try:
            if self.plan.mode is not None:
                self.backup = self.room.name("old")
                os.link(target, self.backup)
            if no_clobber:
                os.link(self.name, target)
                os.unlink(self.name)
            else:
                os.replace(self.name, target)
            self.placed = True
        except OSError as exc:
            _blame(exc, self.plan.output.target, self.plan.output.option)
            raise

    def undo(self) -> None:
        """Put back what :meth:`place` replaced (or remove what it created)."""
        if not self.placed:
            return
        if self.backup is not None:
            os.replace(self.backup, self.plan.real)
        else:
            self.plan.real.unlink(missing_ok=True)
        self.placed = False

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


class _Removed:
    """An older file to take away with the commit (a PNG page the new run no longer has)."""

    def __init__(self, path: Path, room: _Room):
        self.path, self.room = path, room
        self.kept: Path | None = None

    def place(self) -> None:
        kept = self.room.name("old")
        try:
            os.replace(self.path, kept)
        except FileNotFoundError:
            return
        except OSError as exc:
            _blame(exc, self.path)
            raise
        self.kept = kept

    def undo(self) -> None:
        if self.kept is not None:
            os.replace(self.kept, self.path)
            self.kept = None


def _stage(plan: _Plan, room: _Room, mode: int) -> _Staged:
    name = room.name("new")
    try:
        fd = os.open(name, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o600)
    except OSError as exc:
        _blame(exc, plan.output.target, plan.output.option)
        raise
    staged = _Staged(plan, fd, name, room)
    try:
        os.fchmod(fd, mode)
        _write_fd(fd, plan.output.data)
        os.fsync(fd)
    except OSError as exc:
        staged.close()
        _blame(exc, plan.output.target, plan.output.option)
        raise
    return staged


def _write_fd(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


def _write_stream(plan: _Plan) -> None:
    try:
        if plan.kind == "stdout":
            sys.stdout.flush()
            sys.stdout.buffer.write(plan.output.data)
            sys.stdout.buffer.flush()
            return
        # Non-blocking open: a FIFO nobody reads is refused instead of waiting forever.
        fd = os.open(plan.real, os.O_WRONLY | os.O_NONBLOCK)
        try:
            os.set_blocking(fd, True)
            _write_fd(fd, plan.output.data)
        finally:
            os.close(fd)
    except BrokenPipeError:
        raise
    except OSError as exc:
        if exc.errno == errno.ENXIO:
            exc.strerror = "nothing is reading from this FIFO"
        _blame(exc, plan.output.target, plan.output.option)
        raise
