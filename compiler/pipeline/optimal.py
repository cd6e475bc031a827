"""``--strategy optimal``: a proved minimum-total-guesses tree within ``--max-depth``.

The build layer over the exact engine (:mod:`wordle_compiler.search`): a fixed
first guess is split and each class solved by the engine on ``--jobs`` threads
sharing one memo, then rebuilt from it (:mod:`.first_level`); without ``--start`` the first word
is proved best by the ranking, or (``--candidates K``) chosen by branch and bound
across the K best-ranked words.
"""

from __future__ import annotations

import numpy as np

from .first_level import solve_first_level
from ..core.guess_stats import PARTS, SUMSQ, partition_stats
from ..core.modes import initial_legal
from ..core.errors import BuildError
from ..core.partition import solved_here
from ..search import GAUGES, InfeasibleError, solver_for

__all__ = ["InfeasibleError", "compile_optimal", "rank_first_guesses"]

def rank_first_guesses(ctx, legal, k: int) -> list[int]:
    """Heuristic ranking for 'best of K first words': most parts, then smallest Σc²."""
    stats, _ = partition_stats(ctx.matrix_by_answer(), legal, ctx.all_answers)
    order = np.lexsort((legal, stats[:, SUMSQ], -stats[:, PARTS]))
    return [int(legal[i]) for i in order[:k]]


def compile_optimal(ctx, cfg, forced, jobs=1, progress=None, memo_mb=None):
    """Return (root node, proved_optimal, optimality label, engine counters)."""
    if len(forced) > 1:
        raise BuildError("the optimal strategy supports --start, not --opening")
    solver = solver_for(ctx, cfg.mode) if memo_mb is None else solver_for(ctx, cfg.mode, memo_mb)
    before = solver.stats()
    if forced:
        first, proved, label = forced[0], True, "proved optimal for the fixed first guess"
    elif cfg.candidates is None:
        first, proved, label = _proved_best_first(ctx, cfg, jobs, progress), True, "global"
    else:
        firsts = rank_first_guesses(ctx, initial_legal(ctx, cfg.mode), cfg.candidates)
        first = _best_first_guess(ctx, cfg, solver, firsts)
        if first is None:
            raise InfeasibleError(f"no tree solves every answer within {_guesses(cfg.max_depth)} from any "
                                  f"of the {len(firsts)} first words tried")
        proved, label = False, f"best of {len(firsts)} first words"
    root = solve_first_level(ctx, cfg, solver, first, max(1, jobs), progress)
    own = solver.stats()
    counters = {k: v if k in GAUGES else v - before[k] for k, v in own.items()}
    return root, proved, label, counters


def _best_first_guess(ctx, cfg, solver, firsts):
    """Branch and bound across first words: a word stops as soon as it cannot beat the best.

    Same tie-break as inside the search: total, then depth, then possible answer, then
    alphabetical.
    """
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.mode)
    best_key, best_first = None, None
    for first in firsts:
        limit = np.inf if best_key is None else best_key[0] + 1
        outcome = solver.guess_value(first, answers, legal, cfg.max_depth, int(min(limit, 1 << 36)))
        if outcome.guess < 0:
            continue
        key = (outcome.cost, outcome.depth, solved_here(ctx, first, answers) < 0, first)
        if best_key is None or key < best_key:
            best_key, best_first = key, first
    return best_first


def _proved_best_first(ctx, cfg, jobs, progress):
    """The best first word over every guess, proved by the ranking (wordle-rank)."""
    from ..concurrency.cluster import executor_for
    from ..ranking.first_words import RankSpec, prove_best_first_word, use_context

    spec = RankSpec(answers=cfg.answers, guesses=cfg.guesses, mode=cfg.mode, max_depth=cfg.max_depth)
    use_context(spec, ctx)
    if progress is not None and hasattr(progress, "start"):
        progress.start(len(ctx.words.guesses), "proving the best first word", unit="words")
    with executor_for(jobs, preload=(prove_best_first_word.__module__,)) as executor:
        word, _ = prove_best_first_word(spec, executor, progress)
    if word is None:
        raise InfeasibleError(f"no first word solves every answer within {_guesses(cfg.max_depth)}")
    return ctx.guess_index[word]


def _guesses(n: int) -> str:
    return f"{n} guess" if n == 1 else f"{n} guesses"
