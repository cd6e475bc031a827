"""All process parallelism lives here: an ordered map over tasks in forked workers.

Workers are forked *after* the parent has loaded the word lists, the matrix and
the numba kernels, so they start in milliseconds and share those pages
copy-on-write (the old spawn-based pool spent about a second per worker
re-importing and reloading).  Tasks go out largest first and come back as they
finish; results are placed by task index, so the output never depends on
``jobs``.  Each worker dies with its parent (Linux ``PR_SET_PDEATHSIG``), and
Ctrl-C in the parent kills the workers at once.
"""

from __future__ import annotations

import ctypes
import mmap
import multiprocessing
import os
import signal
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

import numpy as np

_job: dict = {}
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent_pid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    die_with_parent(parent_pid)


def die_with_parent(parent_pid: int) -> None:
    """Ask Linux to SIGKILL this process when its parent dies (and exit now if it has)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (OSError, AttributeError):
        pass  # not Linux: the parent still terminates its workers on every exit path
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)


def _run(index: int):
    return _job["fn"](_job["tasks"][index])


def fork_available() -> bool:
    """Whether workers can be forked (Linux, macOS): otherwise everything runs serially."""
    return "fork" in multiprocessing.get_all_start_methods()


def shared_int64(n: int, fill: int) -> np.ndarray:
    """An int64 array in anonymous shared memory: the parent's writes before a fork and
    every process's writes after it are seen by all (aligned 8-byte loads and stores
    are atomic on the platforms we fork on)."""
    buffer = mmap.mmap(-1, max(8, 8 * n))  # MAP_SHARED | MAP_ANONYMOUS
    array = np.frombuffer(buffer, dtype=np.int64, count=n)
    array[:] = fill
    return array


def map_ordered(fn, tasks, jobs: int = 1, weights=None, progress=None) -> list:
    """``[fn(task) for task in tasks]``, computed in ``jobs`` forked processes.

    ``weights`` order the submissions (heaviest first keeps every worker busy to the
    end); ``progress(w)`` is called with each finished task's weight.
    """
    weights = weights if weights is not None else [1] * len(tasks)
    if jobs <= 1 or len(tasks) <= 1 or not fork_available():
        results = []
        for task, weight in zip(tasks, weights):
            results.append(fn(task))
            if progress:
                progress(weight)
        return results
    _job.update(fn=fn, tasks=tasks)  # inherited by the forked workers, never pickled
    order = sorted(range(len(tasks)), key=lambda i: (-weights[i], i))
    slots = [None] * len(tasks)
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), mp_context=multiprocessing.get_context("fork"),
                               initializer=_die_with_parent, initargs=(os.getpid(),))
    try:
        pending = {pool.submit(_run, i): i for i in order}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                i = pending.pop(future)
                slots[i] = future.result()
                if progress:
                    progress(weights[i])
    except BaseException:
        # Ctrl-C or a worker's error: stop every worker now rather than waiting for them
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    finally:
        _job.clear()
    pool.shutdown()
    return slots
