"""Exporters: each a small class writing one tree (or a subtree) to a file-like object.

Text formats (all but ``dot``) list answers in depth-first order, children by
increasing pattern code, an inner node's own answer before its children.
"""

from __future__ import annotations

import json

from wordle_runtime.feedback import ALL_GREEN, format_pattern, parse_pattern, pattern_digits
from wordle_runtime.format import TreeData

TILE_COLOURS = {"g": "#6aaa64", "y": "#c9b458", "b": "#787c7e"}


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
        d = self.data
        return [(d.edge_pattern[e], d.edge_child[e]) for e in range(d.child_start[node], d.child_start[node + 1])]

    def guess(self, node) -> str:
        return self.data.guesses[self.data.node_guess[node]]

    def solves(self, node) -> str | None:
        a = self.data.node_answer[node]
        return self.data.answers[a] if a >= 0 else None

    def follow(self, path_text: str | None) -> tuple[int, list]:
        """Node reached by a history like ``salet:bbbbb,courd:bbbby``; also the history."""
        node, history = 0, []
        if not path_text:
            return node, history
        for step, item in enumerate(path_text.split(","), start=1):
            if ":" not in item and "=" not in item:
                raise ExportError(f"--path step {step} {item!r} is not GUESS:PATTERN")
            word, pattern = item.replace("=", ":").split(":", 1)
            word = word.strip().lower()
            if word != self.guess(node):
                raise ExportError(f"--path step {step}: the tree plays {self.guess(node)!r} here, not {word!r}")
            try:
                code = parse_pattern(pattern)
            except ValueError as exc:
                raise ExportError(f"--path step {step}: {exc}") from None
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
            for code, child in reversed(self.children(current)):
                stack.append((child, hist + [(guess, code)]))


class TextExporter:
    """Indented outline, like scikit-learn's ``export_text``."""

    def __init__(self, max_depth=None):
        self.max_depth = max_depth

    def write(self, view: TreeView, node: int, history, out) -> None:
        out.write(f"{view.guess(node)} ({view.below[node]} answers)\n")
        self._children(view, node, 1, out)

    def _children(self, view, node, depth, out):
        indent = "|   " * (depth - 1) + "|--- "
        for code, child in view.children(node):
            if self.max_depth is not None and depth > self.max_depth:
                out.write(f"{indent}{format_pattern(code)} -> ... ({view.below[child]} answers)\n")
                continue
            kids = view.children(child)
            if not kids:
                out.write(f"{indent}{format_pattern(code)} -> {view.guess(child)}\n")
            else:
                out.write(f"{indent}{format_pattern(code)} -> {view.guess(child)} ({view.below[child]} answers)\n")
                self._children(view, child, depth + 1, out)


class SelbyExporter:
    """``salet BBBBB1 courd BBBBB2 nymph BBBBY3 whiff GGGGG4``; ``hollow`` blanks the
    prefix shared with the line above."""

    def __init__(self, hollow=False):
        self.hollow = hollow

    def write(self, view, node, history, out):
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
        for _, path in view.answer_paths(node, history):
            out.write(",".join(guess for guess, _ in path) + "\n")


class OlsonExporter:
    """Nested JSON: ``{"guess": w, "map": {"00000": {...} | "word"}}``."""

    def write(self, view, node, history, out):
        json.dump(self._node(view, node), out, sort_keys=True, separators=(",", ":"))
        out.write("\n")

    def _node(self, view, node):
        entries = {}
        for code, child in view.children(node):
            if not view.children(child):
                entries[pattern_digits(code)] = view.guess(child)
            else:
                entries[pattern_digits(code)] = self._node(view, child)
        return {"guess": view.guess(node), "map": entries}


class DotExporter:
    """A networkx DiGraph written through networkx's pydot interface (no hand-written DOT)."""

    def __init__(self, max_depth=None):
        self.max_depth = max_depth

    def graph(self, view, node):
        import networkx as nx

        graph = nx.DiGraph()
        # networkx's pydot interface reads graph-wide attributes from these three dicts
        graph.graph["graph"] = {"rankdir": "LR", "nodesep": "0.05", "ranksep": "0.6"}
        graph.graph["node"] = {"shape": "plaintext", "fontname": "Helvetica"}
        graph.graph["edge"] = {"fontname": "Courier", "fontsize": "10"}
        stack = [(node, 0)]
        while stack:
            current, depth = stack.pop()
            graph.add_node(f"n{current}", label=self._tiles(view, current))
            children = view.children(current)
            if children and self.max_depth is not None and depth >= self.max_depth:
                hidden = view.below[current] - (1 if view.solves(current) else 0)
                noun = "answer" if hidden == 1 else "answers"
                graph.add_node(f"t{current}", label=f'"(… {hidden} {noun})"', fontcolor="gray40")
                graph.add_edge(f"n{current}", f"t{current}", style="dashed")
                continue
            for code, child in children:
                graph.add_edge(f"n{current}", f"n{child}", label=f'"{format_pattern(code)}"')
                stack.append((child, depth + 1))
        return graph

    def _tiles(self, view, node):
        guess = view.guess(node)
        cells = "".join(
            f'<TD BGCOLOR="{TILE_COLOURS["g" if view.solves(node) and not view.children(node) else "b"]}">'
            f'<FONT COLOR="white"><B>{ch.upper()}</B></FONT></TD>' for ch in guess)
        n = view.below[node]
        return (f'<<TABLE BORDER="0" CELLSPACING="2"><TR>{cells}</TR>'
                f'<TR><TD COLSPAN="5">{n} answer{"s" if n != 1 else ""}</TD></TR></TABLE>>')

    def write(self, view, node, history, out):
        from networkx.drawing.nx_pydot import to_pydot

        out.write(to_pydot(self.graph(view, node)).to_string())


EXPORTERS = {"text": TextExporter, "selby": SelbyExporter, "csv": CsvExporter,
             "olson": OlsonExporter, "dot": DotExporter}
