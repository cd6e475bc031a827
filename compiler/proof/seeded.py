"""The best first guess of a game whose first guesses fall into a few classes under its
symmetry (Mastermind: one code per pattern of repeated colours), proved with a cut-off
from the start.

Without one, the ranking solves the best-looking word exactly on one worker while the
others wait for its total (:meth:`..ranking.first_words.Ranking.wanted_before_cutoff`),
and in coarse games the root bound that orders the words is a poor guide: in Super
Mastermind's possible mode it puts 11234 first, whose exact solve takes hours, where 11223
takes minutes.  Here each class's representative gets a cheap heuristic tree (``entropy``,
seconds even for 32,768 codes); the word with the lowest heuristic total, the *seed*, is
solved exactly on every thread (:func:`.first_level.solve_first_level`); its total is the
ranking's cut-off from the start, so every other word is only refuted against it (or
solved, if it does as well or better), in the order of the heuristic totals.  When the seed
wins, its tree is the build's: it is not solved twice.  The proved word and its tree are
those of the plain ranking (the same cut-off rule and tie-break), for any ``--jobs``.
"""

from __future__ import annotations

from dataclasses import replace

from ..core.modes import initial_legal
from ..core.partition import Node, tree_total
from ..core.symmetry import first_guess_representatives
from ..search import InfeasibleError
from ..strategies.builder import build
from .first_level import solve_first_level

__all__ = ["SEED_STRATEGY", "heuristic_totals", "seeded_best_first"]

SEED_STRATEGY = "entropy"  # the heuristic whose totals order the words: seconds on 32,768 codes


def heuristic_totals(ctx, cfg, words: list[str]) -> dict[str, int]:
    """Each word's total under :data:`SEED_STRATEGY` played after it (no depth limit: an
    ordering, not a bound)."""
    from ..strategies.table import node_rule

    heuristic = replace(cfg, strategy=SEED_STRATEGY)
    choose = node_rule(SEED_STRATEGY)
    answers, legal = ctx.all_answers, initial_legal(ctx, cfg.settings.mode)
    totals = {}
    for word in words:
        root = build(ctx, heuristic, choose, answers, legal, forced=(ctx.guess_index[word],))
        totals[word] = tree_total(root)
    return totals


def seeded_best_first(ctx, cfg, solver, jobs: int, progress=None) -> tuple[int, Node | None] | None:
    """(the proved best first guess, its tree when it is the seed's, else None), or None
    when the game has no symmetry classes of first guesses (the plain ranking then)."""
    from ..concurrency.cluster import executor_for
    from ..ranking.first_words import RankSpec, WordResult, heuristic_order, prove_best_first_word, use_context

    settings = cfg.settings
    representatives = first_guess_representatives(ctx.words, settings.mode, settings.weights)
    if representatives is None:
        return None
    spec = RankSpec(settings)
    with use_context(spec, ctx):
        words = heuristic_order(ctx, spec, representatives)
        totals = heuristic_totals(ctx, cfg, words)
        order = sorted(words, key=lambda w: totals[w])  # stable: ties keep the root-bound order
        seed, root = order[0], None
        try:
            root = solve_first_level(ctx, cfg, solver, ctx.guess_index[seed], max(1, jobs), progress)
        except InfeasibleError:
            known: tuple = ()  # the seed cannot finish within the depth limit: the ranking says so itself
        else:
            known = (WordResult(seed, tree_total(root), True),)
        if progress is not None and hasattr(progress, "start"):
            progress.start(len(order), "proving the best first word", unit="words")
            progress(len(known))
            if known and hasattr(progress, "show"):
                progress.show(f"{seed} solved: {known[0].value:,}; refuting the other {len(order) - 1}")
        with executor_for(jobs, preload=(prove_best_first_word.__module__,)) as executor:
            word, _ = prove_best_first_word(spec, executor, progress, known=known, order=order)
    if word is None:
        return -1, None
    return ctx.guess_index[word], root if word == seed else None
