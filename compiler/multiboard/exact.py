"""The exact multi-board search: the best tree over every ordered tuple of distinct answers.

A position is the array ``T`` (``int32[N, k]``) of the tuples still possible, one column per
board still open, each cell an answer's index; ``r`` guesses are left.  A guess g splits
``T`` by the row of its patterns ``M[g, T]``; a column showing all correct closes that
board, and a row whose every column is closed is a finished tuple.  The search walks the
same positions as their boards' candidate sets (:mod:`.boardsets`): the tuples are every
choice of one candidate per open board with no answer twice, a position's value does not
depend on its boards' order (the memo's key leaves it out), and the parts below a guess that
differ only by which of two boards sharing a set took which class are valued once.

Cost, the one value both objectives minimise: every tuple counts the guesses it takes (the
one solving its last board, or every guess left when the limit comes first) plus
:data:`LOST` times the tuples not solved within the limit, so fewer lost tuples come first,
then fewer guesses.  Objective ``total`` asks for no lost tuple (else the build is refused);
objective ``win`` takes the value as it is.

Lower bound (admissible; ``tests/naive.py`` checks the values): a guess closes at most one
board of a tuple (the boards' answers are distinct), so a tuple with k open boards needs k
more guesses, k + 1 unless the next guess is one of its answers; and the next guess is one
of the answers of at most ``max_hits`` tuples (the most tuples holding one word).  The same
bound one guess further bounds each guess's cost (:mod:`.bounds`, its argument there), and
the least of those bounds the position; before the parts below a guess are searched, each
is bounded so (:func:`_probe`), which often shows the guess cannot beat the best one.

A word every tuple holds (a set with as many words as boards sharing it: one candidate left
on a board) is best played first.  Take any strategy ``S`` and play the word ``w`` first, then
``S``, skipping ``w`` where ``S`` plays it (``S``'s choices only read patterns, and ``w``'s are
known by then).  A tuple that ``S`` solves holds ``w``, so ``S`` plays ``w`` on its path no
later than the guess solving its last board: guesses before ``w`` come one later, the others
where they were, and the tuple is solved no later; a tuple ``S`` leaves unsolved costs at
most as much.  So such a position is valued by playing its first such word (in the guess
list's order) alone.

Search: alpha-beta with a memo (key → (cost, exact, guess)).  The guesses tried are those of
:meth:`.bounds.SetSplits.table` (one of each class of equivalent guesses, none that only
spends a guess), least bound first, then most parts, then a guess closing a board, then the
guess list's order; a guess whose bound reaches the best cost so far ends the list (every
later one's does too).  The search keeps the first of equal cost in this order, a word every
tuple holds coming before all (the tie rule; :func:`ranked_guesses` lists that order).  A
:class:`Problem` with a ``deadline`` raises :class:`SearchStopped` once past it.

One board open: a position's rows are then distinct answers (a part keeps only rows whose
closed boards showed the same guess, so their open answers differ), a single-board position
with every guess legal.  A problem given ``one_board`` (the analyses: the compiled
single-board engine) values it so, exactly below beta; only where no play solves it within
the guesses left does this search count its lost tuples.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from .boardsets import LOST, BoardSets, Splitter, ahead_bound, from_tuples, split_sets, static_bound, tuple_cost
from .bounds import Candidates, GuessTable, SetSplits

# The value of a one-board position (its answers, the guesses left, beta), or None: see Problem.
OneBoard = Callable[[np.ndarray, int, "int | None"], "int | None"]
# Told (done, of) as the first guesses of a search's root are valued: see Problem.report.
Report = Callable[[int, int], None]
# The most tuples an exact search takes on (a position is searched whole, in memory).
MAX_EXACT_TUPLES = 200_000
# The most guesses the kept guess tables hold in all, of positions not yet valued exactly
# (emptied when full: about 24 bytes a guess).
TABLE_CACHE_GUESSES = 2_000_000


class SearchStopped(Exception):
    """The search passed its problem's ``deadline`` (the memo keeps what was valued)."""


@dataclass
class Problem:
    """What one search reads: the matrix ``codes[g, a]`` (guesses × answers), the code of
    all correct, and the memo of the positions valued so far (key → (cost, exact, guess));
    what it counts: ``nodes`` (positions expanded), ``tried`` (guesses whose parts were
    searched), ``bound_cuts`` (guesses left untried by their bound), ``memo_hits``."""

    codes: np.ndarray
    all_correct: int
    memo: dict = field(default_factory=dict)
    nodes: int = 0
    base: int = 256  # a pattern row's codes as digits in this base (Wordle: all correct is the largest code)
    # The value of a position with one board open (its answers, the guesses left, beta) by the
    # single-board engine, or None when no play solves it in time: see :func:`solve`.
    one_board: OneBoard | None = None
    deadline: float | None = None  # a time.monotonic() past which the search raises SearchStopped
    tried: int = 0
    bound_cuts: int = 0
    memo_hits: int = 0
    answer_guess: dict[int, int] = field(default_factory=dict)  # answer -> its guess index (-1: none)
    splitter: Splitter = field(init=False)
    tables: dict = field(default_factory=dict)  # (key, guesses left) -> GuessTable, see _table
    table_guesses: int = 0  # the guesses the kept tables hold
    splits: SetSplits = field(init=False)  # the sets' splits by the candidate guesses, and the guess tables
    # Told (guesses valued or left out by their bound, guesses kept) at the root position
    # (``root``: its memo key, set by best_moves) after each of its guesses: a live bar.
    report: Report | None = None
    root: tuple | None = None

    def __post_init__(self) -> None:
        self.codes = self.codes.view(np.ndarray)  # a cached matrix is a memmap: index it as an array
        self.base = max(256, self.all_correct + 1)
        self.splitter = Splitter(self.codes, self.all_correct)
        self.splits = SetSplits(np.ascontiguousarray(self.codes.T), self.all_correct)

    def held_by_all(self, sets: BoardSets) -> int | None:
        """The first guess (in the guess list) that every tuple holds, if any: a word of a set
        shared by as many boards as it has words."""
        if sets.forced == -2:
            held = [self.guess_of(int(w)) for _, words, count in sets.groups if len(words) == count for w in words]
            sets.forced = min((g for g in held if g >= 0), default=-1)
        return None if sets.forced < 0 else sets.forced

    def guess_of(self, answer: int) -> int:
        """The index of ``answer`` in the guess list (the first guess showing it all correct), -1 if none."""
        guess = self.answer_guess.get(answer)
        if guess is None:
            hits = np.flatnonzero(self.codes[:, answer] == self.all_correct)
            guess = self.answer_guess[answer] = int(hits[0]) if len(hits) else -1
        return guess

    def every_guess(self) -> Candidates:
        """Every guess, the candidates of a position searched from the top."""
        return self.splits.every_guess()


def all_lost(tuples: int, guesses_left: int) -> int:
    """The cost of ``tuples`` tuples none of which is solved: an upper bound on any position's."""
    return tuples * (LOST + guesses_left)


def lower_bound(tuples: np.ndarray, guesses_left: int) -> int:
    """The admissible bound of the module's docstring."""
    n, k = tuples.shape
    hits = int(np.bincount(tuples.ravel()).max())
    hits = min(hits, n)
    return hits * tuple_cost(k, guesses_left) + (n - hits) * tuple_cost(k + 1, guesses_left)


def canonical(tuples: np.ndarray) -> np.ndarray:
    """The rows in lexicographic order (one array per set of tuples)."""
    order = np.lexsort(tuples.T[::-1])
    return np.ascontiguousarray(tuples[order])


def split(problem: Problem, tuples: np.ndarray, guess: int) -> list[np.ndarray]:
    """The positions below ``guess``: the unfinished parts, closed boards dropped, in the
    order of their pattern rows (a finished part is left out)."""
    shown = problem.codes[guess][tuples]  # (N, k) codes
    keys = row_keys(shown, problem.base)
    order = np.argsort(keys, kind="stable")
    bounds = np.flatnonzero(np.diff(keys[order])) + 1
    parts = []
    for rows in np.split(order, bounds):
        still_open = shown[rows[0]] != problem.all_correct
        if still_open.any():
            parts.append(np.ascontiguousarray(tuples[rows][:, still_open]))
    return parts


def row_keys(shown: np.ndarray, base: int) -> np.ndarray:
    """One ``uint64`` key per pattern row (the last axis: a code per open board), in the rows'
    lexicographic order: the codes as digits in ``base`` when they fit 64 bits (any five-letter
    game, up to eight boards), else the row's rank among the distinct rows (wider games)."""
    width = shown.shape[-1]
    if base**width <= 1 << 64:
        keys = np.zeros(shown.shape[:-1], dtype=np.uint64)
        for column in range(width):
            keys = keys * np.uint64(base) + shown[..., column].astype(np.uint64)
        return keys
    _, rank = np.unique(shown.reshape(-1, width), axis=0, return_inverse=True)
    return rank.reshape(shown.shape[:-1]).astype(np.uint64)


def ranked_guesses(problem: Problem, tuples: np.ndarray, guesses_left: int) -> list[tuple[int, int]]:
    """The guesses the search tries at ``tuples``, in its order (the tie rule's), each with
    its lower bound: a word every tuple holds first, the others by least bound."""
    return _ranked(problem, from_tuples(problem.splitter, tuples), guesses_left)[1]


def best_moves(problem: Problem, tuples: np.ndarray, guesses_left: int, top: int) -> list[tuple[int, int]]:
    """The ``top`` least costs of a move at ``tuples`` and their guesses, best first, ties in
    the search's order (:func:`ranked_guesses`)."""
    sets = from_tuples(problem.splitter, tuples)
    problem.root = (sets.key, guesses_left)
    _solve(problem, sets, guesses_left, None, problem.every_guess())
    table, ranked = _ranked(problem, sets, guesses_left)
    best: list[tuple[int, int, int]] = []
    for rank, (guess, bound) in enumerate(ranked):
        beta = best[-1][0] + 1 if len(best) >= top else None
        if beta is not None and bound >= beta:  # its cost is at least its bound: it cannot enter
            continue
        _check_deadline(problem)
        cost = _sets_guess_cost(problem, sets, guess, guesses_left, beta, table.kept)
        if beta is None or cost < beta:
            best = sorted([*best, (cost, rank, guess)])[:top]
    return [(cost, guess) for cost, _, guess in best]


def _ranked(problem: Problem, sets: BoardSets, guesses_left: int) -> tuple[GuessTable, list[tuple[int, int]]]:
    table = problem.splits.table(sets, guesses_left, problem.every_guess())
    ranked = [(int(table.guesses[i]), int(table.bounds[i])) for i in table.order]
    forced = problem.held_by_all(sets)
    return table, sorted(ranked, key=lambda pair: pair[0] != forced)  # stable: the rest keep their order


def solve(problem: Problem, tuples: np.ndarray, guesses_left: int, beta: int | None = None) -> int:
    """The least cost of ``tuples`` with ``guesses_left`` guesses; when it is at least
    ``beta``, any value at least ``beta`` (a cut).  ``ValueError`` when the rows are not
    every tuple of distinct answers over their columns' sets (:func:`.boardsets.from_tuples`)."""
    return _solve(problem, from_tuples(problem.splitter, tuples), guesses_left, beta, problem.every_guess())


def _solve(problem: Problem, sets: BoardSets, guesses_left: int, beta: int | None, candidates: Candidates) -> int:
    """:func:`solve` on the position's sets, ``candidates`` holding its kept guesses."""
    n, k = sets.tuples, sets.boards
    if k > guesses_left:
        return n * tuple_cost(k, guesses_left)
    if k == 1 and problem.one_board is not None:  # a set of distinct answers: a single-board position
        value = problem.one_board(sets.groups[0][1], guesses_left, beta)
        if value is not None:
            return value
    bound = static_bound(sets, guesses_left)
    if beta is not None and bound >= beta:
        return bound
    key = (sets.key, guesses_left)
    known = problem.memo.get(key)
    if known is not None:
        problem.memo_hits += 1
        cost, exact, _ = known
        if exact or (beta is not None and cost >= beta):
            return cost
        bound = max(bound, cost)
    _check_deadline(problem)
    problem.nodes += 1
    forced = problem.held_by_all(sets)
    if forced is None:
        return _search(problem, sets, guesses_left, (bound, beta), candidates)
    if n == 1 and all(problem.guess_of(int(w)) >= 0 for _, words, _ in sets.groups for w in words):
        problem.memo[key] = (k, True, forced)  # one tuple, its answers guessed one by one
        return k
    cost = _sets_guess_cost(problem, sets, forced, guesses_left, beta, candidates)  # best first: module docstring
    problem.memo[key] = (cost, True, forced) if beta is None or cost < beta else (cost, False, None)
    return cost


def _search(
    problem: Problem, sets: BoardSets, guesses_left: int, window: tuple[int, int | None], candidates: Candidates
) -> int:
    """The position's guesses tried in the search's order, ``window`` = (a lower bound known,
    beta); the result in the memo."""
    bound, beta = window
    key, n = (sets.key, guesses_left), sets.tuples
    table = _table(problem, sets, guesses_left, candidates)
    least = table.least()
    if least is None:  # no guess tells anything: every tuple is lost
        problem.memo[key] = (all_lost(n, guesses_left), True, None)
        return all_lost(n, guesses_left)
    bound = max(bound, least)
    if beta is not None and bound >= beta:
        problem.memo[key] = (bound, False, None)
        return bound
    best, best_guess = beta, None
    report = problem.report if key == problem.root else None
    for rank, i in enumerate(table.order):
        if best is not None and table.bounds[i] >= best:
            problem.bound_cuts += len(table.order) - rank
            break
        guess = int(table.guesses[i])
        cost = _sets_guess_cost(problem, sets, guess, guesses_left, best, table.kept)
        if report is not None:
            report(rank + 1, len(table.order))
        if best is None or cost < best:
            best, best_guess = cost, guess
            if best <= bound:
                break
    if report is not None:
        report(len(table.order), len(table.order))
    assert best is not None  # a guess was tried with no beta, or beta was given
    if best_guess is None:  # every guess cut: beta is a lower bound
        problem.memo[key] = (best, False, None)
        return best
    problem.memo[key] = (best, True, best_guess)
    problem.tables.pop(key, None)
    return best


def _check_deadline(problem: Problem) -> None:
    if problem.deadline is not None and time.monotonic() > problem.deadline:
        raise SearchStopped(f"the search passed its deadline after {problem.nodes:,} nodes")


def _table(problem: Problem, sets: BoardSets, guesses_left: int, candidates: Candidates) -> GuessTable:
    """The position's guess table (:meth:`.bounds.SetSplits.table`), kept until the position is
    valued exactly (a bounded cache: emptied when full)."""
    key = (sets.key, guesses_left)
    table = problem.tables.get(key)
    if table is None:
        _check_deadline(problem)
        if problem.table_guesses >= TABLE_CACHE_GUESSES:
            problem.tables.clear()
            problem.table_guesses = 0
        table = problem.tables[key] = problem.splits.table(sets, guesses_left, candidates)
        problem.table_guesses += len(table.guesses)
    return table


def _probe(problem: Problem, sets: BoardSets, guesses_left: int, candidates: Candidates) -> int:
    """A lower bound on the position's cost, from the memo and one guess's lookahead (the
    least bound of its guess table, or its word every tuple holds played), kept in the memo."""
    n, k = sets.tuples, sets.boards
    if k > guesses_left:
        return n * tuple_cost(k, guesses_left)
    bound = static_bound(sets, guesses_left)
    key = (sets.key, guesses_left)
    known = problem.memo.get(key)
    if known is not None:
        if known[1]:
            return known[0]
        bound = max(bound, known[0])
    if k == 1 and problem.one_board is not None:  # the single-board engine's value, when it has one
        value = problem.one_board(sets.groups[0][1], guesses_left, None)
        return bound if value is None else value
    forced = problem.held_by_all(sets)
    if forced is not None:
        ahead = ahead_bound(problem.splitter, sets, forced, guesses_left)
    else:
        least = _table(problem, sets, guesses_left, candidates).least()
        ahead = all_lost(n, guesses_left) if least is None else least
    if ahead > bound:
        bound = ahead
        problem.memo[key] = (bound, False, None)
    return bound


def _sets_guess_cost(
    problem: Problem, sets: BoardSets, guess: int, guesses_left: int, beta: int | None, candidates: Candidates
) -> int:
    """The cost of playing ``guess`` now (at least ``beta`` when it cannot beat it): the parts
    are first bounded one guess ahead (:func:`_probe`), then searched, largest first."""
    problem.tried += 1
    parts = split_sets(problem.splitter, sets, guess)
    total = sets.tuples
    bounds = [weight * static_bound(part, guesses_left - 1) for part, weight in parts]
    rest = sum(bounds)
    if beta is not None:
        for i, (part, weight) in enumerate(parts):
            if total + rest >= beta:
                return total + rest
            probed = weight * _probe(problem, part, guesses_left - 1, candidates)
            rest += probed - bounds[i]
            bounds[i] = probed
    for (part, weight), part_bound in zip(parts, bounds, strict=True):
        rest -= part_bound
        if beta is not None and total + part_bound + rest >= beta:
            return total + part_bound + rest
        local_beta = None if beta is None else -((total + rest - beta) // weight)  # ceil((beta - total - rest) / w)
        total += weight * _solve(problem, part, guesses_left - 1, local_beta, candidates)
    return total


def guess_cost(problem: Problem, tuples: np.ndarray, guess: int, guesses_left: int, beta: int | None) -> int:
    """The cost of playing ``guess`` now at ``tuples`` (at least ``beta`` when it cannot beat it)."""
    return _sets_guess_cost(
        problem, from_tuples(problem.splitter, tuples), guess, guesses_left, beta, problem.every_guess()
    )


def best_guess(problem: Problem, tuples: np.ndarray, guesses_left: int) -> int:
    """The guess of the best tree at ``tuples`` (solving the position first if needed)."""
    solve(problem, tuples, guesses_left)
    _, exact, guess = problem.memo[(from_tuples(problem.splitter, tuples).key, guesses_left)]
    if not exact or guess is None:
        raise ValueError("no guess tells the tuples apart: the guess list must hold the answers")
    return guess
