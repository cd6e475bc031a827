"""The exact multi-board search: the best tree over every ordered tuple of distinct answers.

A position is the array ``T`` (``int32[N, k]``) of the tuples still possible, one column per
board still open (the boards' order kept), each cell an answer's index; ``r`` guesses are
left.  A guess g splits ``T`` by the row of its patterns ``M[g, T]``; a column showing all
correct closes that board, and a row whose every column is closed is a finished tuple.

Cost, the one value both objectives minimise: every tuple counts the guesses it takes (the
one solving its last board, or every guess left when the limit comes first) plus
:data:`LOST` times the tuples not solved within the limit, so fewer lost tuples come first,
then fewer guesses.  Objective ``total`` asks for no lost tuple (else the build is refused);
objective ``win`` takes the value as it is.

Lower bound (admissible; ``tests/naive.py`` checks the values): a guess closes at most one
board of a tuple (the boards' answers are distinct), so a tuple with k open boards needs k
more guesses, k + 1 unless the next guess is one of its answers; and the next guess is one
of the answers of at most ``max_hits`` tuples (the most tuples holding one word).

One board open: a position's rows are then distinct answers (a part keeps only rows whose
closed boards showed the same guess, so their open answers differ), a single-board position
with every guess legal.  A problem given ``one_board`` (the analyses: the compiled
single-board engine) values it so, exactly below beta; only where no play solves it within
the guesses left does this search count its lost tuples.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

# A lost tuple outweighs every guess count of the positions this search takes on.
LOST = 1 << 40
# The value of a one-board position (its answers, the guesses left, beta), or None: see Problem.
OneBoard = Callable[[np.ndarray, int, "int | None"], "int | None"]
# The most tuples an exact search takes on (a position is searched whole, in memory).
MAX_EXACT_TUPLES = 200_000
# The pattern cells (guesses × tuples × boards) scored at once when ordering the guesses.
GUESS_BLOCK_CELLS = 1 << 22


@dataclass
class Problem:
    """What one search reads: the matrix ``codes[g, a]`` (guesses × answers), the code of
    all correct, and the memo of the positions valued so far (key → (cost, exact, guess))."""

    codes: np.ndarray
    all_correct: int
    memo: dict = field(default_factory=dict)
    nodes: int = 0
    base: int = 256  # a pattern row's codes as digits in this base (Wordle: all correct is the largest code)
    # The value of a position with one board open (its answers, the guesses left, beta) by the
    # single-board engine, or None when no play solves it in time: see :func:`solve`.
    one_board: OneBoard | None = None

    def __post_init__(self) -> None:
        self.codes = self.codes.view(np.ndarray)  # a cached matrix is a memmap: index it as an array
        self.base = max(256, self.all_correct + 1)


def tuple_cost(open_boards: int, guesses_left: int) -> int:
    """The least a tuple with ``open_boards`` boards to solve can cost in ``guesses_left``."""
    if open_boards > guesses_left:
        return LOST + guesses_left
    return open_boards


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
    """The rows in lexicographic order (one key per set of tuples)."""
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


def pattern_rows(problem: Problem, tuples: np.ndarray, guesses: slice) -> tuple[np.ndarray, np.ndarray]:
    """For each guess of ``guesses`` (a row) and each tuple: the tuple's pattern row as one
    key (a byte per board), and the boards the guess closes for it as bits."""
    shown = problem.codes[guesses][:, tuples]  # (G, N, k)
    closed = np.zeros(shown.shape[:2], dtype=np.int64)
    for column in range(shown.shape[2]):
        closed |= (shown[:, :, column] == problem.all_correct).astype(np.int64) << column
    return row_keys(shown, problem.base), closed


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


def partition_signatures(keys: np.ndarray, closed: np.ndarray, boards: int) -> tuple[np.ndarray, np.ndarray]:
    """Per guess (row): its number of parts, and per tuple the first tuple of its part and the
    boards closed for it, packed: two guesses with equal signature rows leave the same
    positions below them."""
    n = keys.shape[1]
    order = np.argsort(keys, axis=1, kind="stable")
    ordered = np.take_along_axis(keys, order, axis=1)
    starts = np.ones(keys.shape, dtype=bool)
    starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
    group_start = np.maximum.accumulate(np.where(starts, np.arange(n), 0), axis=1)
    first_sorted = np.take_along_axis(order, group_start, axis=1)  # stable: the part's first tuple
    first = np.empty_like(first_sorted)
    np.put_along_axis(first, order, first_sorted, axis=1)
    return starts.sum(axis=1), (first.astype(np.int64) << boards) | closed


def guess_order(problem: Problem, tuples: np.ndarray) -> list[int]:
    """The guesses worth trying, most parts first, then most boards closed, then the earlier
    guess (the search keeps the first of equal cost: the tie rule).  A guess that neither
    splits the tuples nor closes a board is left out (it only spends a guess), and so is a
    guess that splits the tuples and closes their boards as an earlier one does (the same
    positions below it)."""
    n_guesses, cells = problem.codes.shape[0], tuples.size
    block = max(1, GUESS_BLOCK_CELLS // max(1, cells))
    scored = []
    for first in range(0, n_guesses, block):
        keys, closed = pattern_rows(problem, tuples, slice(first, first + block))
        parts, signatures = partition_signatures(keys, closed, tuples.shape[1])
        closes = _bit_counts(closed)
        useful = np.flatnonzero((parts > 1) | (closes > 0))
        kept = _distinct_rows(signatures[useful])
        scored.extend((-int(parts[i]), -int(closes[i]), first + int(i), signatures[i].tobytes()) for i in useful[kept])
    scored.sort()
    seen, order = set(), []
    for _, _, guess, row in scored:
        if row not in seen:
            seen.add(row)
            order.append(guess)
    return order


def _distinct_rows(rows: np.ndarray) -> np.ndarray:
    """The indices of the first of each distinct row, and of every row whose hash it shares
    without being equal to it (the caller's exact check settles those)."""
    multipliers = np.random.default_rng(0).integers(1, 1 << 62, size=rows.shape[1], dtype=np.uint64) | np.uint64(1)
    hashes = (rows.astype(np.uint64) * multipliers).sum(axis=1)
    _, first, inverse = np.unique(hashes, return_index=True, return_inverse=True)
    collided = (rows != rows[first[inverse]]).any(axis=1)
    return np.union1d(first, np.flatnonzero(collided))


def _bit_counts(closed: np.ndarray) -> np.ndarray:
    """Per row, the set bits of all its cells (boards closed over all tuples)."""
    total = np.zeros(closed.shape[0], dtype=np.int64)
    for bit in range(8):
        total += ((closed >> bit) & 1).sum(axis=1)
    return total


def solve(problem: Problem, tuples: np.ndarray, guesses_left: int, beta: int | None = None) -> int:
    """The least cost of ``tuples`` with ``guesses_left`` guesses; when it is at least
    ``beta``, any value at least ``beta`` (a cut)."""
    n, k = tuples.shape
    if k > guesses_left:
        return n * tuple_cost(k, guesses_left)
    if k == 1 and problem.one_board is not None:  # a set of distinct answers: a single-board position
        value = problem.one_board(tuples[:, 0], guesses_left, beta)
        if value is not None:
            return value
    bound = lower_bound(tuples, guesses_left)
    if beta is not None and bound >= beta:
        return bound
    key = (canonical(tuples).tobytes(), k, guesses_left)
    known = problem.memo.get(key)
    if known is not None:
        cost, exact, _ = known
        if exact or (beta is not None and cost >= beta):
            return cost
        bound = max(bound, cost)
    problem.nodes += 1
    order = guess_order(problem, tuples)
    if not order:  # no guess tells anything: every tuple is lost
        problem.memo[key] = (all_lost(n, guesses_left), True, None)
        return all_lost(n, guesses_left)
    best, best_guess = (beta if beta is not None else None), None
    for guess in order:
        cost = _guess_cost(problem, tuples, guess, guesses_left, best)
        if best is None or cost < best:
            best, best_guess = cost, guess
            if best <= bound:
                break
    if best_guess is None:  # every guess cut: beta is a lower bound
        assert best is not None
        problem.memo[key] = (best, False, None)
        return best
    problem.memo[key] = (best, True, best_guess)
    return best


def _guess_cost(problem: Problem, tuples: np.ndarray, guess: int, guesses_left: int, beta: int | None) -> int:
    """The cost of playing ``guess`` now (at least ``beta`` when it cannot beat it)."""
    parts = split(problem, tuples, guess)
    total = len(tuples)
    bounds = [lower_bound(part, guesses_left - 1) for part in parts]
    rest = sum(bounds)
    for part, part_bound in zip(parts, bounds, strict=True):
        rest -= part_bound
        if beta is not None and total + part_bound + rest >= beta:
            return total + part_bound + rest
        local_beta = None if beta is None else beta - total - rest
        total += solve(problem, part, guesses_left - 1, local_beta)
    return total


def best_guess(problem: Problem, tuples: np.ndarray, guesses_left: int) -> int:
    """The guess of the best tree at ``tuples`` (solving the position first if needed)."""
    solve(problem, tuples, guesses_left)
    _, exact, guess = problem.memo[(canonical(tuples).tobytes(), tuples.shape[1], guesses_left)]
    if not exact or guess is None:
        raise ValueError("no guess tells the tuples apart: the guess list must hold the answers")
    return guess
