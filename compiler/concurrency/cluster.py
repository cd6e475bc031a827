"""Running ranking tasks: in this process, or on Dask (``dask.distributed``).

One code path for both Dask set-ups, as in Dask's own examples: with no scheduler
address a ``LocalCluster`` of ``jobs`` worker processes (one thread each) starts on
this machine; with ``tcp://host:8786`` the tasks go to an existing cluster.  Dask is
imported only here and only when used, so nothing else pays for it.  Tasks are
plain module-level functions (``rank.evaluate_word``): workers import the package,
load the lists and matrix once, and keep their solver's memo across the words they
are given.  Dask does the scheduling, retries and worker loss.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import signal
import threading
import time


class ClusterLostError(RuntimeError):
    """The Dask scheduler went away while tasks were running (one line, naming it)."""


class SerialExecutor:
    """Runs one task at a time in this process (``window`` 1: every task sees the
    newest cut-off)."""

    workers = 1
    window = 1

    def __init__(self):
        self._queued = []

    def submit(self, fn, *args):
        """Queue ``fn(*args)``; it runs in :meth:`wait_any`."""
        self._queued.append((fn, args))

    def in_flight(self) -> int:
        """Tasks submitted and not yet run."""
        return len(self._queued)

    def wait_any(self):
        """Run the oldest queued task now; return its result as a one-item list."""
        fn, args = self._queued.pop(0)
        return [fn(*args)]

    def worker_peak_rss_mib(self) -> list[float]:
        """This process's peak resident memory in MiB, as a one-item list."""
        import resource

        return [resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024]


# How long a run waits with tasks in flight and no worker connected before it gives up
# (README: a cluster whose every worker is lost ends the run with one line); the
# environment variable sets another wait, in seconds (docs/ranking.md).
WORKERLESS_SECONDS = 120.0
WORKERLESS_ENV = "WORDLE_TREE_WORKERLESS_SECONDS"
_POLL_SECONDS = 2.0


class DaskExecutor:
    """Submits tasks to a Dask client and hands back results as they complete.

    ``workers`` counts worker threads (a worker started with ``--nthreads 2`` counts
    twice): each runs a task at a time, with its own solver (``search.solver_for``)."""

    def __init__(self, client, workerless_seconds: float = WORKERLESS_SECONDS):
        self.client = client
        self.workers = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info().get("workers", {}).values()))
        self.window = 4 * self.workers  # enough queued work to keep every worker busy
        self.workerless_seconds = workerless_seconds
        self._pending: list = []

    def submit(self, fn, *args):
        """Send ``fn(*args)`` to the cluster (``pure=False``: every call runs, none is deduplicated)."""
        self._pending.append(self.client.submit(fn, *args, pure=False))

    def in_flight(self) -> int:
        """Tasks submitted whose results have not been handed back yet."""
        return len(self._pending)

    def wait_any(self):
        """Block until at least one task finishes; return every finished result, oldest
        first.  Raises :class:`ClusterLostError` when no worker has been connected for
        ``workerless_seconds`` while tasks wait."""
        from distributed import wait

        alone_since = None
        while True:
            try:
                done, _ = wait(self._pending, timeout=_POLL_SECONDS, return_when="FIRST_COMPLETED")
                break
            except TimeoutError:
                pass
            if self.client.scheduler_info().get("workers"):
                alone_since = None
                continue
            alone_since = alone_since or time.monotonic()
            if time.monotonic() - alone_since >= self.workerless_seconds:
                raise ClusterLostError(f"no Dask worker has been connected for {self.workerless_seconds:.0f} s")
        finished = [future for future in self._pending if future in done]
        self._pending = [future for future in self._pending if future not in done]
        return [future.result() for future in finished]

    def worker_peak_rss_mib(self) -> list[float]:
        """Each worker process's peak resident memory in MiB, smallest first."""

        def peak():
            import resource

            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

        return sorted(self.client.run(peak).values())


# What ``executor_for`` yields: tasks are given with ``submit`` and taken back with ``wait_any``.
Executor = SerialExecutor | DaskExecutor


def _workerless_seconds() -> float:
    """:data:`WORKERLESS_SECONDS`, or the positive number of seconds :data:`WORKERLESS_ENV` gives."""
    try:
        value = float(os.environ.get(WORKERLESS_ENV, WORKERLESS_SECONDS))
    except ValueError:
        return WORKERLESS_SECONDS
    return value if 0 < value < float("inf") else WORKERLESS_SECONDS


_ADDRESS = re.compile(r"(?:tcp://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]{0,252}):(\d{1,5})")


def scheduler_address(value: str) -> str:
    """A Dask scheduler address as ``tcp://HOST:PORT`` (``HOST:PORT`` is taken as tcp), or
    ``ValueError`` with one line: other protocols (tls, ucx, inproc) need settings this
    command does not take."""
    text = str(value).strip()
    match = _ADDRESS.fullmatch(text)
    if not match or not 1 <= int(match.group(2)) <= 65535:
        shown = text if len(text) <= 60 else text[:40] + "…"
        raise ValueError(f"--scheduler takes tcp://HOST:PORT, e.g. tcp://127.0.0.1:8786, not {shown!r}")
    return f"tcp://{match.group(1)}:{int(match.group(2))}"


def start_forkserver(preload: tuple[str, ...] = (), verbose: bool = False) -> None:
    """Have Dask start its worker processes from a forkserver that ignores Ctrl-C and has
    already imported ``preload`` (with Dask and numpy), so each worker starts quiet and
    warm.  Without ``verbose`` the forkserver's standard error, which every worker
    inherits, is discarded: what a task raises reaches this process through Dask, and
    a worker dying with the cluster has nothing to tell a person.  The forkserver is
    started here, on this thread, with SIGINT blocked: a Ctrl-C meanwhile waits in this
    process until the forkserver exists, then interrupts as usual (see
    :mod:`.worker_start`).  Does nothing once a forkserver is running."""
    from multiprocessing import forkserver, resource_tracker

    import dask
    from distributed.utils import get_mp_context

    from .worker_start import FORKSERVER_ENV, QUIET_ENV

    dask.config.set({"distributed.worker.multiprocessing-method": "forkserver"})
    context = get_mp_context()
    context.set_forkserver_preload([f"{__package__}.worker_start", "distributed", "numpy", *preload])
    # Read by the forkserver (it copies this environment when it starts).  Dask's
    # nanny would have glibc return freed memory at once (MALLOC_TRIM_THRESHOLD_=64 KiB);
    # the search's per-node arrays then fault in fresh pages every time (a large share of a
    # ranking's time spent in the system), so the workers get a larger threshold.
    environ = {
        FORKSERVER_ENV: str(os.getpid()),
        QUIET_ENV: "0" if verbose else "1",
        "MALLOC_TRIM_THRESHOLD_": str(1 << 26),
    }
    if not verbose:
        # and by the resource tracker started below: after a Ctrl-C during the cluster's
        # start it unlinks the semaphores the command left and warns about each on stderr,
        # after "interrupted", which a person has no use for
        quiet = "ignore::UserWarning:multiprocessing.resource_tracker"
        environ["PYTHONWARNINGS"] = ",".join(filter(None, [os.environ.get("PYTHONWARNINGS"), quiet]))
    saved = {name: os.environ.get(name) for name in environ}
    on_main = threading.current_thread() is threading.main_thread()
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT}) if on_main else None
    os.environ.update(environ)
    try:
        if previous is not None:
            # multiprocessing's resource tracker, which the forkserver needs, unblocks
            # SIGINT once it has started itself: start it first, then block again
            resource_tracker.ensure_running()
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        forkserver.ensure_running()
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def _dask_logging(verbose: bool) -> None:
    """Dask's loggers say nothing unless ``verbose``: its errors reach the command as
    exceptions (one line each), and the tracebacks it logs while a cluster shuts down
    on Ctrl-C (cancelled callbacks, closed comms) only repeat "interrupted"."""
    level = logging.INFO if verbose else logging.CRITICAL + 1
    for name in (
        "distributed",
        "distributed.worker",
        "distributed.nanny",
        "distributed.scheduler",
        "distributed.core",
        "distributed.comm",
        "distributed.deploy.spec",
        "distributed.client",
        "tornado",
        "tornado.application",
        "asyncio",
    ):
        logging.getLogger(name).setLevel(level)


@contextlib.contextmanager
def executor_for(jobs: int = 1, scheduler: str | None = None, preload: tuple[str, ...] = (), verbose: bool = False):
    """A serial executor for one local job; Dask otherwise (LocalCluster or ``scheduler``).

    ``preload``: modules a LocalCluster's workers import before they start (the tasks' own),
    so that work is done once, in the forkserver, not in every worker.  ``verbose``: Dask's
    own log lines and the workers' standard error reach this process's standard error."""
    if scheduler is None and jobs <= 1:
        yield SerialExecutor()
        return
    from distributed import Client, LocalCluster

    _dask_logging(verbose)
    if scheduler is not None:
        from concurrent.futures import CancelledError

        from distributed.comm.core import CommClosedError

        with Client(scheduler, timeout="20s") as client:
            try:
                yield DaskExecutor(client, _workerless_seconds())
            except (CancelledError, CommClosedError):
                raise ClusterLostError(f"lost the connection to the Dask scheduler at {scheduler} mid-run") from None
        return
    start_forkserver(preload, verbose)
    with (
        LocalCluster(
            n_workers=jobs,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",
            silence_logs=logging.INFO if verbose else logging.CRITICAL + 1,
        ) as cluster,
        Client(cluster) as client,
    ):
        yield DaskExecutor(client)
