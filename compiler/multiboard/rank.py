"""The exact value of every first guess of a multi-board game (``wordle-rank --boards K``).

A first guess's value is the exact search's cost with that guess forced first: the tuples
left unsolved within the limit, then the guesses in all over every ordered tuple of
distinct answers (a lost tuple counts every guess of the limit), as :mod:`.exact` values a
position.  Every first guess is valued exactly, one search memo shared by all of them (the
positions below two first guesses are often the same).  The ranking is best first: the
fewest lost tuples, then the fewest guesses, then the guess list's order (alphabetical), the
tie rule of ``wordle-rank``.  Under objective ``total`` a first guess that leaves a tuple
unsolved within the limit is *infeasible*.

A ranking runs one exact search per first guess, so it takes at most
:data:`MAX_RANKED_TUPLES` tuples, refused before any work beyond.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .build import BoardsError, all_tuples, board_words
from .exact import LOST, Problem, _guess_cost

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ..core.settings import Settings
    from ..core.wordlists import WordLists

# The most tuples a ranking takes: it runs one exact search per first guess, so its time
# grows with the tuples and the guess list (8 answers on 3 boards are 336 tuples; 40 answers
# on 2 boards, 1,560: about 15 s with the answers as the guesses).
MAX_RANKED_TUPLES = 2_000
EXACT, INFEASIBLE = "exact", "infeasible"


@dataclass(frozen=True)
class BoardsRankedWord:
    """One first guess of a multi-board ranking (``wordle_compiler.rank_first_words`` with
    ``boards`` > 1).  ``total``: the guesses in all over every tuple, this one included (a
    lost tuple counts every guess of the limit); ``lost``: the tuples it leaves unsolved
    within the limit; ``status``: ``"exact"``, or ``"infeasible"`` under objective ``"total"``
    when ``lost`` is not 0 (``total`` is then None)."""

    word: str
    total: int | None
    lost: int
    status: str

    @property
    def exact(self) -> bool:
        """Whether the guess is ranked by its exact value (not infeasible)."""
        return self.status == EXACT


@dataclass(frozen=True)
class BoardsRanking:
    """A finished multi-board ranking: the rows best first, and what they were ranked over."""

    rows: tuple[BoardsRankedWord, ...]
    boards: int
    tuples: int
    limit: int
    objective: str
    seconds: float
    words: WordLists  # the answers and guesses ranked over
    nodes: int

    def best(self) -> BoardsRankedWord | None:
        """The best first guess, None when none is exact (objective total, every one infeasible)."""
        return self.rows[0] if self.rows and self.rows[0].exact else None


def rank_boards(
    settings: Settings,
    first_words: Iterable[str] | None = None,
    progress: Callable[[int, int], object] | None = None,
) -> BoardsRanking:
    """Every first guess of ``settings``' multi-board game (or only ``first_words``) valued
    exactly and ranked best first (module docstring).  :class:`BoardsError` (one line) for
    more than :data:`MAX_RANKED_TUPLES` tuples (before the matrix is made), too few answers
    or a first word not in the guess list; ``progress(done, all)`` after each word."""
    from ..core.matrix import compute_matrix

    began = time.perf_counter()
    words = board_words(settings, MAX_RANKED_TUPLES, "ranking")
    answers, guesses = list(words.answers), list(words.guesses)
    if len(answers) < settings.boards:
        raise BoardsError(
            f"{settings.boards} boards need {settings.boards} distinct answers; the list has {len(answers)}"
        )
    index = {word: i for i, word in enumerate(guesses)}
    chosen = list(index) if first_words is None else list(dict.fromkeys(w.strip().lower() for w in first_words))
    unknown = [w for w in chosen if w not in index]
    if unknown:
        raise BoardsError(f"{len(unknown)} first word(s) are not in the guess list: {', '.join(unknown[:5])}")
    problem = Problem(compute_matrix(guesses, answers, words.game), words.game.all_correct)
    tuples = all_tuples(len(answers), settings.boards)
    costs = []
    for done, word in enumerate(chosen, start=1):
        costs.append((_guess_cost(problem, tuples, index[word], settings.max_depth, None), index[word], word))
        if progress is not None:
            progress(done, len(chosen))
    rows = tuple(_ranked(word, cost, settings.objective) for cost, _, word in sorted(costs))
    seconds = time.perf_counter() - began
    return BoardsRanking(
        rows, settings.boards, len(tuples), settings.max_depth, settings.objective, seconds, words, problem.nodes
    )


def _ranked(word: str, cost: int, objective: str) -> BoardsRankedWord:
    """A first guess's row from its search cost (lost tuples, then guesses)."""
    lost, total = divmod(cost, LOST)
    if objective == "total" and lost:
        return BoardsRankedWord(word, None, lost, INFEASIBLE)
    return BoardsRankedWord(word, total, lost, EXACT)
