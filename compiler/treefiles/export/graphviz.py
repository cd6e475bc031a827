"""Graphviz export: a networkx DiGraph written through networkx's pydot interface.

What the picture shows (the README has an example):

* a node per guess to play, drawn as five white letter tiles with "N answers left";
  a guess that may itself be the answer says so, and a leaf (the guess is the only
  answer left) is drawn as green tiles, "solved in K guesses";
* on each edge, the feedback that leads there: the parent's guess on five tiles in
  the game's colours (green: right place, yellow: elsewhere, grey: not in the word, or
  the equation in Nerdle);
* ranks left to right; a node's children ordered **largest class first** (most
  answers left), ties by increasing pattern code; at most ``max_width`` children per
  node, the rest folded into one "… 143 more patterns, 1,870 answers" node;
* ``highlight``: the path to one answer drawn thick and always expanded, even past
  ``max_depth`` or a fold; ``min_depth``: only the branches where some answer needs at
  least that many guesses (counted from the start of the game, --path included);
* a title with the game's name (``Spanish Wordle (es)``), the tree's settings and a legend,
  as the graph's label; the graph's name (an SVG's ``<title>``) starts with the game's name too.

No DOT is written by hand: every attribute goes through networkx and pydot.
"""

from __future__ import annotations

import re
import shutil
import struct
import subprocess
import warnings
from html import escape

from wordle_runtime.feedback import format_pattern
from wordle_runtime.game import DEFAULT_GAME, WORDLE

from ...concurrency.parallel import killed_with_us
from ...core.games import guess_noun
from ..metaview import mode_label
from .view import ExportError

# The game's own tile colours (light theme).
TILE_COLOURS = {"g": "#6aaa64", "y": "#c9b458", "b": "#787c7e"}
TILE_BORDER = "#878a8c"
CARD_BORDER = "#d3d6da"
HIGHLIGHT = "#d9480f"
MUTED = "#5c5f62"
SOLVED_TEXT = "#3d7a37"  # a darker green than the tile, readable as text on white
DEFAULT_MAX_WIDTH = 10
# Boxes in one picture, folds included.  The whole shipped salet tree (2,437 guesses,
# drawn with --show-all) renders to SVG within it; past this size a picture is
# unreadable, and building it could take gigabytes (networkx and pydot keep every
# label), so the export stops before drawing.
MAX_PICTURE_NODES = 20_000


class GraphvizError(ValueError):
    """Graphviz is missing or failed; the message is one line."""


class PictureScaledWarning(UserWarning):
    """Graphviz shrank a bitmap that was over cairo's size limit (32,767 pixels a side)."""


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 'es' if word.endswith('s') else 's'}"


def _tile(letter: str, fill: str, size: int, text_colour: str, point_size: int) -> str:
    # A white tile gets the game's grey border; coloured tiles are borderless, as in the game.
    border = f' BORDER="1" COLOR="{TILE_BORDER}"' if fill == "white" else ""
    return (
        f'<TD WIDTH="{size}" HEIGHT="{size}" FIXEDSIZE="TRUE" BGCOLOR="{fill}"{border}>'
        f'<FONT POINT-SIZE="{point_size}" COLOR="{text_colour}"><B>{letter.upper()}</B></FONT></TD>'
    )


def _row_table(cells: str, spacing: int, size: int, count: int) -> str:
    # Tiles sit in their own table, fixed to their size, so that a wider text line in the
    # same label cannot spread them apart (Graphviz stretches nested tables to fit a cell).
    return (
        f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="{spacing}" CELLPADDING="0" FIXEDSIZE="TRUE" '
        f'WIDTH="{count * size + (count + 1) * spacing}" HEIGHT="{size + 2 * spacing}"><TR>{cells}</TR></TABLE>'
    )


def letter_tiles(word: str, solved: bool = False) -> str:
    """Big tiles for a guess: white with dark letters, or green once solved."""
    fill, ink = (TILE_COLOURS["g"], "white") if solved else ("white", "#1a1a1b")
    return _row_table("".join(_tile(ch, fill, 26, ink, 15) for ch in word), 3, 26, len(word))


def feedback_tiles(word: str, code: int, game=DEFAULT_GAME) -> str:
    """The guess on small tiles in the feedback's colours (one per symbol); in Mastermind,
    the guess on white tiles and its black and white pegs (``B2W1``) beside it."""
    if game.rule != WORDLE:
        cells = "".join(_tile(ch, "white", 17, "#1a1a1b", 10) for ch in word)
        pegs = _text(game.format_code(code), size=10)
        return (
            f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="0"><TR>'
            f'<TD>{_row_table(cells, 1, 17, len(word))}</TD><TD>{pegs}</TD></TR></TABLE>'
        )
    colours = format_pattern(code) if game is DEFAULT_GAME else game.format_code(code)
    # not strict: the legend shows one letter's tile
    cells = "".join(_tile(ch, TILE_COLOURS[c], 17, "white", 10) for ch, c in zip(word, colours, strict=False))
    return _row_table(cells, 1, 17, len(word))


def _text(text: str, colour: str = "#1a1a1b", size: int = 11) -> str:
    return f'<FONT POINT-SIZE="{size}" COLOR="{colour}">{escape(text)}</FONT>'


def _label(rows: list[str], spacing: int = 2) -> str:
    """An HTML-like Graphviz label: one cell per row, stacked."""
    body = "".join(f"<TR><TD>{row}</TD></TR>" for row in rows)
    return f'<<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="{spacing}" CELLPADDING="0">{body}</TABLE>>'


class TreeShape:
    """Per-node facts the picture needs, computed once in one backward pass."""

    def __init__(self, view):
        n = view.data.n_nodes
        self.parent = [-1] * n
        # height: guesses from this node (itself counted) to the deepest answer below it
        self.height = [1] * n
        for node in range(n - 1, -1, -1):  # children have larger ids than their parents
            for _, child in view.children(node):
                self.parent[child] = node
                self.height[node] = max(self.height[node], self.height[child] + 1)

    def path_to(self, start: int, target: int) -> list[int] | None:
        """Node ids from ``start`` down to ``target``, or None if target is not below start."""
        path = [target]
        while path[-1] != start:
            if path[-1] <= 0:  # reached the root (or above it) without meeting start
                return None
            path.append(self.parent[path[-1]])
        return path[::-1]


class DotExporter:
    """Builds the picture's DiGraph; ``write`` emits it as DOT text through pydot."""

    def __init__(self, max_depth=None, max_width=DEFAULT_MAX_WIDTH, highlight=None, min_depth=None):
        self.max_depth = max_depth
        self.max_width = max_width  # None: show every child
        self.highlight = highlight.strip().lower() if highlight else None
        self.min_depth = min_depth
        self.drawn: int | None = None  # guess cards in the picture last written

    def _highlight_path(self, view, shape, node) -> set[int]:
        if not self.highlight:
            return set()
        try:
            answer = view.data.answers.index(self.highlight)
        except ValueError:
            raise ExportError(f"--highlight {self.highlight!r} is not an answer of this tree") from None
        target = next(i for i, a in enumerate(view.data.node_answer) if a == answer)
        path = shape.path_to(node, target)
        if path is None:
            raise ExportError(f"--highlight {self.highlight!r} is not reached from this --path")
        return set(path)

    def graph(self, view, node, history=()):
        """The DiGraph of the subtree at ``node`` (``history`` is how the game got there)."""
        import networkx as nx

        shape = TreeShape(view)
        first = len(history) + 1  # the guess number played at ``node``
        if self.min_depth and first + shape.height[node] - 1 < self.min_depth:
            raise ExportError(
                f"--min-depth {self.min_depth}: every answer here is solved within "
                f"{first + shape.height[node] - 1} guesses"
            )
        on_path = self._highlight_path(view, shape, node)
        graph = nx.DiGraph(name=self._name(view, history))
        # networkx's pydot interface reads graph-wide attributes from these three dicts
        graph.graph["graph"] = {
            "rankdir": "LR",
            "nodesep": "0.12",
            "ranksep": "0.35",
            "ordering": "out",
            "fontname": "Helvetica",
            "labelloc": "t",
            "labeljust": "l",
            "label": self._title(view, history),
            "bgcolor": "white",
            "pad": "0.2",
        }
        graph.graph["node"] = {
            "shape": "box",
            "style": "rounded",
            "color": CARD_BORDER,
            "fontname": "Helvetica",
            "margin": "0.08,0.05",
        }
        graph.graph["edge"] = {"color": "#9a9da0", "arrowsize": "0.6", "fontname": "Helvetica"}
        # each item: node, depth below the start, and the (guess, feedback) that led to it
        stack = [(node, 0, history[-1] if history else None)]
        while stack:
            current, depth, arrival = stack.pop()
            # the node first, so that networkx (and so DOT) lists a parent before its children
            graph.add_node(f"n{current}")
            shown = self._add_children(graph, view, shape, current, depth, first + depth, on_path)
            if graph.number_of_nodes() > MAX_PICTURE_NODES:
                raise ExportError(
                    f"the picture would have more than {MAX_PICTURE_NODES:,} boxes; draw less "
                    f"with --depth, --path or --max-width (or export a text format)"
                )
            graph.nodes[f"n{current}"].update(
                self._node_attrs(view, current, first + depth, arrival, bool(shown), on_path)
            )
            guess = view.guess(current)
            stack.extend((child, depth + 1, (guess, code)) for code, child in reversed(shown))
        return graph

    def _add_children(self, graph, view, shape, node, depth, number, on_path) -> list:
        """Add the edges (and a fold node) below ``node``; return the (pattern, child) pairs drawn."""
        kids = sorted(view.children(node), key=lambda item: (-view.below[item[1]], item[0]))
        if not kids:
            return []
        expand = self.max_depth is None or depth < self.max_depth
        deep = [k for k in kids if not self.min_depth or number + shape.height[k[1]] >= self.min_depth]
        shown = (deep if self.max_width is None else deep[: self.max_width]) if expand else []
        shown += [k for k in kids if k[1] in on_path and k not in shown]  # the highlighted path, always
        for _code, child in shown:
            graph.add_edge(
                f"n{node}", f"n{child}", **({"color": HIGHLIGHT, "penwidth": "3"} if child in on_path else {})
            )
        if shown or expand:  # a node cut by --depth says how much is below it instead
            self._fold(
                graph,
                view,
                node,
                [k for k in deep if k not in shown],
                [k for k in kids if k not in deep and k not in shown],
            )
        return shown

    def _fold(self, graph, view, node, folded, shallow) -> None:
        """One dashed node standing for the children not drawn."""
        rows = []
        if folded:
            answers = sum(view.below[c] for _, c in folded)
            rows.append(_text(f"… {_plural(len(folded), 'more pattern')}, {_plural(answers, 'answer')}", MUTED))
        if shallow:
            answers = sum(view.below[c] for _, c in shallow)
            rows.append(
                _text(
                    f"… {_plural(len(shallow), 'pattern')} solved within {self.min_depth - 1} "
                    f"guesses, {_plural(answers, 'answer')}",
                    MUTED,
                )
            )
        if rows:
            graph.add_node(f"f{node}", label=_label(rows), style="rounded,dashed")
            graph.add_edge(f"n{node}", f"f{node}", style="dashed")

    def _node_attrs(self, view, node, number, arrival, shown, on_path) -> dict:
        """Label and highlight of one guess node: the feedback that led here (the previous
        guess on coloured tiles, as the game shows it), the guess to play, and counts."""
        guess, solves = view.guess(node), view.solves(node) is not None
        kids = view.children(node)
        rows = [feedback_tiles(*arrival, view.game)] if arrival else []
        rows.append(letter_tiles(guess, solved=not kids))
        if not kids:
            rows.append(_text(f"solved in {_plural(number, 'guess')}", SOLVED_TEXT))
        else:
            rows.append(_text(f"{_plural(view.below[node], 'answer')} left"))
            if solves:
                rows.append(_text(f"✓ may be the answer ({_plural(number, 'guess')})", SOLVED_TEXT, 10))
            if not shown:
                rows.append(_text(f"{_plural(len(kids), 'pattern')} below, not drawn", MUTED, 10))
        attrs = {"label": _label(rows)}
        if node in on_path:
            attrs.update(color=HIGHLIGHT, penwidth="3")
        return attrs

    def _name(self, view, history) -> str:
        config = view.data.meta.get("config", {})
        mode = mode_label(view.game, str(config.get("mode", "")))
        parts = [view.guess(0), str(view.data.meta.get("strategy", "")), mode or ""]
        parts += [f"{w}:{view.pattern(c)}" for w, c in history]
        return f"{view.game_title()}: " + " ".join(p for p in parts if p)

    def _title(self, view, history) -> str:
        """Title (settings and stats) and legend, as one HTML label above the picture."""
        meta = view.data.meta
        config, stats = meta.get("config", {}), meta.get("stats", {})
        game = view.game_title()
        mode = mode_label(view.game, str(config.get("mode", "normal")))
        head = f"{game} tree from {view.guess(0).upper()}: {meta.get('strategy', 'unknown strategy')}" + (
            f", {mode} mode" if mode else ""
        )
        facts = [_plural(len(view.data.answers), "answer")]
        if stats:
            facts.append(
                f"{stats.get('total_guesses', 0):,} guesses in all, average "
                f"{stats.get('average', 0):.4f}, at most {stats.get('max_depth')}"
            )
        if meta.get("optimality"):
            facts.append(str(meta["optimality"]))
        rows = [_text(head, size=16), _text(" · ".join(facts), MUTED)]
        if history:
            steps = ", ".join(f"{w.upper()} {view.pattern(c)}" for w, c in history)
            rows.append(_text(f"The position after {steps}", MUTED))
        if self.highlight:
            rows.append(_text(f"Thick orange path: how the tree solves {self.highlight.upper()}", HIGHLIGHT))
        if self.min_depth:
            rows.append(_text(f"Only the branches where some answer needs {self.min_depth} or more guesses", MUTED))
        rows.append(self._legend(view.game, view.guess(0)))
        return _label(rows, spacing=3)

    @staticmethod
    def _legend(game=DEFAULT_GAME, first_guess: str = "a") -> str:
        """The legend: the tiles of a guess, of each feedback colour (worded for the game's
        guesses: a word, Nerdle's equation) or Mastermind's score, and of a solved guess."""
        symbol = "a" if "a" in game.alphabet else first_guess[:1]
        if game.rule == WORDLE:
            noun = guess_noun(game)
            feedback = [
                (feedback_tiles(symbol, 2), "right place"),
                (feedback_tiles(symbol, 1), f"elsewhere in the {noun}"),
                (feedback_tiles(symbol, 0), f"not in the {noun}"),
            ]
        else:
            feedback = [("", "B2W1: two pegs of the right colour in the right place, one elsewhere")]
        items = [
            (letter_tiles(symbol), "guess to play"),
            *feedback,
            (letter_tiles(symbol, solved=True), "solved"),
            ("", "children: largest class first;  … = folded"),
        ]
        cells = "".join(
            f"<TD>{tile}</TD><TD>{_text(text, MUTED, 10)}</TD><TD WIDTH=\"10\"></TD>" for tile, text in items
        )
        return f'<TABLE BORDER="0" CELLBORDER="0" CELLSPACING="2" CELLPADDING="0"><TR>{cells}</TR></TABLE>'

    def write(self, view, node, history, out):
        """Write DOT text for the subtree at ``node`` to the text file-like ``out``."""
        from networkx.drawing.nx_pydot import to_pydot

        graph = self.graph(view, node, history)
        self.drawn = sum(1 for name in graph if name.startswith("n"))
        out.write(to_pydot(graph).to_string())


# what dot prints on stderr, e.g. "graph is too large for cairo-renderer bitmaps. Scaling by 0.58569 to fit"
_SCALED = re.compile(r"Scaling by ([0-9]*\.?[0-9]+) to fit")


def _scaled_text(factor: float, payload: bytes) -> str:
    size = ""
    if payload[:8] == b"\x89PNG\r\n\x1a\n":  # the IHDR chunk's width and height follow the signature
        width, height = struct.unpack(">II", payload[16:24])
        size = f" ({width:,}×{height:,} px)"
    return (
        f"the picture is too large for a bitmap, so Graphviz scaled it to {factor:.0%} of its size{size}; "
        "draw less with --depth or --path, or use --format svg"
    )


def render_dot(dot_text: str, fmt: str) -> bytes:
    """Run Graphviz's ``dot`` to turn DOT text into ``svg`` or ``png`` bytes.  A picture
    that Graphviz had to scale down is still returned, with one :class:`PictureScaledWarning`."""
    dot = shutil.which("dot")
    if dot is None:
        raise GraphvizError(
            "Graphviz 'dot' is not installed; install it (e.g. apt-get install graphviz "
            "or brew install graphviz), or export --format dot"
        )
    # dot dies with this process: a killed export must not leave a layout running for minutes
    result = subprocess.run(
        [dot, f"-T{fmt}"], input=dot_text.encode(), capture_output=True, preexec_fn=killed_with_us(), check=False
    )
    message = result.stderr.decode(errors="replace")
    if result.returncode != 0:
        lines = message.strip().splitlines() or ["no message"]
        raise GraphvizError(f"Graphviz failed: {lines[0]}")
    scaled = _SCALED.search(message)
    if scaled:
        warnings.warn(PictureScaledWarning(_scaled_text(float(scaled.group(1)), result.stdout)), stacklevel=2)
    return result.stdout
