"""The exact multi-board search: the best tree over every ordered tuple of distinct answers.

The search runs in the compiled kernels (``ext/_tuples.pyx``); this module states what it
computes and is its Python face.

Positions.  A position is the tuples still possible, one column per board still open, each
cell an answer's index; ``r`` guesses are left.  Boards played with the same guesses have
candidate sets that are equal (the same patterns so far) or disjoint (a word's patterns are
its own), and a guess keeps it so: each board's set splits by the pattern the guess shows,
a board keeping the class its pattern names.  So a position is a set of *groups*, each a set
of answers ``C`` and the number ``j`` of open boards that share it; its tuples are every
choice of one candidate per open board with no answer twice, ``Π perm(|C|, j)`` of them.
The boards' order is left out (permuting the columns of a tuple set permutes every tuple's
boards alike, so the value and the best guess are the same): the groups, each set named by
its number, are the memo's key, and below a guess the positions that differ only by which of
a group's boards took which class are one position counted as often as it occurs (its
weight).  A word of a group ``(C, j)`` is held by ``N · j / |C|`` tuples, so the most tuples
holding one word (``hits``) are ``N · max j / |C|``.

Cost, the one value both objectives minimise: every tuple counts the guesses it takes (the
one solving its last board, or every guess left when the limit comes first) plus
:data:`LOST` times the tuples not solved within the limit, so fewer lost tuples come first,
then fewer guesses.  Objective ``total`` asks for no lost tuple (else the build is refused);
objective ``win`` takes the value as it is.  Costs are 64-bit integers in the kernels: a
position whose costs could reach 2^62 is refused.

Lower bound (admissible; ``tests/naive.py`` checks the values): a guess closes at most one
board of a tuple (the boards' answers are distinct), so a tuple with k open boards needs k
more guesses, k + 1 unless the next guess is one of its answers; and the next guess is one
of the answers of at most ``hits`` tuples (:func:`lower_bound`).

The bound on playing guess ``g`` (``r`` guesses left) is that bound one guess further:
every tuple pays ``g``, and each part ``P`` (``k_P`` open boards) costs at least ``hits(P) ·
c(k_P) + (|P| − hits(P)) · c(k_P + 1)`` with ``c = tuple_cost(·, r − 1)``.  Summed over the
parts that is ``N + Σ |P| c(k_P + 1) − Σ hits(P) · (c(k_P + 1) − c(k_P))``: the first sum is
exact (``k_P`` is ``k − 1`` for the tuples holding ``g``, else ``k``), the second needs an
upper bound ``H`` on ``Σ hits(P)``.  Let every board choose a class of its group's set on
its own (the tuples of a part are some of the product of their boards' classes: fewer when
boards share a set, none past a class's size): a choice ``(S_b)`` stands for at most ``Π
|S_b|`` tuples, of which a word of ``S_b`` is held by at most ``Π |S_b| · j_b / |S_b|``
(``j_b``: the boards sharing ``S_b``'s set), a closed board's class holding no open word.
So ``H = Σ over choices of Π |S_b| · max_b j_b / |S_b|``, which equals ``Σ hits(P)`` when no
two boards share a set.  It is summed without listing the choices: sort every board's
classes by ``j/|S|``; a choice counts at its largest (the last in that order), the other
boards' classes coming before it, so ``H = Σ over classes e of j_e · Π over the other boards
of the sizes of their classes before e``.  ``H`` is taken at most ``N`` (``hits(P) ≤ |P|``:
the bound never falls below ``N + Σ |P| c(k_P)``, which that gives); where the products
could pass 64 bits it is summed in floating point and rounded up.  The least of the guesses'
bounds bounds the position; before the parts below a guess are searched, each is bounded so
(``probe``), which often shows the guess cannot beat the best one.

Equivalent guesses: two guesses that split every group's set into the same classes, and
close a board for the same word, leave the same positions below them, so only the first of
each such class is kept.  A guess that neither splits a set nor closes a board only spends
a guess and is left out.  Both properties hold below as well (a set below is a subset of one
above), so a position's kept guesses are all its parts need to look at.

A word every tuple holds (a set with as many words as boards sharing it: one candidate left
on a board) is best played first.  Take any strategy ``S`` and play the word ``w`` first, then
``S``, skipping ``w`` where ``S`` plays it (``S``'s choices only read patterns, and ``w``'s are
known by then).  A tuple that ``S`` solves holds ``w``, so ``S`` plays ``w`` on its path no
later than the guess solving its last board: guesses before ``w`` come one later, the others
where they were, and the tuple is solved no later; a tuple ``S`` leaves unsolved costs at
most as much.  So such a position is valued by playing its first such word (in the guess
list's order) alone.

Search: alpha-beta with a memo (key → (cost, exact, guess)).  The guesses tried are the kept
ones, least bound first, then most parts, then a guess closing a board, then the guess
list's order; a guess whose bound reaches the best cost so far ends the list (every later
one's does too).  The search keeps the first of equal cost in this order, a word every
tuple holds coming before all (the tie rule; :func:`ranked_guesses` lists that order).  A
:class:`Problem` with a ``deadline`` raises :class:`SearchStopped` once past it.

One board open: a position's rows are then distinct answers (a part keeps only rows whose
closed boards showed the same guess, so their open answers differ), a single-board position
with every guess legal.  A problem given ``one_board`` (the analyses: the compiled
single-board engine) values it so, exactly below beta; only where no play solves it within
the guesses left does this search count its lost tuples.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable

import numpy as np

from ..ext import kernel_build_of_codes
from ..ext._tuples import LOST as KERNEL_LOST

# The value of a one-board position (its answers, the guesses left, beta), or None: see Problem.
OneBoard = Callable[[np.ndarray, int, "int | None"], "int | None"]
# Told (done, of) as the first guesses of a search's root are valued: see Problem.report.
Report = Callable[[int, int], None]
# A lost tuple outweighs every guess count of the positions this search takes on (the
# kernels' constant, the same in both builds: read from the one-byte build, as every
# width-independent name is).
LOST: int = KERNEL_LOST
# The most tuples an exact search takes on (a position is searched whole, in memory).
MAX_EXACT_TUPLES = 200_000


class SearchStopped(Exception):
    """The search passed its problem's ``deadline`` (the memo keeps what was valued)."""


def _kernel_field(name: str, doc: str) -> property:
    """A field of the problem's kernel, read and written through the problem."""

    def read(self: Problem) -> object:
        return getattr(self.kernel, name)

    def write(self: Problem, value: object) -> None:
        setattr(self.kernel, name, value)

    return property(read, write, doc=doc)


class Problem:
    """One search over the matrix ``codes[g, a]`` (guesses × answers) and the code of all
    correct: its memo of the positions valued so far (``memo``: key → (cost, exact, guess)),
    what it counts (``nodes``: positions expanded; ``tried``: guesses whose parts were
    searched; ``bound_cuts``: guesses left untried by their bound; ``memo_hits``), and what
    the caller lends it: ``one_board``, the value of a position with one board open (its
    answers, the guesses left, beta) by the single-board engine, or None when no play solves
    it in time; ``report``, told (guesses valued or left out, guesses kept) at the root of
    :func:`best_moves` after each of its guesses; ``deadline``, a ``time.monotonic()`` past
    which the search raises :class:`SearchStopped`."""

    def __init__(
        self, codes: np.ndarray, all_correct: int, one_board: OneBoard | None = None, report: Report | None = None
    ):
        self.codes = np.ascontiguousarray(codes)  # a cached matrix is a memmap: the kernel reads it as an array
        if self.codes.dtype.kind != "u":
            self.codes = self.codes.astype(np.uint8 if self.codes.max(initial=0) < 256 else np.uint16)
        self.all_correct = all_correct
        self.kernel = kernel_build_of_codes(self.codes).tuples.TupleSearch(self.codes, all_correct, SearchStopped)
        self.kernel.one_board, self.kernel.report = one_board, report

    memo = _kernel_field("memo", "The positions valued so far: key -> (cost, exact, guess).")
    nodes = _kernel_field("nodes", "Positions expanded.")
    tried = _kernel_field("tried", "Guesses whose parts were searched.")
    bound_cuts = _kernel_field("bound_cuts", "Guesses left untried by their bound.")
    memo_hits = _kernel_field("memo_hits", "Positions found in the memo.")
    one_board = _kernel_field("one_board", "The single-board engine's value of a one-board position, or None.")
    report = _kernel_field("report", "Told (done, of) at the root of best_moves, or None.")
    deadline = _kernel_field("deadline", "A time.monotonic() past which the search stops, or None.")

    def position(self, tuples: np.ndarray):
        """The kernel's position of ``tuples`` (``int[N, k]``, one row per tuple);
        ``ValueError`` unless the rows are exactly the tuples of distinct answers over
        per-column sets that are equal or disjoint (every position a history or a split
        leaves, and every ordered tuple of a list)."""
        return self.kernel.position(tuple_groups(tuples))

    def held_by_all(self, tuples: np.ndarray) -> int | None:
        """The first guess (in the guess list) that every tuple holds, if any."""
        return self.kernel.held_by_all(self.position(tuples))


def tuple_groups(tuples: np.ndarray) -> list[tuple[np.ndarray, int]]:
    """The groups of ``tuples`` (each column's set, and the columns sharing it);
    ``ValueError`` unless the rows are every tuple of distinct answers over them (see
    :meth:`Problem.position`)."""
    n, k = tuples.shape
    groups: dict[bytes, list] = {}
    for c in range(k):
        words = np.unique(tuples[:, c]).astype(np.int32)
        groups.setdefault(words.tobytes(), [words, 0])[1] += 1
    found = [(words, count) for words, count in groups.values()]
    union = np.concatenate([words for words, _ in found]) if found else np.zeros(0, dtype=np.int32)
    count = math.prod(math.perm(len(words), boards) for words, boards in found)
    distinct_rows = n == 0 or len(np.unique(tuples, axis=0)) == n
    distinct_cells = all((tuples[:, a] != tuples[:, b]).all() for a, b in itertools.combinations(range(k), 2))
    if len(np.unique(union)) != len(union) or count != n or not distinct_rows or not distinct_cells:
        raise ValueError("the tuples are not every tuple of distinct answers over equal or disjoint board sets")
    return found


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
    """The rows in lexicographic order (one array per set of tuples)."""
    order = np.lexsort(tuples.T[::-1])
    return np.ascontiguousarray(tuples[order])


def split(problem: Problem, tuples: np.ndarray, guess: int) -> list[np.ndarray]:
    """The positions below ``guess``: the unfinished parts, closed boards dropped, in the
    order of their pattern rows (a finished part is left out)."""
    shown = problem.codes[guess][tuples]  # (N, k) codes
    keys = row_keys(shown, max(256, problem.all_correct + 1))
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
    return problem.kernel.ranked(problem.position(tuples), guesses_left)


def best_moves(problem: Problem, tuples: np.ndarray, guesses_left: int, top: int) -> list[tuple[int, int]]:
    """The ``top`` least costs of a move at ``tuples`` and their guesses, best first, ties in
    the search's order (:func:`ranked_guesses`)."""
    return problem.kernel.best_moves(problem.position(tuples), guesses_left, top)


def solve(problem: Problem, tuples: np.ndarray, guesses_left: int, beta: int | None = None) -> int:
    """The least cost of ``tuples`` with ``guesses_left`` guesses; when it is at least
    ``beta``, any value at least ``beta`` (a cut).  ``ValueError`` when the rows are not
    every tuple of distinct answers over their columns' sets (:meth:`Problem.position`)."""
    return problem.kernel.solve(problem.position(tuples), guesses_left, beta)


def guess_cost(problem: Problem, tuples: np.ndarray, guess: int, guesses_left: int, beta: int | None) -> int:
    """The cost of playing ``guess`` now at ``tuples`` (at least ``beta`` when it cannot beat it)."""
    return problem.kernel.guess_cost(problem.position(tuples), guess, guesses_left, beta)


def best_guess(problem: Problem, tuples: np.ndarray, guesses_left: int) -> int:
    """The guess of the best tree at ``tuples`` (solving the position first if needed)."""
    sets = problem.position(tuples)
    problem.kernel.solve(sets, guesses_left, None)
    _, exact, guess = problem.memo[problem.kernel.memo_key(sets, guesses_left)]
    if not exact or guess is None:
        raise ValueError("no guess tells the tuples apart: the guess list must hold the answers")
    return guess
