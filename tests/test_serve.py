"""``wordle-tree serve`` as a real process: its API answers what ``wordle-tree analyse --json``
prints, hostile requests get JSON errors from a server that stays up, an analysis past the
time limit is stopped, and Ctrl-C or SIGTERM ends it in one line with no worker left."""

from __future__ import annotations

import re
import signal
import socket
import threading
import time
from pathlib import Path
from urllib.parse import quote_plus

import pytest

from clirun import invoke, one_line_error, run
from serving import Server, running, serving


@pytest.fixture(scope="module")
def server():
    with serving("--workers", "2", "--time-limit", "30") as running_server:
        yield running_server


def cli_json(*args: str) -> tuple[int, dict]:
    """(exit code, the JSON object) of ``wordle-tree analyse ARGS --json``, without "seconds"."""
    import json

    result = invoke("wordle-tree", "analyse", *args, "--json", "--quiet")
    doc = json.loads(result.out)
    doc.pop("seconds", None)
    return result.code, doc


def api_json(server: Server, endpoint: str, **fields) -> tuple[int, dict]:
    query = "&".join(f"{key}={quote_plus(str(value))}" for key, value in fields.items())
    status, doc, _ = server.get(f"/api/{endpoint}?{query}")
    assert isinstance(doc, dict), doc
    doc.pop("seconds", None)
    return status, doc


# (endpoint, the query's fields, the command line's arguments for the same request)
SAME = [
    ("analyse", {"history": "salet bbbbb", "top": 3}, ["salet", "bbbbb", "--top", "3"]),
    ("analyse", {"history": "salet:bbbbb", "move": "round"}, ["salet:bbbbb", "--move", "round"]),
    (
        "analyse",
        {"history": "salet bbbbb courd bbbyb", "objective": "depth"},
        ["salet", "bbbbb", "courd", "bbbyb", "--objective", "depth"],
    ),
    (
        "analyse",
        {"history": "salet bbbbb courd bbbyb", "move": "grimy", "top": 1, "rank": 1},
        ["salet", "bbbbb", "courd", "bbbyb", "--move", "grimy", "--top", "1", "--rank"],
    ),
    ("analyse", {}, []),  # the opening, from the shipped ranking
    (
        "review",
        {"history": "salet bybbb brond bybbb chair gggbb"},
        ["--review", "salet", "bybbb", "brond", "bybbb", "chair", "gggbb"],
    ),
    (
        "analyse",
        {"history": "salet bbybb crony bybbg lucky ggggg"},
        ["salet", "bbybb", "crony", "bybbg", "lucky", "ggggg"],
    ),
    (
        "analyse",
        {"tree": "salet-optimal-hard", "history": "salet bybbb", "top": 2},
        ["--mode", "hard", "salet", "bybbb", "--top", "2"],
    ),
    (
        "analyse",
        {"tree": "plate-optimal-possible", "history": "plate bbbbb", "top": 2},
        ["--mode", "possible", "--guesses", "answers", "plate", "bbbbb", "--top", "2"],
    ),
    (
        "analyse",
        {"tree": "salet-prior-nyt-extended", "history": "salet bbbbb courd bbbyb", "move": "primp"},
        ["--answers", "nyt-extended", "--prior", "frequency", "salet", "bbbbb", "courd", "bbbyb", "--move", "primp"],
    ),
    # refusals, in the command line's words
    ("analyse", {"history": "salet bbbbb", "top": 0}, ["salet", "bbbbb", "--top", "0"]),
    ("analyse", {"history": "qqqqq bbbbb"}, ["qqqqq", "bbbbb"]),
    ("analyse", {"history": "salet ggggg"}, ["salet", "ggggg"]),
    ("analyse", {"history": "salet bbbbb", "move": "zzzzz"}, ["salet", "bbbbb", "--move", "zzzzz"]),
    ("review", {}, ["--review"]),
    ("analyse", {"objective": "depth"}, ["--objective", "depth"]),
    ("analyse", {"history": "salet"}, ["salet"]),
    (
        "analyse",
        {"tree": "salet-optimal-hard", "history": "salet bybbb brond bybbb"},
        ["--mode", "hard", "salet", "bybbb", "brond", "bybbb"],
    ),
    ("analyse", {"history": "salet bbbbb", "deep": 9}, ["salet", "bbbbb", "--deep", "9"]),
    ("analyse", {"history": "salet bbbbb", "top": "x"}, ["salet", "bbbbb", "--top", "x"]),
    ("analyse", {"history": "salet bbbbb", "max_depth": 99}, ["salet", "bbbbb", "--max-depth", "99"]),
    ("analyse", {"history": "salet bbbbb", "objective": "most"}, ["salet", "bbbbb", "--objective", "most"]),
    ("analyse", {"history": "salet bbbbb", "move": " "}, ["salet", "bbbbb", "--move", " "]),
    ("analyse", {"history": "salet ggggg", "objective": "depth"}, ["salet", "ggggg", "--objective", "depth"]),
]


@pytest.mark.long
@pytest.mark.parametrize("endpoint, fields, argv", SAME, ids=[" ".join(map(str, a)) or "opening" for _, _, a in SAME])
def test_the_api_answers_what_the_command_line_prints(server, endpoint, fields, argv):
    status, doc = api_json(server, endpoint, **fields)
    code, expected = cli_json(*argv)
    assert doc == expected
    assert status == {0: 200, 1: 422, 2: 400}[code]


def test_the_tree_list_and_the_fields_a_tree_decides(server):
    status, doc, _ = server.get("/api/trees")
    names = [t["name"] for t in doc["trees"]]
    assert status == 200
    assert names[0] == "salet-optimal-normal"
    assert doc["trees"][0]["default"]
    assert {t["name"]: t["mode"] for t in doc["trees"]}["salet-optimal-hard"] == "hard"
    assert api_json(server, "analyse", history="salet bbbbb", mode="normal", answers="original", top=1)[0] == 200
    status, doc = api_json(server, "analyse", history="salet bbbbb", mode="hard")
    assert status == 400
    assert doc["error"].startswith("'mode' is the tree's: salet-optimal-normal plays with mode normal")
    status, doc = api_json(server, "analyse", weights="/etc/passwd")
    assert status == 400
    assert "reads no file but its trees" in doc["error"]
    status, doc = api_json(server, "analyse", bogus=1)
    assert status == 400
    assert doc["error"].startswith("unknown field 'bogus'")
    status, doc = api_json(server, "analyse", top=1, history="salet bbbbb", rank="maybe")
    assert status == 400
    assert "'rank' is yes or no" in doc["error"]


def test_pages_are_served_by_name_with_their_policy(server):
    status, page, headers = server.get("/")
    assert status == 200
    assert headers["Content-Type"].startswith("text/html")
    assert "connect-src 'self'" in headers["Content-Security-Policy"]
    assert "connect-src 'self'" in page
    assert '"server":{"tree":"salet-optimal-normal"' in page
    status, page, _ = server.get("/tree/salet-optimal-hard")
    assert status == 200
    assert '"tree":"salet-optimal-hard"' in page


TRAVERSALS = [
    b"/../../etc/passwd",
    b"/tree/../../etc/passwd",
    b"/tree/..%2F..%2Fetc%2Fpasswd",
    b"/%2e%2e/%2e%2e/etc/passwd",
    b"/tree/salet-optimal-normal.wtree",
    b"/trees/DEFAULT",
    b"/compiler/templates/rules.js",
    b"/api/analyse?tree=..%2F..%2Fetc%2Fpasswd",
    b"/api/analyse?tree=%2Fetc%2Fpasswd",
    b"/tree/%00",
    b"//etc/passwd",
    b"/api/../api/trees/../../x",
]


def _status_and_json(raw: bytes) -> tuple[int, dict]:
    import json

    head, _, body = raw.partition(b"\r\n\r\n")
    assert b"Content-Type: application/json" in head, head
    return int(head.split()[1]), json.loads(body)


def test_hostile_requests_get_json_errors_and_the_server_stays_up(server):
    huge = b"POST /api/analyse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000000\r\n\r\n" + b"x" * 65536
    status, doc = _status_and_json(server.raw(huge))
    assert status == 413
    assert "over the 1,024-byte limit" in doc["error"]
    status, doc = _status_and_json(server.raw(b"GET / HTTP/1.1\r\nContent-Length: 5000\r\n\r\n" + b"x" * 5000))
    assert status == 413
    steps = "salet:bbbbb," * 10_000  # 120 kB: more than a request line may hold
    status, doc = _status_and_json(server.raw(f"GET /api/analyse?history={steps} HTTP/1.1\r\n\r\n".encode()))
    assert status == 414
    assert doc == {"error": "the request line is over the 65,536-byte limit"}
    status, doc = api_json(server, "analyse", history="salet:bbbbb," * 300)
    assert (status, doc) == (
        400,
        {"error": "the history has more than 255 steps; no game is that long", "exit_code": 2},
    )
    status, doc = api_json(server, "analyse", tree="nonesuch")
    assert status == 404
    assert doc["error"].startswith("no tree 'nonesuch' here: this server has salet-optimal-normal")
    for path in TRAVERSALS:
        answer = server.raw(b"GET " + path + b" HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        status, doc = _status_and_json(answer)
        assert status in (400, 404), (path, doc)
        assert "root:" not in doc["error"], (path, doc)
    status, doc = _status_and_json(server.raw(b"GET /api/trees HTTP/1.1\r\nHost: evil.example:80\r\n\r\n"))
    assert status == 421
    assert doc["error"] == f"this server answers only at {server.url}"
    status, doc = _status_and_json(server.raw(b"DELETE /api/trees HTTP/1.1\r\n\r\n"))
    assert status == 405
    status, doc = _status_and_json(server.raw(b"BREW /pot HTTP/1.1\r\n\r\n"))
    assert status == 501
    status, doc = _status_and_json(server.raw(b"GET / HTTP/1.1\r\n" + b"X-A: b\r\n" * 200 + b"\r\n"))
    assert status == 431
    assert server.get("/api/trees")[0] == 200
    assert server.proc.poll() is None


def test_a_hundred_requests_at_once_are_answered_or_refused_busy(server):
    answers = [None] * 100

    def ask(k):
        status, doc, _ = server.get(
            f"/api/analyse?history=salet+bbbbb+courd+{'bbbyb' if k % 2 else 'bbbbb'}&top={1 + k % 4}", timeout=120
        )
        answers[k] = (status, doc)

    threads = [threading.Thread(target=ask, args=(k,)) for k in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    statuses = [a[0] for a in answers]
    assert all(isinstance(a[1], dict) for a in answers), set(statuses)
    assert set(statuses) <= {200, 503}, set(statuses)
    assert 200 in statuses
    assert 503 in statuses
    assert all("busy" in doc["error"] for status, doc in answers if status == 503)
    assert api_json(server, "analyse", history="salet bbbbb", top=1)[0] == 200  # still serving


@pytest.mark.long
def test_an_analysis_past_the_time_limit_is_stopped_and_its_worker_replaced():
    with serving("--workers", "1", "--time-limit", "1") as small:
        first = small.workers()
        began = time.monotonic()
        status, doc = api_json(small, "analyse", history="salet bbbbb", move="fuzzy", rank=1)  # minutes of work
        assert status == 504
        assert "longer than this server's limit of 1 s and was stopped" in doc["error"]
        assert time.monotonic() - began < 10
        assert api_json(small, "analyse", history="salet bbbbb", top=1)[0] == 200  # a fresh worker answers
        assert not any(running(pid) for pid in first)


@pytest.mark.long
@pytest.mark.parametrize(
    "signum, code, word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_ctrl_c_and_sigterm_stop_it_in_one_line_with_no_worker_left(signum, code, word):
    server = Server()
    assert server.get("/api/analyse?history=salet+bbbbb&top=1")[0] == 200
    workers = server.workers()
    assert len(workers) == 2
    assert server.stop(signum) == (code, f"wordle-tree: {word}\n")
    time.sleep(0.2)
    assert not any(running(pid) for pid in workers)


@pytest.mark.long
def test_a_killed_server_takes_its_workers_with_it():
    server = Server()
    workers = server.workers()
    server.proc.kill()
    server.proc.wait()
    deadline = time.monotonic() + 5
    while any(running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in workers)


def test_the_line_docs_serving_md_shows_is_the_line_serve_prints(server):
    """docs/serving.md quotes the line ``wordle-tree serve`` prints at the default address;
    the fixture's server serves every shipped tree too, at a port of its own."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "serving.md").read_text(encoding="utf-8")
    quoted = re.findall(r"prints\s+`(serving [^`]*)`", doc)
    assert len(quoted) == 1, quoted
    assert " ".join(quoted[0].split()).replace(":8000/", f":{server.port}/") == server.banner


def _an_address_of_another_machine() -> str:
    """An address from the documentation ranges (RFC 5737) that this machine does not have."""
    for address in ("192.0.2.1", "198.51.100.1", "203.0.113.1"):
        with socket.socket() as probe:
            try:
                probe.bind((address, 0))
            except OSError:
                return address
    pytest.skip("this machine has every documentation address (RFC 5737)")


@pytest.mark.long
def test_a_host_that_names_no_address_or_another_machine_is_one_line():
    unknown = "x" * 64 + ".invalid"  # a label past DNS's 63 bytes: refused before any query is sent
    tree = "salet-optimal-normal"
    line = one_line_error(
        run("wordle-tree", "serve", tree, "--host", unknown, "--port", "0", timeout=60),
        2,
        f"cannot listen on --host {unknown}: no address is known for that name",
        "--host takes an address of this machine",
    )
    assert "choose another --port" not in line
    for spelled in ("[::1]", "127.0.0.1:8000"):
        result = run("wordle-tree", "serve", tree, "--host", spelled, "--port", "0", timeout=60)
        one_line_error(result, 2, f"--host {spelled}: no address", "the address alone, the port goes in --port")
    elsewhere = _an_address_of_another_machine()
    line = one_line_error(
        run("wordle-tree", "serve", tree, "--host", elsewhere, "--port", "0", timeout=60),
        2,
        f"cannot listen on --host {elsewhere}: it is not an address of this machine",
    )
    assert "choose another --port" not in line


@pytest.mark.long
def test_a_busy_port_and_a_bad_tree_are_one_line():
    with serving() as first:
        result = run("wordle-tree", "serve", "--port", str(first.port), timeout=60)
    one_line_error(result, 2, f"cannot listen on 127.0.0.1:{first.port}", "choose another --port")
    one_line_error(run("wordle-tree", "serve", "nonesuch-tree", timeout=60), 2, "nonesuch-tree")
    one_line_error(
        run("wordle-tree", "serve", "salet-optimal-normal", "salet-optimal-normal.wtree", timeout=60),
        2,
        "two trees are named 'salet-optimal-normal'",
    )
