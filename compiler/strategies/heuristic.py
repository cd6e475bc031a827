"""Heuristic strategies: each picks one guess for a set of remaining answers.

A strategy gets the context, the remaining answer indices and the legal guess
indices, and returns a guess index.  Every score is computed on integer arrays.
Ties: prefer a guess that can still be the answer, then the alphabetically first
word (guess indices are alphabetical).
"""

from __future__ import annotations

import numpy as np

from ..core.guess_stats import IN_SET, LARGEST, PARTS, SUMSQ, first_perfect_splitter, partition_stats
from ..core.wordlists import sha256
from .letters import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE, letter_scores

DESCRIPTIONS = {
    "minimax": "Knuth/Sorensen: minimise the largest feedback class",
    "entropy": "maximise the Shannon entropy of the feedback classes",
    "expected-size": "minimise the expected answers left, sum c^2/n (alias max-eliminations)",
    "most-parts": "maximise the number of non-empty feedback classes",
    "unique-letters": "most remaining answers containing the guess's distinct, uncertain letters",
    "located-letters": "letters scored by position (2x green) and presence elsewhere (yellow)",
    "letter-entropy": "mean of p(1-p) per position and for letter presence",
    "random": "a seeded random possible answer (--seed)",
    "first": "the first possible answer in alphabetical order",
    "lookahead": "best --width by expected size, rescored after the best second guess",
    "optimal": "exact minimum total guesses within --max-depth (branch and bound)",
}
ALIASES = {"max-eliminations": "expected-size"}


def _pick(ctx, legal, answers, score) -> int:
    """Lowest ``score`` wins; then a guess that is a possible answer; then alphabetical."""
    tied = legal[score == score.min()]  # only the tied guesses need the tie-break
    if len(tied) > 1:
        possible = tied[np.isin(tied, ctx.answer_in_guesses[answers])]
        if len(possible):
            tied = possible
    return int(tied.min())


def _stats(ctx, answers, legal):
    return partition_stats(ctx.matrix_by_answer(), legal, answers)


def _possible_splitter(ctx, answers, legal) -> int:
    """The first legal possible answer that gives each of ``answers`` its own feedback, or -1."""
    candidates = np.ascontiguousarray(_possible(ctx, answers, legal), dtype=np.int64)
    return int(first_perfect_splitter(ctx.matrix_by_answer(), candidates,
                                      np.ascontiguousarray(answers, dtype=np.int64)))


def _partition_choice(ctx, answers, legal, score) -> int:
    """The guess a partition strategy picks: lowest ``score(stats, entropy bits)`` by :func:`_pick`.

    A guess that gives every answer its own feedback is the best any guess can do by all
    four partition scores (largest class 1, Σc² = n, n parts, log2 n bits, which no other
    split comes within 10^-12 bits of), and :func:`_pick` then prefers one that can be the
    answer, alphabetically first.  So when some possible answer splits ``answers`` so, the
    first such answer is the pick, found by an O(n) check per answer instead of a pass over
    every guess.  2-answer sets, about half of a tree's choices, always have one.
    """
    splitter = _possible_splitter(ctx, answers, legal)
    if splitter >= 0:
        return splitter
    stats, bits = _stats(ctx, answers, legal)
    return _pick(ctx, legal, answers, score(stats, bits))


def minimax(ctx, answers, legal, cfg):
    """The guess whose largest feedback class is smallest."""
    return _partition_choice(ctx, answers, legal, lambda stats, bits: stats[:, LARGEST])


def entropy(ctx, answers, legal, cfg):
    """The guess whose partition of ``answers`` has the most entropy (bits rounded to 12 places)."""
    return _partition_choice(ctx, answers, legal, lambda stats, bits: -np.round(bits, 12))


def expected_size(ctx, answers, legal, cfg):
    """The guess with the smallest sum of squared class sizes (n x the expected answers left)."""
    return _partition_choice(ctx, answers, legal, lambda stats, bits: stats[:, SUMSQ])


def most_parts(ctx, answers, legal, cfg):
    """The guess that splits ``answers`` into the most non-empty feedback classes."""
    return _partition_choice(ctx, answers, legal, lambda stats, bits: -stats[:, PARTS])


def _letters(ctx, answers, legal, kind):
    answer_letters = ctx.guess_letters[ctx.answer_in_guesses[answers]]
    score = letter_scores(ctx.guess_letters, legal, answer_letters, kind)
    # rounding keeps float noise from breaking ties that are equal on paper
    return _pick(ctx, legal, answers, -np.round(score, 9))


def unique_letters(ctx, answers, legal, cfg):
    """The guess with the best ``unique`` letter score (see :func:`.letters.letter_scores`)."""
    return _letters(ctx, answers, legal, LETTER_UNIQUE)


def located_letters(ctx, answers, legal, cfg):
    """The guess with the best ``located`` letter score (see :func:`.letters.letter_scores`)."""
    return _letters(ctx, answers, legal, LETTER_LOCATED)


def letter_entropy(ctx, answers, legal, cfg):
    """The guess with the best ``entropy`` letter score (see :func:`.letters.letter_scores`)."""
    return _letters(ctx, answers, legal, LETTER_ENTROPY)


def _possible(ctx, answers, legal):
    """Legal guesses that are possible answers, ascending.  ``legal`` is ascending, as every
    mode's filter keeps it: each possible answer is looked up in it, O(n log m), where
    intersecting the two lists sorted all m legal guesses again (0.1 ms a call in hard mode)."""
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
    whose classes, each split by its own best second guess, leave the smallest sum of squares."""
    from ..core.modes import legal_after
    from ..core.guess_stats import split_by_codes

    stats, _ = _stats(ctx, answers, legal)
    order = np.lexsort((legal, ~stats[:, IN_SET].astype(bool), stats[:, SUMSQ]))
    shortlist = legal[order[: max(1, cfg.width)]]
    scores = np.empty(len(shortlist), dtype=np.int64)
    for k, guess in enumerate(shortlist):
        codes, offsets, ordered = split_by_codes(ctx.codes(guess, answers), answers)
        total = 0
        for j, code in enumerate(codes):
            cls = ordered[offsets[j]:offsets[j + 1]]
            if code == 242 or len(cls) == 1:
                total += len(cls) * len(cls)
                continue
            follow = legal_after(ctx, cfg.mode, legal, int(guess), int(code))
            total += _least_sumsq(ctx, cls, follow)
        scores[k] = total
    return _pick(ctx, shortlist, answers, scores)


def _least_sumsq(ctx, answers, legal) -> int:
    """The smallest sum of squared class sizes any of ``legal`` leaves in ``answers``: n
    exactly when a possible answer splits them perfectly (every Σc² is at least n), which
    an O(n) check per possible answer finds without a pass over every guess."""
    if _possible_splitter(ctx, answers, legal) >= 0:
        return len(answers)
    stats, _ = _stats(ctx, answers, legal)
    return int(stats[:, SUMSQ].min())


STRATEGIES = {
    "minimax": minimax,
    "entropy": entropy,
    "expected-size": expected_size,
    "most-parts": most_parts,
    "unique-letters": unique_letters,
    "located-letters": located_letters,
    "letter-entropy": letter_entropy,
    "random": random_choice,
    "first": first,
    "lookahead": lookahead,
}


def canonical_name(name: str) -> str:
    """The strategy's canonical name: an alias (``max-eliminations``) becomes its target."""
    return ALIASES.get(name, name)
