"""All parallelism lives here: an ordered map over tasks, in forked workers or in
threads of this process.

Threads (:func:`map_threads`) serve the exact search, whose kernel releases the
GIL and whose workers gain most from sharing one memo; forked processes
(:func:`map_ordered`) serve the heuristic builds, which hold the GIL in Python;
:func:`map_chunks` splits one kernel pass (``--threads``) among helper threads that
the caller never waits for.

Workers are forked *after* the parent has loaded the word lists, the matrix and
the compiled kernels, so they start in milliseconds and share those pages
copy-on-write instead of importing and loading them again (about a second per
worker).  Tasks go out largest first and come back as they
finish; results are placed by task index, so the output never depends on
``jobs``.  Each worker dies with its parent (Linux ``PR_SET_PDEATHSIG``), and
Ctrl-C in the parent kills the workers at once.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import queue
import signal
import threading

_job: dict = {}
_PR_SET_PDEATHSIG = 1


def _die_with_parent(parent_pid: int) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    die_with_parent(parent_pid)


def die_with_parent(parent_pid: int) -> None:
    """Ask Linux to SIGKILL this process when its parent dies (and exit now if it has)."""
    import ctypes  # here: the exact search's threads never need it

    # not Linux: the parent still terminates its workers on every exit path
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != parent_pid:  # the parent died before prctl took effect
        os._exit(1)


def killed_with_us():
    """A ``preexec_fn`` for :mod:`subprocess` that has Linux SIGKILL the child when this
    process dies, so a helper program (Graphviz's ``dot``) never outlives a killed
    command; None where ``prctl`` is missing.  libc is looked up here, in the parent:
    the function that runs in the child between fork and exec only makes the call."""
    import ctypes

    try:
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def _run(index: int):
    return _job["fn"](_job["tasks"][index])


def fork_available() -> bool:
    """Whether workers can be forked (Linux, macOS): otherwise everything runs serially."""
    import multiprocessing  # here, not at the top: the exact search (threads) never needs it

    return "fork" in multiprocessing.get_all_start_methods()


def map_ordered(fn, tasks, jobs: int = 1, weights=None, progress=None) -> list:
    """``[fn(task) for task in tasks]``, computed in ``jobs`` forked processes.

    ``weights`` order the submissions (heaviest first keeps every worker busy to the
    end); ``progress(w)`` is called with each finished task's weight.
    """
    weights = weights if weights is not None else [1] * len(tasks)
    if jobs <= 1 or len(tasks) <= 1 or not fork_available():
        results = []
        for task, weight in zip(tasks, weights, strict=True):
            results.append(fn(task))
            if progress:
                progress(weight)
        return results
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    _job.update(fn=fn, tasks=tasks)  # inherited by the forked workers, never pickled
    order = sorted(range(len(tasks)), key=lambda i: (-weights[i], i))
    slots = [None] * len(tasks)
    pool = ProcessPoolExecutor(
        max_workers=min(jobs, len(tasks)),
        mp_context=multiprocessing.get_context("fork"),
        initializer=_die_with_parent,
        initargs=(os.getpid(),),
    )
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
        manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)
        # Let the pool's manager thread see the killed workers and close its wake-up pipe
        # (milliseconds): at exit, concurrent.futures writes to every pipe it has not seen
        # closed, and one closed between its check and its write printed a traceback
        # after "interrupted" (Python 3.11; 4 runs in 55 of the Ctrl-C test's scenario,
        # none in 40 after).  A manager thread that never ends is startup.exit_process's.
        if manager is not None:
            manager.join(timeout=0.5)
        raise
    finally:
        _job.clear()
    pool.shutdown()
    return slots


def map_threads(fn, tasks, jobs: int = 1, weights=None, progress=None, in_order: bool = False, assist=None) -> list:
    """``[fn(task, lane) for task in tasks]`` on ``jobs`` threads (one when ``jobs`` is 1:
    the caller only waits, so Ctrl-C is never stuck behind a call that holds no GIL);
    ``lane`` (0 .. jobs-1) names the thread, so ``fn`` can use per-thread buffers.

    Tasks are taken heaviest first (``weights``), or in the order given with
    ``in_order``, by whichever thread is free, and results are placed by task index,
    so the output never depends on the timing.  A thread that finds no task left asks
    ``assist(lane)`` (when given) for a task that helps one still running, runs ``fn``
    on it (its result is ``fn``'s to record) and asks again; None ends the thread.
    The threads are daemons: on Ctrl-C or an error the caller returns at once and a
    kernel call still running cannot keep the process alive.  ``progress(w)`` runs
    on the calling thread, which sleeps until every thread is done (waking every
    0.25 s for Ctrl-C, every 0.1 s for progress), not once per finished task, which
    would take a core and the GIL from the searching threads many times a millisecond.
    """
    weights = weights if weights is not None else [1] * len(tasks)
    order = range(len(tasks)) if in_order else sorted(range(len(tasks)), key=lambda i: (-weights[i], i))
    todo = queue.SimpleQueue()
    for i in order:
        todo.put(i)
    results, reported, errors = [None] * len(tasks), queue.SimpleQueue(), []
    stop, all_done = threading.Event(), threading.Event()
    running = [max(1, min(jobs, len(tasks)))]
    count_lock = threading.Lock()

    def next_task(lane: int):
        try:
            i = todo.get_nowait()
            return i, tasks[i]
        except queue.Empty:
            helping = assist(lane) if assist is not None and not stop.is_set() else None
            return (None, helping) if helping is not None else None

    def work(lane: int) -> None:
        try:
            while not stop.is_set():
                taken = next_task(lane)
                if taken is None:
                    return
                i, task = taken
                value = fn(task, lane)
                if i is not None:
                    results[i] = value
                    reported.put(weights[i])
        except BaseException as error:  # noqa: BLE001 - handed to the caller, which re-raises it
            errors.append(error)
            all_done.set()
        finally:
            with count_lock:
                running[0] -= 1
                if running[0] == 0:
                    all_done.set()

    for lane in range(running[0]):
        threading.Thread(target=work, args=(lane,), daemon=True, name=f"search-{lane}").start()
    try:
        while not all_done.wait(timeout=0.1 if progress else 0.25):
            _report(reported, progress)
        if errors:
            raise errors[0]
        _report(reported, progress)
    finally:
        stop.set()
    return results


def _report(reported, progress) -> None:
    while progress and not reported.empty():
        progress(reported.get())


_helpers: dict = {}  # pid -> [queue of jobs, helper count]: a forked worker starts its own
_helpers_lock = threading.Lock()


def map_chunks(fn, n_chunks: int, threads: int) -> list:
    """``[fn(i) for i in range(n_chunks)]`` on this thread and ``threads - 1`` helpers,
    without ever waiting for a helper.

    Every thread takes the next chunk from one counter; once none is left, the caller
    computes itself each chunk still in a helper's hands instead of waiting for it, so a
    helper the scheduler has paused (a busy machine) costs at most its one chunk twice,
    never a stall (``benchmarks/busy.py`` measures a build beside two spinning processes).
    So ``fn`` must be pure and return a new value, never None (a late helper's result for a
    chunk already done is dropped); it should release the GIL for the threads to help.  A chunk that fails in a helper
    is computed again here, so its error is raised here."""
    if threads <= 1 or n_chunks <= 1:
        return [fn(i) for i in range(n_chunks)]
    results = [None] * n_chunks
    job = (fn, itertools.count(), n_chunks, results)
    todo = _helper_queue(threads - 1)
    for _ in range(threads - 1):
        todo.put(job)
    _take_chunks(job)
    for i in range(n_chunks):
        if results[i] is None:  # still with a helper (or failed there)
            results[i] = fn(i)
    return results


def _take_chunks(job) -> None:
    fn, counter, n_chunks, results = job
    for i in counter:  # next() on one itertools.count is atomic under the GIL
        if i >= n_chunks:
            return
        value = fn(i)
        if results[i] is None:
            results[i] = value


def _helper_queue(helpers: int):
    """This process's job queue, with at least ``helpers`` daemon threads serving it."""
    with _helpers_lock:
        entry = _helpers.setdefault(os.getpid(), [queue.SimpleQueue(), 0])
        while entry[1] < helpers:
            entry[1] += 1
            threading.Thread(target=_help, args=(entry[0],), daemon=True, name=f"chunks-{entry[1]}").start()
    return entry[0]


def _help(todo) -> None:
    while True:
        job = todo.get()
        # a chunk that fails here is computed again by the caller, which raises its error
        with contextlib.suppress(Exception):
            _take_chunks(job)
