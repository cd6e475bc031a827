"""``wordle-tree info``, ``verify`` and ``export`` of a multi-board tree file (format 3.0):
what they print and write once :mod:`.tree` has read the file and found several boards.

``info`` shows the tree's own figures (the loader recomputed them from its arrays) beside
what ``meta`` says; ``verify`` replays every tuple (:mod:`..treefiles.boards_verification`);
``export`` writes CSV (a row per path that ends the game) or Graphviz (dot, svg, png).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

import click

from ..treefiles import metaview
from .common import CliError, FailedError
from .tree_report import info_doc, printable

if TYPE_CHECKING:
    from wordle_runtime.boards_structure import BoardsTreeData

    from ..treefiles.boards_verification import BoardsVerdict

LABEL_WIDTH = 11
BOARD_FORMATS = ("csv", "dot", "svg", "png")


def _line(label: str, value: object) -> str:
    return printable(f"{label:<{LABEL_WIDTH}} {value}")


def boards_info_doc(shown_path: str, source: str, data: BoardsTreeData, size: int) -> dict:
    """Everything ``info`` reports of a multi-board tree: :func:`.tree_report.info_doc`'s
    fields and ``boards``: the boards, the limit, the objective, the first guess and the
    figures of the tree's arrays (tuples, solved, lost, total guesses, average, the most
    guesses a solved tuple needs)."""
    from wordle_runtime.boards_tree import BoardsTree

    tree = BoardsTree(data)
    figures = tree.stats
    doc = info_doc(shown_path, source, data, size)
    doc["boards"] = {
        "boards": data.boards,
        "limit": data.limit,
        "objective": data.objective,
        "first_guess": tree.first_guess,
        **figures,
        "average": round(figures["average"], 6),
    }
    return doc


def _list_text(entry: dict) -> str:
    name = metaview.shown(entry["name"], 40) if entry["name"] else "unnamed"
    return f"list {name}" + (f", sha256 {entry['sha256'][:16]}…" if entry["sha256"] else "")


def boards_info_lines(doc: dict) -> list[str]:
    """The labelled text form of :func:`boards_info_doc`."""
    boards, lists = doc["boards"], doc["word_lists"]
    version = ".".join(map(str, doc["format_version"]))
    where = "standard input" if doc["file"] == "-" else doc["file"]
    lines = [
        _line("file", where + (f" (shipped tree, {doc['path']})" if doc["shipped"] else "")),
        _line("format", f"wordle-tree {version} (multi-board), {doc['bytes']:,} bytes, {doc['nodes']:,} nodes"),
    ]
    if "game" in doc:
        lines.append(_line("game", f"{doc['game']['name']} ({doc['game']['length']} symbols)"))
    strategy = metaview.shown(doc["strategy"]) if doc["strategy"] else "not recorded"
    if doc["optimality"]:
        strategy += f" ({metaview.shown(doc['optimality'])})"
    lines += [
        _line("boards", f"{boards['boards']}, at most {boards['limit']} guesses, objective {boards['objective']}"),
        _line("strategy", strategy),
        _line("answers", f"{doc['answers']:,} ({_list_text(lists['answers'])})"),
        _line(
            "guesses",
            f"{doc['guess_list']:,} in the file's guess list ({_list_text(lists['guesses'])}), "
            f"{doc['guesses_used']:,} played in the tree",
        ),
        _line(
            "tuples",
            f"{boards['tuples']:,} ordered tuples of distinct answers: {boards['solved']:,} solved, "
            f"{boards['lost']:,} lost",
        ),
        _line(
            "figures",
            f"total {boards['total_guesses']:,} guesses, average {boards['average']:.4f}, at most "
            f"{boards['max_guesses']} guesses a solved tuple; first guess {boards['first_guess']}",
        ),
    ]
    histogram = metaview.get(doc["stats"], "histogram", kind=dict, default={})
    if histogram:
        shown = "  ".join(f"{metaview.shown(k)}: {metaview.shown(v)}" for k, v in histogram.items())
        lines.append(_line("histogram", f"{shown}   (guesses: tuples, as meta claims; wordle-tree verify checks it)"))
    compiler = doc["compiler"]
    if compiler:
        lines.append(_line("compiler", f"{compiler.get('name', '?')} {compiler.get('version', '?')}"))
    return lines


def boards_info(shown_path: str, source: str, data: BoardsTreeData, size: int, as_json: bool) -> None:
    """Print ``info`` of a multi-board tree (``--json``: one object)."""
    doc = boards_info_doc(shown_path, source, data, size)
    click.echo(json.dumps(doc, sort_keys=True) if as_json else "\n".join(boards_info_lines(doc)))


def boards_verify(
    data: BoardsTreeData, options: tuple[int | None, str | None, str | None], weighted: bool, as_json: bool
) -> None:
    """``verify`` of a multi-board tree: replay every tuple, print the verdict, exit 1 on a
    failure.  ``options``: ``--max-depth``, ``--mode`` and ``--guesses`` (a guess list to check
    the tree's words against instead of the file's own); ``weighted``: weights were asked for,
    which a multi-board tree refuses."""
    from ..treefiles.boards_verification import verify_boards
    from ..treefiles.verification import guess_list_for

    max_depth, mode, guesses = options
    if weighted:
        raise CliError(
            "--weights and --prior are for single-board trees: every tuple of a multi-board tree counts alike"
        )
    if mode not in (None, "normal"):
        raise CliError(f"a multi-board tree is played in normal mode, not {mode}")
    notes: list[str] = []
    verdict = verify_boards(data, max_depth, guess_list_for(data, guesses, notes))
    verdict.notes += notes
    if as_json:
        if not verdict.ok:
            raise FailedError(_failure(verdict), details=verdict.as_dict())
        click.echo(json.dumps(verdict.as_dict()))
        return
    click.echo("\n".join(_verify_lines(verdict)))
    if not verdict.ok:
        raise FailedError(_failure(verdict))


def _failure(verdict: BoardsVerdict) -> str:
    """The one stderr line of a failed verification."""
    parts = []
    if verdict.problems:
        parts.append(f"{len(verdict.problems)} problem(s), first: {verdict.problems[0]}")
    if verdict.exceeding_max_depth:
        parts.append(f"{verdict.exceeding_max_depth:,} tuple(s) need more than {verdict.max_depth} guesses")
    return "verification failed: " + "; ".join(parts)


def _verify_lines(verdict: BoardsVerdict) -> list[str]:
    """``OK: …`` or ``FAILED: …``, then the problems and notes."""
    head = (
        f"{'OK' if verdict.ok else 'FAILED'}: {verdict.boards} boards, {verdict.tuples:,} tuples: "
        f"{verdict.solved:,} solved, {verdict.lost:,} lost, total {verdict.total_guesses:,}, average "
        f"{verdict.average:.4f}, max {max(verdict.histogram, default=0)} guesses "
        f"(limit {verdict.limit}, objective {verdict.objective})"
    )
    lines = [head]
    lines += [f"  {problem}" for problem in verdict.problems[:20]]
    if len(verdict.problems) > 20:
        lines.append(f"  … and {len(verdict.problems) - 20} more problems")
    lines += [f"  note: {note}" for note in verdict.notes]
    if verdict.exceeding_max_depth:
        lines.append(f"  {verdict.exceeding_max_depth:,} tuple(s) need more than {verdict.max_depth} guesses")
    return lines


def boards_export(data: BoardsTreeData, history: str, fmt: str, depth: int | None) -> tuple[bytes, dict]:
    """(the bytes ``export`` writes, what its ``--json`` says besides the output) of the
    subtree at ``history`` (the tree's own steps, in the multi-board notation)."""
    from wordle_runtime.boards_tree import BoardsTree
    from wordle_runtime.history import HistoryError

    from ..treefiles.export.boards import boards_csv, boards_dot
    from ..treefiles.export.graphviz import GraphvizError, render_dot

    if fmt not in BOARD_FORMATS:
        raise CliError(f"a multi-board tree exports as {', '.join(BOARD_FORMATS)}, not {fmt}")
    if depth is not None and fmt == "csv":
        raise CliError("--depth applies to --format dot, svg or png of a multi-board tree")
    tree = BoardsTree(data)
    try:
        node = tree.node_of(history)
    except HistoryError as exc:
        raise CliError(f"history: {exc}") from None
    if fmt == "csv":
        text = boards_csv(data, node, history)
        written = {"rows": text.count("\n") - 1}
    else:
        text, drawn = boards_dot(data, node, depth)
        written = {"nodes": drawn}
    try:
        payload = text.encode() if fmt in ("csv", "dot") else render_dot(text, fmt)
    except GraphvizError as exc:
        raise CliError(str(exc)) from None
    figures = tree.position(history)
    doc = {"format": fmt, "bytes": len(payload), "history": history, "guess": figures.guess, "tuples": figures.tuples}
    return payload, {**doc, **written}


def run_boards_export(
    data: BoardsTreeData, history: str, what: tuple[str, int | None], pictures: tuple, output
) -> dict:
    """``export`` of a multi-board tree: ``what`` is (``--format``, ``--depth``); the
    single-board picture options (``pictures``: the values of ``--max-width``, ``--show-all``,
    ``--highlight`` and ``--min-depth``) are refused.  Writes the export to ``output`` and
    returns what ``--json`` prints."""
    from .streams import write_output

    names = ("--max-width", "--show-all", "--highlight", "--min-depth")
    given = [name for name, value in zip(names, pictures, strict=True) if value not in (None, False)]
    if given:
        raise CliError(f"{given[0]} is for single-board trees")
    payload, doc = boards_export(data, history, *what)
    write_output(output, payload)
    return {"output": output, **doc}
