"""Exporters: each a small class writing one tree (or a subtree) to a file-like object.

The text formats (text, selby, csv, olson) walk the tree depth-first, an inner node's
own answer before its children, and children in *reading order*: their patterns read
left to right, gray before yellow before green (``bbbbb``, ``bbbby``, ``bbbbg``, ``bbbyb``,
…), which is also the order of olson's ``00000``-style keys.  Every walk is iterative
(an explicit stack), so a deep tree costs memory, not Python's recursion limit.
"""

from __future__ import annotations

import json

from wordle_runtime.feedback import ALL_GREEN, format_pattern, pattern_digits
from wordle_runtime.format import TreeData
from wordle_runtime.history import HistoryError, parse_history

# Graphviz and HTML live in their own modules; they do not import this one at load time.
from .graphviz import DotExporter
from .html import HtmlExporter

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


def _answers(n: int) -> str:
    return f"{n} answer{'' if n == 1 else 's'}"


class TextExporter:
    """Indented outline, like scikit-learn's ``export_text``; ``max_depth`` levels of
    children are shown, deeper ones as ``... (N answers)``."""

    def __init__(self, max_depth=None):
        self.max_depth = max_depth

    def write(self, view: TreeView, node: int, history, out) -> None:
        """Write the outline of the subtree at ``node`` to ``out`` (``history`` is not used)."""
        out.write(f"{view.guess(node)} ({_answers(view.below[node])})\n")
        # (node, its depth below the start, the pattern that led to it); children pushed
        # in reverse so that they pop in reading order
        stack = [(child, 1, code) for code, child in reversed(view.ordered_children(node))]
        while stack:
            current, depth, code = stack.pop()
            indent = "|   " * (depth - 1) + "|--- " + format_pattern(code)
            if self.max_depth is not None and depth > self.max_depth:
                out.write(f"{indent} -> ... ({_answers(view.below[current])})\n")
                continue
            kids = view.ordered_children(current)
            if not kids:
                out.write(f"{indent} -> {view.guess(current)}\n")
                continue
            out.write(f"{indent} -> {view.guess(current)} ({_answers(view.below[current])})\n")
            stack.extend((child, depth + 1, c) for c, child in reversed(kids))


class SelbyExporter:
    """``salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4``; ``hollow`` blanks the
    prefix shared with the line above."""

    def __init__(self, hollow=False):
        self.hollow = hollow

    def write(self, view, node, history, out):
        """Write one line per answer below ``node``: its whole path, ``history`` first."""
        previous = []
        for _, path in view.answer_paths(node, history):
            tokens = []
            for number, (guess, code) in enumerate(path, start=1):
                tokens += [guess, f"{format_pattern(code).upper()}{number}"]
            shown = list(tokens)
            if self.hollow:
                for i, token in enumerate(tokens):
                    if i < len(previous) and previous[i] == token and i < len(tokens) - 2:
                        shown[i] = " " * len(token)
                    else:
                        break
            out.write(" ".join(shown).rstrip() + "\n")
            previous = tokens


class CsvExporter:
    """One line per answer: the guesses in order, ending with the answer."""

    def write(self, view, node, history, out):
        """Write one line per answer below ``node``: the guesses of its whole path, ``history`` first."""
        for _, path in view.answer_paths(node, history):
            out.write(",".join(guess for guess, _ in path) + "\n")


class OlsonExporter:
    """Nested JSON: ``{"guess": w, "map": {"00000": {...} | "word"}}``, keys sorted, no
    spaces (the bytes ``json.dump(sort_keys=True)`` would give), written as a stream
    because ``json`` recurses once per level."""

    def write(self, view, node, history, out):
        """Write the subtree at ``node`` to ``out`` as one line of JSON (``history`` is not used)."""
        out.write(self._open(view, node))
        stack = [(iter(view.ordered_children(node)), True)]  # (children left, first entry?)
        while stack:
            entries, first = stack[-1]
            item = next(entries, None)
            if item is None:
                out.write("}}")  # closes the node's "map" and the node
                stack.pop()
                continue
            stack[-1] = (entries, False)
            code, child = item
            out.write(("" if first else ",") + json.dumps(pattern_digits(code)) + ":")
            kids = view.ordered_children(child)
            if kids:
                out.write(self._open(view, child))
                stack.append((iter(kids), True))
            else:
                out.write(json.dumps(view.guess(child)))
        out.write("\n")

    @staticmethod
    def _open(view, node) -> str:
        return '{"guess":' + json.dumps(view.guess(node)) + ',"map":{'


EXPORTERS = {"text": TextExporter, "selby": SelbyExporter, "csv": CsvExporter,
             "olson": OlsonExporter, "dot": DotExporter, "html": HtmlExporter}
