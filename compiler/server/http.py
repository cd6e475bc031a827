"""The HTTP side of ``wordle-tree serve``: the standard library's ``ThreadingHTTPServer`` with
every request bounded (docs/serving.md says why this stack, and what each bound is for).

- connections: at most :data:`MAX_CONNECTIONS` at once; one more is answered 503 at once, by
  the accepting thread, without a thread of its own;
- time: a client has :data:`CLIENT_SECONDS` (``request_seconds``) to send its whole request:
  the line, the headers and the body, however slowly it trickles in (then a 408 and the
  connection closes); a reply has as long again to be taken;
- size: the request line is at most 65,536 bytes and the headers at most 100 (http.server's
  own limits, answered in JSON here); a body over :data:`MAX_BODY_BYTES` is refused unread;
- the request line: ``METHOD TARGET HTTP/1.x`` or a 400 (505 for another major version), with
  a status line and headers like every answer (:mod:`.reading`); the answers are HTTP/1.1,
  one request per connection (``Connection: close``);
- methods: GET and HEAD only; a query holds at most :data:`MAX_FIELDS` fields;
- headers: a Content-Length that is not plain digits, or given twice with two values, a
  second Host header and an HTTP/1.1 request without one are refused (400), a chunked body
  too (411);
- names: a page or a tree is looked up by name in the :class:`.site.Site`, never in the file
  system; bound to a loopback address (by address: 127.0.0.0/8, ::1, ::ffff:127.x, whatever
  name was given for it), the server answers only requests addressed to a loopback address,
  ``localhost`` or the name it was given (another Host header is a DNS-rebinding attempt);
- hang-ups: a client that closes its connection before the reply is dropped without a word.
"""

from __future__ import annotations

import io
import ipaddress
import json
import re
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

from wordle_runtime.boards import BOARD_GAMES
from wordle_runtime.messages import one_line

from .. import __version__
from .limits import CLIENT_SECONDS, MAX_BODY_BYTES, MAX_CONNECTIONS, MAX_FIELDS
from .reading import LINE_LIMIT, DeadlineReader, read_request_line, request_line_problem
from .site import PAGE_POLICY, Reply, Site, error_reply

ROUTES_HINT = (
    f"the pages are /, /tree/NAME, {', '.join(f'/{game}' for game in BOARD_GAMES)}; "
    "the API is /api/trees, /api/analyse, /api/review and /api/boards"
)
PROTOCOL = "HTTP/1.1"
PLAIN_LENGTH = re.compile(r"[0-9]{1,18}", re.ASCII)
HANG_UPS = (BrokenPipeError, ConnectionResetError, ConnectionAbortedError)


def raw_reply(status: str, message: str, extra: str = "") -> bytes:
    """A whole JSON refusal as bytes, for a connection no handler answers (``status``: the
    code and reason, ``extra``: more header lines)."""
    body = json.dumps({"error": message}).encode()
    head = (
        f"{PROTOCOL} {status}\r\nContent-Type: application/json; charset=utf-8\r\n{extra}"
        f"Connection: close\r\nContent-Length: {len(body)}\r\n\r\n"
    )
    return head.encode() + body


BUSY_RESPONSE = raw_reply(
    "503 Service Unavailable",
    "the server is busy: too many connections at once; try again in a moment",
    "Retry-After: 1\r\n",
)


class Handler(BaseHTTPRequestHandler):
    """One request: checked, routed by name, answered with a page or JSON."""

    server_version = f"wordle-tree/{__version__}"
    sys_version = ""
    protocol_version = PROTOCOL  # one request per connection, every answer Connection: close
    default_request_version = "HTTP/1.0"  # never HTTP/0.9: every refusal has a status line
    timeout = CLIENT_SECONDS
    error_content_type = "application/json; charset=utf-8"
    server: WordleServer
    _replied = False

    def version_string(self) -> str:
        """The Server header: the program and its version."""
        return self.server_version

    def setup(self) -> None:
        """The connection's streams, its reading side bounded by the request's deadline."""
        super().setup()
        self.rfile.close()
        self._reader = DeadlineReader(self.connection, time.monotonic() + self.server.request_seconds)
        self._buffered = io.BufferedReader(self._reader)
        self.rfile = self._buffered

    def handle(self) -> None:
        """The request; a 408 when its time ran out before it all arrived, and no word about a
        client that hung up."""
        try:
            self.handle_one_request()
            if self._reader.expired and not self._replied:
                self.connection.settimeout(1.0)
                self.connection.sendall(self.server.late_response)
        except OSError:  # a hang-up, or a reply the client never took
            self.close_connection = True

    def handle_one_request(self) -> None:
        """The connection's one request: its line read and checked, its headers parsed, its
        method answered; a read that ran out of time leaves the 408 to :meth:`handle`."""
        self.close_connection = True
        try:
            self.raw_requestline = read_request_line(self._buffered)
            if len(self.raw_requestline) > LINE_LIMIT:
                self.requestline, self.request_version, self.command = "", self.default_request_version, ""
                self.send_error(414)
            elif self.raw_requestline and self.parse_request():
                method = getattr(self, f"do_{self.command}", None)
                if method is None:
                    self.send_error(501)
                else:
                    method()
            self.wfile.flush()
        except TimeoutError:
            self.close_connection = True

    def parse_request(self) -> bool:
        """The request line checked (:func:`.reading.request_line_problem`: a refusal with a
        status line), then http.server's parsing of it and the headers; the time of the
        request noted for the log line."""
        self._began = time.perf_counter()
        self.command, self.request_version = "", self.default_request_version
        self.requestline = str(self.raw_requestline, "iso-8859-1").rstrip("\r\n")
        problem = request_line_problem(self.requestline)
        if problem is not None:
            self.send_error(*problem)
            return False
        parsed = super().parse_request()
        self.close_connection = True
        return parsed

    def handle_expect_100(self) -> bool:
        """``Expect: 100-continue``: a 100 only for a body this server reads (a small one); a
        body it refuses gets the refusal at once, the body unread."""
        return self._body_problem() is not None or super().handle_expect_100()

    def do_GET(self) -> None:
        """Answer a GET."""
        self._answer(with_body=True)

    def do_HEAD(self) -> None:
        """Answer a HEAD: a GET's headers."""
        self._answer(with_body=False)

    def _refuse_method(self) -> None:
        refusal = self._body_refusal()
        self._send(
            refusal or error_reply(405, f"{self.command} is not taken here: GET or HEAD only", {"Allow": "GET, HEAD"})
        )

    do_POST = do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _refuse_method

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """http.server's own refusals (a bad request line, too long, too many headers), in JSON."""
        self.close_connection = True
        text = {
            414: "the request line is over the 65,536-byte limit",
            431: "the request has a header line over 65,536 bytes"
            if "line" in (message or "").lower()
            else "the request has too many headers",
            501: f"{(self.command or '?')[:20]} is not taken here: GET or HEAD only",
        }.get(code)
        self._send(error_reply(code, text or one_line(message or "bad request")), with_body=self.command != "HEAD")

    def _answer(self, with_body: bool) -> None:
        refusal = self._body_refusal() or self._host_refusal()
        try:
            reply = self._route() if refusal is None else refusal
        except Exception as exc:  # noqa: BLE001 - a bug: the client still gets JSON, stderr one line
            sys.stderr.write(f"wordle-tree serve: {one_line(f'internal error: {type(exc).__name__}: {exc}')}\n")
            reply = error_reply(500, "internal error, please report it (the server's stderr says more)")
        self._send(reply, with_body)

    def _body_refusal(self) -> Reply | None:
        """A refusal for a body this server will not take; a small one is read and dropped."""
        refusal = self._body_problem()
        length = int(self.headers.get("Content-Length") or 0) if refusal is None else 0
        if length:
            self.rfile.read(length)
        return refusal

    def _body_problem(self) -> Reply | None:
        """A refusal for a body this server will not take, nothing read."""
        if self.headers.get("Transfer-Encoding"):
            return error_reply(411, "a chunked body is not taken here: the API takes no body")
        lengths = {value.strip() for value in self.headers.get_all("Content-Length") or ["0"]}
        length = lengths.pop()
        if lengths or not PLAIN_LENGTH.fullmatch(length):
            return error_reply(400, "the Content-Length header is not one number of bytes (digits 0-9)")
        if int(length) > MAX_BODY_BYTES:  # left unread: the connection closes
            return error_reply(
                413,
                f"the request body is over the {MAX_BODY_BYTES:,}-byte limit "
                "(the API takes no body: the history goes in the query)",
            )
        return None

    def _host_refusal(self) -> Reply | None:
        hosts = self.headers.get_all("Host") or []
        if len(hosts) > 1:
            return error_reply(400, "the request has more than one Host header")
        if not hosts and self.request_version != "HTTP/1.0":
            return error_reply(400, "the request has no Host header, which HTTP/1.1 requires")
        host = hosts[0].strip() if hosts else ""
        if not self.server.loopback or not host or self.server.answers_to(host):
            return None
        return error_reply(421, f"this server answers only at {self.server.url}")

    def _route(self) -> Reply:
        site: Site = self.server.site
        parts = urlsplit(self.path)
        path = unquote(parts.path)
        if path in ("/", "/index.html"):
            return self._page(site.default)
        if path.startswith("/tree/"):
            return self._page(path[len("/tree/") :])
        if path.startswith("/") and path[1:] in site.board_pages:
            return self._html(site.board_pages[path[1:]])
        if path == "/api/trees":
            return site.tree_list()
        if path in ("/api/analyse", "/api/review", "/api/boards"):
            try:
                params = parse_qs(parts.query, keep_blank_values=True, strict_parsing=False, max_num_fields=MAX_FIELDS)
            except ValueError:
                return error_reply(400, f"the query has more than {MAX_FIELDS} fields")
            if path == "/api/boards":
                return site.api("boards", None, params)
            name = params.get("tree", [site.default])[-1]
            if name not in site.trees:
                return site.unknown_tree(name)
            return site.api(path[len("/api/") :], site.trees[name], params)
        return error_reply(404, f"no page {one_line(path[:100])!r} here: {ROUTES_HINT}")

    def _page(self, name: str) -> Reply:
        site: Site = self.server.site
        if name not in site.trees:
            return site.unknown_tree(name)
        return self._html(site.page(name))

    @staticmethod
    def _html(page: str) -> Reply:
        return Reply(
            200, page, "text/html; charset=utf-8", {"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-cache"}
        )

    def _send(self, reply: Reply, with_body: bool = True) -> None:
        self._replied = True
        self.connection.settimeout(self.server.request_seconds)  # the reply's own time
        body = reply.body.encode("utf-8")
        self.send_response(reply.status)
        headers = {
            "Content-Type": reply.content_type,
            "Content-Length": str(len(body)),
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
            **reply.headers,
            "Connection": "close",
        }
        for key, value in headers.items():
            self.send_header(key, value)
        self.end_headers()
        if with_body:
            self.wfile.write(body)

    def log_request(self, code="-", size="-") -> None:
        """One line per answered request on stderr (none with ``--quiet``)."""
        if self.server.log:
            took = time.perf_counter() - getattr(self, "_began", time.perf_counter())
            line = one_line(f"{self.address_string()} {self.requestline[:200]} {code} ({took:.2f} s)")
            sys.stderr.write(f"wordle-tree serve: {line}\n")

    def log_message(self, format, *args) -> None:  # noqa: A002 - http.server's signature
        """http.server's other messages (timeouts, errors) are not shown: the refusal says it."""


class _Slot:
    """One connection's hold on the server's semaphore, freed once however many paths free it
    (the connection's thread when it ends, the accepting thread when starting it was interrupted)."""

    def __init__(self, slots: threading.BoundedSemaphore):
        self._slots, self._lock, self._held = slots, threading.Lock(), True

    def free(self) -> None:
        """Give the slot back, the first time only."""
        with self._lock:
            if self._held:
                self._held = False
                self._slots.release()


class WordleServer(ThreadingHTTPServer):
    """The threading server with a bounded number of connections and a maintenance hook."""

    daemon_threads = True
    request_queue_size = 128
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], site: Site, log: bool = True, request_seconds: float = CLIENT_SECONDS):
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, Handler)
        self.site, self.log, self.request_seconds = site, log, request_seconds
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        host, port = address[0], self.server_address[1]
        shown = f"[{host}]" if ":" in host else host
        self.url, self.host, self.port = f"http://{shown}:{port}/", host.lower().rstrip("."), port
        self.loopback = is_loopback(self.socket.getsockname()[0])
        self.late_response = raw_reply(
            "408 Request Timeout", f"the request did not arrive whole within {request_seconds:g} s"
        )

    def answers_to(self, host: str) -> bool:
        """Whether a loopback-bound server answers a request with the Host header ``host``: a
        loopback address, ``localhost`` or the name it was started with, and its own port."""
        name, port = host, ""
        if host.startswith("["):
            name, _, rest = host[1:].partition("]")
            if rest and not rest.startswith(":"):
                return False
            port = rest[1:]
        elif host.count(":") == 1:
            name, _, port = host.partition(":")
        if port and port != str(self.port):
            return False
        name = name.lower().rstrip(".")
        return name in ("localhost", self.host) or is_loopback(name)

    def process_request(self, request, client_address) -> None:
        """A thread for the connection, or at once a 503 when :data:`MAX_CONNECTIONS` are open."""
        if not self._slots.acquire(blocking=False):
            try:
                request.settimeout(1.0)
                request.sendall(BUSY_RESPONSE)
            except OSError:
                pass
            self.shutdown_request(request)
            return
        slot = _Slot(self._slots)
        thread = threading.Thread(target=self._serve_connection, args=(request, client_address, slot), daemon=True)
        try:
            thread.start()
        except BaseException:
            slot.free()
            raise

    def _serve_connection(self, request, client_address, slot: _Slot) -> None:
        """The connection's thread; its slot is freed when it ends."""
        try:
            self.process_request_thread(request, client_address)
        finally:
            slot.free()

    def service_actions(self) -> None:
        """Between requests, on the main thread: the site's maintenance (new workers)."""
        self.site.maintain()

    def handle_error(self, request, client_address) -> None:
        """A request's thread failed past its handler: one line on stderr, no traceback; a
        client that hung up, nothing."""
        error = sys.exc_info()[1]
        if not isinstance(error, (*HANG_UPS, TimeoutError)):
            sys.stderr.write(f"wordle-tree serve: {one_line(f'{type(error).__name__}: {error}')}\n")


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address as text) is a loopback one: 127.0.0.0/8, ::1, or an
    IPv4 loopback address mapped into IPv6 (``::ffff:127.0.0.1``)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    mapped = ip.ipv4_mapped if isinstance(ip, ipaddress.IPv6Address) else None
    return ip.is_loopback or (mapped is not None and mapped.is_loopback)
