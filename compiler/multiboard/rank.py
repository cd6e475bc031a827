"""The exact value of every first guess of a multi-board game (``wordle-rank --boards K``).

A first guess's value is the exact search's cost with that guess forced first: the tuples
left unsolved within the limit, then the guesses in all over every ordered tuple of
distinct answers (a lost tuple counts every guess of the limit), as :mod:`.exact` values a
position.  Every first guess is valued exactly, one search memo shared by all of them (the
positions below two first guesses are often the same).  The ranking is best first: the
fewest lost tuples, then the fewest guesses, then the guess list's order (alphabetical), the
tie rule of ``wordle-rank``.  Under objective ``total`` a first guess that leaves a tuple
unsolved within the limit is *infeasible*: every infeasible guess comes after the others,
in the guess list's order (what a results file says of a word, ``infeasible``, is all the
order reads, as for a single-board ranking's infeasible words).

A ranking may start from rows decided before (``wordle-rank --boards K --resume``, the
results file read back): those words are not valued again, and the ranking is the one a
run that valued them all gives.

A ranking runs one exact search per first guess, so it takes at most
:data:`MAX_RANKED_TUPLES` tuples, refused before any work beyond.  Given an executor
(``wordle-rank --jobs N`` or ``--scheduler``: Dask workers), the first words go out in
batches (:func:`value_first_words`), each worker keeping one search and its memo for every
batch of the same ranking; every value is exact whatever the memo holds, so the rows, and
the results file, are the same for any number of workers (only the search nodes differ).
"""

from __future__ import annotations

import contextlib
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .build import BoardsError, all_tuples, board_words
from .exact import LOST, Problem, guess_cost

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator, Mapping

    import numpy as np

    from ..concurrency.cluster import Executor
    from ..core.settings import Settings
    from ..core.wordlists import WordLists

# The most tuples a ranking takes: it runs one exact search per first guess, so its time
# grows with the tuples and the guess list (8 answers on 3 boards are 336 tuples; 40 answers
# on 2 boards, 1,560: 0.3 s with the answers as the guesses, 14 min over 12,972 first words).
MAX_RANKED_TUPLES = 2_000
EXACT, INFEASIBLE = "exact", "infeasible"
MAX_BATCH = 64  # first words a worker values in one task (fewer when that leaves a worker idle)

_WORKER_SEARCH: dict = {}  # in a worker: the settings of its ranking -> its search (one at a time)


@dataclass(frozen=True)
class BoardsRankedWord:
    """One first guess of a multi-board ranking (``wordle_compiler.rank_first_words`` with
    ``boards`` > 1).  ``total``: the guesses in all over every tuple, this one included (a
    lost tuple counts every guess of the limit); ``lost``: the tuples it leaves unsolved
    within the limit (None for an infeasible word read back from a results file, which keeps
    no count); ``status``: ``"exact"``, or ``"infeasible"`` under objective ``"total"`` when
    ``lost`` is not 0 (``total`` is then None)."""

    word: str
    total: int | None
    lost: int | None
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


class BoardsRanker:
    """A multi-board ranking with its lists and first words checked, ready to :meth:`run`:
    ``words``, the lists it ranks over; ``first_words``, the guesses it values, in the guess
    list's order as given; ``tuples``, how many tuples each is valued over."""

    def __init__(self, settings: Settings, first_words: Iterable[str] | None = None):
        """:class:`BoardsError` (one line) for more than :data:`MAX_RANKED_TUPLES` tuples
        (before the matrix is made), too few answers or a first word not in the guess list."""
        self.began = time.perf_counter()
        self.settings = settings
        self.words: WordLists = board_words(settings, MAX_RANKED_TUPLES, "an exact multi-board ranking")
        n_answers = len(self.words.answers)
        if n_answers < settings.boards:
            raise BoardsError(
                f"{settings.boards} boards need {settings.boards} distinct answers; the list has {n_answers}"
            )
        self.index = {word: i for i, word in enumerate(self.words.guesses)}
        given = None if first_words is None else dict.fromkeys(w.strip().lower() for w in first_words)
        self.first_words: list[str] = list(self.index if given is None else given)
        unknown = [w for w in self.first_words if w not in self.index]
        if unknown:
            raise BoardsError(f"{len(unknown)} first word(s) are not in the guess list: {', '.join(unknown[:5])}")
        self.tuples = math.perm(n_answers, settings.boards)

    def run(
        self,
        progress: Callable[[int, int], object] | None = None,
        decided: Mapping[str, BoardsRankedWord] | None = None,
        on_row: Callable[[BoardsRankedWord], object] | None = None,
        executor: Executor | None = None,
    ) -> BoardsRanking:
        """Value every first word not in ``decided`` (rows decided before, taken as they
        are), calling ``on_row(row)`` as each is valued, then ``progress(done, all)``; the
        ranking, best first (module docstring).  ``executor``: the words are valued on its
        workers (``concurrency.cluster.executor_for``), else in this process."""
        settings = self.settings
        decided = decided or {}
        rows = {word: decided[word] for word in self.first_words if word in decided}
        todo = [word for word in self.first_words if word not in rows]
        if not todo:
            nodes = 0
        elif executor is None:
            nodes = self._value(todo, rows, progress, on_row)
        else:
            nodes = self._value_on(executor, todo, rows, progress, on_row)
        ranked = tuple(sorted(rows.values(), key=lambda row: (*_order(row), self.index[row.word])))
        seconds = time.perf_counter() - self.began
        return BoardsRanking(
            ranked, settings.boards, self.tuples, settings.max_depth, settings.objective, seconds, self.words, nodes
        )

    def _value(self, todo: list[str], rows: dict[str, BoardsRankedWord], progress, on_row) -> int:
        """Value ``todo`` in order into ``rows`` (:meth:`run`); the search nodes it took."""
        problem, tuples = self.search()
        for word in todo:
            cost = guess_cost(problem, tuples, self.index[word], self.settings.max_depth, None)
            self._add(rows, word, cost, progress, on_row)
        return problem.nodes

    def search(self) -> tuple[Problem, np.ndarray]:
        """A new exact search over the lists (its memo empty) and every tuple it values."""
        from ..core.matrix import compute_matrix

        words = self.words
        codes = compute_matrix(list(words.guesses), list(words.answers), words.game)
        return Problem(codes, words.game.all_correct), all_tuples(len(words.answers), self.settings.boards)

    def _value_on(self, executor: Executor, todo: list[str], rows: dict, progress, on_row) -> int:
        """:meth:`_value` on ``executor``'s workers, batches in the guess list's order and
        rows taken as they come; the search nodes the workers took."""
        size = max(1, min(MAX_BATCH, len(todo) // (4 * executor.workers)))
        batches = [todo[i : i + size] for i in range(0, len(todo), size)]
        nodes = 0
        while batches or executor.in_flight():
            while batches and executor.in_flight() < executor.window:
                executor.submit(value_first_words, self.settings, batches.pop(0))
            for valued, took in executor.wait_any():
                nodes += took
                for word, cost in valued:
                    self._add(rows, word, cost, progress, on_row)
        return nodes

    def _add(self, rows: dict, word: str, cost: int, progress, on_row) -> None:
        """``word``'s row from its search cost, told to ``on_row`` and ``progress``."""
        rows[word] = _ranked(word, cost, self.settings.objective)
        if on_row is not None:
            on_row(rows[word])
        if progress is not None:
            progress(len(rows), len(self.first_words))


def value_first_words(settings: Settings, first_words: list[str]) -> tuple[list[tuple[str, int]], int]:
    """A worker's task: each of ``first_words`` valued exactly (its search cost, as
    :func:`.exact.guess_cost` gives it) over ``settings``' game, and the search nodes it took.
    The worker keeps its search, and its memo, for the next task of the same ranking."""
    if settings not in _WORKER_SEARCH:
        _WORKER_SEARCH.clear()
        ranker = BoardsRanker(settings)
        _WORKER_SEARCH[settings] = (*ranker.search(), ranker.index)
    problem, tuples, index = _WORKER_SEARCH[settings]
    before = problem.nodes
    valued = [(word, guess_cost(problem, tuples, index[word], settings.max_depth, None)) for word in first_words]
    return valued, problem.nodes - before


@contextlib.contextmanager
def ranking_workers(jobs: int = 1, scheduler: str | None = None, verbose: bool = False) -> Iterator[Executor | None]:
    """Where a ranking values its first words: None (this process) for one job and no
    scheduler, else Dask's executor (``concurrency.cluster.executor_for``: ``jobs`` local
    workers or the cluster at ``scheduler``; ``verbose``: Dask's own log lines)."""
    if jobs == 1 and scheduler is None:
        yield None
        return
    from ..concurrency.cluster import executor_for

    with executor_for(jobs, scheduler, preload=(__name__,), verbose=verbose) as executor:
        yield executor


def rank_boards(
    settings: Settings,
    first_words: Iterable[str] | None = None,
    progress: Callable[[int, int], object] | None = None,
    executor: Executor | None = None,
) -> BoardsRanking:
    """Every first guess of ``settings``' multi-board game (or only ``first_words``) valued
    exactly and ranked best first (module docstring; errors: :class:`BoardsRanker`);
    ``progress(done, all)`` after each word; ``executor``: see :meth:`BoardsRanker.run`."""
    return BoardsRanker(settings, first_words).run(progress, executor=executor)


def _order(row: BoardsRankedWord) -> tuple[bool, int, int]:
    """What ranks a row before the guess list's order: exact first, by its lost tuples and
    total; every infeasible row alike."""
    if not row.exact:
        return True, 0, 0
    return False, row.lost or 0, row.total or 0


def _ranked(word: str, cost: int, objective: str) -> BoardsRankedWord:
    """A first guess's row from its search cost (lost tuples, then guesses)."""
    lost, total = divmod(cost, LOST)
    if objective == "total" and lost:
        return BoardsRankedWord(word, None, lost, INFEASIBLE)
    return BoardsRankedWord(word, total, lost, EXACT)
