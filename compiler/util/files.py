"""Every file the compiler writes or reads on a user's say-so goes through here.

Writers (``wordle-compile -o``, ``wordle-tree export -o`` and ``import -o``, the matrix
cache, :func:`wordle_compiler.save`) share one set of rules:

* :func:`check_destination` runs *before* any work starts: the name is not empty, its
  folder exists, is a folder and is writable (probed by creating one of our temporary
  files there, so a read-only file system is caught even for root), and the target is a
  regular file or absent.  A symbolic link, FIFO, socket, directory or device node such
  as ``/dev/full`` is refused, never replaced.
* :func:`write_atomic` writes ``.<name>.<pid>-<token>.tmp`` beside the target, fsyncs it
  and renames it over the target, so a reader sees the old file or the new one, never
  half of one.  Any failure is one :class:`OutputError` and removes the temporary file.
* A run that was killed mid-write leaves its temporary file behind; the next write to the
  same target (or, for the cache, to the cache folder) removes temporary files of ours
  whose process is gone or that are older than :data:`STALE_SECONDS`.

Readers (:func:`read_regular_file`) open only regular files (a FIFO would block forever,
``/dev/zero`` never ends) and refuse anything over a size cap before reading it; the text
inputs are decoded by :func:`decode_text`, which skips a leading byte-order mark.

Standard library only: the matrix cache and the command lines both use it.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import time
from pathlib import Path

# A temporary file of ours older than this is stale even if its pid is alive again (pids
# are reused); a real write takes seconds, so an hour leaves a wide margin.
STALE_SECONDS = 3600
# Long enough to recognise, short enough that the temporary name stays under NAME_MAX.
_NAME_KEEP = 100
# ".<name>.<pid>-<8 hex>.tmp" (ours), and the two older forms: mkstemp's ".<name>.<8 chars>.tmp"
# (tree outputs) and ".<name>.<pid>.tmp" (matrix cache).  Only the first two groups matter.
_TEMP = re.compile(r"^\.(?P<name>.+)\.(?:(?P<pid>\d+)(?:-[0-9a-f]{8})?|[a-z0-9_]{8})\.tmp$")


class OutputError(ValueError):
    """A destination or input file that cannot be used; the message is one line."""


def _describe(st: os.stat_result) -> str:
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a directory"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device node"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def _temp_name(name: str) -> str:
    return f".{name[:_NAME_KEEP]}.{os.getpid()}-{os.urandom(4).hex()}.tmp"


def check_destination(path, what: str = "output") -> Path:
    """Raise :class:`OutputError` unless ``path`` can be written by :func:`write_atomic`."""
    if path is None or str(path).strip() == "":
        raise OutputError(f"the {what} file name is empty")
    target = Path(path)
    folder = target.parent
    try:
        folder_st = os.stat(folder)
    except FileNotFoundError:
        raise OutputError(f"cannot write {path}: the folder {folder} does not exist") from None
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not stat.S_ISDIR(folder_st.st_mode):
        raise OutputError(f"cannot write {path}: {folder} is not a folder")
    try:
        st = os.lstat(target)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    if st is not None and not stat.S_ISREG(st.st_mode):
        raise OutputError(f"refusing to write {path}: it is {_describe(st)}, not a regular file")
    _probe(folder, target.name, path)
    return target


def check_folder(folder, shown=None) -> None:
    """Raise :class:`OutputError` unless new files can be created in ``folder``."""
    folder = Path(folder)
    if not folder.is_dir():
        raise OutputError(f"cannot write in {shown or folder}: it is not an existing folder")
    _probe(folder, "probe", shown or folder)


def _probe(folder: Path, name: str, shown) -> None:
    """Create and remove one temporary file: the only check that also holds for root."""
    probe = folder / _temp_name(name)
    try:
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except OSError as exc:
        raise OutputError(f"cannot write {shown}: {exc.strerror or exc} ({folder})") from None
    os.close(fd)
    with contextlib.suppress(OSError):
        os.unlink(probe)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, OSError):
        return True  # someone else's live process, or a pid we cannot judge: keep the file
    return True


def clean_stale(folder, keep_name=None, prefix: str | None = None) -> list[str]:
    """Remove temporary files of ours in ``folder`` left by killed runs; return their names.

    ``keep_name`` limits it to one target's temporary files (tree outputs may sit among a
    user's own files); ``prefix`` to targets whose name starts with it (the cache folder).
    """
    removed = []
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return removed
    for entry in entries:
        match = _TEMP.match(entry.name)
        if match is None:
            continue
        name = match["name"]
        if keep_name is not None and name != str(keep_name)[:_NAME_KEEP]:
            continue
        if prefix is not None and not name.startswith(prefix):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if not stat.S_ISREG(st.st_mode):
            continue
        dead = match["pid"] is not None and not _pid_alive(int(match["pid"]))
        if dead or now - st.st_mtime > STALE_SECONDS:
            try:
                os.unlink(entry.path)
                removed.append(entry.name)
            except OSError:
                pass
    return removed


def write_atomic(path, payload, stale_prefix: str | None = None) -> None:
    """Write ``payload`` (bytes, or a callable given the open binary file) to ``path``.

    The destination is checked again (it may have changed while we worked), stale
    temporary files of ours are removed, and the new file replaces the old by rename.
    """
    target = check_destination(path)
    folder = target.parent
    if stale_prefix:
        clean_stale(folder, prefix=stale_prefix)
    else:
        clean_stale(folder, target.name)
    tmp = folder / _temp_name(target.name)
    try:
        # 0o666 minus the umask, like any file a program creates (the tree file is shared)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(fd, "wb") as fh:
            if callable(payload):
                payload(fh)
            else:
                fh.write(payload)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except OSError as exc:
        _unlink_quietly(tmp)
        raise OutputError(f"cannot write {path}: {exc.strerror or exc}") from None
    except BaseException:
        _unlink_quietly(tmp)  # Ctrl-C mid-write: the old file stays, and nothing is left behind
        raise


def _unlink_quietly(path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def read_regular_file(path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes, else :class:`OutputError`.

    Opened non-blocking, so a FIFO is refused instead of waiting for a writer.
    """
    if path is None or str(path).strip() == "":
        raise OutputError(f"the {what} name is empty")
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise OutputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):  # before fdopen, which refuses a directory with only its descriptor
        os.close(fd)
        raise OutputError(f"cannot read {what} {path}: it is {_describe(st)}, not a regular file")
    with os.fdopen(fd, "rb") as fh:
        if st.st_size > limit:
            raise OutputError(f"{what} {path} is {st.st_size:,} bytes, over the {limit:,}-byte limit")
        try:
            data = fh.read(limit + 1)
        except OSError as exc:
            raise OutputError(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    if len(data) > limit:  # it grew while we read
        raise OutputError(f"{what} {path} is over the {limit:,}-byte limit")
    return data


def decode_text(data: bytes, errors: str = "strict") -> str:
    """The text of a UTF-8 input file (a word list, a first-words, weights or tree text
    file), a leading byte-order mark skipped: editors on Windows write one, and it would
    otherwise stick to the first word.  ``errors`` as for :meth:`bytes.decode`."""
    return data.decode("utf-8-sig", errors)
