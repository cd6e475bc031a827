"""The walker: "what do I play next?" for a history of (guess, pattern) pairs."""

from __future__ import annotations

import itertools
import os
from bisect import bisect_left

from .feedback import ALL_GREEN, parse_pattern, score_code
from .format import TreeData, TreeFormatError, read_tree_file, unpack_tree

MANIFEST = "manifest.json"
DEFAULT_NAME_FILE = "DEFAULT"  # one line: the default tree's file name (also in the manifest)
# Off-tree rule: at most this many candidates are scored by expected remaining size.
OFF_TREE_SHORTLIST = 150


class HistoryError(ValueError):
    """The history is malformed, contradicts itself, or fits no answer."""


class Position:
    """Where a history leads: the next guess (None once solved) and the answers left."""

    __slots__ = ("guess", "candidates", "on_tree", "solved")

    def __init__(self, guess, candidates, on_tree, solved):
        self.guess, self.candidates, self.on_tree, self.solved = guess, candidates, on_tree, solved

    def __repr__(self):
        return (f"Position(guess={self.guess!r}, remaining={len(self.candidates)}, "
                f"on_tree={self.on_tree}, solved={self.solved})")


def _as_code(pattern) -> int:
    if isinstance(pattern, int) and not isinstance(pattern, bool):
        if 0 <= pattern <= ALL_GREEN:
            return pattern
        raise HistoryError(f"pattern code {pattern} is outside 0..{ALL_GREEN}")
    try:
        return parse_pattern(pattern)
    except ValueError as exc:
        raise HistoryError(str(exc)) from None


def pattern_is_possible(guess: str, code: int) -> bool:
    """Whether some five-letter string gives ``code`` for ``guess`` (Wordle's left-to-right rule)."""
    digits = [(code // 3**i) % 3 for i in range(5)]
    answer = [guess[i] if d == 2 else None for i, d in enumerate(digits)]
    free = [i for i, d in enumerate(digits) if d != 2]
    yellows = [i for i in free if digits[i] == 1]
    filler = next(ch for ch in "abcdefghijklmnopqrstuvwxyz" if ch not in guess)
    # place each yellow letter at a distinct free position where the guess has another letter
    for slots in itertools.permutations(free, len(yellows)):
        if any(guess[j] == guess[i] for i, j in zip(yellows, slots)):
            continue
        trial = list(answer)
        for i, j in zip(yellows, slots):
            trial[j] = guess[i]
        word = "".join(ch or filler for ch in trial)
        if score_code(guess, word) == code:
            return True
    return False


def choose_off_tree(candidates: list[str]) -> str:
    """The documented off-tree rule.

    Among the remaining answers, shortlist the ``OFF_TREE_SHORTLIST`` with the highest
    positional letter frequency (all of them when fewer), then play the one whose
    feedback leaves the smallest expected number of answers (sum of squared class
    sizes); ties go to the alphabetically first word.
    """
    if len(candidates) <= 2:
        return min(candidates)
    shortlist = sorted(candidates)
    if len(shortlist) > OFF_TREE_SHORTLIST:
        freq = [dict() for _ in range(5)]
        for word in candidates:
            for i, ch in enumerate(word):
                freq[i][ch] = freq[i].get(ch, 0) + 1
        shortlist.sort(key=lambda w: (-sum(freq[i][ch] for i, ch in enumerate(w)), w))
        shortlist = sorted(shortlist[:OFF_TREE_SHORTLIST])
    best, best_cost = None, None
    for guess in shortlist:
        counts: dict[int, int] = {}
        for answer in candidates:
            code = score_code(guess, answer)
            counts[code] = counts.get(code, 0) + 1
        cost = sum(c * c for c in counts.values())
        if best_cost is None or cost < best_cost:
            best, best_cost = guess, cost
    return best


class Tree:
    """A validated tree; see FORMAT.md for the arrays it holds."""

    def __init__(self, data: TreeData):
        self.data = data
        self.answers = data.answers
        self.guesses = data.guesses
        self.meta = data.meta
        self._node_guess = data.node_guess
        self._start = data.child_start
        self._pattern = data.edge_pattern
        self._child = data.edge_child

    @property
    def stats(self) -> dict:
        return dict(self.meta.get("stats", {}))

    @property
    def first_guess(self) -> str:
        return self.guesses[self._node_guess[0]]

    def _child_of(self, node: int, code: int) -> int | None:
        lo, hi = self._start[node], self._start[node + 1]
        i = bisect_left(self._pattern, code, lo, hi)
        if i < hi and self._pattern[i] == code:
            return self._child[i]
        return None

    def subtree_answers(self, node: int) -> list[str]:
        found, stack = [], [node]
        node_answer = self.data.node_answer
        while stack:
            current = stack.pop()
            if node_answer[current] >= 0:
                found.append(self.answers[node_answer[current]])
            stack.extend(self._child[self._start[current]:self._start[current + 1]])
        return sorted(found)

    def next_guess(self, history=()) -> str | None:
        """The next guess (``None`` when the history already ends in all green)."""
        node = 0
        guesses, node_guess = self.guesses, self._node_guess
        for guess, pattern in history:
            code = _as_code(pattern)
            if code == ALL_GREEN or guesses[node_guess[node]] != guess:
                return self.position(history).guess
            node = self._child_of(node, code)
            if node is None:
                return self.position(history).guess  # raises with the reason
        return guesses[node_guess[node]]

    def candidates(self, history=()) -> list[str]:
        return list(self.position(history).candidates)

    def position(self, history=()) -> Position:
        """Walk the tree; leave it for the off-tree rule at the first guess it did not play."""
        history = [(_check_word(g), _as_code(p)) for g, p in history]
        node: int | None = 0
        remaining: list[str] | None = None
        for step, (guess, code) in enumerate(history, start=1):
            if remaining is None and self.guesses[self._node_guess[node]] == guess:
                if code == ALL_GREEN:
                    if self.data.node_answer[node] < 0:
                        raise HistoryError(f"{guess!r} cannot be the answer at step {step}: "
                                           "no answer fits this history")
                    return Position(None, (guess,), True, True)
                child = self._child_of(node, code)
                if child is None:
                    _no_answer_fits(guess, code, step)
                node = child
                continue
            if remaining is None:
                remaining = self.subtree_answers(node)
                node = None
            remaining = [a for a in remaining if score_code(guess, a) == code]
            if not remaining:
                _no_answer_fits(guess, code, step)
            if code == ALL_GREEN:
                return Position(None, (guess,), False, True)
        if remaining is None:
            return Position(self.guesses[self._node_guess[node]],
                            tuple(self.subtree_answers(node)), True, False)
        return Position(choose_off_tree(remaining), tuple(remaining), False, False)


def _check_word(word) -> str:
    if not isinstance(word, str) or len(word) != 5 or not word.isascii() or not word.isalpha():
        raise HistoryError(f"{word!r} is not a five-letter word")
    return word.lower()


def _no_answer_fits(guess: str, code: int, step: int):
    from .feedback import format_pattern

    if not pattern_is_possible(guess, code):
        raise HistoryError(
            f"pattern {format_pattern(code)} is impossible for {guess!r} at step {step} "
            "(Wordle marks repeated letters yellow left to right before gray)")
    raise HistoryError(f"no answer fits the history at step {step} ({guess} {format_pattern(code)})")


def shipped_trees() -> list[str]:
    """File names of the tree files shipped in ``wordle_trees``."""
    return sorted(name for name in os.listdir(_trees_folder()) if name.endswith(".wtree"))


def resolve_tree(source: str) -> str:
    """A path as given, or the name of a shipped tree (``salet-optimal-hard``, with or
    without ``.wtree``) when no such file exists."""
    if os.path.exists(source) or os.sep in source:
        return source
    name = source if source.endswith(".wtree") else source + ".wtree"
    if name in shipped_trees():
        return os.path.join(_trees_folder(), name)
    return source  # reading it gives the usual one-line "cannot read" error


def load(source) -> Tree:
    """Load a tree from a path, a shipped tree's name, raw bytes, or ``None`` for the default."""
    if source is None:
        source = default_tree_path()
    elif isinstance(source, str):
        source = resolve_tree(source)
    if isinstance(source, (bytes, bytearray, memoryview)):
        return Tree(unpack_tree(source))
    return Tree(read_tree_file(source))


def _trees_folder() -> str:
    """The installed ``wordle_trees`` package folder.

    A plain directory is found from the package's ``__path__`` (cheap); anything else
    (a zip, a custom loader) goes through importlib.resources, which costs a
    noticeable part of a cold start.
    """
    import wordle_trees

    for folder in getattr(wordle_trees, "__path__", []):
        if os.path.isfile(os.path.join(folder, DEFAULT_NAME_FILE)):
            return folder
    from importlib import resources

    return str(resources.files("wordle_trees"))


def default_tree_path() -> str:
    """The shipped default tree, named in ``trees/DEFAULT`` (read without json, for speed)."""
    folder = _trees_folder()
    try:
        with open(os.path.join(folder, DEFAULT_NAME_FILE), encoding="utf-8") as fh:
            name = fh.read().strip()
    except OSError:
        raise TreeFormatError("the shipped trees/DEFAULT file is missing or unreadable") from None
    path = os.path.join(folder, os.path.basename(name))
    if not os.path.isfile(path):
        raise TreeFormatError(f"the default tree {name} is not installed")
    return path
