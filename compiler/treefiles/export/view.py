"""The read-only view of a tree file's flat arrays that every exporter walks, and the one
error an export request can raise."""

from __future__ import annotations

from array import array

from wordle_runtime.feedback import format_pattern, pattern_digits
from wordle_runtime.format import TreeData
from wordle_runtime.game import DEFAULT_GAME, WORDLE
from wordle_runtime.history import HistoryError, parse_history
from wordle_runtime.structure import MAX_DEPTH

from ...core.games import game_title
from ..metaview import get

# pattern code -> its position in reading order (first letter most significant)
READING_RANK = [int(pattern_digits(code), 3) for code in range(DEFAULT_GAME.n_codes)]


def reading_rank(game) -> list[int]:
    """Each code's place in reading order: a Wordle pattern read from its first symbol
    (gray, yellow, green), a Mastermind score by blacks, then whites."""
    if game is DEFAULT_GAME:
        return READING_RANK
    if game.rule != WORDLE:
        return list(range(game.n_codes))
    return [int(game.format_code(code).translate(str.maketrans("byg", "012")), 3) for code in range(game.n_codes)]


# The most levels the text, selby and csv formats write, whose lines grow with the depth:
# the depth a tree file of format 1.1 or later can hold.  A 1.0 file stores no depth, and
# the outline of a deep 1.0 chain would grow with the square of its depth
# (tests/test_export_memory.py).
MAX_TEXT_DEPTH = MAX_DEPTH


def _answers_and_depths_below(data: TreeData) -> tuple[array, array]:
    """For each node, the answers solved at or below it and the most guesses any of them
    needs from it (children have larger ids than their parents, so one pass from the last
    node up sees every child first)."""
    below, depth = array("I", [0]) * data.n_nodes, array("I", [0]) * data.n_nodes
    start, children, node_answer = data.child_start, data.edge_child, data.node_answer
    for node in range(data.n_nodes - 1, -1, -1):
        count, deepest = (1 if node_answer[node] >= 0 else 0), 0
        for edge in range(start[node], start[node + 1]):
            child = children[edge]
            count += below[child]
            deepest = max(deepest, depth[child])
        below[node], depth[node] = count, deepest + 1
    return below, depth


class ExportError(ValueError):
    """A bad --path or an impossible export request."""


class TreeView:
    """Read-only helpers over the flat arrays: children, words, answers below a node."""

    def __init__(self, data: TreeData):
        self.data = data
        self.game = getattr(data, "game", DEFAULT_GAME)
        self._rank = reading_rank(self.game)
        # answers solved in each node's subtree and its depth: the loader's when it made them
        if data.subtree_answers is not None and data.subtree_depth is not None:
            self.below, self.depth = data.subtree_answers, data.subtree_depth
        else:
            self.below, self.depth = _answers_and_depths_below(data)

    def game_title(self) -> str:
        """The tree's game as people call it (``Spanish Wordle (es)``), from its rules and the
        names its ``meta`` gives its lists."""
        names = [get(self.data.meta, "word_lists", key, "name", kind=str) for key in ("guesses", "answers")]
        return game_title(self.game, names)

    def check_text_depth(self, node: int, levels_shown: int | None = None, other_ways: str = "") -> None:
        """ExportError when a text export of the subtree at ``node`` would write more than
        MAX_TEXT_DEPTH levels (``levels_shown``: the most it writes; ``other_ways``: the
        exporter's own options that would do, named in the error)."""
        levels = self.depth[node] if levels_shown is None else min(self.depth[node], levels_shown)
        if levels > MAX_TEXT_DEPTH:
            raise ExportError(
                f"the tree is {levels} guesses deep from here, and this format writes at most "
                f"{MAX_TEXT_DEPTH} levels, as its lines grow with the depth ({other_ways}"
                "--format olson writes any depth)"
            )

    def children(self, node):
        """(pattern code, child node) for each edge out of ``node``, in the order stored."""
        d = self.data
        return [(d.edge_pattern[e], d.edge_child[e]) for e in range(d.child_start[node], d.child_start[node + 1])]

    def guess(self, node) -> str:
        """The word played at ``node``."""
        return self.data.guesses[self.data.node_guess[node]]

    def solves(self, node) -> str | None:
        """The answer solved at ``node`` (its own guess), or None when it solves none."""
        a = self.data.node_answer[node]
        return self.data.answers[a] if a >= 0 else None

    def pattern(self, code: int) -> str:
        """A code in the game's notation (``gybbb``; ``B2W1`` in Mastermind)."""
        return format_pattern(code) if self.game is DEFAULT_GAME else self.game.format_code(code)

    def ordered_children(self, node):
        """``children(node)`` in reading order (see the module docstring)."""
        rank = self._rank
        return sorted(self.children(node), key=lambda item: rank[item[0]])

    def follow(self, path_text: str | None) -> tuple[int, list]:
        """Node reached by a history, in any notation ``wordle-next`` accepts
        (``salet bbbbb courd bbbyb``, ``salet:bbbbb,courd=00120``, emoji); also the history."""
        node, history = 0, []
        if not path_text:
            return node, history
        try:
            steps = parse_history(path_text, self.game)
        except HistoryError as exc:
            raise ExportError(f"--path: {exc}") from None
        for step, (word, code) in enumerate(steps, start=1):
            if word != self.guess(node):
                raise ExportError(f"--path step {step}: the tree plays {self.guess(node)!r} here, not {word!r}")
            if code == self.game.all_correct:
                raise ExportError(
                    f"--path step {step}: {word} {self.pattern(code)} ends the game; there is no subtree after it"
                )
            child = dict(self.children(node)).get(code)
            if child is None:
                raise ExportError(f"--path step {step}: no answer gives {self.pattern(code)} for {word!r} here")
            history.append((word, code))
            node = child
        return node, history

    def answer_paths(self, node, history):
        """(answer, [(guess, code), ...] ending with (answer, all correct)) in depth-first order."""
        stack = [(node, list(history))]
        while stack:
            current, hist = stack.pop()
            guess = self.guess(current)
            if self.solves(current):
                yield guess, [*hist, (guess, self.game.all_correct)]
            for code, child in reversed(self.ordered_children(current)):
                stack.append((child, [*hist, (guess, code)]))
