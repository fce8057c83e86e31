"""Writing a command's outputs so that nothing of the user's is ever lost.

A command's outputs (the PDF, an SVG, PNG pages, ...) are written all or
none: every file goes to a temporary beside its target first, and only when
every one is complete are they moved into place, with SIGINT, SIGTERM and
SIGHUP held back for those few renames.  Where the system allows it the
temporaries have no name at all until that moment (``O_TMPFILE``), so even a
``kill -9`` leaves nothing behind.

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
import signal
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..validators.errors import InputError

STDOUT = "-"
HELD_SIGNALS = {getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                if hasattr(signal, name)}


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
              no_clobber: bool = False) -> list[Written]:
    """Write every output, or none of them; an :class:`InputError` says why not."""
    plans = _plan(outputs, inputs, no_clobber)
    with _signals_held():
        _commit(plans, no_clobber)
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
    """Hold back interrupting signals until the block ends (they are then delivered)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _commit(plans: list[_Plan], no_clobber: bool) -> None:
    umask = os.umask(0)
    os.umask(umask)
    created: list[Path] = []
    staged: list[_Staged] = []
    placed: list[_Staged] = []
    try:
        for plan in plans:
            if plan.kind == "file":
                created += _make_parents(plan)
                staged.append(_stage(plan, plan.mode if plan.mode is not None else 0o666 & ~umask))
        for plan in plans:
            if plan.kind != "file":
                _write_stream(plan)
        for item in staged:
            item.place(no_clobber)
            placed.append(item)
    except BaseException as exc:
        for item in reversed(placed):
            item.undo()
        for item in staged:
            item.discard()
        for folder in reversed(created):
            try:
                folder.rmdir()
            except OSError:
                pass
        if isinstance(exc, OSError) and not isinstance(exc, BrokenPipeError):
            where = getattr(exc, "icp_target", None) or exc.filename or ""
            raise InputError(f"cannot write ({exc.strerror or exc}); nothing was written",
                             source=str(where) or None) from None
        raise
    for item in staged:
        item.forget_backup()
        item.close()


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
            exc.icp_target = plan.output.target  # type: ignore[attr-defined]
            raise
    return list(reversed(missing))


class _Staged:
    """A complete temporary file waiting to be moved onto its target."""

    def __init__(self, plan: _Plan, fd: int, name: Path | None):
        self.plan, self.fd, self.name = plan, fd, name
        self.backup: Path | None = None   # the replaced file, kept until every output is placed

    def place(self, no_clobber: bool) -> None:
        target = self.plan.real
        try:
            if self.name is None:   # an unnamed O_TMPFILE: give it a name first
                self.name = _link_unnamed(self.fd, target)
            if self.plan.mode is not None:
                self.backup = _free_name(target, "old")
                os.link(target, self.backup)
            if no_clobber:
                os.link(self.name, target)
                os.unlink(self.name)
            else:
                os.replace(self.name, target)
            self.name = None
        except OSError as exc:
            exc.icp_target = self.plan.output.target  # type: ignore[attr-defined]
            raise

    def undo(self) -> None:
        """Put back what :meth:`place` replaced (or remove what it created)."""
        if self.backup is not None:
            os.replace(self.backup, self.plan.real)
            self.backup = None
        else:
            self.plan.real.unlink(missing_ok=True)

    def forget_backup(self) -> None:
        if self.backup is not None:
            self.backup.unlink(missing_ok=True)
            self.backup = None

    def discard(self) -> None:
        self.forget_backup()
        if self.name is not None:
            Path(self.name).unlink(missing_ok=True)
            self.name = None
        self.close()

    def close(self) -> None:
        if self.fd >= 0:
            os.close(self.fd)
            self.fd = -1


def _stage(plan: _Plan, mode: int) -> _Staged:
    folder = plan.real.parent
    try:
        fd, name = _open_temporary(folder, plan.real.name)
    except OSError as exc:
        exc.icp_target = plan.output.target  # type: ignore[attr-defined]
        raise
    staged = _Staged(plan, fd, name)
    try:
        os.fchmod(fd, mode)
        _write_fd(fd, plan.output.data)
        os.fsync(fd)
    except OSError as exc:
        staged.discard()
        exc.icp_target = plan.output.target  # type: ignore[attr-defined]
        raise
    return staged


def _open_temporary(folder: Path, name: str) -> tuple[int, Path | None]:
    """A new file in ``folder``: unnamed where the system allows, else ``.NAME.XXXX.part``."""
    if hasattr(os, "O_TMPFILE") and os.path.isdir("/proc/self/fd"):
        try:
            return os.open(folder, os.O_TMPFILE | os.O_WRONLY, 0o600), None
        except OSError as exc:
            if exc.errno not in (errno.EOPNOTSUPP, errno.EISDIR, errno.EINVAL):
                raise
    fd, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
    return fd, Path(temporary)


def _link_unnamed(fd: int, target: Path) -> Path:
    """Name an ``O_TMPFILE`` file (linkat through /proc, as open(2) describes)."""
    root = os.open("/", os.O_RDONLY)
    try:
        name = _free_name(target, "new")
        # a src_dir_fd makes Python call linkat, which can follow the /proc link
        os.link(f"proc/self/fd/{fd}", name, src_dir_fd=root, follow_symlinks=True)
        return name
    finally:
        os.close(root)


def _free_name(target: Path, tag: str) -> Path:
    """A name beside ``target`` that nothing uses: ``.NAME.PID.TAG.part``."""
    for attempt in range(1000):
        name = target.parent / f".{target.name}.{os.getpid()}.{tag}{attempt or ''}.part"
        if not os.path.lexists(name):
            return name
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(target))


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
        exc.icp_target = plan.output.target  # type: ignore[attr-defined]
        raise
