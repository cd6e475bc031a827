"""``wordle-tree serve`` under hostile or careless clients, as a real process on 127.0.0.1: a
request trickled in is cut off by its whole-request deadline, every malformed header gets a
JSON 4xx, a client that hangs up leaves no traceback, every spelling of a loopback address is
recognised as one, a tree file deleted or changed after the start changes nothing, and a worker
past its memory cap is replaced while the next request still answers."""

from __future__ import annotations

import json
import select
import shutil
import socket
import struct
import time
from urllib.parse import quote_plus

import pytest

from serving import Server, read_until_closed, running, serving

TREE = "salet-optimal-normal"  # one tree: the server starts in a second


def _status_and_json(raw: bytes) -> tuple[int, dict]:
    head, _, body = raw.partition(b"\r\n\r\n")
    assert b"Content-Type: application/json" in head, raw[:300]
    return int(head.split()[1]), json.loads(body)


def _no_traceback(server: Server) -> str:
    """Stop ``server``; its standard error, which must hold no traceback."""
    code, err = server.stop()
    assert code == 130, err
    assert "Traceback" not in err, err
    assert "Error" not in err, err
    return err


def _trickle(port: int, head: bytes, pieces: list[bytes], every: float) -> tuple[float, bytes]:
    """Send ``head``, then one of ``pieces`` every ``every`` seconds until the server answers or
    closes; (seconds until then, what it sent)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        began = time.monotonic()
        sock.sendall(head)
        for piece in pieces:
            readable, _, _ = select.select([sock], [], [], every)
            if readable:
                break
            try:
                sock.sendall(piece)
            except (BrokenPipeError, ConnectionResetError):
                break
        select.select([sock], [], [], 30)
        took = time.monotonic() - began
        answer = read_until_closed(sock)
    return took, answer


@pytest.mark.long
def test_a_request_trickled_in_is_cut_off_by_its_whole_deadline():
    with serving(TREE, "--request-timeout", "2") as server:
        # one header line every half second: each read is quick, the request never ends
        took, answer = _trickle(server.port, b"GET /api/trees HTTP/1.1\r\n", [b"X-Slow: a\r\n"] * 40, 0.5)
        assert took < 5, took
        status, doc = _status_and_json(answer)
        assert status == 408
        assert doc == {"error": "the request did not arrive whole within 2 s"}
        # the body too: one byte every half second of a 100-byte body
        head = b"GET /api/trees HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n"
        took, answer = _trickle(server.port, head, [b"x"] * 40, 0.5)
        assert took < 5, took
        assert _status_and_json(answer)[0] == 408
        assert server.get("/api/trees")[0] == 200
        _no_traceback(server)


BAD_HEADERS = [
    b"Content-Length: \xb2",  # a superscript two: a digit to str.isdigit, not a number
    b"Content-Length: \xc2\xb2",
    b"Content-Length: \xd9\xa3",  # an Arabic-Indic three, in UTF-8
    b"Content-Length: -1",
    b"Content-Length: +5",
    b"Content-Length: 1e3",
    b"Content-Length: 0x10",
    b"Content-Length: ",
    b"Content-Length: 99999999999999999999999",
    b"Content-Length: 5\r\nContent-Length: 6",
    b"Host: 127.0.0.1\r\nHost: evil.example",
    b"X-Long: " + b"a" * 70_000,
    b"Transfer-Encoding: chunked",
]


def test_every_malformed_header_gets_a_json_refusal_and_no_traceback():
    server = Server(TREE)
    try:
        for header in BAD_HEADERS:
            answer = server.raw(b"GET /api/trees HTTP/1.1\r\n" + header + b"\r\n\r\n")
            status, doc = _status_and_json(answer)
            assert 400 <= status < 500, (header[:40], status, doc)
            assert doc["error"], header[:40]
        assert server.get("/api/trees")[0] == 200
    finally:
        _no_traceback(server)


@pytest.mark.long
def test_a_client_that_hangs_up_mid_analysis_leaves_no_traceback():
    server = Server(TREE, "--workers", "1", "--time-limit", "1.5")
    try:
        query = "history=salet+bbbbb&move=fuzzy&rank=1"  # minutes of work: stopped at the time limit
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(f"GET /api/analyse?{query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
            time.sleep(0.3)
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # hang up hard
        time.sleep(3)  # the 504 meets a closed connection
        assert server.get("/api/analyse?history=salet+bbbbb&top=1")[0] == 200
    finally:
        _no_traceback(server)


@pytest.mark.parametrize("host", ["127.1", "LOCALHOST", "::ffff:127.0.0.1"])
def test_every_spelling_of_a_loopback_address_is_one(host):
    server = Server(TREE, "--host", host)
    try:
        status, doc = _status_and_json(server.raw(b"GET /api/trees HTTP/1.1\r\nHost: evil.example\r\n\r\n"))
        assert status == 421, doc
        port = server.port
        for name in ("127.0.0.1", "localhost", "[::1]", host.lower() if ":" not in host else f"[{host}]"):
            answer = server.raw(f"GET /api/trees HTTP/1.1\r\nHost: {name}:{port}\r\n\r\n".encode())
            assert _status_and_json(answer)[0] == 200, name
    finally:
        err = _no_traceback(server)
    assert "warning" not in err, err


def test_a_tree_file_deleted_or_changed_after_the_start_changes_nothing(tmp_path):
    from wordle_runtime.tree import resolve_tree

    mine = tmp_path / "mine.wtree"
    shutil.copyfile(resolve_tree("salet-optimal-hard"), mine)
    with serving(TREE, str(mine), "--workers", "1") as server:
        query = f"tree=mine&history={quote_plus('salet bybbb')}&top=2"
        mine.unlink()
        status, deleted, _ = server.get(f"/api/analyse?{query}")
        assert status == 200, deleted
        mine.write_bytes(b"not a tree")
        status, changed, _ = server.get(f"/api/analyse?{query}&move=crane")
        assert status == 200, changed
        assert changed["best_total"] == deleted["best_total"]
        assert str(tmp_path) not in json.dumps([deleted, changed])
        assert server.get("/tree/mine")[0] == 200


@pytest.mark.long
def test_a_worker_past_its_memory_cap_is_replaced_and_the_next_request_answered():
    with serving(TREE, "--workers", "1") as roomy:  # the default cap: the worker stays
        first = roomy.workers()
        assert roomy.get("/api/analyse?history=salet+bbbbb&top=1")[0] == 200
        assert roomy.workers() == first
    with serving(TREE, "--workers", "1", "--worker-memory-mb", "1") as tight:  # every worker is past 1 MB
        first = tight.workers()
        status, doc, _ = tight.get("/api/analyse?history=salet+bbbbb&top=1")
        assert status == 200, doc
        deadline = time.monotonic() + 10
        while (tight.workers() in ([], first) or any(running(pid) for pid in first)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(running(pid) for pid in first)
        assert len(tight.workers()) == 1
        status, again, _ = tight.get("/api/analyse?history=salet+bbbbb&top=1")
        assert status == 200, again
        assert again["moves"] == doc["moves"]
