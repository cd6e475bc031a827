"""The ranking's other objectives, one word at a time: ``--objective depth`` (does the word
solve every answer within the depth limit?) and ``--objective fewest-deep`` (its fewest
answers needing K or more guesses, then its total)."""

from __future__ import annotations

import time

from ..search import DEEP_COST, INF, classes_fit, solver_for
from .tasks import RankSpec, WordResult, context_for, most_parts, word_tasks


def evaluate_fit(spec: RankSpec, word: str) -> WordResult:
    """``--objective depth``: whether ``word`` leaves every class solvable within the depth
    limit, by the depth-only search (no total is minimised)."""
    ctx = context_for(spec)
    solver = solver_for(ctx, spec.settings.mode)
    began = time.perf_counter()
    before = solver.stats()
    shape = word_tasks(ctx, spec, word)
    fits = shape is not None and classes_fit(solver, shape[1], shape[2])
    after = solver.stats()
    return WordResult(
        word,
        spec.settings.max_depth if fits else INF,
        fits,
        {k: after[k] - before[k] for k in after},
        time.perf_counter() - began,
    )


def evaluate_long_games(spec: RankSpec, word: str, cutoff: int) -> WordResult:
    """``--objective fewest-deep``: ``word``'s exact value (DEEP_COST * answers needing K or
    more guesses + total) when below ``cutoff``, else a bound >= cutoff.  Its classes are
    solved largest first, each within what the cut-off leaves after the others' size
    bounds (which leave out the long games: still lower bounds)."""
    ctx = context_for(spec)
    solver = solver_for(ctx, spec.settings.mode, deep_level=spec.settings.deep_level())
    began = time.perf_counter()
    before = solver.stats()
    shape = word_tasks(ctx, spec, word)
    value, exact = INF, False
    if shape is not None and not (shape[2] < 1 and shape[1]):
        counted, tasks, depth = shape
        if spec.first is not None and spec.settings.deep == 2:
            # every answer the first word left meets the second guess
            counted += DEEP_COST * (counted - len(ctx.all_answers))
        tasks = sorted(tasks, key=lambda t: (-len(t[1]), t[0]))
        bounds = [solver.class_floor(cls, most_parts(ctx, spec)) for _, cls, _ in tasks]
        total, rest, exact = counted, sum(bounds), True
        for (_, cls, follow), bound in zip(tasks, bounds, strict=True):
            rest -= bound
            budget = cutoff - total - rest
            cost = solver.solve(cls, follow, depth, max(budget, 1)).cost if budget > bound else bound
            if cost >= budget:
                total, exact = total + rest + max(cost, bound), False
                break
            total += cost
        value = min(total, INF)
    after = solver.stats()
    return WordResult(
        word,
        int(value),
        bool(exact and value < INF),
        {k: after[k] - before[k] for k in after},
        time.perf_counter() - began,
    )
