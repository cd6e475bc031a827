"""How ``wordle-tree serve`` reads a request before http.server parses it: every read bounded
by the request's deadline (:class:`DeadlineReader`), the request line read as RFC 9112 asks
(:func:`read_request_line`) and checked (:func:`request_line_problem`), so that whatever a
client sends first is answered with a status line, never as an HTTP/0.9 request.

A request line is ``METHOD TARGET HTTP/1.x``: one without a version (HTTP/0.9's ``GET /``),
with control characters, a word too few or too many, or a version that is not
``HTTP/digit.digit`` is refused 400; ``HTTP/2.0``, ``HTTP/0.9`` and other major versions 505.
"""

from __future__ import annotations

import io
import re
import socket
import time
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

LINE_LIMIT = 65_536  # bytes in a request line (http.server's own limit): past it a 414
TLS_HANDSHAKE = b"\x16"  # the first byte of a TLS record: https:// sent to this http:// server
FORM = "a request line is METHOD /PATH HTTP/1.1"
_METHOD = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+", re.ASCII)  # RFC 9110's token
_VERSION = re.compile(r"HTTP/([0-9])\.[0-9]", re.ASCII)
_CONTROL = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")


class DeadlineReader(io.RawIOBase):
    """The reading side of a connection, every read bounded by one deadline for the whole
    request: a client that trickles a byte at a time still has only until then."""

    def __init__(self, sock: socket.socket, deadline: float):
        self.sock, self.deadline, self.expired = sock, deadline, False

    def readable(self) -> bool:
        """It is."""
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        """Read what the client sent so far, waiting at most until the deadline."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            self.expired = True
            raise TimeoutError("the request's time is up")
        self.sock.settimeout(left)
        try:
            return self.sock.recv_into(buffer)
        except TimeoutError:
            self.expired = True
            raise


class LineReader(Protocol):
    """What :func:`read_request_line` reads from: a buffered stream (``io.BufferedReader``)."""

    def peek(self, size: int = 0, /) -> bytes:
        """Bytes ready to be read, without reading them."""
        ...

    def readline(self, size: int | None = -1, /) -> bytes:
        """One line, at most ``size`` bytes of it."""
        ...


def read_request_line(rfile: LineReader) -> bytes:
    """The request line as sent, with its line end: at most :data:`LINE_LIMIT` + 1 bytes (one
    more than the limit: too long), one empty line before it skipped (RFC 9112, section 2.2);
    b"" for a client that closed without sending anything.  A TLS handshake's first byte is
    returned alone, as soon as it arrives: its sender waits for an answer, not a line end."""
    if rfile.peek(1)[:1] == TLS_HANDSHAKE:
        return TLS_HANDSHAKE
    line = rfile.readline(LINE_LIMIT + 1)
    if line in (b"\r\n", b"\n"):
        line = rfile.readline(LINE_LIMIT + 1) or line
    return line


def request_line_problem(line: str) -> tuple[int, str] | None:
    """Why the request line ``line`` (decoded as ISO-8859-1, its line end dropped) is refused,
    as (HTTP status, the reason); None for a line that is ``METHOD TARGET HTTP/1.x``."""
    shown = repr(line[:60] + ("…" if len(line) > 60 else ""))
    if line.startswith(TLS_HANDSHAKE.decode("latin-1")):
        return 400, "this server speaks plain HTTP: its address starts http://, not https://"
    if _CONTROL.search(line):
        return 400, f"the request line {shown} holds control characters: {FORM}"
    words = line.split()
    if not words:
        return 400, f"the request line is empty: {FORM}"
    if len(words) == 2:
        return 400, f"the request line {shown} has no HTTP version (HTTP/0.9 is not spoken here): {FORM}"
    if len(words) != 3 or not _METHOD.fullmatch(words[0]):
        return 400, f"the request line {shown} is malformed: {FORM}"
    version = _VERSION.fullmatch(words[2])
    if version is None:
        return 400, f"the request line {shown} does not end in an HTTP version: {FORM}"
    if version.group(1) != "1":
        return 505, f"{words[2]} is not spoken here, only HTTP/1.0 and HTTP/1.1"
    return None
