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
import re


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


class DaskExecutor:
    """Submits tasks to a Dask client and hands back results as they complete."""

    def __init__(self, client):
        from distributed import as_completed

        self.client = client
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))
        self.window = 4 * self.workers  # enough queued work to keep every worker busy
        self._pending = as_completed([])
        self._count = 0

    def submit(self, fn, *args):
        """Send ``fn(*args)`` to the cluster (``pure=False``: every call runs, none is deduplicated)."""
        self._pending.add(self.client.submit(fn, *args, pure=False))
        self._count += 1

    def in_flight(self) -> int:
        """Tasks submitted whose results have not been handed back yet."""
        return self._count

    def wait_any(self):
        """Block until at least one task finishes; return every finished result."""
        batch = self._pending.next_batch(block=True)
        self._count -= len(batch)
        return [future.result() for future in batch]

    def worker_peak_rss_mib(self) -> list[float]:
        """Each worker process's peak resident memory in MiB, smallest first."""
        def peak():
            import resource

            return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

        return sorted(self.client.run(peak).values())


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


@contextlib.contextmanager
def executor_for(jobs: int = 1, scheduler: str | None = None):
    """A serial executor for one local job; Dask otherwise (LocalCluster or ``scheduler``)."""
    if scheduler is None and jobs <= 1:
        yield SerialExecutor()
        return
    from distributed import Client, LocalCluster

    for name in ("distributed", "distributed.worker", "distributed.nanny", "distributed.scheduler"):
        logging.getLogger(name).setLevel(logging.ERROR)  # keep stderr for our one-line messages
    for name in ("tornado", "tornado.application", "asyncio"):
        # tracebacks of callbacks cancelled while the cluster shuts down on Ctrl-C: our one
        # line "interrupted" says what happened
        logging.getLogger(name).setLevel(logging.CRITICAL)
    if scheduler is not None:
        with Client(scheduler, timeout="20s") as client:
            yield DaskExecutor(client)
        return
    import dask

    # Dask's nanny makes glibc return freed memory at once (MALLOC_TRIM_THRESHOLD_=64 KiB);
    # the search's per-node arrays then fault in fresh pages every time (4-10 s of system
    # time in a 20 s ranking).  A larger threshold keeps them in the heap.
    dask.config.set({"distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": 1 << 26})
    with LocalCluster(n_workers=jobs, threads_per_worker=1, processes=True, dashboard_address=":0",
                      silence_logs=logging.ERROR) as cluster, Client(cluster) as client:
        from .worker_plugin import DieWithParent

        client.register_plugin(DieWithParent())
        yield DaskExecutor(client)
