"""The HTTP side of ``wordle-tree serve``: the standard library's ``ThreadingHTTPServer`` with
every request bounded (docs/serving.md says why this stack, and what each bound is for).

- connections: at most :data:`MAX_CONNECTIONS` at once; one more is answered 503 at once, by
  the accepting thread, without a thread of its own;
- time: a client has :data:`CLIENT_SECONDS` to send its request (then the connection closes);
- size: the request line is at most 65,536 bytes and the headers at most 100 (http.server's
  own limits, answered in JSON here); a body over :data:`MAX_BODY_BYTES` is refused unread;
- methods: GET and HEAD only; a query holds at most :data:`MAX_FIELDS` fields;
- names: a page or a tree is looked up by name in the :class:`.site.Site`, never in the file
  system; bound to a loopback address, the server answers only requests addressed to it by
  that address or ``localhost`` (another Host header is a DNS-rebinding attempt).
"""

from __future__ import annotations

import ipaddress
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlsplit

from wordle_runtime.messages import one_line

from .. import __version__
from .site import PAGE_POLICY, Reply, Site, error_reply

MAX_CONNECTIONS = 64
CLIENT_SECONDS = 15
MAX_BODY_BYTES = 1024
MAX_FIELDS = 32
ROUTES_HINT = "the pages are / and /tree/NAME; the API is /api/trees, /api/analyse and /api/review"
_BUSY_BODY = b'{"error": "the server is busy: too many connections at once; try again in a moment"}'
BUSY_RESPONSE = (
    b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
    b"Retry-After: 1\r\nConnection: close\r\nContent-Length: "
    + str(len(_BUSY_BODY)).encode()
    + b"\r\n\r\n"
    + _BUSY_BODY
)


class Handler(BaseHTTPRequestHandler):
    """One request: checked, routed by name, answered with a page or JSON."""

    server_version = f"wordle-tree/{__version__}"
    sys_version = ""
    protocol_version = "HTTP/1.0"  # one request per connection: nothing lingers
    timeout = CLIENT_SECONDS
    error_content_type = "application/json; charset=utf-8"
    server: WordleServer

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
            431: "the request has too many headers",
            501: f"{(self.command or '?')[:20]} is not taken here: GET or HEAD only",
        }.get(code)
        self._send(error_reply(code, text or one_line(message or "bad request")), with_body=self.command != "HEAD")

    def _answer(self, with_body: bool) -> None:
        refusal = self._body_refusal() or self._host_refusal()
        self._send(self._route() if refusal is None else refusal, with_body)

    def _body_refusal(self) -> Reply | None:
        """A refusal for a body this server will not take; a small one is read and dropped."""
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            return error_reply(411, "a chunked body is not taken here: the API takes no body")
        length = self.headers.get("Content-Length", "0").strip()
        if not length.isdigit() or len(length) > 18:
            self.close_connection = True
            return error_reply(400, "the Content-Length header is not a number")
        if int(length) > MAX_BODY_BYTES:
            self.close_connection = True  # left unread: the connection closes
            return error_reply(
                413,
                f"the request body is over the {MAX_BODY_BYTES:,}-byte limit "
                "(the API takes no body: the history goes in the query)",
            )
        if int(length):
            self.rfile.read(int(length))
        return None

    def _host_refusal(self) -> Reply | None:
        names = self.server.host_names
        host = (self.headers.get("Host") or "").strip().lower()
        if names is None or not host or host in names:
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
        if path == "/api/trees":
            return site.tree_list()
        if path in ("/api/analyse", "/api/review"):
            try:
                params = parse_qs(parts.query, keep_blank_values=True, strict_parsing=False, max_num_fields=MAX_FIELDS)
            except ValueError:
                return error_reply(400, f"the query has more than {MAX_FIELDS} fields")
            name = params.get("tree", [site.default])[-1]
            if name not in site.trees:
                return site.unknown_tree(name)
            return site.api(path[len("/api/") :], site.trees[name], params)
        return error_reply(404, f"no page {one_line(path[:100])!r} here: {ROUTES_HINT}")

    def _page(self, name: str) -> Reply:
        site: Site = self.server.site
        if name not in site.trees:
            return site.unknown_tree(name)
        return Reply(
            200,
            site.trees[name].page,
            "text/html; charset=utf-8",
            {"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-cache"},
        )

    def _send(self, reply: Reply, with_body: bool = True) -> None:
        body = reply.body.encode("utf-8")
        self.send_response(reply.status)
        headers = {
            "Content-Type": reply.content_type,
            "Content-Length": str(len(body)),
            "X-Content-Type-Options": "nosniff",
            "Referrer-Policy": "no-referrer",
            "Cache-Control": "no-store",
            **reply.headers,
        }
        if self.close_connection:
            headers["Connection"] = "close"
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

    def parse_request(self) -> bool:
        """http.server's parsing, with the time of the request noted for the log line."""
        self._began = time.perf_counter()
        return super().parse_request()


class WordleServer(ThreadingHTTPServer):
    """The threading server with a bounded number of connections and a maintenance hook."""

    daemon_threads = True
    request_queue_size = 128
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], site: Site, log: bool = True):
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        super().__init__(address, Handler)
        self.site, self.log = site, log
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        host, port = address[0], self.server_address[1]
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{port}/"
        self.host_names = _loopback_names(host, port)

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
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:
        """The connection's thread; its slot is freed when it ends."""
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def service_actions(self) -> None:
        """Between requests, on the main thread: the site's maintenance (new workers)."""
        self.site.maintain()


def _loopback_names(host: str, port: int) -> set[str] | None:
    """The Host headers a loopback-bound server answers to; None (any) for another address."""
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        return None
    names = {"127.0.0.1", "localhost", "[::1]", host, f"[{host}]"}
    return names | {f"{name}:{port}" for name in names}
