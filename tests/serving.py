"""A real ``wordle-tree serve`` process for the tests, and plain HTTP to it (not a test module)."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from contextlib import contextmanager, suppress
from pathlib import Path


class Server:
    """A running ``wordle-tree serve --port 0``: its process and address."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "wordle_compiler.cli.tree", "serve", "--port", "0", "--quiet", *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        line = self.proc.stdout.readline()
        assert line.startswith("serving "), (line, self.proc.stderr.read() if self.proc.poll() is not None else "")
        self.banner = line.rstrip("\n")  # the line serve prints when it is ready
        self.url = line.split()[4]
        self.port = int(self.url.rsplit(":", 1)[1].strip("/"))

    def get(self, path: str, timeout: float = 60, headers: dict | None = None) -> tuple[int, dict | str, dict]:
        """(status, the JSON body or the text, headers) of GET ``path``."""
        request = urllib.request.Request(self.url + path.lstrip("/"), headers=headers or {})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as reply:
                status, body, got = reply.status, reply.read().decode(), dict(reply.headers)
        except urllib.error.HTTPError as exc:
            status, body, got = exc.code, exc.read().decode(), dict(exc.headers)
        if got.get("Content-Type", "").startswith("application/json"):
            return status, json.loads(body), got
        return status, body, got

    def raw(self, data: bytes, timeout: float = 30) -> bytes:
        """Send ``data`` on a connection of its own; everything the server answers."""
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as sock:
            # the server may refuse before reading it all: its answer is still there
            with suppress(BrokenPipeError, ConnectionResetError):
                sock.sendall(data)
            chunks = []
            with suppress(ConnectionResetError):
                while chunk := sock.recv(65536):
                    chunks.append(chunk)
        return b"".join(chunks)

    def workers(self) -> list[int]:
        """The process ids of the server's worker processes."""
        found = []
        for task in os.listdir(f"/proc/{self.proc.pid}/task"):
            with suppress(OSError):  # a thread that ended since the listing has no children file
                found += [int(pid) for pid in Path(f"/proc/{self.proc.pid}/task/{task}/children").read_text().split()]
        return found

    def stop(self, signum=signal.SIGINT) -> tuple[int, str]:
        """Send ``signum``; (exit code, standard error)."""
        self.proc.send_signal(signum)
        _, err = self.proc.communicate(timeout=30)
        return self.proc.returncode, err


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends on ``sock`` until it closes the connection (a reset ends it too)."""
    chunks = []
    try:
        while chunk := sock.recv(65536):
            chunks.append(chunk)
    except ConnectionResetError:
        pass
    return b"".join(chunks)


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (a zombie waiting to be reaped is not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


@contextmanager
def serving(*args: str):
    """A server for the block; stopped with Ctrl-C after it."""
    server = Server(*args)
    try:
        yield server
    finally:
        if server.proc.poll() is None:
            server.stop()
