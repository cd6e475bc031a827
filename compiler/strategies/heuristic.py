"""Heuristic strategies: each picks one guess for a set of remaining answers.

A strategy gets the context, the remaining answer indices and the legal guess
indices, and returns a guess index.  Every score is computed on integer arrays.
Ties: prefer a guess that can still be the answer, then the alphabetically first
word (guess indices are alphabetical).

With weights (``BuildConfig.settings.weights``, :mod:`.prior`) the scores count each answer by its
weight (docs/strategies.md, "Under a prior"), and the tie-break prefers, among the
possible answers, the heaviest.  ``most-parts``, ``random`` and ``first`` do not weigh.
"""

from __future__ import annotations

import numpy as np

from ..core.guess_stats import (
    IN_SET,
    LARGEST,
    PARTS,
    SUMSQ,
    first_perfect_splitter,
    partition_stats,
    weighted_partition_stats,
)
from ..core.wordlists import sha256
from .letters import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE, letter_scores
from .prior import Prior, prior_for


def _pick(ctx, legal, answers, score, prior: Prior | None = None) -> int:
    """Lowest ``score`` wins; then a guess that is a possible answer (under ``prior``, one of
    the heaviest of those); then alphabetical."""
    tied = legal[score == score.min()]  # only the tied guesses need the tie-break
    if len(tied) > 1:
        possible = tied[np.isin(tied, ctx.answer_in_guesses[answers])]
        if prior is not None and len(possible) > 1:
            weight = prior.by_guess[possible]
            possible = possible[weight == weight.max()]
        if len(possible):
            tied = possible
    return int(tied.min())


def _stats(ctx, answers, legal, prior: Prior | None = None):
    if prior is None:
        return partition_stats(ctx.matrix_by_answer(), legal, answers, ctx.game)
    return weighted_partition_stats(ctx.matrix_by_answer(), legal, answers, prior.by_answer, ctx.game)


def possible_splitter(ctx, answers, legal, prior: Prior | None = None) -> int:
    """The first legal possible answer that gives each of ``answers`` its own feedback, or -1;
    under ``prior``, the first in :func:`_pick`'s order: heaviest, then alphabetical."""
    candidates = np.ascontiguousarray(_possible(ctx, answers, legal), dtype=np.int64)
    if prior is not None and len(candidates) > 1:
        candidates = candidates[np.lexsort((candidates, -prior.by_guess[candidates]))]
    return int(
        first_perfect_splitter(ctx.matrix_by_answer(), candidates, np.ascontiguousarray(answers, dtype=np.int64))
    )


def _every_answer_weighs(weights) -> bool:
    """Entropy and expected size: with every weight positive, only a perfect split scores
    best.  Σ W_C² exceeds Σ w² by 2ab for any two answers a, b sharing a class, and joining
    them costs at least 2/W bits (W <= 2^31 after dividing by the weights' common divisor,
    so 2^-30 bits, far above the 10^-12 the bits are rounded to)."""
    return bool(weights.min() > 0)


def _two_lightest_outweigh_the_heaviest(weights) -> bool:
    """Minimax: only a perfect split scores best when every class of two or more answers is
    heavier than the heaviest answer, that is when the two lightest outweigh the heaviest
    (with weights 10, 1, 1, a guess that leaves 1 + 1 together scores 10 too)."""
    if len(weights) < 2:
        return True
    low = np.partition(weights, 1)[:2]
    return bool(low[0] + low[1] > weights.max())


def _partition_choice(ctx, answers, legal, score, prior: Prior | None = None, splitter_is_best=None) -> int:
    """The guess a partition strategy picks: lowest ``score(stats, entropy bits)`` by :func:`_pick`.

    A guess that gives every answer its own feedback is the best any guess can do by all
    four partition scores (largest class 1, Σc² = n, n parts, log2 n bits, which no other
    split comes within 10^-12 bits of), and :func:`_pick` then prefers one that can be the
    answer, alphabetically first.  So when some possible answer splits ``answers`` so, the
    first such answer is the pick, found by an O(n) check per answer instead of a pass over
    every guess.  2-answer sets, about half of a tree's choices, always have one.

    Under ``prior`` a perfect split is still best, but other splits may score as well (a
    weightless answer can share a class at no cost), and the tie-break would then take
    them alike; so the shortcut is taken only when ``splitter_is_best(weights of
    answers)`` proves every best guess a perfect splitter.
    """
    if prior is None or splitter_is_best(prior.by_answer[answers]):
        splitter = possible_splitter(ctx, answers, legal, prior)
        if splitter >= 0:
            return splitter
    stats, bits = _stats(ctx, answers, legal, prior)
    return _pick(ctx, legal, answers, score(stats, bits), prior)


def minimax(ctx, answers, legal, cfg):
    """The guess whose largest feedback class is smallest (under weights: the lightest
    heaviest class, by class weight)."""
    return _partition_choice(
        ctx,
        answers,
        legal,
        lambda stats, bits: stats[:, LARGEST],
        prior_for(ctx, answers, cfg),
        _two_lightest_outweigh_the_heaviest,
    )


def entropy(ctx, answers, legal, cfg):
    """The guess whose partition of ``answers`` has the most entropy (bits rounded to 12
    places; under weights, of the class probabilities, class weight / the set's weight)."""
    return _partition_choice(
        ctx, answers, legal, lambda stats, bits: -np.round(bits, 12), prior_for(ctx, answers, cfg), _every_answer_weighs
    )


def expected_size(ctx, answers, legal, cfg):
    """The guess with the smallest sum of squared class sizes (n x the expected answers left;
    under weights, Σ W_C², W x the expected weight left)."""
    return _partition_choice(
        ctx, answers, legal, lambda stats, bits: stats[:, SUMSQ], prior_for(ctx, answers, cfg), _every_answer_weighs
    )


def most_parts(ctx, answers, legal, cfg):
    """The guess that splits ``answers`` into the most non-empty feedback classes (weights
    ignored: a class counts one whatever it weighs, and ties break as without weights)."""
    return _partition_choice(ctx, answers, legal, lambda stats, bits: -stats[:, PARTS])


def _letters(ctx, answers, legal, kind, cfg):
    prior = prior_for(ctx, answers, cfg)
    answer_letters = ctx.guess_letters[ctx.answer_in_guesses[answers]]
    score = letter_scores(
        ctx.guess_letters, legal, answer_letters, kind, None if prior is None else prior.by_answer[answers]
    )
    # rounding keeps float noise from breaking ties that are equal on paper
    return _pick(ctx, legal, answers, -np.round(score, 9), prior)


def unique_letters(ctx, answers, legal, cfg):
    """The guess with the best ``unique`` letter score (see :func:`.letters.letter_scores`;
    under weights, answers counted by weight)."""
    return _letters(ctx, answers, legal, LETTER_UNIQUE, cfg)


def located_letters(ctx, answers, legal, cfg):
    """The guess with the best ``located`` letter score (see :func:`.letters.letter_scores`;
    under weights, answers counted by weight)."""
    return _letters(ctx, answers, legal, LETTER_LOCATED, cfg)


def letter_entropy(ctx, answers, legal, cfg):
    """The guess with the best ``entropy`` letter score (see :func:`.letters.letter_scores`;
    under weights, shares of the weight)."""
    return _letters(ctx, answers, legal, LETTER_ENTROPY, cfg)


def _possible(ctx, answers, legal):
    """Legal guesses that are possible answers, ascending.  ``legal`` is ascending, as every
    mode's filter keeps it: each possible answer is looked up in it, O(n log m), where
    intersecting the two lists would sort all m legal guesses again on every call."""
    candidates = np.sort(ctx.answer_in_guesses[answers])
    if len(legal) == len(ctx.words.guesses) or len(candidates) == 0:
        return candidates
    if len(legal) == 0:
        return candidates[:0]
    at = np.minimum(np.searchsorted(legal, candidates), len(legal) - 1)
    return candidates[legal[at] == candidates]


def random_choice(ctx, answers, legal, cfg):
    """A random legal guess that can be the answer (any legal guess if none can), seeded by
    ``cfg.seed`` and the answer set, so it does not depend on build order or ``--jobs``."""
    possible = _possible(ctx, answers, legal)
    pool = possible if len(possible) else legal
    # seeded per answer set, so the choice does not depend on build order or --jobs
    digest = sha256(f"{cfg.seed}:{answers.tobytes().hex()}".encode()).digest()
    rng = np.random.default_rng(int.from_bytes(digest[:8], "little"))
    return int(pool[rng.integers(len(pool))])


def first(ctx, answers, legal, cfg):
    """The alphabetically first legal guess that can be the answer, else the first legal guess."""
    possible = _possible(ctx, answers, legal)
    return int(possible[0]) if len(possible) else int(legal[0])


def lookahead(ctx, answers, legal, cfg):
    """Shortlist the ``cfg.width`` best guesses by sum of squared class sizes, then pick the one
    whose classes, each split by its own best second guess, leave the smallest sum of squares
    (under weights, of class weights throughout; a weightless class then adds 0)."""
    from ..core.guess_stats import split_by_codes
    from ..core.modes import legal_after

    prior = prior_for(ctx, answers, cfg)
    stats, _ = _stats(ctx, answers, legal, prior)
    in_set = stats[:, IN_SET].astype(bool)
    ties = (legal,) if prior is None else (legal, -prior.by_guess[legal] * in_set)  # _pick's order
    order = np.lexsort((*ties, ~in_set, stats[:, SUMSQ]))
    shortlist = legal[order[: max(1, cfg.width)]]
    scores = np.empty(len(shortlist), dtype=np.int64)
    for k, guess in enumerate(shortlist):
        codes, offsets, ordered = split_by_codes(ctx.codes(guess, answers), answers)
        total = 0
        for j, code in enumerate(codes):
            cls = ordered[offsets[j] : offsets[j + 1]]
            if code == ctx.game.all_correct or len(cls) == 1:
                size = len(cls) if prior is None else prior.weight(cls)
                total += size * size
                continue
            follow = legal_after(ctx, cfg.settings.mode, legal, int(guess), int(code))
            total += _least_sumsq(ctx, cls, follow, prior)
        scores[k] = total
    return _pick(ctx, shortlist, answers, scores, prior)


def _least_sumsq(ctx, answers, legal, prior: Prior | None = None) -> int:
    """The smallest sum of squared class sizes (under ``prior``, class weights) any of
    ``legal`` leaves in ``answers``: n (Σ w²) exactly when a possible answer splits them
    perfectly (every Σc² is at least n, every Σ W_C² at least Σ w²), which an O(n) check
    per possible answer finds without a pass over every guess."""
    if possible_splitter(ctx, answers, legal) >= 0:
        if prior is None:
            return len(answers)
        weights = prior.by_answer[answers]
        return int((weights * weights).sum())
    stats, _ = _stats(ctx, answers, legal, prior)
    return int(stats[:, SUMSQ].min())
