"""An exact node searched over one guess per orbit of a symmetry (Mastermind below a first
guess: :mod:`..core.stabilizer`), by one thread or by several at once.

Guesses one symmetry of the node maps onto another have the same total and depth, and one
is a possible answer exactly when the other is; the orbit's least index is the guess the
tie-break would choose among them.  So the node's exact optimum, and its choice, are those
over the orbits' representatives alone.  Their children are searched by the engine with the
node's whole legal list (a child has fewer symmetries than its parent).

The candidates are tried in the order of their one-pass bound (then index), each by
:meth:`.Solver.guess_value` within the best total so far + 1 (ties are evaluated, so the
tie-break sees them), until a candidate's bound reaches that limit.  Threads that work on
one :class:`OrbitNode` claim its candidates one at a time and share the best: a candidate
whose bound is below the final limit is always claimed, and one evaluated against an older,
higher limit is still exact when it matters, so the result is the serial search's, whatever
the threads' timing and the memo's contents.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from .solver import INF, Lane, Outcome, Solver


class OrbitNode:
    """One node searched over its orbits' representatives, by any number of threads
    (:meth:`work`); its outcome is :meth:`outcome` once every participant has returned."""

    def __init__(self, solver: Solver, answers, legal, depth: int, orbits: np.ndarray, beta: int = INF):
        self.solver, self.answers, self.depth, self.beta = solver, answers, depth, beta
        self.legal = np.asarray(legal, dtype=np.int64)
        self.candidates = self.legal[orbits[self.legal] == self.legal]
        self.bounds, _, self.in_set, self.most_parts = solver.guess_bounds(answers, self.candidates)
        self.order = np.lexsort((self.candidates, self.bounds))
        self.lock = threading.Lock()
        self.next = 0  # the first candidate (in ``order``) nobody has claimed
        self.best: tuple[int, int, bool, int] | None = None  # (total, depth, not an answer, guess)
        self.floor = INF  # the least lower bound of the candidates cut off, while none is below beta
        self.stopped = False

    def unclaimed(self) -> int:
        """Candidates nobody has claimed yet (0 once a bound ended the search)."""
        with self.lock:
            return 0 if self.stopped else len(self.order) - self.next

    def work(self, lane: Lane | None = None, stop: Callable[[], bool] | None = None) -> None:
        """Evaluate candidates until none is left below the limit (or ``stop()``)."""
        while True:
            with self.lock:
                if self.stopped or self.next >= len(self.order):
                    return
                j = int(self.order[self.next])
                limit = self._limit()
                if self.bounds[j] >= limit:
                    self.floor = min(self.floor, int(self.bounds[j]))
                    self.stopped = True  # in bound order: no later candidate gets below the limit
                    return
                self.next += 1
            if stop is not None and stop():
                with self.lock:
                    self.stopped = True
                return
            guess = int(self.candidates[j])
            found = self.solver.guess_value(guess, self.answers, self.legal, self.depth, limit, lane, self.most_parts)
            with self.lock:
                if found.guess < 0 or found.cost >= self._limit():
                    self.floor = min(self.floor, found.cost)  # no better than the best, nor tied with it
                    continue
                key = (found.cost, found.depth, not self.in_set[j], guess)
                if self.best is None or key < self.best:
                    self.best = key

    def _limit(self) -> int:
        return self.beta if self.best is None else self.best[0] + 1

    def outcome(self) -> Outcome:
        """What :meth:`.Solver.solve` finds: the exact optimum below ``beta``, else a lower
        bound of at least ``beta`` (guess -1); not exact after a ``stop`` (guess -1)."""
        if self.best is not None:
            return Outcome(self.best[0], self.best[1], self.best[3])
        return Outcome(max(self.floor, self.beta) if self.floor < INF else INF, 0, -1)


def solve_over_orbits(
    solver: Solver,
    answers,
    legal,
    depth: int,
    orbits: np.ndarray,
    beta: int = INF,
    lane: Lane | None = None,
    stop: Callable[[], bool] | None = None,
) -> Outcome:
    """What :meth:`.Solver.solve` finds for ``answers`` within ``depth`` guesses from
    ``legal`` (the exact optimum when below ``beta``, else a lower bound of at least
    ``beta`` with guess -1), searching at this node only the guesses of ``legal`` that
    represent their orbit (``orbits[g] == g``: :func:`..core.stabilizer.guess_orbits` for a
    symmetry that maps ``answers`` and ``legal`` onto themselves), on this thread.
    ``stop()`` true ends the search early, with a result that is neither (guess -1)."""
    node = OrbitNode(solver, answers, legal, depth, orbits, beta)
    node.work(lane, stop)
    if stop is not None and node.stopped and stop():
        return Outcome(INF, 0, -1)
    return node.outcome()
