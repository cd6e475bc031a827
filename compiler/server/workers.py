"""A fixed number of analysis worker processes, each analysis bounded in time.

Why processes: an analysis can run for minutes (the exact search has no cancellation of its
own), and only a process can be stopped at any moment.  An analysis past the time limit has
its worker killed (SIGKILL) and a fresh one started in its place; the request is told why.

Bounds: at most ``size`` analyses run at once, at most ``waiting`` more wait for a worker
(each for at most the time limit); any request beyond those is refused at once as busy.  A
worker whose resident memory is past ``memory_mb`` after an analysis (it keeps each tree's
lists, matrix and memo) is killed once it has answered and a fresh one started in its place,
so no worker holds more than the cap plus what one analysis adds (Linux: ``/proc/PID/statm``).

Workers are started only from the thread that calls :meth:`AnalysisPool.start` and
:meth:`AnalysisPool.maintain` (the server's main thread): Linux's ``PR_SET_PDEATHSIG``, which
kills a worker when the server dies, fires when the *thread* that started the worker ends,
and a request's thread ends with its request.
"""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
from dataclasses import dataclass
from multiprocessing import Pipe

from .limits import DEFAULT_MEMORY_MB

WORKER_MODULE = f"{__package__}.worker"
KILL_WAIT_SECONDS = 5.0
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096


class Busy(Exception):
    """Every worker is taken and the waiting line is full, or the wait lasted the time limit."""


class TimeLimit(Exception):
    """The analysis ran past the time limit; its worker was killed."""


class WorkerLost(Exception):
    """The worker died during the analysis (killed from outside, out of memory, a crash)."""


@dataclass(eq=False)  # each worker is itself: kept in a set
class Worker:
    """A worker process and the server's end of its connection."""

    process: subprocess.Popen
    conn: object  # multiprocessing.connection.Connection


class AnalysisPool:
    """``size`` worker processes running the job module ``job`` (see :mod:`.worker`)."""

    def __init__(
        self,
        job: str,
        setup: dict,
        size: int,
        time_limit: float,
        waiting: int,
        memory_mb: float = DEFAULT_MEMORY_MB,
    ):
        self.job, self.setup, self.size = job, setup, size
        self.time_limit, self.waiting_limit, self.memory_mb = time_limit, waiting, memory_mb
        self.recycled = 0  # workers replaced for their memory
        self._idle: queue.Queue[Worker] = queue.Queue()
        self._restart: queue.Queue[int] = queue.Queue()
        self._lock = threading.Lock()
        self._waiting = 0
        self._workers: set[Worker] = set()
        self._closed = False

    def start(self) -> None:
        """Start every worker (from the thread that will call :meth:`maintain`)."""
        for _ in range(self.size):
            self._start_one()

    def maintain(self) -> None:
        """Start a worker in place of each one retired since the last call."""
        while not self._closed:
            try:
                self._restart.get_nowait()
            except queue.Empty:
                return
            self._start_one()

    def _start_one(self) -> None:
        mine, theirs = Pipe()
        command = [sys.executable, "-m", WORKER_MODULE, str(theirs.fileno()), str(os.getpid()), self.job]
        # SIGINT blocked while the worker starts: it inherits the mask until it ignores Ctrl-C
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            process = subprocess.Popen(
                command,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),),
                start_new_session=True,
                close_fds=True,
            )
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            theirs.close()
        worker = Worker(process, mine)
        mine.send(self.setup)  # read first, before any job
        with self._lock:
            self._workers.add(worker)
        self._idle.put(worker)

    def run(self, payload):
        """The job's answer to ``payload``; raises :class:`Busy`, :class:`TimeLimit` or
        :class:`WorkerLost`."""
        with self._lock:
            if self._closed or self._waiting >= self.waiting_limit:
                raise Busy
            self._waiting += 1
        try:
            worker = self._idle.get(timeout=self.time_limit)
        except queue.Empty:
            raise Busy from None
        finally:
            with self._lock:
                self._waiting -= 1
        try:
            worker.conn.send(payload)
            if worker.conn.poll(self.time_limit):
                answer = worker.conn.recv()
                self._release(worker)
                return answer
        except (EOFError, OSError):
            self._retire(worker)
            raise WorkerLost from None
        self._retire(worker)
        raise TimeLimit

    def _release(self, worker: Worker) -> None:
        """Hand ``worker`` back after an analysis, or replace it when it is past the memory cap."""
        used = resident_mb(worker.process.pid)
        if used is not None and used > self.memory_mb:
            with self._lock:
                self.recycled += 1
            self._retire(worker)
        else:
            self._idle.put(worker)

    def _retire(self, worker: Worker) -> None:
        """Kill ``worker`` and have :meth:`maintain` start another."""
        _kill(worker)
        with self._lock:
            self._workers.discard(worker)
        self._restart.put(1)

    def close(self) -> None:
        """Kill every worker and wait for them: no worker outlives the server."""
        with self._lock:
            self._closed = True
            workers = list(self._workers)
            self._workers.clear()
        for worker in workers:
            _kill(worker)


def resident_mb(pid: int) -> float | None:
    """The resident memory of process ``pid`` in MB (2**20 bytes); None where it cannot be read."""
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1]) * PAGE_BYTES / 2**20
    except (OSError, ValueError, IndexError):
        return None


def _kill(worker: Worker) -> None:
    try:
        worker.process.kill()
        worker.process.wait(KILL_WAIT_SECONDS)
    except (OSError, subprocess.TimeoutExpired):
        pass
    worker.conn.close()
