"""``wordle-tree serve``: the explorer page for any tree, with the engine behind it.

The trees are read and their pages rendered once, at start; the HTTP server (the standard
library's, :mod:`..server.http`) answers pages and ``/api/trees`` itself and hands each
analysis to a worker process (:mod:`..server.query`, :mod:`..server.jobs`).  Ctrl-C or SIGTERM
stops it as every command stops (one line, 130 or 143), and no worker outlives it.
"""

from __future__ import annotations

import errno
import math
import re
import socket
import sys
from functools import partial
from pathlib import Path

import click

from ..server.limits import CLIENT_SECONDS, DEFAULT_MEMORY_MB
from .common import CliError, not_empty, quiet_option
from .numbers import PlainFloatRange, PlainIntRange
from .streams import STDIO, read_input, tree_source

DEFAULT_PORT = 8000


def served_trees(sources: tuple[str, ...]) -> list:
    """The trees to serve (:class:`..server.site.ServedTree`), the default first: the ones named
    (paths or shipped names), else every shipped tree; CliError for a bad file or a name twice."""
    from wordle_runtime.format import MAX_FILE_BYTES, TreeFormatError, unpack_tree
    from wordle_runtime.tree import default_tree_path, shipped_trees

    from ..server.site import ServedTree

    if not sources:
        default = Path(default_tree_path()).name
        sources = tuple([default] + [name for name in shipped_trees() if name != default])
    trees, seen = [], set()
    for source in sources:
        if source == STDIO:
            raise CliError("'-' is not taken here: the server reads its trees once, from files")
        path = tree_source(source)
        blob = read_input(path, MAX_FILE_BYTES, "tree file")
        try:
            data = unpack_tree(blob)
        except TreeFormatError as exc:
            raise CliError(f"{source}: {exc}") from None
        name = Path(path).name.removesuffix(".wtree")
        if name in seen:
            raise CliError(f"two trees are named {name!r}: a tree's name is its file name without .wtree")
        seen.add(name)
        trees.append(ServedTree(name, data, blob))
    return trees


def listen_failure(host: str, port: int, error: OSError) -> str:
    """The error line for a server that could not listen on ``host``:``port``: a name that
    resolves to no address, an address that is not this machine's, a port in use or reserved."""
    reason = error.strerror or str(error)
    if isinstance(error, socket.gaierror):
        alone = host.startswith("[") or re.fullmatch(r"[^:]+:[0-9]+", host)
        hint = "the address alone, the port goes in --port" if alone else "an address of this machine or a name for one"
        return f"cannot listen on --host {host}: no address is known for that name ({reason}); --host takes {hint}"
    if error.errno == errno.EADDRNOTAVAIL:
        return (
            f"cannot listen on --host {host}: it is not an address of this machine ({reason}); "
            "give one of its addresses, as 127.0.0.1"
        )
    shown = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    if error.errno == errno.EADDRINUSE or (error.errno == errno.EACCES and port < 1024):
        return f"cannot listen on {shown}: {reason}; choose another --port (0: any free port)"
    return f"cannot listen on {shown}: {reason}"


@click.command(name="serve", short_help="The explorer for any tree in a browser, with exact analyses.")
@click.argument("trees", nargs=-1)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    callback=not_empty,
    help="the address to listen on (one that is not loopback, 127.0.0.0/8 or ::1, lets other machines in)",
)
@click.option(
    "--port",
    default=DEFAULT_PORT,
    show_default=True,
    type=PlainIntRange(0, 65535),
    help="the port to listen on (0: any free port; the address is printed)",
)
@click.option(
    "--workers",
    default=2,
    show_default=True,
    type=PlainIntRange(1, 16),
    help="analyses that run at once, each in a process of its own",
)
@click.option(
    "--time-limit",
    default=30.0,
    show_default=True,
    type=PlainFloatRange(0.1, 3600),
    help="seconds an analysis may take; past them it is stopped and the request told why",
)
@click.option(
    "--request-timeout",
    default=CLIENT_SECONDS,
    show_default=True,
    type=PlainFloatRange(0.1, 3600),
    help="seconds a client has to send its whole request (line, headers, body); then a 408",
)
@click.option(
    "--worker-memory-mb",
    default=DEFAULT_MEMORY_MB,
    show_default=True,
    type=PlainIntRange(1, 1 << 20),
    help="a worker past this much resident memory after an analysis is replaced by a fresh one",
)
@quiet_option("no line on stderr per request")
def serve_command(trees, host, port, workers, time_limit, request_timeout, worker_memory_mb, quiet):
    """Serve the explorer page for each TREE (tree files or shipped names; default: every
    shipped tree) at http://127.0.0.1:8000/: play the tree or your own guesses, and ask the
    engine for the exact value of any position and move, or a review of a finished game.
    The API: /api/trees, /api/analyse and /api/review answer what wordle-tree analyse
    [--review] --json prints (the query's fields are its options, with history and tree).
    /dordle, /quordle, /octordle, /sedecordle and /duotrigordle play 2, 4, 8, 16 and 32
    boards at once, and /api/boards answers what wordle-tree analyse --game quordle --json
    prints.  Ctrl-C stops it."""
    from ..server.http import WordleServer
    from ..server.jobs import JOB_MODULE
    from ..server.query import answer
    from ..server.site import Site, setup_for
    from ..server.workers import AnalysisPool

    for option, value in (("--time-limit", time_limit), ("--request-timeout", request_timeout)):
        if math.isnan(value):  # NaN passes click's range check
            raise CliError(f"{option} must be a number of seconds from 0.1 to 3600")
    served = served_trees(trees)
    pool = AnalysisPool(JOB_MODULE, setup_for(served), workers, time_limit, 2 * workers, worker_memory_mb)
    site = Site(served, partial(answer, pool), pool.maintain)
    try:
        server = WordleServer((host, port), site, log=not quiet, request_seconds=request_timeout)
    except OSError as exc:
        raise CliError(listen_failure(host, port, exc)) from None
    try:
        pool.start()
        if not server.loopback:
            click.echo(f"wordle-tree: warning: listening on {host}: any machine that reaches it can use it", err=True)
        click.echo(f"serving {len(served)} tree{'s' if len(served) != 1 else ''} at {server.url} (Ctrl-C stops it)")
        sys.stdout.flush()
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()
        pool.close()
