"""Hard mode's first words put in order by a probe of their classes.

The ranking's order (:func:`~wordle_compiler.ranking.first_words.heuristic_order`) is a
bound on the first guess alone, 3n − k − [possible]: it counts how the guess splits the
answers, not what hard mode allows after it.  In hard mode that places the best words far
apart, so the cut-off comes down slowly and every word decided before it is tight costs
more.  The probe (:meth:`~wordle_compiler.ranking.class_bounds.ClassBounds.probe`:
every class the word leaves solved below its budget 2W + 1) sees hard mode's narrowed
guesses.  On the 3158-answer list, hard mode, the ten best words lie at positions 1 to 1,553
of the root's order and at 0 to 119 of the first ``PROBE_HEAD`` words' probe order; probing
those 2,000 words takes 45 s in one process (``benchmarks/rank_order.py``).  In normal mode
the root's order already holds the ten best within its first 23 words, and nothing is probed.

Each word is probed with a fresh memo, so its probed total is a function of the word alone
(a search that reaches its budget reports a bound that depends on what the memo holds),
and the order, with it the results file, is the same for any ``--jobs``.
"""

from __future__ import annotations

from ..search import INF, Solver
from .class_bounds import ClassBounds
from .tasks import MAX_BATCH, PAIR_SEPARATOR, RankSpec, context_for, most_parts, word_tasks

# How many of the root's order are probed: the ten best hard-mode words on the 3158-answer
# list lie within its first 1,553 (docs/performance.md, benchmarks/rank_order.py).
PROBE_HEAD = 2000
# The cap of a probe's own memo (which starts at 96 KB and grows only as needed): it bounds
# the worker's memory, and what fits is the same on every worker.
PROBE_MEMO_MB = 16


def probe_value(spec: RankSpec, word: str) -> int:
    """``word``'s probed total (a lower bound on its total), or INF when the mode forbids it
    or an endgame group shows it cannot finish within the depth limit.  Each word is
    probed with a memo of its own, so the value is a function of the word alone."""
    ctx = context_for(spec)
    solver = Solver(ctx, spec.mode, PROBE_MEMO_MB, weights=None if spec.weights is None else spec.weights.values)
    shape = word_tasks(ctx, spec, word, solver.weight)
    if shape is None or (shape[2] < 1 and shape[1]):
        return INF
    counted, tasks, depth = shape
    if any(solver.refuted_by_endgame(cls, follow, depth) for _, cls, follow in tasks):
        return INF
    return ClassBounds(solver, tasks, depth, most_parts(ctx, spec)).probe(counted)


def probe_words(spec: RankSpec, words: list[str]) -> list[tuple[str, int]]:
    """:func:`probe_value` for a batch (one task)."""
    return [(word, probe_value(spec, word)) for word in words]


def wants_probe(spec: RankSpec, words: list[str], every_exact: bool) -> bool:
    """Whether :func:`probe_first` reorders ``words``: hard mode's totals, unless every word
    is solved exactly anyway (no cut-off to bring down) or the words are given pairs."""
    return (spec.mode == "hard" and spec.objective == "total" and not every_exact and len(words) > 1
            and not any(PAIR_SEPARATOR in w for w in words))


def probe_first(spec: RankSpec, words: list[str], executor, every_exact: bool = False, progress=None) -> list[str]:
    """``words`` (in the root's order) with the first ``PROBE_HEAD`` of them sorted by their
    probed totals, ties in their given order; unchanged unless :func:`wants_probe`.
    ``progress(done, total)`` is called as batches come back."""
    if not wants_probe(spec, words, every_exact):
        return list(words)
    head, tail = list(words[:PROBE_HEAD]), list(words[PROBE_HEAD:])
    batches = [head[i:i + MAX_BATCH] for i in range(0, len(head), MAX_BATCH)]
    values: dict[str, int] = {}
    while batches or executor.in_flight():
        while batches and executor.in_flight() < executor.window:
            executor.submit(probe_words, spec, batches.pop(0))
        for results in executor.wait_any():
            values.update(results)
            if progress is not None:
                progress(len(values), len(head))
    position = {word: i for i, word in enumerate(head)}
    return sorted(head, key=lambda word: (values[word], position[word])) + tail
