"""All parallelism lives here: first-level subtrees over worker processes.

Each worker loads the same context from the on-disk matrix cache and solves whole
subtrees; results come back in task order, so the output never depends on ``jobs``.
"""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor

_worker = {}


def _init_worker(cfg, solver_name):
    import signal

    # Ctrl-C is the parent's to handle: it stops the workers without a traceback each.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from .config import Context
    from .pipeline import SUBTREE_SOLVERS

    _worker["ctx"] = Context.load(cfg.answers, cfg.guesses)
    _worker["cfg"] = cfg
    _worker["solve"] = SUBTREE_SOLVERS[solver_name]


def _run(task):
    answers, legal, forced, depth = task
    return _worker["solve"](_worker["ctx"], _worker["cfg"], answers, legal, forced, depth)


def solve_subtrees(ctx, cfg, solver_name, tasks, jobs=1, progress=None):
    """Solve ``tasks`` = [(answers, legal, forced, depth)] → list of results in order."""
    from .pipeline import SUBTREE_SOLVERS

    results = []
    if jobs <= 1 or len(tasks) <= 1:
        solve = SUBTREE_SOLVERS[solver_name]
        for task in tasks:
            results.append(solve(ctx, cfg, *task))
            if progress:
                progress(len(task[0]))
        return results
    # spawn, not fork: numba's worker threads do not survive a fork safely
    spawn = multiprocessing.get_context("spawn")
    # largest classes first keeps both workers busy to the end
    order = sorted(range(len(tasks)), key=lambda i: -len(tasks[i][0]))
    slots = [None] * len(tasks)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=spawn, initializer=_init_worker,
                               initargs=(cfg, solver_name))
    try:
        futures = {i: pool.submit(_run, tasks[i]) for i in order}
        for i in order:
            slots[i] = futures[i].result()
            if progress:
                progress(len(tasks[i][0]))
    except BaseException:
        # Ctrl-C or a worker's error: stop every worker now rather than waiting for them
        for process in list(getattr(pool, "_processes", {}).values()):
            process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return slots
