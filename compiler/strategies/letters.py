"""Letter-frequency scores of guesses over the remaining answers, for the letter strategies
(compiled in ``ext/_kernels.pyx``)."""

from __future__ import annotations

import numpy as np

from ..core.guess_stats import index_array
from ..ext import _kernels
from ..ext._kernels import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE

__all__ = ["LETTER_ENTROPY", "LETTER_LOCATED", "LETTER_UNIQUE", "letter_scores"]


def letter_scores(guess_letters, legal, answer_letters, kind: int, answer_weights=None) -> np.ndarray:
    """Letter-frequency scores of each legal guess over the remaining answers (higher is better).

    unique:  sum over the guess's distinct letters of how many answers contain it
             (a letter every answer contains counts 0: it is already certain)
    located: sum over positions of 2 x answers with that letter there, plus answers
             with it elsewhere (distinct letters only)
    entropy: mean of p(1-p) for the letter at each position and for its presence anywhere,
             p the share of the answers with it

    Words of any one length, letters numbered as the game's alphabet (``Context.guess_letters``).

    With ``answer_weights`` (one non-negative integer per row of ``answer_letters``) every
    count is a sum of the weights of the answers counted, and a share is of their total:
    equal weights give the scores without them, times the weight (unique, located) or
    the same (entropy).
    """
    if answer_weights is None:
        answer_weights = np.ones(len(answer_letters), dtype=np.int64)
    return _kernels.letter_scores(
        np.ascontiguousarray(guess_letters, dtype=np.uint8),
        index_array(legal),
        np.ascontiguousarray(answer_letters, dtype=np.uint8),
        kind,
        np.ascontiguousarray(answer_weights, dtype=np.int64),
    )
