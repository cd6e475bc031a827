"""Exports of a multi-board tree file (format 3.0): CSV, one row per path of the tree that
ends the game (where its tuples end solved or lost), and Graphviz DOT, one box per node
and one end per edge that ends the game.  Both start at a node (the root, or where a history
leads) and walk the tree with an explicit stack, edges in the rows' order."""

from __future__ import annotations

import csv
import io

from wordle_runtime.boards_structure import LOST, SOLVED, BoardsTreeData, closed_marker

CSV_HEADER = ("history", "end", "tuples", "guesses")


def _tuples(n: int) -> str:
    return f"{n:,} tuple{'' if n == 1 else 's'}"


def edge_label(data: BoardsTreeData, edge: int) -> str:
    """An edge's patterns as the history notation writes them: one per board still open."""
    marker = closed_marker(data.game)
    return ",".join(data.game.format_code(code) for code in data.row(edge) if code != marker)


def _loaded(data: BoardsTreeData) -> tuple:
    """The loader's per-node figures: (solved, lost, total, node_depth)."""
    figures = (data.subtree_solved, data.subtree_lost, data.subtree_total, data.node_depth)
    if any(values is None for values in figures):
        raise ValueError("an export reads a loaded tree: unpack_any fills its figures")
    return figures


def _edges(data: BoardsTreeData, node: int) -> range:
    return range(data.child_start[node], data.child_start[node + 1])


def boards_csv(data: BoardsTreeData, node: int, history: str) -> str:
    """One row per path from ``node`` (reached by ``history``) to an edge that ends the game:
    the whole history (steps as ``guess patterns``), ``solved`` or ``lost``, the tuples that
    end there and the guesses each of them counts (a lost one, every guess of the limit)."""
    depth = _loaded(data)[3]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    stack = [(node, history)]
    while stack:
        current, before = stack.pop()
        guess = data.guesses[data.node_guess[current]]
        below = []
        for edge in _edges(data, current):
            path = f"{before} {guess} {edge_label(data, edge)}".strip()
            child = data.edge_child[edge]
            if child == SOLVED:
                writer.writerow((path, "solved", data.edge_tuples[edge], depth[current]))
            elif child == LOST:
                writer.writerow((path, "lost", data.edge_tuples[edge], data.limit))
            else:
                below.append((child, path))
        stack.extend(reversed(below))  # the first row's subtree is written first
    return out.getvalue()


def _quoted(*lines: str) -> str:
    """A DOT string of ``lines``, each escaped, joined by DOT's line break."""
    return '"' + "\\n".join(line.replace("\\", "\\\\").replace('"', '\\"') for line in lines) + '"'


def boards_dot(data: BoardsTreeData, node: int, max_depth: int | None = None) -> tuple[str, int]:
    """(the DOT text, the tree nodes drawn) of the subtree at ``node``: a box per node (its
    guess, the tuples reaching it, their expected guesses and how many are lost), an end
    per edge that ends the game; ``max_depth`` levels of guesses at most (below, a node's
    box says how many tuples it leaves out)."""
    solved, lost, total, _ = _loaded(data)
    lines = ["digraph boards {", '  node [shape=box, fontname="Helvetica"];', '  edge [fontname="Courier"];']
    stack, drawn = [(node, 1)], 0
    while stack:
        current, level = stack.pop()
        drawn += 1
        tuples = solved[current] + lost[current]
        text = f"{_tuples(tuples)}, {total[current] / tuples:.2f} expected"
        text += f", {lost[current]:,} lost" if lost[current] else ""
        guess = data.guesses[data.node_guess[current]]
        if max_depth is not None and level >= max_depth:
            lines.append(f"  n{current} [label={_quoted(guess, text + ' (cut)')}];")
            continue
        lines.append(f"  n{current} [label={_quoted(guess, text)}];")
        below = []
        for edge in _edges(data, current):
            child, label = data.edge_child[edge], _quoted(edge_label(data, edge))
            if child in (SOLVED, LOST):
                end, style = ("solved", "ellipse") if child == SOLVED else ("lost", "octagon")
                shown = _quoted(end, _tuples(data.edge_tuples[edge]))
                lines.append(f"  e{edge} [label={shown}, shape={style}];")
                lines.append(f"  n{current} -> e{edge} [label={label}];")
            else:
                lines.append(f"  n{current} -> n{child} [label={label}];")
                below.append((child, level + 1))
        stack.extend(reversed(below))
    lines.append("}")
    return "\n".join(lines) + "\n", drawn
