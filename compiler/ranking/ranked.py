"""A ranking asked for from Python (``wordle_compiler.rank_first_words``): its own options
checked, and the finished ranking's rows as :class:`RankedWord` values."""

from __future__ import annotations

from dataclasses import dataclass

from ..core.settings import MAX_JOBS, Settings, check_whole
from ..search import DEEP_COST, INF
from .tasks import pair_key

EXACT, BOUND, FEASIBLE, INFEASIBLE = "exact", "bound", "feasible", "infeasible"
STATUSES = (EXACT, BOUND, FEASIBLE, INFEASIBLE)


@dataclass(frozen=True)
class RankedWord:
    """One ranked word (``wordle_compiler.rank_first_words``), as ``wordle-rank`` decides it.

    ``word``: the first word (a second guess with ``second_after``; ``"first+second"`` for
    ``pairs``).  ``status``: ``"exact"`` (``total`` is the word's least), ``"bound"`` (the
    word is proved no better than ``total``: it is not among the best), ``"infeasible"`` (no
    tree from it finishes within ``max_depth``) or, under objective ``"depth"``, which
    minimises no total, ``"feasible"`` (it solves every answer within ``max_depth``).
    ``total``: the guesses over all answers (Σ weight × guesses under weights); None for an
    infeasible word and under objective ``"depth"``.  ``long_games``: objective
    ``"fewest-deep"`` only, the answers needing ``deep`` or more guesses, which order the
    words before ``total`` does (a bound then bounds the pair); None otherwise.
    """

    word: str
    total: int | None
    long_games: int | None
    status: str

    @property
    def exact(self) -> bool:
        """Whether ``total`` (and ``long_games``) are the word's own least, not a bound."""
        return self.status == EXACT


def ranked_words(rows, objective: str) -> list[RankedWord]:
    """``Ranking.final_rows()`` (word, value, exact) as RankedWords, in the same order."""
    ranked = []
    for word, value, exact in rows:
        if value >= INF:
            ranked.append(RankedWord(word, None, None, INFEASIBLE))
        elif objective == "depth":
            ranked.append(RankedWord(word, None, None, FEASIBLE if exact else INFEASIBLE))
        elif objective == "fewest-deep":
            long_games, total = divmod(value, DEEP_COST)
            ranked.append(RankedWord(word, total, long_games, EXACT if exact else BOUND))
        else:
            ranked.append(RankedWord(word, value, None, EXACT if exact else BOUND))
    return ranked


def pair_keys(pairs) -> list[str]:
    """``first+second`` keys of two-word openings, each pair checked to be two different words."""
    keys = []
    for pair in pairs:
        if isinstance(pair, str) or len(pair) != 2 or not all(isinstance(w, str) for w in pair):
            raise ValueError(f"pairs must hold (first, second) word pairs, not {pair!r}")
        first, second = (w.strip().lower() for w in pair)
        if first == second:
            raise ValueError(f"pairs: {first!r} twice; the second guess must differ")
        keys.append(pair_key(first, second))
    return list(dict.fromkeys(keys))


def check_rank_options(chosen: Settings, first_words, top, margin, jobs, scheduler, second_after) -> str | None:
    """``rank_first_words``' own options checked (one ``ValueError`` line); ``second_after`` normalised."""
    check_whole("jobs", jobs, 1, MAX_JOBS)
    if chosen.objective == "depth" and (margin is not None or top not in (10, None)):
        raise ValueError("objective 'depth' decides every word: no top or margin")
    if margin is not None:
        check_whole("margin", margin, 0)
        if top != 10 and top is not None:
            raise ValueError("top and margin are alternatives: give one")
    elif top != "all":
        check_whole("top", top, 1)
    if scheduler is not None and jobs != 1:
        raise ValueError("jobs and scheduler are alternatives: the cluster's workers do the work")
    if isinstance(first_words, str) or (first_words is not None and not all(isinstance(w, str) for w in first_words)):
        raise ValueError("first_words must be a list of words, e.g. ['salet', 'crane']")
    if second_after is not None and (not isinstance(second_after, str) or not second_after.strip()):
        raise ValueError("second_after must be a word, e.g. 'parse'")
    if chosen.weighted and chosen.objective != "total":
        raise ValueError("weights rank by expected guesses: objective 'total' only")
    return second_after.strip().lower() if second_after is not None else None
