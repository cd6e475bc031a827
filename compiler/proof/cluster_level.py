"""One exact proof on many machines: the classes below a fixed first guess, each one task on
a Dask cluster (``wordle-compile --scheduler ADDRESS``, or ``--workers N`` for a
LocalCluster on this machine; :mod:`wordle_compiler.concurrency.cluster`).

A task (:func:`prove_class`) loads the game once per worker process, solves its class
exactly with the worker thread's own solver, exactly as a thread of
:func:`.first_level.solve_first_level` does (the same search, the same tie rule, the same
rebuild), and sends back the subtree as nested lists.  Classes go out smallest first up to
``SMALL_CLASS`` answers (they take milliseconds, and a class that cannot finish within the
depth limit is usually one of them), then largest first, so the workers finish together; each
result is added to the checkpoint as it arrives (``--checkpoint``), so a killed run loses
only the classes in flight, and the tree is assembled in feedback order: the same bytes as
a build on threads, for any number of workers.  A class that cannot finish within the depth
limit stops the run with a one-line refusal, as on threads, naming the smallest such class found.
"""

from __future__ import annotations

import time

from ..core.config import BuildConfig
from ..core.errors import BuildError
from ..core.modes import initial_legal
from ..core.partition import Node, class_tasks, solved_here
from ..search import GAUGES, solver_for
from .checkpoint import Proving, replayed_subtree
from .first_level import SMALL_CLASS, prove_one_class, refusal

__all__ = ["prove_class", "solve_first_level_on_cluster"]


def prove_class(settings, first_word: str, index: int, memo_mb: float | None) -> tuple:
    """On a worker: class ``index`` (in feedback order) of ``first_word``, solved exactly
    (:func:`.first_level.prove_one_class`).  Returns (index, subtree as nested lists or None
    when it cannot finish in time, its cost, the engine's counters for it, seconds)."""
    from ..ranking.tasks import RankSpec, context_for
    from .checkpoint import encode_subtree

    began = time.perf_counter()
    ctx = context_for(RankSpec(settings))
    memo = {} if memo_mb is None else {"memo_mb": memo_mb}
    solver = solver_for(ctx, settings.mode, deep_level=settings.deep_level(), weights=settings.weights, **memo)
    before = solver.stats()
    cfg = BuildConfig(strategy="optimal", settings=settings, start=first_word)
    node, cost = prove_one_class(ctx, cfg, solver, ctx.guess_index[first_word], index)
    after = solver.stats()
    counters = {k: after[k] - before[k] for k in after}
    tree = None if node is None else encode_subtree(node)
    return index, tree, cost, counters, time.perf_counter() - began


def solve_first_level_on_cluster(ctx, cfg, first: int, proving: Proving, progress=None) -> tuple:
    """The optimal tree under ``first``, its classes proved on Dask (module docstring):
    (root, the engine's counters summed over the tasks).  The classes ``proving.checkpoint``
    holds are taken, not sent."""
    from ..concurrency.cluster import ClusterLostError, executor_for
    from ..ranking.tasks import RankSpec, use_context

    with use_context(RankSpec(cfg.settings), ctx):  # a task run in this process plays on the build's lists
        level = _ClusterLevel(ctx, cfg.settings, first, proving.checkpoint, progress)
        todo = sorted(
            (i for i in range(len(level.tasks)) if i not in level.subtrees),
            key=lambda i: (
                level.size(i) > SMALL_CLASS,
                -level.size(i) if level.size(i) > SMALL_CLASS else level.size(i),
                i,
            ),
        )
        word = ctx.words.guesses[first]
        try:
            with executor_for(proving.workers, proving.scheduler, preload=(__name__,)) as executor:
                while (todo or executor.in_flight()) and level.refused is None:
                    while todo and executor.in_flight() < executor.window:
                        executor.submit(prove_class, cfg.settings, word, todo.pop(0), proving.memo_mb)
                    for result in executor.wait_any():
                        level.accept(*result[:4])
        except ClusterLostError as exc:  # what is in flight goes down with the cluster: one line, exit 2
            kept = "; the classes proved so far are in the checkpoint" if proving.checkpoint is not None else ""
            raise BuildError(f"{exc}{kept}") from None
    if level.refused is not None:
        raise refusal(ctx, first, level.tasks[level.refused], level.depth)
    root = Node(first, solved_here(ctx, first, ctx.all_answers))
    root.children.extend((level.tasks[i][0], level.subtrees[i]) for i in range(len(level.tasks)))
    return root, level.counters


class _ClusterLevel:
    """The classes under one first guess and what the cluster has proved of them."""

    def __init__(self, ctx, settings, first: int, checkpoint, progress):
        self.ctx, self.checkpoint, self.progress = ctx, checkpoint, progress
        mode, self.depth = settings.mode, settings.max_depth - 1
        self.tasks = class_tasks(ctx, mode, first, ctx.all_answers, initial_legal(ctx, mode))
        self.weights = None if settings.weights is None else settings.weights.values
        taken = {} if checkpoint is None else checkpoint.taken(ctx, self.tasks, self.depth, self.weights)
        self.subtrees = {i: node for i, (node, _) in taken.items()}
        self.counters: dict = {}
        self.refused: int | None = None  # a class that cannot finish in time
        if progress is not None and hasattr(progress, "start"):
            progress.start(len(ctx.all_answers), f"optimal from {ctx.words.guesses[first]}")
        if progress is not None and hasattr(progress, "weigh"):  # each class at its size squared
            progress.weigh([self.size(i) for i in range(len(self.tasks)) if i not in taken])
            if taken:  # proved before this run: no time spent on them
                progress(sum(self.size(i) for i in taken), work=0)
        elif progress is not None and taken:
            progress(sum(self.size(i) for i in taken))

    def size(self, index: int) -> int:
        """How many answers class ``index`` holds."""
        return len(self.tasks[index][1])

    def accept(self, index: int, tree, cost: int, used: dict) -> None:
        """A task's result (:func:`prove_class`): its subtree replayed, kept and checkpointed."""
        for key, value in used.items():
            self.counters[key] = (
                max(self.counters.get(key, 0), value) if key in GAUGES else self.counters.get(key, 0) + value
            )
        if tree is None:
            self.refused = min(
                index, self.refused if self.refused is not None else index, key=lambda i: (self.size(i), i)
            )
            return
        replayed = replayed_subtree(self.ctx, tree, self.tasks[index][1], self.depth, self.weights)
        if replayed is None or replayed[1] != cost:
            raise BuildError(f"internal error, a worker's subtree for {self.size(index)} answers did not replay")
        self.subtrees[index] = replayed[0]
        if self.checkpoint is not None:
            self.checkpoint.add(self.tasks[index][0], replayed[0], cost)
        if self.progress is not None:
            self.progress(self.size(index))
