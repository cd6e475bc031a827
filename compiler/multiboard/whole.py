"""The policy's exact figures over every pair of distinct answers (Dordle): its tree walked
once, each position's move computed once for all the pairs that reach it.

A position is each open board's candidates (the same rules as :func:`.policy.play`); the
pairs it holds are ``|A| × |B| − |A ∩ B|`` for two open boards, ``|A|`` for one.  Its move
splits each board's candidates by pattern; every combination of parts is a position below
(a board showing all correct is closed).  The total is the sum over all pairs of the guess
that solves the pair's last board: a proved upper bound on the optimal Dordle total from the
same opening, since the policy is a strategy.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .policy import Table, exclude_known, policy_move

LOST_PAIR = -1  # a pair the policy does not solve within the limit, in the histogram


@dataclass
class Walk:
    """The policy's figures over every pair: pairs per guess count (solved by that guess;
    :data:`LOST_PAIR` for pairs left unsolved), the positions visited and their memo."""

    limit: int
    histogram: dict[int, int] = field(default_factory=dict)
    positions: int = 0
    memo: dict = field(default_factory=dict)

    @property
    def pairs(self) -> int:
        """Every pair walked."""
        return sum(self.histogram.values())

    @property
    def total(self) -> int:
        """Guesses in all (a lost pair counts every guess of the limit)."""
        return sum((self.limit if g == LOST_PAIR else g) * count for g, count in self.histogram.items())


def pair_count(sets: list[np.ndarray]) -> int:
    """The tuples of distinct answers over one or two open boards' candidates."""
    if len(sets) == 1:
        return len(sets[0])
    first, second = sets
    return len(first) * len(second) - len(np.intersect1d(first, second, assume_unique=True))


def walk_pairs(table: Table, policy: str = "entropy", walk: Walk | None = None) -> Walk:
    """Walk the policy's Dordle tree over every ordered pair of distinct answers (into
    ``walk`` when given, whose ``positions`` another thread may read as it grows)."""
    walk = Walk(table.limit) if walk is None else walk
    everything = np.arange(table.codes.shape[1])
    walk.histogram = _walk(table, policy, [everything, everything], 0, walk)
    return walk


def opening_parts(table: Table, guess: int) -> list[list[np.ndarray]]:
    """The positions below ``guess`` played first on every pair: each its open boards'
    candidates (known answers excluded), in the order of their patterns."""
    everything = np.arange(table.codes.shape[1])
    return [child for child in _children(table, [everything, everything], guess) if child]


def walk_from(table: Table, policy: str, sets: list[np.ndarray], used: int, walk: Walk) -> dict[int, int]:
    """The policy's histogram (guess number -> pairs solved by it) over the pairs of the
    position ``sets`` reached after ``used`` guesses, memoised in ``walk``."""
    return _walk(table, policy, sets, used, walk)


def _walk(table: Table, policy: str, sets: list[np.ndarray], used: int, walk: Walk) -> dict[int, int]:
    """The histogram of the position's pairs (guess number -> pairs solved by it)."""
    key = (tuple(s.tobytes() for s in sets), used)
    known = walk.memo.get(key)
    if known is not None:
        return known
    walk.positions += 1
    if used == table.limit:
        here = {LOST_PAIR: pair_count(sets)}
    else:
        guess = policy_move(table, sets, used, policy)
        here = {}
        for child in _children(table, sets, guess):
            below = {used + 1: 1} if not child else _walk(table, policy, child, used + 1, walk)
            for guesses, count in below.items():
                here[guesses] = here.get(guesses, 0) + count
    walk.memo[key] = here
    return here


def _children(table: Table, sets: list[np.ndarray], guess: int):
    """Each combination of the boards' parts below ``guess`` that holds a pair: the open
    boards' candidates, known answers excluded (an empty list: a pair solved by it)."""
    answer_of_guess = np.flatnonzero(table.answer_rows == guess)
    parts = []
    for words in sets:
        codes = table.codes[guess, words]
        parts.append([(int(code), words[codes == code]) for code in np.unique(codes)])
    if len(sets) == 1:
        for code, words in parts[0]:
            yield [] if code == table.all_correct else [words]  # all correct: the pair is solved
        return
    for code_a, words_a in parts[0]:
        for code_b, words_b in parts[1]:
            if code_a == table.all_correct and code_b == table.all_correct:
                continue  # one guess is no two boards' answer
            if table.all_correct in (code_a, code_b):
                rest = words_b if code_a == table.all_correct else words_a
                rest = rest[~np.isin(rest, answer_of_guess)]
                if len(rest):
                    yield [rest]
                continue
            if pair_count([words_a, words_b]) == 0:
                continue
            child = [words_a, words_b]
            exclude_known(child, [0, 1], set())
            yield child
