"""An exact node searched over one guess per orbit of a symmetry (Mastermind below a first
guess: :mod:`..core.symmetry`), by one thread or by several at once.

Guesses one symmetry of the node maps onto another have the same total and depth, and one
is a possible answer exactly when the other is; the orbit's least index is the guess the
tie-break would choose among them.  So the node's exact optimum, and its choice, are those
over the orbits' representatives alone.  Their children are searched by the engine with the
node's whole legal list (a child has fewer symmetries than its parent), unless the node is
given ``below``: the orbits under the symmetries that also fix a candidate guess.  Then a
candidate's large children are searched the same way, one guess per orbit of that smaller
group (each child is mapped onto itself by every symmetry that fixes the guesses played
above it), and its small ones by the engine; the children's outcomes are kept
(:meth:`OrbitNode.children`) for rebuilding the tree, since those searches leave no choice
in the engine's memo.

A node without ``below`` is one call of the engine per thread: the engine's node is told
which guesses it may try (``Solver.solve(only=...)``, the representatives) and searched as a
shared node (:mod:`.shared`), so no Python runs per candidate and the threads claim its
candidates inside the kernels.  A node with ``below`` tries its candidates here, in the
order of their one-pass bound (then index), each by :meth:`.Solver.guess_value` or split
over its own orbits, within the best total so far + 1 (ties are evaluated, so the
tie-break sees them), until a candidate's bound reaches that limit.  Threads that work on
one :class:`OrbitNode` claim its candidates one at a time and share the best: a candidate
whose bound is below the final limit is always claimed, and one evaluated against an older,
higher limit is still exact when it matters, so the result is the serial search's, whatever
the threads' timing and the memo's contents.  Either way the outcome is the lexicographic
best of what the threads found.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from ..core.partition import Node, class_tasks, solved_here
from .shared import shared_states, stop_shared
from .shared import unclaimed as unclaimed_in_state
from .solver import INF, Lane, Outcome, Solver

# Children of more answers than this are searched over orbits (with ``below``); smaller ones
# take the engine microseconds either way (docs/performance.md, "Mastermind": 64 is quicker
# on 4x7 and 4x8, 128 on Super Mastermind, with 1 GB less memory).
LARGE_CHILD = 128

# a guess -> the orbits of the group that fixes it too, and the same one level further down;
# None where that group is trivial (core.symmetry.OrbitLevels)
Below = Callable[[int], "tuple[np.ndarray, Below | None] | None"]
# code -> (the child's exact outcome, its own children's where they were searched over orbits)
Choices = dict[int, "tuple[Outcome, Choices | None]"]


class OrbitNode:
    """One node searched over its orbits' representatives, by any number of threads
    (:meth:`work`); its outcome is :meth:`outcome` once every participant has returned."""

    def __init__(
        self,
        solver: Solver,
        answers,
        legal,
        depth: int,
        orbits: np.ndarray,
        beta: int = INF,
        below: Below | None = None,
        lane: Lane | None = None,
    ):
        self.solver, self.answers, self.depth, self.beta = solver, answers, depth, beta
        self.below = below if solver.deep_level == 0 else None
        self.children_found: dict[int, Choices] = {}  # guess -> its children's outcomes
        self.legal = np.asarray(legal, dtype=np.int64)
        self.candidates = self.legal[orbits[self.legal] == self.legal]
        self.lock = threading.Lock()
        self.only = self.state = None  # a node searched by the engine: its guesses and shared state
        self.found: list[Outcome] = []  # there, each participant's outcome
        if self.below is None:
            self.only = np.zeros(len(solver.ctx.words.guesses), dtype=np.uint8)
            self.only[self.candidates] = 1
            self.state = shared_states(1)[0]
        else:
            self.bounds, _, self.in_set, self.most_parts = solver.guess_bounds(answers, self.candidates, lane)
            self.keys = solver.node_keys(answers, self.legal)  # hashed once for every candidate's evaluation
            self.order = np.lexsort((self.candidates, self.bounds))
        self.next = 0  # the first candidate (in ``order``) nobody has claimed
        self.best: tuple[int, int, bool, int] | None = None  # (total, depth, not an answer, guess)
        self.floor = INF  # the least lower bound of the candidates cut off, while none is below beta
        self.stopped = False
        self.participants = 0  # threads now in :meth:`work`
        self.idle = threading.Condition(self.lock)  # notified as each participant leaves
        self.root = self  # the node whose search opened this one (itself at the top)
        self.nested: list[OrbitNode] = []  # at the top: the nodes below now searched, open to helpers

    def unclaimed(self) -> int:
        """Candidates nobody has claimed yet (0 once a bound ended the search)."""
        with self.lock:
            if self.stopped:
                return 0
            return unclaimed_in_state(self.state) if self.state is not None else len(self.order) - self.next

    def halt(self) -> None:
        """Stop this node's participants, and those of the nodes opened below it, at their
        next candidate (the build is stopping: their outcomes are then worthless)."""
        with self.lock:
            self.stopped = True
            nested = list(self.nested)
        if self.state is not None:
            stop_shared(self.state)
        for node in nested:
            node.halt()

    def nested_to_help(self) -> OrbitNode | None:
        """The node below this one (a top node) with the most candidates unclaimed, if any:
        an idle thread's :meth:`work` there shortens the search its owner waits on."""
        with self.lock:
            nested = list(self.nested)
        open_nodes = [(node.unclaimed(), -i, node) for i, node in enumerate(nested)]
        best = max(((n, i, node) for n, i, node in open_nodes if n > 0), default=None, key=lambda t: t[:2])
        return None if best is None else best[2]

    def work(self, lane: Lane | None = None, stop: Callable[[], bool] | None = None) -> None:
        """Evaluate candidates until none is left below the limit (or ``stop()``)."""
        with self.lock:
            self.participants += 1
        try:
            if self.state is None:
                self._claim_and_evaluate(lane, stop)
            else:
                self._search_in_engine(lane, stop)
        finally:
            with self.lock:
                self.participants -= 1
                self.idle.notify_all()

    def _search_in_engine(self, lane: Lane | None, stop: Callable[[], bool] | None) -> None:
        """One participant of the engine's shared node over the representatives."""
        if stop is not None and stop():
            self.halt()
            return
        found = self.solver.solve(
            self.answers, self.legal, self.depth, self.beta, shared=self.state, lane=lane, only=self.only
        )
        with self.lock:
            self.found.append(found)

    def _claim_and_evaluate(self, lane: Lane | None, stop: Callable[[], bool] | None) -> None:
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
            found = self._value(guess, limit, lane, stop)
            with self.lock:
                if found.guess < 0 or found.cost >= self._limit():
                    self.floor = min(self.floor, found.cost)  # no better than the best, nor tied with it
                    continue
                key = (found.cost, found.depth, not self.in_set[j], guess)
                if self.best is None or key < self.best:
                    self.best = key

    def _value(self, guess: int, limit: int, lane: Lane | None, stop: Callable[[], bool] | None) -> Outcome:
        """What :meth:`.Solver.guess_value` finds for ``guess``, its large children searched
        over the orbits of the group that also fixes it when the node has ``below``."""
        step = None if self.below is None or self.depth < 2 else self.below(guess)
        if step is None:
            return self.solver.guess_value(
                guess, self.answers, self.legal, self.depth, limit, lane, self.most_parts, self.keys
            )
        found, children = _split_value(self, guess, step, limit, lane, stop)
        if found.guess >= 0:
            with self.lock:
                self.children_found[guess] = children
        return found

    def children(self, guess: int) -> Choices | None:
        """The exact outcome of each child of ``guess`` by its code, when its children were
        searched here over orbits (else None: the engine's memo holds them)."""
        with self.lock:
            return self.children_found.get(guess)

    def solve(self, lane: Lane | None = None, stop: Callable[[], bool] | None = None) -> tuple[Outcome, Choices | None]:
        """The node searched on this thread alone: what :meth:`.Solver.solve` finds for its
        answers within its depth from its legal guesses (the exact optimum when below
        ``beta``, else a lower bound of at least ``beta`` with guess -1; a ``stop()`` ends it
        early with neither, guess -1), and the choices below its best guess (None: the
        engine's memo holds them)."""
        self.work(lane, stop)
        with self.lock:  # helpers may still be evaluating the candidates they claimed
            while self.participants:
                self.idle.wait()
        if stop is not None and self.stopped and stop():
            return Outcome(INF, 0, -1), None
        found = self.outcome()
        return found, (self.children(found.guess) if found.guess >= 0 else None)

    def _limit(self) -> int:
        return self.beta if self.best is None else self.best[0] + 1

    def outcome(self) -> Outcome:
        """What :meth:`.Solver.solve` finds: the exact optimum below ``beta``, else a lower
        bound of at least ``beta`` (guess -1); not exact after a ``stop`` (guess -1)."""
        if self.state is not None:
            return self._engine_outcome()
        if self.best is not None:
            return Outcome(self.best[0], self.best[1], self.best[3])
        return Outcome(max(self.floor, self.beta) if self.floor < INF else INF, 0, -1)

    def _engine_outcome(self) -> Outcome:
        """The participants' lexicographic best (total, depth, not an answer, guess), else the
        highest lower bound one of them proved for the whole node."""
        with self.lock:
            found = list(self.found)
        exact = [f for f in found if f.guess >= 0 and f.cost < self.beta]
        if exact:
            return min(
                exact, key=lambda f: (f.cost, f.depth, solved_here(self.solver.ctx, f.guess, self.answers) < 0, f.guess)
            )
        return Outcome(max((f.cost for f in found), default=INF), 0, -1)


def _split_value(node: OrbitNode, guess: int, step, beta: int, lane: Lane | None, stop) -> tuple[Outcome, Choices]:
    """The cost of playing ``guess`` at ``node`` (exact below ``beta``, else a bound of at
    least ``beta`` with guess -1), its children solved largest first with shrinking budgets
    as the engine's own ``guess_value`` does; and their outcomes by code."""
    solver, depth, (child_orbits, further) = node.solver, node.depth - 1, step
    tasks = class_tasks(solver.ctx, solver.mode_name, guess, node.answers, node.legal)
    tasks.sort(key=lambda task: (-len(task[1]), task[0]))
    floors = [solver.class_floor(cls, node.most_parts) for _, cls, _ in tasks]
    total, rest, deepest, found = solver.weight(node.answers), sum(floors), 0, {}
    for (code, cls, follow), floor in zip(tasks, floors, strict=True):
        rest -= floor
        if total + floor + rest >= beta:
            return Outcome(total + floor + rest, 0, -1), {}
        local = beta - total - rest if beta < INF else INF
        if len(cls) > LARGE_CHILD:
            child, grandchildren = _nested_solve(
                node, OrbitNode(solver, cls, follow, depth, child_orbits, local, further, lane), lane, stop
            )
        else:
            child, grandchildren = solver.solve(cls, follow, depth, local, lane=lane), None
        if child.guess < 0:  # cut off, infeasible or stopped: no better than beta
            return Outcome(min(INF, max(beta, total + child.cost + rest)), 0, -1), {}
        total += child.cost
        deepest = max(deepest, child.depth)
        found[code] = (child, grandchildren)
    return Outcome(total, deepest + 1, guess), found


def _nested_solve(node: OrbitNode, nested: OrbitNode, lane, stop) -> tuple[Outcome, Choices | None]:
    """``nested.solve``, open meanwhile to threads with nothing else to do (``node.root.nested``)."""
    top = node.root
    nested.root = top
    with top.lock:
        top.nested.append(nested)
    try:
        return nested.solve(lane, stop)
    finally:
        with top.lock:
            top.nested.remove(nested)


def rebuild(solver: Solver, answers, legal, depth: int, outcome: Outcome, choices: Choices | None, lane=None) -> Node:
    """The optimal subtree of ``answers`` under ``outcome``'s guess: from the engine's memo,
    or where its children were searched over orbits, from ``choices`` (:meth:`OrbitNode.children`)."""
    if choices is None:
        return solver.tree(answers, legal, depth, known=outcome, lane=lane)[1]
    root = Node(outcome.guess, solved_here(solver.ctx, outcome.guess, answers))
    for code, cls, follow in class_tasks(solver.ctx, solver.mode_name, outcome.guess, answers, legal):
        child, grandchildren = choices[code]
        root.children.append((code, rebuild(solver, cls, follow, depth - 1, child, grandchildren, lane)))
    return root
