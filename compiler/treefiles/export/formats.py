"""Exporters: each a small class writing one tree (or a subtree) to a file-like object.

The text formats (text, selby, csv, olson) walk the tree depth-first, an inner node's
own answer before its children, and children in *reading order*: their patterns read
left to right, gray before yellow before green (``bbbbb``, ``bbbby``, ``bbbbg``, ``bbbyb``,
…), which is also the order of olson's ``00000``-style keys.  Every walk is iterative
(an explicit stack), so a deep tree costs memory, not Python's recursion limit.
"""

from __future__ import annotations

import json

from wordle_runtime.feedback import pattern_digits
from wordle_runtime.game import DEFAULT_GAME, WORDLE

from .graphviz import DotExporter
from .html import HtmlExporter
from .view import ExportError, TreeView


def check_wordle(view: TreeView, fmt: str) -> None:
    """ExportError unless the tree's game has Wordle's coloured patterns, which ``fmt`` writes."""
    if view.game.rule != WORDLE:
        raise ExportError(
            f"--format {fmt} writes Wordle patterns; a {view.game.name} tree has black and white "
            "pegs: use text, csv, dot, svg, png or html"
        )


def _digits(view: TreeView, code: int) -> str:
    """A Wordle pattern as 0/1/2 digits, first symbol first (olson's keys)."""
    if view.game is DEFAULT_GAME:
        return pattern_digits(code)
    return view.pattern(code).translate(str.maketrans("byg", "012"))


def _answers(n: int) -> str:
    return f"{n} answer{'' if n == 1 else 's'}"


class TextExporter:
    """Indented outline, like scikit-learn's ``export_text``; ``max_depth`` levels of
    children are shown, deeper ones as ``... (N answers)``."""

    def __init__(self, max_depth=None):
        self.max_depth = max_depth

    def write(self, view: TreeView, node: int, history, out) -> None:
        """Write the outline of the subtree at ``node`` to ``out`` (``history`` is not used)."""
        view.check_text_depth(
            node, None if self.max_depth is None else self.max_depth + 1, "--depth N writes the first N levels; "
        )
        out.write(f"{view.guess(node)} ({_answers(view.below[node])})\n")
        # (node, its depth below the start, the pattern that led to it); children pushed
        # in reverse so that they pop in reading order
        stack = [(child, 1, code) for code, child in reversed(view.ordered_children(node))]
        while stack:
            current, depth, code = stack.pop()
            indent = "|   " * (depth - 1) + "|--- " + view.pattern(code)
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
        view.check_text_depth(node)
        check_wordle(view, "selby")
        previous = []
        for _, path in view.answer_paths(node, history):
            tokens = []
            for number, (guess, code) in enumerate(path, start=1):
                tokens += [guess, f"{view.pattern(code).upper()}{number}"]
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
        view.check_text_depth(node)
        for _, path in view.answer_paths(node, history):
            out.write(",".join(guess for guess, _ in path) + "\n")


class OlsonExporter:
    """Nested JSON: ``{"guess": w, "map": {"00000": {...} | "word"}}``, keys sorted, no
    spaces (the bytes ``json.dump(sort_keys=True)`` would give), written as a stream
    because ``json`` recurses once per level."""

    def write(self, view, node, history, out):
        """Write the subtree at ``node`` to ``out`` as one line of JSON (``history`` is not used)."""
        check_wordle(view, "olson")
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
            out.write(("" if first else ",") + json.dumps(_digits(view, code)) + ":")
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


EXPORTERS = {
    "text": TextExporter,
    "selby": SelbyExporter,
    "csv": CsvExporter,
    "olson": OlsonExporter,
    "dot": DotExporter,
    "html": HtmlExporter,
}
