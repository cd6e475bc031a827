"""The answers' weights as the heuristic strategies read them (``BuildConfig.settings.weights``): one
integer array per answer list and per guess list, made once per build's weights."""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass

import numpy as np

from ..core.errors import BuildError
from ..ext._kernels import MAX_SET_WEIGHT

__all__ = ["Prior", "prior_for"]


@dataclass(frozen=True)
class Prior:
    """The weights of a build: ``by_answer[a]`` is answer ``a``'s, ``by_guess[g]`` the weight of
    the answer that guess ``g`` is (0 for a guess that is no answer)."""

    by_answer: np.ndarray  # int64[n_answers]
    by_guess: np.ndarray  # int64[n_guesses]

    def weight(self, answers) -> int:
        """The total weight of ``answers`` (answer indices)."""
        return int(self.by_answer[answers].sum())


# The arrays of the weights in use, by the ids of the weights and the context: a build asks for
# them at every choice, and a tuple of thousands of integers is slow to hash or convert each
# time.  Weak references tell a live entry from one whose id was reused, without keeping a
# context (and its matrices) alive.
_made: dict[tuple[int, int], tuple[weakref.ref, weakref.ref, Prior]] = {}
_making = threading.Lock()


def prior_for(ctx, answers, cfg) -> Prior | None:
    """The prior a strategy scores ``answers`` under: None when ``cfg`` has no weights (every
    answer equally likely), and None too when ``answers`` all weigh nothing, a set that is
    then scored as if its answers were equally likely."""
    weights = None if cfg is None else cfg.settings.weights
    if weights is None:
        return None
    key = (id(weights), id(ctx))
    with _making:
        found = _made.get(key)
        if found is None or found[0]() is not weights or found[1]() is not ctx:
            found = (weakref.ref(weights), weakref.ref(ctx), _make(ctx, weights))
            if len(_made) >= 8:
                _made.clear()  # a few builds at once at most; older entries are not asked for again
            _made[key] = found
    prior = found[2]
    return prior if prior.by_answer[answers].any() else None


def _make(ctx, weights) -> Prior:
    if len(weights.values) != len(ctx.words.answers):
        raise BuildError(
            f"the weights give {len(weights.values)} values for the "
            f"{len(ctx.words.answers)} answers of {ctx.words.answers_name}"
        )
    by_answer = np.array(weights.values, dtype=np.int64)
    if (by_answer < 0).any():
        raise BuildError("an answer's weight is negative")
    if by_answer.sum() > MAX_SET_WEIGHT:  # the weighted pass's exact-sum bound
        raise BuildError(f"the weights sum to {by_answer.sum()}, more than 2^31")
    by_guess = np.zeros(len(ctx.words.guesses), dtype=np.int64)
    by_guess[ctx.answer_in_guesses] = by_answer
    by_answer.setflags(write=False)
    by_guess.setflags(write=False)
    return Prior(by_answer, by_guess)
