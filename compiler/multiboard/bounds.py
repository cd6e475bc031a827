"""The guesses worth trying at a multi-board position, the order the exact search tries them
in, and an admissible bound on each one's cost, all found at once over the guess list.

Equivalent guesses: two guesses that split every group's set (``boardsets``) into the same
classes, and close a board for the same word (its class shown all correct), leave the same
positions below them, so only the first of each such class is kept.  A guess that neither
splits a set nor closes a board only spends a guess and is left out.  Both properties hold
below as well (a set below is a subset of one above), so a position's kept guesses are all
its parts need to look at: a class of guesses equivalent below is a union of classes
equivalent above, and its first guess is the first of one of them.  Each set's split by
every candidate guess is found once (:class:`SetSplits`) and shared by the positions that
hold the set.

The bound on playing guess ``g`` (``r`` guesses left) is the bound of ``exact.lower_bound``
one guess further: every tuple pays ``g``, and each part ``P`` (``k_P`` open boards) costs at
least ``hits(P) · c(k_P) + (|P| − hits(P)) · c(k_P + 1)`` with ``c = tuple_cost(·, r − 1)``
and ``hits(P)`` the most tuples of ``P`` holding one word (``boardsets``: ``|P| · max j /
|S|`` over its groups).  Summed over the parts that is ``N + Σ |P| c(k_P + 1) − Σ hits(P) ·
(c(k_P + 1) − c(k_P))``: the first sum is exact (``k_P`` is ``k − 1`` for the tuples
holding ``g``, else ``k``), the second needs an upper bound ``H`` on ``Σ hits(P)``.  Let
every board choose a class of its group's set on its own (the tuples of a part are some of
the product of their boards' classes: fewer when boards share a set, none past a class's
size): a choice ``(S_b)`` stands for at most ``Π |S_b|`` tuples, of which a word of ``S_b``
is held by at most ``Π |S_b| · j_b / |S_b|`` (``j_b``: the boards sharing ``S_b``'s set), a
closed board's class holding no open word.  So ``H = Σ over choices of Π |S_b| · max_b
j_b / |S_b|``, which equals ``Σ hits(P)`` when no two boards share a set.  It is summed
without listing the choices: sort every board's classes by ``j/|S|``; a choice counts at its
largest (the last in that order), the other boards' classes coming before it, so ``H = Σ
over classes e of j_e · Π over the other boards of the sizes of their classes before e``.
The bound also never falls below ``N + Σ |P| c(k_P)`` (``hits(P) ≤ |P|``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from .boardsets import LOST, BoardSets, tuple_cost

# Sets of at most this many words are split by comparing every pair (else by sorting).
SMALL_SET = 24
# The guess-word cells (candidates × a set's words) split at once.
GUESS_BLOCK_CELLS = 1 << 21
# The cells of the set splits kept (a candidate's partition number, a partition's class
# sizes: about 4 bytes each; emptied when full).
SPLIT_CACHE_CELLS = 1 << 24
# Figures past this are summed as Python integers (exact) rather than in int64.
INT64_SAFE = 1 << 62


@dataclass(frozen=True)
class Candidates:
    """The guesses a position may try (ascending indices) and the number naming this list in
    the cache of set splits."""

    guesses: np.ndarray
    token: int


@dataclass(frozen=True)
class GuessTable:
    """The kept guesses of a position (ascending, with their list's number: the candidates of
    its parts), a lower bound on each one's cost (same index) and ``order``: the indices in
    the order the search tries them."""

    kept: Candidates
    bounds: np.ndarray
    order: np.ndarray

    @property
    def guesses(self) -> np.ndarray:
        """The kept guesses."""
        return self.kept.guesses

    def least(self) -> int | None:
        """The least bound over the kept guesses (None when none is kept)."""
        return int(self.bounds.min()) if len(self.bounds) else None


@dataclass(frozen=True)
class _Split:
    """One set split by every candidate: each candidate's partition number, and per partition
    (a row) each class's size at its least word (0 at the other words), the word shown all
    correct, the number of classes."""

    partition: np.ndarray
    sizes: np.ndarray
    shut: np.ndarray
    classes: np.ndarray


class SetSplits:
    """The splits of the sets a search meets by the candidate lists it meets (a bounded cache),
    and the guess tables built from them."""

    def __init__(self, by_answer: np.ndarray, all_correct: int):
        self.by_answer, self.all_correct = by_answer, all_correct
        self.cache: dict[tuple[int, int], _Split] = {}
        self.cells = 0
        self.tokens = itertools.count(1)

    def every_guess(self) -> Candidates:
        """Every guess of the list (number 0)."""
        return Candidates(np.arange(self.by_answer.shape[1], dtype=np.int64), 0)

    def table(self, sets: BoardSets, guesses_left: int, candidates: Candidates) -> GuessTable:
        """The kept guesses among ``candidates`` (the first of every class of equivalent
        guesses), their bounds and their order: least bound first, then most parts, then a
        guess closing a board, then the earlier guess."""
        splits = [self.split(number, words, candidates) for number, words, _ in sets.groups]
        useful = np.zeros(len(candidates.guesses), dtype=bool)
        for split in splits:
            useful |= (split.classes > 1)[split.partition] | split.shut.any(axis=1)[split.partition]
        rows = np.flatnonzero(useful)
        signature = np.vstack([split.partition[rows] for split in splits]) if splits else np.zeros((0, len(rows)))
        rows = rows[_first_columns(signature)]
        chosen = [split.partition[rows] for split in splits]
        parts, closes, held = _figures(sets, splits, chosen)
        guesses = candidates.guesses[rows]
        bounds = guess_bounds(sets, guesses_left, held, closes)
        order = np.lexsort((guesses, closes == 0, -parts, bounds))
        return GuessTable(Candidates(guesses, next(self.tokens)), bounds, order)

    def split(self, number: int, words: np.ndarray, candidates: Candidates) -> _Split:
        """The split of set ``number`` (``words``) by every candidate (cached)."""
        key = (candidates.token, number)
        found = self.cache.get(key)
        if found is None:
            if self.cells > SPLIT_CACHE_CELLS:
                self.cache.clear()
                self.cells = 0
            found = self.cache[key] = _split(self.by_answer, self.all_correct, words, candidates.guesses)
            self.cells += len(candidates.guesses) + found.sizes.size
        return found


def _split(by_answer: np.ndarray, all_correct: int, words: np.ndarray, guesses: np.ndarray) -> _Split:
    """:class:`_Split` of ``words`` by ``guesses``, a block of guesses at a time."""
    m = len(words)
    block = max(1, GUESS_BLOCK_CELLS // max(1, m))
    labels, sizes, shuts = [], [], []
    for first in range(0, len(guesses), block):
        label, size, shut = _classes(by_answer[words][:, guesses[first : first + block]], all_correct)
        labels.append(label)
        sizes.append(size)
        shuts.append(shut)
    label, size, shut = np.hstack(labels), np.hstack(sizes), np.hstack(shuts)
    _, first, partition = np.unique(_column_hashes(label), return_index=True, return_inverse=True)
    partition = partition.ravel()
    stale = np.flatnonzero((label != label[:, first[partition]]).any(axis=0))
    if len(stale):  # columns sharing a hash without being equal: a partition of their own each
        partition[stale] = len(first) + np.arange(len(stale))
        first = np.concatenate([first, stale])
    reps = size[:, first].T.astype(np.int32)
    return _Split(partition.astype(np.int32), reps, shut[:, first].T, (reps > 0).sum(axis=1))


def _column_hashes(columns: np.ndarray) -> np.ndarray:
    """One ``uint64`` per column: its cells times fixed odd random multipliers, summed."""
    hashes: np.ndarray = (_multipliers(columns.shape[0])[:, None] * columns.astype(np.uint64)).sum(axis=0)
    return hashes


@lru_cache(maxsize=64)
def _multipliers(rows: int) -> np.ndarray:
    return np.random.default_rng(0).integers(1, 1 << 62, size=rows, dtype=np.uint64) | np.uint64(1)


def _first_columns(columns: np.ndarray) -> np.ndarray:
    """The indices of the first of each distinct column (ascending), and of every column whose
    hash it shares without being equal to it (kept apart: a guess tried twice costs time, not
    truth)."""
    if columns.shape[1] == 0:
        return np.zeros(0, dtype=np.int64)
    hashes = _column_hashes(columns)
    _, first, inverse = np.unique(hashes, return_index=True, return_inverse=True)
    collided = (columns != columns[:, first[inverse.ravel()]]).any(axis=0)
    return np.union1d(first, np.flatnonzero(collided))


def _classes(shown: np.ndarray, all_correct: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per guess (column) over a set's words (rows): each word's class as the least row of
    its class (plus the set's size for the class shown all correct), each class's size at
    its least row (0 at the other rows), and the rows shown all correct."""
    m = shown.shape[0]
    shut = shown == all_correct
    if m <= SMALL_SET:
        label = np.repeat(np.arange(m)[:, None], shown.shape[1], axis=1)
        size = np.ones(shown.shape, dtype=np.int64)
        for i in range(1, m):
            for j in range(i - 1, -1, -1):
                same = shown[i] == shown[j]
                label[i] = np.where(same, j, label[i])
        for i in range(m):
            size[i] = (shown == shown[i]).sum(axis=0)
        size = np.where(label == np.arange(m)[:, None], size, 0)
        return label + m * shut, size, shut
    order = np.argsort(shown, axis=0, kind="stable")
    ordered = np.take_along_axis(shown, order, axis=0)
    start = np.ones(shown.shape, dtype=bool)
    start[1:] = ordered[1:] != ordered[:-1]
    at = np.arange(m)[:, None]
    first = np.maximum.accumulate(np.where(start, at, 0), axis=0)
    label = np.empty_like(order)
    np.put_along_axis(label, order, np.take_along_axis(order, first, axis=0), axis=0)
    after = np.full(shown.shape, m)
    after[:-1] = np.where(start[1:], at[1:], m)
    after = np.minimum.accumulate(after[::-1], axis=0)[::-1]
    size = np.empty_like(order)
    np.put_along_axis(size, order, np.where(start, after - at, 0), axis=0)
    return label + m * shut, size, shut


def _figures(
    sets: BoardSets, splits: list[_Split], chosen: list[np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per kept guess: how many parts the boards' classes make (their product), the tuples
    holding it, and ``H`` (the module's sum)."""
    width = len(chosen[0]) if chosen else 0
    parts = np.ones(width, dtype=np.float64)
    closes = np.zeros(width, dtype=np.int64)
    weights: list[np.ndarray] = []
    shares: list[np.ndarray] = []
    values: list[np.ndarray] = []
    board_of: list[np.ndarray] = []
    for (_, words, count), split, partition in zip(sets.groups, splits, chosen, strict=True):
        size, shut = split.sizes[partition].T, split.shut[partition].T  # (words, guesses)
        parts *= split.classes[partition].astype(np.float64) ** count
        closes += shut.any(axis=0) * (sets.tuples * count // len(words))
        credit = np.where(shut, 0, count * (size > 0))
        value = np.where(shut, 0.0, count / np.maximum(size, 1)) * (size > 0)
        for _ in range(count):
            weights.append(size)
            shares.append(credit)
            values.append(value)
            board_of.append(np.full(len(words), len(board_of)))
    if not width:
        return parts, closes, np.zeros(0, dtype=np.int64)
    held = _held(np.vstack(weights), np.vstack(shares), np.vstack(values), np.concatenate(board_of), sets)
    return parts, closes, held


def _held(
    weights: np.ndarray, shares: np.ndarray, values: np.ndarray, board_of: np.ndarray, sets: BoardSets
) -> np.ndarray:
    """``H`` per guess (the module's sum): every board's classes (rows: size, ``j`` or 0 for a
    closed class or no class, ``j/size``) sorted by ``j/size``, each class counting ``j`` times
    the product over the other boards of the sizes of their classes before it."""
    order = np.argsort(values, axis=0, kind="stable")
    size = np.take_along_axis(weights, order, axis=0)
    credit = np.take_along_axis(shares, order, axis=0)
    board = board_of[order]
    small = np.prod([float(len(words)) ** count for _, words, count in sets.groups]) < INT64_SAFE
    dtype = np.int64 if small else object
    product = np.ones(size.shape, dtype=dtype)
    for b in range(sets.boards):
        mine = board == b
        theirs = np.where(mine, size, 0).astype(dtype)
        before = np.cumsum(theirs, axis=0) - theirs
        product = product * np.where(mine, 1, before)
    return (credit.astype(dtype) * product).sum(axis=0)


def guess_bounds(sets: BoardSets, guesses_left: int, held: np.ndarray, closes: np.ndarray) -> np.ndarray:
    """The module's bound per guess, from ``H`` (``held``) and the tuples holding it (``closes``)."""
    n, k, left = sets.tuples, sets.boards, guesses_left - 1

    def cost(open_boards: int) -> int:
        return tuple_cost(open_boards, left) if open_boards > 0 else 0

    def open_cost(open_boards: int) -> int:  # per tuple of a part with ``open_boards`` open, hits aside
        return cost(open_boards + 1) if open_boards > 0 else 0

    def spread(open_boards: int) -> int:  # what a hit saves there
        return cost(open_boards + 1) - cost(open_boards) if open_boards > 0 else 0

    dtype = np.int64 if n * (LOST + guesses_left) * (k + 2) < INT64_SAFE else object
    held, holding = held.astype(dtype), closes.astype(dtype)
    saved = np.where(holding > 0, max(spread(k), spread(k - 1)), spread(k)).astype(dtype)
    best = n + (n - holding) * open_cost(k) + holding * open_cost(k - 1) - saved * held
    floor = n + (n - holding) * cost(k) + holding * cost(k - 1)
    return np.maximum(best, floor)
