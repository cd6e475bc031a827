"""The walker: "what do I play next?" for a game history, on or off the tree."""

from __future__ import annotations

import itertools
import os
from bisect import bisect_left

from .feedback import ALL_GREEN, format_pattern, parse_pattern, score_code
from .format import TreeData, TreeFormatError, read_tree_file, unpack_tree
from .game import DEFAULT_GAME, Game
from .history import HistoryError, NoAnswerError, parse_history
from .rules import mode_problem

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Callable, Iterable
    from typing import Any, NoReturn

    from .history import History

MANIFEST = "manifest.json"
DEFAULT_NAME_FILE = "DEFAULT"  # one line: the default tree's file name (also in the manifest)
# Off-tree rule: at most this many candidates are scored by expected remaining size.
OFF_TREE_SHORTLIST = 150

__all__ = ["HistoryError", "NoAnswerError", "Position", "Tree", "load", "shipped_trees"]


class Position:
    """Where a history leads.

    ``guess``: the next guess (None once solved); ``candidates``: the answers still
    possible (a tuple, alphabetical); ``on_tree``: whether every guess so far was the
    tree's; ``solved``: the last step was all green.  On the tree, ``expected_guesses``
    is the mean number of guesses still needed (the next one included) over the
    remaining answers, and ``max_guesses`` the most any of them needs: both from the
    file's per-node subtree stats.  Off the tree both are None.

    ``weighted`` is None for a tree without weights.  For a tree with weights (format
    1.2) it is True when ``expected_guesses`` is the mean under them (Σ weight × guesses
    / Σ weight over the remaining answers), and False when there is no such figure: off
    the tree, or when every remaining answer has weight 0 (then ``expected_guesses`` is
    the plain mean, every answer counted equally).
    """

    __slots__ = ("candidates", "expected_guesses", "guess", "max_guesses", "on_tree", "solved", "weighted")

    def __init__(
        self,
        guess: str | None,
        candidates: tuple[str, ...],
        on_tree: bool,
        solved: bool,
        expected_guesses: float | None = None,
        max_guesses: int | None = None,
        weighted: bool | None = None,
    ) -> None:
        self.guess, self.candidates, self.on_tree, self.solved = guess, candidates, on_tree, solved
        self.expected_guesses, self.max_guesses, self.weighted = expected_guesses, max_guesses, weighted

    @property
    def expected_note(self) -> str:
        """What a printed ``expected_guesses`` is, to append after it: nothing for a tree
        without weights, "under the tree's weights", or why the answers were counted equally."""
        if self.weighted is None:
            return ""
        if self.weighted:
            return " under the tree's weights"
        return " with the answers left counted equally, as the tree's weights give them all 0"

    def __repr__(self) -> str:
        return (
            f"Position(guess={self.guess!r}, remaining={len(self.candidates)}, "
            f"on_tree={self.on_tree}, solved={self.solved})"
        )


def pattern_is_possible(guess: str, code: int, game: Game = DEFAULT_GAME) -> bool:
    """Whether some string gives ``code`` for ``guess`` (Wordle's left-to-right rule;
    Mastermind: the score is one some guess can get)."""
    if game.rule != "wordle":
        return game.possible_code(code)
    score = score_code if game is DEFAULT_GAME else game.score_code
    digits: list[int] = [(code // 3**i) % 3 for i in range(game.length)]  # int ** int is typed Any
    answer = [guess[i] if d == 2 else None for i, d in enumerate(digits)]
    free = [i for i, d in enumerate(digits) if d != 2]
    yellows = [i for i in free if digits[i] == 1]
    filler = next((ch for ch in game.alphabet if ch not in guess), "")  # "": every symbol is in the guess
    # place each yellow letter at a distinct free position where the guess has another letter
    for slots in itertools.permutations(free, len(yellows)):
        if any(guess[j] == guess[i] for i, j in zip(yellows, slots, strict=True)):
            continue
        trial = list(answer)
        for i, j in zip(yellows, slots, strict=True):
            trial[j] = guess[i]
        if not filler and None in trial:
            continue
        if score(guess, "".join(ch or filler for ch in trial)) == code:
            return True
    return False


def choose_off_tree(candidates: list[str], score: Callable[[str, str], int] = score_code) -> str:
    """The documented off-tree rule.

    Among the remaining answers, shortlist the ``OFF_TREE_SHORTLIST`` with the highest
    positional letter frequency (all of them when fewer), then play the one whose
    feedback (``score``: the game's rule) leaves the smallest expected number of answers
    (sum of squared class sizes); ties go to the alphabetically first word.  Every
    remaining answer fits all the feedback so far, so the choice is legal in hard and
    "possible" mode too.
    """
    if len(candidates) <= 2:
        return min(candidates)
    shortlist = sorted(candidates)
    if len(shortlist) > OFF_TREE_SHORTLIST:
        freq: list[dict[str, int]] = [{} for _ in range(len(candidates[0]))]
        for word in candidates:
            for i, ch in enumerate(word):
                freq[i][ch] = freq[i].get(ch, 0) + 1
        shortlist.sort(key=lambda w: (-sum(freq[i][ch] for i, ch in enumerate(w)), w))
        shortlist = sorted(shortlist[:OFF_TREE_SHORTLIST])

    def cost(guess: str) -> int:
        counts: dict[int, int] = {}
        for answer in candidates:
            code = score(guess, answer)
            counts[code] = counts.get(code, 0) + 1
        return sum(c * c for c in counts.values())

    return min(shortlist, key=cost)  # the first of the cheapest: shortlist is alphabetical


def _in_sorted(words: list[str], word: str) -> bool:
    i = bisect_left(words, word)
    return i < len(words) and words[i] == word


class Tree:
    """A validated decision tree (see FORMAT.md for the arrays it holds).

    >>> tree = load()                                   # the shipped default tree
    >>> tree.next_guess("salet bbbbb")                  # doctest: +SKIP
    'courd'
    """

    def __init__(self, data: TreeData) -> None:
        if data.subtree_answers is None or data.subtree_total is None or data.subtree_depth is None:
            raise ValueError("a Tree walks loaded data: unpack_tree and read_tree_file fill its subtree stats")
        self.data = data
        self.answers = data.answers
        self.guesses = data.guesses
        self.meta = data.meta
        self.game = data.game  # the rule, length and alphabet (wordle_runtime.game.Game)
        self.mode = data.mode  # None for a format 1.0 file: no mode rule is checked
        self.guess_list = data.guess_list  # None for 1.0: any five-letter word is accepted
        self.weights = data.weights  # the answers' weights (format 1.2), or None
        self._weighted = False if data.weights is not None else None  # Position.weighted off the tree
        self._node_guess = data.node_guess
        self._start = data.child_start
        self._pattern = data.edge_pattern
        self._child = data.edge_child
        self._below, self._total, self._depth = data.subtree_answers, data.subtree_total, data.subtree_depth
        weight, weighted_total = data.subtree_weight, data.subtree_weighted_total
        self._weight_sums = None if weight is None or weighted_total is None else (weight, weighted_total)

    @property
    def stats(self) -> dict[str, Any]:
        """The build's claimed stats from ``meta`` (schema-checked), or {}."""
        return dict(self.meta.get("stats", {}))

    @property
    def first_guess(self) -> str:
        """The word the tree opens with."""
        return self.guesses[self._node_guess[0]]

    def is_guess_allowed(self, word: str) -> bool:
        """Whether the game accepts ``word``: in the file's guess list, or a word of the
        tree itself; files without a guess list (format 1.0) accept any five letters."""
        if self.guess_list is None or word in self.guess_list:
            return True
        return _in_sorted(self.guesses, word) or _in_sorted(self.answers, word)

    def _child_of(self, node: int, code: int) -> int | None:
        lo, hi = self._start[node], self._start[node + 1]
        i = bisect_left(self._pattern, code, lo, hi)
        if i < hi and self._pattern[i] == code:
            return self._child[i]
        return None

    def subtree_answers(self, node: int) -> list[str]:
        """The answers solved at ``node`` or below it, alphabetical (an iterative walk)."""
        found: list[str] = []
        stack = [node]
        node_answer = self.data.node_answer
        while stack:
            current = stack.pop()
            if node_answer[current] >= 0:
                found.append(self.answers[node_answer[current]])
            stack.extend(self._child[self._start[current] : self._start[current + 1]])
        return sorted(found)

    def next_guess(self, history: History = ()) -> str | None:
        """The next guess after ``history`` (any shape :func:`parse_history` accepts),
        or None when the last step was all green.  Raises :class:`HistoryError`."""
        node = 0
        guesses, node_guess = self.guesses, self._node_guess
        if isinstance(history, (list, tuple)) and self.game is DEFAULT_GAME:  # fast path: pairs on the tree
            try:
                for guess, pattern in history:  # anything but pairs fails here or below
                    code = pattern if type(pattern) is int else _quick_code(pattern)
                    if code is None or code == ALL_GREEN or guesses[node_guess[node]] != guess:
                        break
                    child = self._child_of(node, code)
                    if child is None:
                        break  # position() raises with the reason
                    node = child
                else:
                    return guesses[node_guess[node]]
            except (TypeError, ValueError):
                pass
        return self.position(history).guess  # the full parser and rules decide

    def candidates(self, history: History = ()) -> list[str]:
        """The answers still possible after ``history``, alphabetical."""
        return list(self.position(history).candidates)

    def position(self, history: History = ()) -> Position:
        """Walk the tree; leave it for the off-tree rule at the first guess it did not play.

        Every guess the tree did not suggest must be in the guess list and allowed by the
        mode (hard mode: greens kept, revealed letters reused); otherwise, or when the
        history is malformed, :class:`HistoryError`.  :class:`NoAnswerError` (a subclass)
        when no answer fits.
        """
        game = self.game
        steps = parse_history(history, game)
        done = game.all_correct
        node = 0  # the last node on the tree
        remaining: list[str] | None = None
        for step, (guess, code) in enumerate(steps, start=1):
            if remaining is None and self.guesses[self._node_guess[node]] == guess:
                if code == done:
                    if self.data.node_answer[node] < 0:
                        raise NoAnswerError(
                            f"step {step}: {guess!r} cannot be the answer here: no answer fits this history"
                        )
                    return Position(None, (guess,), True, True, 0.0, 0, None if self.weights is None else True)
                child = self._child_of(node, code)
                if child is None:
                    _no_answer_fits(guess, code, step, game)
                node = child
                continue
            self._check_guess(steps[: step - 1], guess, step)
            if remaining is None:
                remaining = self.subtree_answers(node)
            score = score_code if game is DEFAULT_GAME else game.score_code
            remaining = [a for a in remaining if score(guess, a) == code]
            if not remaining:
                _no_answer_fits(guess, code, step, game)
            if code == done:
                return Position(None, (guess,), False, True, weighted=self._weighted)
        if remaining is None:
            expected, weighted = self._expected(node)
            return Position(
                self.guesses[self._node_guess[node]],
                tuple(self.subtree_answers(node)),
                True,
                False,
                expected,
                self._depth[node],
                weighted,
            )
        score = score_code if game is DEFAULT_GAME else game.score_code
        return Position(choose_off_tree(remaining, score), tuple(remaining), False, False, weighted=self._weighted)

    def _expected(self, node: int) -> tuple[float, bool | None]:
        """(expected guesses from ``node`` on, Position.weighted): under the weights when the
        file has them and the answers below weigh something, else the plain mean; O(1)."""
        if self._weight_sums is not None:
            weight, weighted_total = self._weight_sums
            if weight[node]:
                return weighted_total[node] / weight[node], True
        return self._total[node] / self._below[node], self._weighted

    def guess_problem(self, history: Iterable[tuple[str, int]], word: str) -> str | None:
        """Why the game would refuse ``word`` after ``history`` ((word, code) pairs), or None.

        Checks the guess list and the mode's rule; a word the tree itself plays where the
        history leads is always allowed (the compiler verified it), but this does not
        look at the tree, so call it for the player's own guesses.
        """
        if not self.is_guess_allowed(word):
            return f"{word!r} is not in this tree's guess list"
        problem = mode_problem(self.mode, history, word, self.game)
        if problem:
            return f"{word!r} is not allowed in {self.mode} mode: {problem}"
        return None

    def _check_guess(self, before: list[tuple[str, int]], word: str, step: int) -> None:
        problem = self.guess_problem(before, word)
        if problem:
            raise HistoryError(f"step {step}: {problem}")


def _quick_code(pattern: object) -> int | None:
    """A pattern's code for the fast path, or None to let the full parser explain."""
    if not isinstance(pattern, str):
        return None
    try:
        return parse_pattern(pattern)
    except ValueError:
        return None


def _no_answer_fits(guess: str, code: int, step: int, game: Game = DEFAULT_GAME) -> NoReturn:
    shown = format_pattern(code) if game is DEFAULT_GAME else game.format_code(code)
    if not pattern_is_possible(guess, code, game):
        raise NoAnswerError(
            f"step {step}: pattern {shown} is impossible for {guess!r} "
            "(Wordle marks repeated letters yellow left to right before gray)"
        )
    raise NoAnswerError(f"step {step}: no answer fits the history ({guess} {shown})")


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


def load(name_or_path: str | os.PathLike[str] | bytes | bytearray | memoryview | None = None) -> Tree:
    """Load a tree and validate it completely.

    ``name_or_path``: None for the shipped default tree; the name of a shipped tree
    (``"salet-optimal-hard"``, see :func:`shipped_trees`); a path (str or PathLike); or the
    file's bytes.  Raises :class:`TreeFormatError` (a ValueError) with one line.
    """
    source = name_or_path
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

    for folder in wordle_trees.__path__:
        if os.path.isfile(os.path.join(folder, DEFAULT_NAME_FILE)):
            return folder
    from importlib import resources

    return str(resources.files("wordle_trees"))


def default_tree_path() -> str:
    """The shipped default tree, named in ``trees/DEFAULT`` (read without json, for speed)."""
    folder = _trees_folder()
    try:
        with open(os.path.join(folder, DEFAULT_NAME_FILE), encoding="utf-8") as fh:
            name = fh.read(256).strip()
    except OSError:
        raise TreeFormatError("the shipped trees/DEFAULT file is missing or unreadable") from None
    path = os.path.join(folder, os.path.basename(name))
    if not os.path.isfile(path):
        raise TreeFormatError(f"the default tree {name} is not installed")
    return path
