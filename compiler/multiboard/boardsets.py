"""A multi-board position as its open boards' candidate sets: the form the exact search walks.

The tuples of a position are every choice of one candidate per open board with no answer
twice.  Boards played with the same guesses have candidate sets that are equal (the same
patterns so far) or disjoint (a word's patterns are its own), and a guess keeps it so: each
board's set splits by the pattern the guess shows, a board keeping the class its pattern
names.  So a position is a set of *groups*, each a set of answers ``C`` and the number ``j``
of open boards that share it; its tuples number ``Π perm(|C|, j)``.  The boards' order is
left out (permuting the columns of a tuple set permutes every tuple's boards alike, so the
value and the best guess are the same): the groups, each set named by its number in a
:class:`Splitter`, are the memo's key, and below a guess the positions that differ only by
which of a group's boards took which class are one position counted as often as it occurs
(its weight).

A word ``w`` of a group ``(C, j)`` is held by ``j · perm(|C| - 1, j - 1) · Π others`` tuples,
that is ``N · j / |C|``; the most tuples holding one word are ``N · max j / |C|``.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import numpy as np

# A lost tuple outweighs every guess count of the positions this search takes on.
LOST = 1 << 40
# The most splits of sets kept (emptied when full).
SPLITS_CACHE = 200_000
# A group's part of the memo's key: its set's number times this, plus its boards (fewer than this).
KEY_BOARDS = 64


class BoardSets:
    """The groups of a position, each ``(number, words, count)``: a set named by its number
    (:class:`Splitter`), its sorted answer indices, and the open boards sharing it; ``tuples``
    and ``boards`` their counts, ``hits`` the most tuples holding one word, ``key`` the
    memo's key (equal keys: equal positions up to the boards' order)."""

    __slots__ = ("boards", "forced", "groups", "hits", "key", "tuples")

    def __init__(self, groups: list[tuple[int, np.ndarray, int]]):
        if len(groups) > 1:
            groups.sort(key=_number)
        tuples, boards, share, size_of_share = _figures(groups)
        self.groups = groups
        self.tuples, self.boards = tuples, boards
        self.hits = tuples * share // size_of_share
        self.key = tuple(number * KEY_BOARDS + count for number, _, count in groups)
        self.forced = -2  # not known yet: see exact.Problem.held_by_all


def _number(group: tuple[int, np.ndarray, int]) -> int:
    return group[0]


class Splitter:
    """The sets a search has met, each named by a number (equal sets, one number), and each
    set's classes under the guesses played on it (what :func:`split_sets` reads)."""

    def __init__(self, codes: np.ndarray, all_correct: int):
        self.codes, self.all_correct = codes, all_correct
        self.ids: dict[bytes, int] = {}
        self.words: list[np.ndarray] = []
        self.placed: dict[tuple[int, int, int], list[tuple[list, int]]] = {}
        self.summed: dict[tuple[int, int, int], list[tuple[int, int, int, int, int]]] = {}

    def intern(self, words: np.ndarray) -> int:
        """The number of the set ``words`` (sorted answer indices)."""
        raw = words.tobytes()
        number = self.ids.get(raw)
        if number is None:
            number = self.ids[raw] = len(self.words)
            self.words.append(words)
        return number

    def placements(self, number: int, count: int, guess: int) -> list[tuple[list, int]]:
        """A group's ways to place its ``count`` boards in the classes of ``guess``: the open
        groups each leaves (a board shown all correct is closed) and how many board
        assignments give it; a class holds at most as many boards as words."""
        known = self.placed.get((number, count, guess))
        if known is not None:
            return known
        if len(self.placed) >= SPLITS_CACHE:
            self.placed.clear()
            self.summed.clear()
        words = self.words[number]
        classes: dict[int, list[int]] = {}
        for word, code in zip(words.tolist(), self.codes[guess, words].tolist(), strict=True):
            classes.setdefault(code, []).append(word)
        named = [(code == self.all_correct, self._group(members)) for code, members in classes.items()]
        if count == 1:
            out = [([] if shut else [(*group, 1)], 1) for shut, group in named]
        else:
            out = []
            for combo in itertools.combinations_with_replacement(range(len(named)), count):
                placed = Counter(combo)
                if any(n > len(named[c][1][1]) for c, n in placed.items()):
                    continue
                weight = math.factorial(count) // math.prod(math.factorial(n) for n in placed.values())
                out.append(([(*named[c][1], n) for c, n in placed.items() if not named[c][0]], weight))
        self.placed[(number, count, guess)] = out
        return out

    def summaries(self, number: int, count: int, guess: int) -> list[tuple[int, int, int, int, int]]:
        """:meth:`placements` in figures: per way, its tuples, open boards, largest share of a
        word (``count`` over ``size``, as the pair) and weight."""
        known = self.summed.get((number, count, guess))
        if known is None:
            known = self.summed[(number, count, guess)] = [
                (*_figures(groups), weight) for groups, weight in self.placements(number, count, guess)
            ]
        return known

    def _group(self, members: list[int]) -> tuple[int, np.ndarray]:
        words = np.array(members, dtype=np.int32)
        number = self.intern(words)
        return number, self.words[number]


def _figures(groups: list[tuple[int, np.ndarray, int]]) -> tuple[int, int, int, int]:
    """Tuples, open boards and the largest ``count / size`` (as the pair) of some groups."""
    tuples, boards, share, size_of_share = 1, 0, 0, 1
    for _, words, count in groups:
        size = len(words)
        tuples *= size if count == 1 else math.perm(size, count)
        boards += count
        if count * size_of_share > share * size:
            share, size_of_share = count, size
    return tuples, boards, share, size_of_share


def tuple_cost(open_boards: int, guesses_left: int) -> int:
    """The least a tuple with ``open_boards`` boards to solve can cost in ``guesses_left``."""
    if open_boards > guesses_left:
        return LOST + guesses_left
    return open_boards


def static_bound(sets: BoardSets, guesses_left: int) -> int:
    """The bound ``exact.lower_bound`` gives the position's tuples (read there), from its groups."""
    return _bound(sets.tuples, sets.boards, sets.hits, guesses_left)


def _bound(tuples: int, k: int, hits: int, guesses_left: int) -> int:
    if k < guesses_left:
        return tuples * (k + 1) - hits
    return hits * tuple_cost(k, guesses_left) + (tuples - hits) * tuple_cost(k + 1, guesses_left)


def ahead_bound(splitter: Splitter, sets: BoardSets, guess: int, guesses_left: int) -> int:
    """The cost of playing ``guess`` is at least this: every tuple pays it, and each part
    below its :func:`static_bound` (the parts' figures summed without making them)."""
    options = [splitter.summaries(number, count, guess) for number, _, count in sets.groups]
    total = sets.tuples
    for choice in itertools.product(*options):
        tuples, boards, share, size_of_share, weight = 1, 0, 0, 1, 1
        for part_tuples, part_boards, part_share, part_size, part_weight in choice:
            tuples *= part_tuples
            boards += part_boards
            weight *= part_weight
            if part_share * size_of_share > share * part_size:
                share, size_of_share = part_share, part_size
        if boards:
            total += weight * _bound(tuples, boards, tuples * share // size_of_share, guesses_left - 1)
    return total


def from_tuples(splitter: Splitter, tuples: np.ndarray) -> BoardSets:
    """The groups of ``tuples`` (``int[N, k]``, one row per tuple); ``ValueError`` unless the
    rows are exactly the tuples of distinct answers over per-column sets that are equal or
    disjoint (every position a history or a split leaves, and every ordered tuple of a list)."""
    n, k = tuples.shape
    groups: dict[bytes, list] = {}
    for c in range(k):
        words = np.unique(tuples[:, c]).astype(np.int32)
        groups.setdefault(words.tobytes(), [words, 0])[1] += 1
    found = list(groups.values())
    union = np.concatenate([words for words, _ in found]) if found else np.zeros(0, dtype=np.int32)
    sets = BoardSets([(splitter.intern(words), words, count) for words, count in found])
    distinct_rows = n == 0 or len(np.unique(tuples, axis=0)) == n
    distinct_cells = all((tuples[:, a] != tuples[:, b]).all() for a, b in itertools.combinations(range(k), 2))
    if len(np.unique(union)) != len(union) or sets.tuples != n or not distinct_rows or not distinct_cells:
        raise ValueError("the tuples are not every tuple of distinct answers over equal or disjoint board sets")
    return sets


def split_sets(splitter: Splitter, sets: BoardSets, guess: int) -> list[tuple[BoardSets, int]]:
    """The unfinished positions below ``guess``, each with its weight (how many of the
    tuple-level parts it stands for), most tuples first."""
    options = [splitter.placements(number, count, guess) for number, _, count in sets.groups]
    parts = []
    for choice in itertools.product(*options):
        groups = [group for placed, _ in choice for group in placed]
        if groups:
            weight = 1
            for _, w in choice:
                weight *= w
            parts.append((BoardSets(groups), weight))
    parts.sort(key=_tuples_below)
    return parts


def _tuples_below(part: tuple[BoardSets, int]) -> int:
    return -part[0].tuples * part[1]
