"""The first words a ranking decides and the order it decides them in: the cheapest root
bound first, so that the best totals, and with them the cut-off, come early."""

from __future__ import annotations

import numpy as np

from ..core.guess_stats import IN_SET, PARTS, SUMSQ, partition_stats
from ..core.symmetry import first_guess_representatives
from ..search import solver_for
from .tasks import RankSpec, classes_of_first, split_pair


def candidate_first_words(ctx, spec: RankSpec) -> list[str]:
    """The first words :func:`prove_best_first_word` decides: every guess, or one per class
    of first guesses the game's symmetry makes equivalent (core.symmetry: Mastermind over
    every code), whose best is the best of all."""
    words = first_guess_representatives(ctx.words, spec.settings.mode, spec.settings.weights)
    return list(ctx.words.guesses) if words is None else words


def heuristic_order(ctx, spec: RankSpec, words: list[str]) -> list[str]:
    """Cheapest root bound first (3n − k − [possible], or its weighted form), then Σc², then
    alphabetical; for second words, the same summed over the classes the fixed first guess
    leaves.  Pairs (``first+second`` keys) keep the order they were given in."""
    if any(split_pair(w, ctx.game.length) for w in words):
        return list(words)
    index = np.array([ctx.guess_index[w] for w in words], dtype=np.int64)
    bound = np.zeros(len(words), dtype=np.int64)
    sumsq = np.zeros(len(words), dtype=np.int64)
    for answers in _opening_sets(ctx, spec):
        if spec.settings.weights is not None:
            solver = solver_for(ctx, spec.settings.mode, weights=spec.settings.weights)
            guess_bound, guess_sumsq, _, _ = solver.guess_bounds(answers, index)
            bound += guess_bound
            sumsq += guess_sumsq
            continue
        stats, _ = partition_stats(ctx.matrix_by_answer(), index, answers, ctx.game)
        bound += 3 * len(answers) - stats[:, PARTS] - stats[:, IN_SET]
        sumsq += stats[:, SUMSQ]
    order = np.lexsort((index, sumsq, bound))
    return [words[i] for i in order]


def _opening_sets(ctx, spec: RankSpec) -> list:
    """The answer sets a ranked word is played on: all answers, or each class of the fixed first guess."""
    if spec.first is None:
        return [ctx.all_answers]
    return [cls for cls, _ in classes_of_first(ctx, spec)]
