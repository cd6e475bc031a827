"""The exact engine: one small API that every exact feature calls.

    solver = Solver(ctx, "normal")
    outcome = solver.solve(answers, legal, depth, beta)   # exact below beta, else a bound
    outcome = solver.solve(..., shared=states[i], lane=lane)  # one of several threads on a node
    outcome = solver.guess_value(guess, answers, legal, depth, beta)
    cost, node = solver.tree(answers, legal, depth)       # the optimal subtree itself
    guess = solver.feasible(answers, legal, depth)        # depth only: a first guess that fits, or -1
    solver.stats()                                        # noise-free work counters

:func:`classes_fit` asks the depth-only question of every class a fixed opening leaves
(``depth``).  :func:`solver_for` keeps one solver (and its memo) per context, mode and
objective (``deep_level``: ``--objective fewest-deep``) in each thread: a solver's memo
and scratch belong to one caller at a time, and a Dask worker may run several tasks at
once, one per thread.
"""

from __future__ import annotations

import threading

from ..ext._search import DEEP_COST, INF, STAT_NAMES
from .depth import classes_fit
from .shared import shared_states, stop_shared, unclaimed
from .solver import DEFAULT_MEMO_MB, GAUGES, InfeasibleError, Outcome, Solver
from .symmetric import OrbitNode, rebuild

__all__ = [
    "DEEP_COST",
    "DEFAULT_MEMO_MB",
    "GAUGES",
    "INF",
    "STAT_NAMES",
    "InfeasibleError",
    "OrbitNode",
    "Outcome",
    "Solver",
    "classes_fit",
    "forget_solvers",
    "rebuild",
    "shared_states",
    "solver_for",
    "stop_shared",
    "unclaimed",
]

_per_thread = threading.local()


def solver_for(ctx, mode: str, memo_mb: float = DEFAULT_MEMO_MB, deep_level: int = 0, weights=None) -> Solver:
    """This thread's solver for (ctx, mode, objective, weights): its memo persists across
    the thread's calls.  ``weights``: a :class:`~wordle_compiler.core.weights.Weights` or None."""
    solvers = getattr(_per_thread, "solvers", None)
    if solvers is None:
        solvers = _per_thread.solvers = {}
    key = (id(ctx), mode, memo_mb, deep_level, weights)
    if key not in solvers:
        solvers.clear()  # one context at a time keeps memory bounded
        solvers[key] = Solver(ctx, mode, memo_mb, deep_level, None if weights is None else weights.values)
    return solvers[key]


def forget_solvers() -> None:
    """Drop this thread's solvers (and their memos): the next :func:`solver_for` starts afresh."""
    getattr(_per_thread, "solvers", {}).clear()
