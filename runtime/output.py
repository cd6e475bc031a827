"""Standard output whose failures name standard output, for every command line.

A write to standard output that fails raises an ``OSError`` without a file name, from
wherever the text was printed, so an error line could not tell "the disk your output is
redirected to is full" from any other failure.  :func:`tag_stdout_errors` rebuilds
``sys.stdout`` over a raw layer that raises, and remembers, one of two errors:

- :class:`StdoutClosed`: the reader went away (``| head``); the command ends quietly;
- :class:`StdoutWriteError`: the write was refused (``> /dev/full``, a full disk, an I/O
  error); the command reports ``cannot write to standard output: REASON``.

:func:`flush_stdout` flushes inside the command's error handling (the interpreter's own
flush at exit comes too late to report anything) and raises a remembered failure even if
the code that met it swallowed it (argparse's help does).  After either failure,
:func:`discard_stdout` points the descriptor at /dev/null, so nothing still buffered can
fail again at exit with a traceback.

Standard library only: ``wordle-next`` and the compiler's command lines share it.
"""

from __future__ import annotations

import io
import os
import sys

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from _typeshed import ReadableBuffer


class StdoutClosed(BrokenPipeError):
    """The reader of standard output went away (``| head``): nothing more can be said there."""


class StdoutWriteError(OSError):
    """Standard output refused a write: a full disk, ``> /dev/full``, an I/O error."""

    def __str__(self) -> str:
        return f"cannot write to standard output: {self.strerror}"


class _TaggingWriter(io.RawIOBase):
    """Standard output's descriptor, unbuffered: each failed write raises one of the errors
    above and is remembered in :attr:`failure`."""

    def __init__(self, fd: int):
        super().__init__()
        self._fd = fd
        self.failure: OSError | None = None

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: ReadableBuffer) -> int | None:
        """Write what the descriptor takes; None when a non-blocking one is full for now."""
        try:
            return os.write(self._fd, data)
        except BlockingIOError:
            return None  # the buffered layer above keeps the bytes and says so, as for FileIO
        except BrokenPipeError as exc:
            failure: OSError = StdoutClosed(exc.errno, exc.strerror)
        except OSError as exc:
            failure = StdoutWriteError(exc.errno, exc.strerror)
        if self.failure is None:
            self.failure = failure
        raise failure


def tag_stdout_errors() -> None:
    """Replace the interpreter's ``sys.stdout`` by the same stream over a tagging raw layer
    (encoding, error handler, line buffering and ``python -u``'s unbuffered binary layer
    kept).  Left alone when a caller replaced ``sys.stdout`` already (a test runner, an
    embedding program) or it has no descriptor."""
    stream = sys.stdout
    if stream is None or stream is not sys.__stdout__ or not isinstance(stream, io.TextIOWrapper):
        return
    try:
        fd = stream.fileno()
        stream.flush()
    except (OSError, ValueError):
        return
    raw = _TaggingWriter(fd)
    binary = io.BufferedWriter(raw) if isinstance(stream.buffer, io.BufferedWriter) else raw
    sys.stdout = io.TextIOWrapper(
        binary,
        encoding=stream.encoding,
        errors=stream.errors,
        newline="\n",
        line_buffering=stream.line_buffering,
        write_through=stream.write_through,
    )


def _tagging_writer(stream: object) -> _TaggingWriter | None:
    binary = getattr(stream, "buffer", None)
    raw = binary if isinstance(binary, _TaggingWriter) else getattr(binary, "raw", None)
    return raw if isinstance(raw, _TaggingWriter) else None


def stdout_is_tagged() -> bool:
    """Whether a failure of standard output raises :class:`StdoutClosed` or
    :class:`StdoutWriteError` (so a plain ``BrokenPipeError`` came from another pipe)."""
    return _tagging_writer(sys.stdout) is not None


def flush_stdout() -> None:
    """Flush standard output; raise the first failure of any earlier write to it, even one
    that the code that met it swallowed."""
    stream = sys.stdout
    if stream is None:
        return
    stream.flush()
    writer = _tagging_writer(stream)
    if writer is not None and writer.failure is not None:
        raise writer.failure


def discard_stdout() -> None:
    """After standard output failed: point its descriptor at /dev/null, so that what is
    still buffered goes nowhere at exit instead of failing again into a traceback."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
    except (AttributeError, OSError, ValueError):  # no stdout, or one without a descriptor
        return
    try:
        os.dup2(null, fd)
    except OSError:
        pass
    finally:
        os.close(null)
