"""The read-only view of a tree file's flat arrays that every exporter walks, and the one
error an export request can raise."""

from __future__ import annotations

from wordle_runtime.feedback import ALL_GREEN, format_pattern, pattern_digits
from wordle_runtime.format import TreeData
from wordle_runtime.history import HistoryError, parse_history

# pattern code -> its position in reading order (first letter most significant)
READING_RANK = [int(pattern_digits(code), 3) for code in range(ALL_GREEN + 1)]


class ExportError(ValueError):
    """A bad --path or an impossible export request."""


class TreeView:
    """Read-only helpers over the flat arrays: children, words, answers below a node."""

    def __init__(self, data: TreeData):
        self.data = data
        n = data.n_nodes
        self.below = [0] * n  # answers solved in each node's subtree
        for node in range(n - 1, -1, -1):  # children have larger ids than parents
            count = 1 if data.node_answer[node] >= 0 else 0
            self.below[node] = count + sum(self.below[c] for _, c in self.children(node))

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

    def ordered_children(self, node):
        """``children(node)`` in reading order (see the module docstring)."""
        return sorted(self.children(node), key=lambda item: READING_RANK[item[0]])

    def follow(self, path_text: str | None) -> tuple[int, list]:
        """Node reached by a history, in any notation ``wordle-next`` accepts
        (``salet bbbbb courd bbbyb``, ``salet:bbbbb,courd=00120``, emoji); also the history."""
        node, history = 0, []
        if not path_text:
            return node, history
        try:
            steps = parse_history(path_text)
        except HistoryError as exc:
            raise ExportError(f"--path: {exc}") from None
        for step, (word, code) in enumerate(steps, start=1):
            if word != self.guess(node):
                raise ExportError(f"--path step {step}: the tree plays {self.guess(node)!r} here, not {word!r}")
            if code == ALL_GREEN:
                raise ExportError(f"--path step {step}: {word} {format_pattern(code)} ends the game; "
                                  "there is no subtree after it")
            child = dict(self.children(node)).get(code)
            if child is None:
                raise ExportError(f"--path step {step}: no answer gives {format_pattern(code)} for {word!r} here")
            history.append((word, code))
            node = child
        return node, history

    def answer_paths(self, node, history):
        """(answer, [(guess, code), ...] ending with (answer, 242)) in depth-first order."""
        stack = [(node, list(history))]
        while stack:
            current, hist = stack.pop()
            guess = self.guess(current)
            if self.solves(current):
                yield guess, hist + [(guess, ALL_GREEN)]
            for code, child in reversed(self.ordered_children(current)):
                stack.append((child, hist + [(guess, code)]))
