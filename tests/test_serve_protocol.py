"""``wordle-tree serve`` speaks HTTP/1.1 to whatever arrives, as a real process on 127.0.0.1:
a malformed or unsupported request line (garbage, HTTP/0.9's ``GET /``, HTTP/2.0, an empty
line, binary junk, a TLS handshake, a line over the limit) is answered with a status line,
headers and the JSON error body, then the connection closes, and the next request is answered
as usual; an HTTP/1.1 request needs a Host header; ``Expect: 100-continue`` gets a 100 only
for a body the server reads."""

from __future__ import annotations

import json
import re
import socket

import pytest

from serving import Server, read_until_closed

TREE = "salet-optimal-normal"  # one tree: the server starts in a second
HOST = b"Host: 127.0.0.1\r\n"
STATUS_LINE = re.compile(rb"HTTP/1\.1 ([1-5][0-9]{2}) [A-Za-z -]+\r\n")


def ask(port: int, data: bytes, hang_up: bool = True) -> bytes:
    """Send ``data`` on a connection of its own, then (``hang_up``) close the sending side;
    everything the server answers until it closes."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        try:
            sock.sendall(data)
            if hang_up:
                sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):
            pass  # refused before it was all read: the answer is still there
        return read_until_closed(sock)


def parse(answer: bytes) -> tuple[int, dict[str, str], bytes]:
    """(status, headers, body) of a whole HTTP/1.1 answer, checked to be one: a status line,
    header lines, a blank line and a body of the length given."""
    match = STATUS_LINE.match(answer)
    assert match, answer[:200]
    head, separator, body = answer[match.end() :].partition(b"\r\n\r\n")
    assert separator, answer[:300]
    headers = dict(line.decode("latin-1").split(": ", 1) for line in head.split(b"\r\n") if line)
    assert int(headers["Content-Length"]) == len(body), (headers, body[:100])
    return int(match.group(1)), headers, body


@pytest.fixture(scope="module")
def server():
    running = Server(TREE)
    yield running
    code, err = running.stop()
    assert code == 130, err
    assert "Traceback" not in err, err


# (what a client sends, the status, a fragment of the error)
MALFORMED = [
    (b"GARBAGE\r\n\r\n", 400, "'GARBAGE' is malformed"),
    (b"GET / HTTP/2.0\r\n\r\n", 505, "HTTP/2.0 is not spoken here"),
    (b"HEAD / HTTP/2.0\r\n\r\n", 505, "HTTP/2.0 is not spoken here"),
    (b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", 505, "HTTP/2.0 is not spoken here"),  # HTTP/2's preface
    (b"GET / HTTP/0.9\r\n\r\n", 505, "HTTP/0.9 is not spoken here"),
    (b"GET /\r\n\r\n", 400, "has no HTTP version"),  # HTTP/0.9's request: no bare page back
    (b"GET /api/trees\r\n", 400, "has no HTTP version"),
    (b"\r\n\r\n", 400, "the request line is empty"),
    (b"\r\n", 400, "the request line is empty"),
    (b" \t \r\n\r\n", 400, "the request line is empty"),
    (b"GET / HTTP/1.1 extra\r\n" + HOST + b"\r\n", 400, "is malformed"),
    (b"GET /a b HTTP/1.1\r\n" + HOST + b"\r\n", 400, "is malformed"),
    (b"G(E)T / HTTP/1.1\r\n" + HOST + b"\r\n", 400, "is malformed"),
    (b"GET / FTP/1.0\r\n\r\n", 400, "does not end in an HTTP version"),
    (b"GET / HTTP/1\r\n\r\n", 400, "does not end in an HTTP version"),
    (b"GET / HTTP/10.0\r\n\r\n", 400, "does not end in an HTTP version"),
    (b"GET / http/1.1\r\n\r\n", 400, "does not end in an HTTP version"),
    (b"GET /\x00 HTTP/1.1\r\n" + HOST + b"\r\n", 400, "holds control characters"),
    (b"GET / HTTP/1.1\rX\r\n" + HOST + b"\r\n", 400, "holds control characters"),
    (b"\x00\xff\xfe\x01 junk \x7f\r\n\r\n", 400, "holds control characters"),
    (bytes(range(256)) * 4, 400, "holds control characters"),
    (b"\xde\xad\xbe\xef" * 64, 400, "is malformed"),  # no line end: the line ends where the client stops
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(32)), 400, "not https://"),  # a TLS hello
    (b"GET /" + b"a" * 70_000 + b" HTTP/1.1\r\n" + HOST + b"\r\n", 414, "65,536-byte limit"),
]


@pytest.mark.parametrize("data, status, fragment", MALFORMED, ids=lambda v: repr(v)[:40])
def test_a_malformed_request_line_gets_a_status_line_headers_and_json(server, data, status, fragment):
    got, headers, body = parse(ask(server.port, data))
    assert got == status, body
    assert headers["Content-Type"] == "application/json; charset=utf-8"
    assert headers["Connection"] == "close"
    assert fragment in json.loads(body)["error"], body
    assert server.get("/api/trees")[0] == 200  # the next request is answered as usual
    assert server.proc.poll() is None


def test_a_tls_handshake_is_answered_at_once_without_a_line_end(server):
    """A TLS client waits for the server's hello: it gets the refusal without hanging up."""
    hello = b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03" + bytes(range(32))
    got, _, body = parse(ask(server.port, hello, hang_up=False))
    assert got == 400, body


def test_answers_are_http_1_1_one_request_a_connection(server):
    for request in (b"GET /api/trees HTTP/1.1\r\n" + HOST, b"GET /api/trees HTTP/1.0\r\n"):
        got, headers, body = parse(ask(server.port, request + b"\r\n"))
        assert got == 200, body
        assert headers["Connection"] == "close"
        assert headers["Server"].startswith("wordle-tree/")
    # a second request on the same connection is not read: the first answer closes it
    twice = b"GET /api/trees HTTP/1.1\r\n" + HOST + b"Connection: keep-alive\r\n\r\n"
    assert ask(server.port, twice * 2).count(b"HTTP/1.1 ") == 1
    # one empty line before the request line is skipped (RFC 9112, section 2.2)
    assert parse(ask(server.port, b"\r\nGET /api/trees HTTP/1.1\r\n" + HOST + b"\r\n"))[0] == 200
    # an HTTP/1.1 request without a Host header is refused; HTTP/1.0 has none to give
    got, _, body = parse(ask(server.port, b"GET /api/trees HTTP/1.1\r\n\r\n"))
    assert (got, json.loads(body)) == (400, {"error": "the request has no Host header, which HTTP/1.1 requires"})
    assert ask(server.port, b"HEAD /api/trees HTTP/1.0\r\n\r\n").startswith(b"HTTP/1.1 200 OK\r\n")


def test_expect_100_continue_gets_a_100_only_for_a_body_the_server_reads(server):
    head = b"POST /api/trees HTTP/1.1\r\n" + HOST + b"Expect: 100-continue\r\nContent-Length: "
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as sock:
        sock.sendall(head + b"3\r\n\r\n")
        assert sock.recv(100) == b"HTTP/1.1 100 Continue\r\n\r\n"
        sock.sendall(b"abc")
        sock.shutdown(socket.SHUT_WR)
        answer = b"".join(iter(lambda: sock.recv(65536), b""))
    assert parse(answer)[0] == 405
    # a body over the limit: the refusal at once, no 100 inviting the body
    got, _, body = parse(ask(server.port, head + b"100000000\r\n\r\n", hang_up=False))
    assert got == 413, body
