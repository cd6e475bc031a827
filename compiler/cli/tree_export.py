"""What ``wordle-tree export`` does between its options and the bytes it writes (click
definition in :mod:`.tree`): the exporter a format and its options ask for, the history of
the position to export from, the rendering, and the ``--json`` document of the file written."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, TextIO

from .common import CliError

if TYPE_CHECKING:
    from wordle_runtime.game import Game

    from ..treefiles.export.view import TreeView

GRAPHVIZ_FORMATS = ("dot", "svg", "png")


class Exporter(Protocol):
    """What every exporter of :mod:`..treefiles.export.formats` does: write a subtree as text."""

    def write(self, view: TreeView, node: int, history: list, out: TextIO) -> None:
        """Write the subtree at ``node`` (reached by ``history``) to ``out``."""


def make_exporter(
    fmt: str,
    depth: int | None,
    hollow: bool,
    max_width: int | None,
    show_all: bool,
    highlight: str | None,
    min_depth: int | None,
) -> Exporter:
    """The exporter for ``fmt``; options that do not apply to it are refused, not ignored."""
    from ..treefiles.export.formats import EXPORTERS
    from ..treefiles.export.graphviz import DEFAULT_MAX_WIDTH

    picture_only = {
        "--max-width": max_width is not None,
        "--show-all": show_all,
        "--highlight": highlight is not None,
        "--min-depth": min_depth is not None,
    }
    if fmt not in GRAPHVIZ_FORMATS:
        wrong = [name for name, given in picture_only.items() if given]
        if wrong:
            raise CliError(f"{wrong[0]} applies to --format dot, svg or png only")
    if fmt == "html":
        if depth is not None:
            raise CliError(
                "--depth does not apply to --format html (the page holds the whole tree; --path sets where it opens)"
            )
        return EXPORTERS["html"]()
    if fmt in GRAPHVIZ_FORMATS:
        if show_all and max_width is not None:
            raise CliError("give --max-width or --show-all, not both")
        width = None if show_all else (max_width or DEFAULT_MAX_WIDTH)
        return EXPORTERS["dot"](max_depth=depth, max_width=width, highlight=highlight, min_depth=min_depth)
    if fmt == "text":
        return EXPORTERS[fmt](max_depth=depth)
    if fmt == "selby":
        return EXPORTERS[fmt](hollow=hollow)
    return EXPORTERS[fmt]()


def export_history(words: Sequence[str], path_text: str | None, game: Game | None = None) -> tuple[list, str]:
    """The history of the position to export from, and what the user called it: the words
    after FILE or ``--path`` (not both), read by the runtime's one parser, as wordle-next's
    (``game``: the tree's; None checks only the shape of the options)."""
    from wordle_runtime.history import HistoryError, parse_history

    if words and path_text is not None:
        raise CliError("give the history as words after FILE or as --path, not both")
    if any(not word.strip() for word in words):
        raise CliError("the history has an empty word or pattern")
    label = "history" if words else "--path"
    if game is None:
        return [], label
    try:
        return parse_history(list(words) if words else path_text, game), label
    except HistoryError as exc:
        raise CliError(f"{label}: {exc}") from None


def render_export(view: TreeView, exporter: Exporter, steps: list, label: str, fmt: str) -> tuple[int, bytes]:
    """(node the export starts at, the bytes to write)."""
    from wordle_runtime.history import format_history

    from ..treefiles.export.graphviz import GraphvizError, render_dot
    from ..treefiles.export.view import ExportError

    buffer = io.StringIO()
    try:
        node, history = view.follow(format_history(steps, view.game))
        exporter.write(view, node, history, buffer)
        text = buffer.getvalue()
        return node, render_dot(text, fmt) if fmt in ("svg", "png") else text.encode()
    except ExportError as exc:
        message = str(exc)
        if label != "--path" and message.startswith("--path"):
            message = label + message[len("--path") :]  # the words after FILE are no option
        raise CliError(message) from None
    except GraphvizError as exc:
        raise CliError(str(exc)) from None


def written_nodes(view: TreeView, exporter: Exporter, node: int) -> tuple[int, int]:
    """(nodes, answers) the file written holds: the whole tree for the page (which opens at the
    history), the guess cards a picture drew, the levels ``--depth`` kept of an outline, else
    the subtree at ``node``."""
    from ..treefiles.export.formats import TextExporter
    from ..treefiles.export.graphviz import DotExporter
    from ..treefiles.export.html import HtmlExporter

    if isinstance(exporter, HtmlExporter):
        return view.data.n_nodes, view.below[0]
    if isinstance(exporter, DotExporter) and exporter.drawn is not None:
        return exporter.drawn, view.below[node]
    levels = exporter.max_depth if isinstance(exporter, TextExporter) else None
    nodes, stack = 0, [(node, 0)]
    while stack:
        current, depth = stack.pop()
        nodes += 1
        if levels is None or depth < levels:
            stack.extend((child, depth + 1) for _, child in view.children(current))
    return nodes, view.below[node]


def export_doc(
    view: TreeView, exporter: Exporter, node: int, steps: list, fmt: str, output: str, payload: bytes
) -> dict:
    """What ``export --json`` prints: the file written, where it starts (an html page: where it
    opens) and the nodes and answers it holds."""
    from wordle_runtime.history import format_history

    nodes, answers = written_nodes(view, exporter, node)
    return {
        "output": output,
        "format": fmt,
        "bytes": len(payload),
        "history": format_history(steps),
        "guess": view.guess(node),
        "answers": answers,
        "nodes": nodes,
    }
