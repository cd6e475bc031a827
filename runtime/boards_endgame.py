"""The multi-board policy's endgame: the move of least cost over every tuple still possible,
searched exactly over a few words (rule 3 of :mod:`wordle_runtime.boards`).

A position's tuples are every choice of one candidate per open board, no answer twice; an
endgame is a position of at most :data:`ENDGAME_TUPLES` of them (counted as the product of
the open boards' candidate counts).  Its words are every candidate of an open board and the
:data:`ENDGAME_WORDS` first words of rule 4's order, tried in the guess list's order.

Cost, the value the search minimises (the exact multi-board search's): every tuple counts
the guesses it takes (the one solving its last board; every guess left when the limit comes
first) plus :data:`LOST` for a tuple the limit leaves unsolved, so fewer lost tuples come
first, then fewer guesses.  The search is exact over its words: a depth-first search with
a memo of the positions valued, cut by a lower bound (a tuple with k open boards needs k more
guesses, and k + 1 unless the next guess is one of its answers; at most the most tuples
holding one answer save that one).  At each position the words are tried by least bound,
ties in the words' order, and the first word of least cost is kept.

The search counts its work (tuples scanned, a tuple per word tried at a position); past
:data:`ENDGAME_WORK` it gives up and the policy plays rule 4 instead, so an endgame costs
about a third of a second at most here, and the move is the same on any machine.

Glossary: ``part`` a position, the sorted tuple of its tuples (a tuple's columns are its
open boards, in board order); ``left`` the guesses left; ``beta`` a cost the caller already
has (a search that cannot beat it stops and returns a value at least ``beta``).

Standard library only: the compiler's players call :func:`endgame_move` too.
"""

from __future__ import annotations

import itertools

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Hashable, Mapping, Sequence
    from typing import Any, TypeVar

    Word = TypeVar("Word", bound=Hashable)  # a word of the game: the runtime's str, or any other name

ENDGAME_TUPLES = 200  # the most tuples a position may hold to be searched as an endgame
ENDGAME_WORDS = 10  # the words of rule 4's order an endgame tries beside the candidates
ENDGAME_WORK = 300_000  # tuples an endgame search may scan before the policy gives it up
LOST = 1 << 40  # what a tuple the guess limit leaves unsolved costs, beside its guesses

Part = tuple[tuple["Hashable", ...], ...]


class _OverBudget(Exception):
    """The search scanned more than its work allows."""


def endgame_tuples(open_sets: Sequence[Sequence[Word]]) -> list[tuple[Word, ...]] | None:
    """The tuples of a position whose open boards have the candidates ``open_sets`` (one
    answer per board, no answer twice), or None when their product passes
    :data:`ENDGAME_TUPLES`."""
    product = 1
    for words in open_sets:
        product *= len(words)
    if product > ENDGAME_TUPLES:
        return None
    return [t for t in itertools.product(*open_sets) if len(set(t)) == len(t)]


def endgame_move(
    tuples: Sequence[tuple[Word, ...]],
    words: Sequence[Word],
    codes: Mapping[Word, Mapping[Word, int]],
    solved: int,
    left: int,
) -> tuple[Word, int] | None:
    """The first word of ``words`` of least cost at ``tuples`` with ``left`` guesses, and
    that cost; None when the search passes :data:`ENDGAME_WORK` or no word tells the tuples
    apart.  ``codes[word][answer]`` is the code ``word`` shows ``answer``, ``solved`` the
    code of all correct."""
    search = _Search(words, codes, solved)
    root: Part = tuple(sorted(tuples))
    if not root:
        return None
    try:
        search.value(root, left, None)
    except _OverBudget:
        return None
    cost, index = search.memo.get((root, left), (0, -1))
    return None if index < 0 else (words[index], cost)


class _Search:
    """One endgame's search: its words, their codes, the memo and the work done."""

    def __init__(self, words: Sequence[Any], codes: Mapping[Any, Mapping[Any, int]], solved: int):
        self.shown = [codes[word] for word in words]  # each word's codes, in the words' order
        self.solved = solved
        self.memo: dict[tuple[Part, int], tuple[int, int]] = {}  # exact values only: (cost, word's index)
        self.hits: dict[Part, int] = {}  # a part's most tuples holding one answer
        self.work = 0

    def bound(self, part: Part, left: int) -> int:
        """A lower bound on the cost of ``part`` (see the module's docstring)."""
        open_boards, n = len(part[0]), len(part)
        if left < open_boards:  # every tuple is lost: the exact cost
            return (LOST + left) * n
        hits = self.hits.get(part)
        if hits is None:
            counts: dict[Hashable, int] = {}
            for t in part:
                for answer in t:
                    counts[answer] = counts.get(answer, 0) + 1
            hits = self.hits[part] = max(counts.values())
        missed = (n - hits) * (LOST if left == open_boards else 1)  # tuples the next guess misses
        return open_boards * n + missed

    def splits(self, part: Part, left: int) -> list[tuple[int, int, list[Part]]]:
        """Per word that tells ``part`` apart or solves a board: (the bound on playing it,
        the word's index, the parts it leaves with a board open), by least bound, ties in
        word order."""
        solved, n = self.solved, len(part)
        tried = []
        for index, shown in enumerate(self.shown):
            self.work += n
            if self.work > ENDGAME_WORK:
                raise _OverBudget
            groups: dict[tuple[int, ...], list[tuple[Hashable, ...]]] = {}
            for t in part:
                groups.setdefault(tuple(shown[a] for a in t), []).append(t)
            if len(groups) == 1 and solved not in next(iter(groups)):
                continue  # tells nothing and solves nothing
            children, bound = [], n
            for pattern, members in groups.items():
                keep = [i for i, code in enumerate(pattern) if code != solved]
                if not keep:
                    continue
                if len(keep) < len(pattern):
                    child = tuple(sorted(tuple(t[i] for i in keep) for t in members))
                else:
                    child = tuple(members)
                children.append(child)
                bound += self.bound(child, left - 1)
            tried.append((bound, index, children))
        tried.sort(key=lambda entry: entry[0])  # stable: ties stay in word order
        return tried

    def value(self, part: Part, left: int, beta: int | None) -> int:
        """The least cost of ``part`` with ``left`` guesses; at least ``beta`` when it
        cannot be below it."""
        known = self.memo.get((part, left))
        if known is not None:
            return known[0]
        if left < len(part[0]):  # every tuple is lost, whatever is played
            return (LOST + left) * len(part)
        best: tuple[int, int] | None = None
        for bound, index, children in self.splits(part, left):
            cap = beta if best is None else best[0] if beta is None else min(best[0], beta)
            if cap is not None and bound >= cap:
                break
            cost = self.played(children, left, bound, cap)
            if cost is not None:
                best = (cost, index)
        if best is None:
            return (LOST + left) * len(part) if beta is None else beta
        self.memo[(part, left)] = best
        return best[0]

    def played(self, children: list[Part], left: int, bound: int, cap: int | None) -> int | None:
        """The cost of the move whose parts are ``children`` (``bound`` its lower bound),
        or None when it reaches ``cap``."""
        total = bound
        for child in children:
            floor = self.bound(child, left - 1)
            child_cap = None if cap is None else cap - (total - floor)
            total += self.value(child, left - 1, child_cap) - floor
            if cap is not None and total >= cap:
                return None
        return total
