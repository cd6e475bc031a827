"""``wordle-compile --boards K`` (or ``--game quordle``, any multi-board game): the exact
multi-board tree over lists small enough to hold every tuple of distinct answers, or (two
boards, ``--strategy entropy``, ``most-parts`` or ``minimax``) a policy's whole tree over
every pair, ``--jobs`` processes laying it out.

``-o FILE`` writes the tree file, format 3.0 (FORMAT.md, "Changes in 3.0"), packed by the
runtime and replayed first (every tuple, as ``wordle-tree verify`` does); ``-o -`` writes its
bytes to standard output (never to a terminal; the figures then go to stderr).
``wordle-next --tree FILE`` walks it, ``wordle-tree info``, ``verify`` and ``export`` read it.

A name ending in ``.json`` gets an exact tree's JSON document instead: ``{"boards", "limit",
"objective", "answers", "guesses", figures…, "tree"}``, the tree as nested maps ``{"guess":
word, "next": {"pattern,pattern": subtree | "solved" | "lost"}}`` with one pattern per board
still open, in board order (the history notation of ``wordle-next --boards``).
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from wordle_runtime.format import TreeData

from ..kinds import SEVERAL_BOARDS
from .common import CliError, FailedError, refuse_other_kind
from .progress import Progress
from .streams import STDIO, check_tree_destination, write_output

if TYPE_CHECKING:
    from ..core.settings import Settings
    from ..multiboard.build import BoardsResult

PROG = "wordle-compile"


def run_boards(ctx: click.Context, settings: Settings) -> None:
    """Run the multi-board build ``wordle-compile``'s options ask for (``settings``: the game
    they make, several boards)."""
    from ..core.settings import BOARD_OBJECTIVES
    from ..multiboard.policy import POLICIES

    params = ctx.params
    if params["objective"] not in BOARD_OBJECTIVES:
        raise CliError(f"a multi-board objective is one of {', '.join(BOARD_OBJECTIVES)}, not {params['objective']}")
    refuse_other_kind(ctx, SEVERAL_BOARDS, "build")
    output = params["output"]
    if params["jobs"] != 1 and params["strategy"] not in POLICIES:
        raise CliError("--jobs lays out a policy's tree: the exact multi-board search runs on one thread")
    if params["strategy"] in POLICIES and output is not None and output.lower().endswith(".json"):
        raise CliError("a policy's tree is written in the tree format (a .wtree name), not as JSON")
    settings = replace(settings, objective=params["objective"])
    build = {"strategy": params["strategy"], "start": params["start"], "jobs": params["jobs"]}
    compile_boards(settings, build, output, params["as_json"], params["quiet"])


def compile_boards(settings: Settings, build: dict, output: str | None, as_json: bool, quiet: bool) -> None:
    """Build the tree (``build``: the API's strategy, start and jobs), print its figures (or
    the ``--json`` document), write ``-o`` (``-o -``: the tree to standard output, the
    figures to stderr)."""
    from ..kinds import several
    from ..multiboard.build import BoardsInfeasibleError

    if output is not None:
        check_tree_destination(output, as_json)
    progress = Progress(quiet)
    try:
        result = several.build(settings, **build, progress=progress)
    except BoardsInfeasibleError as exc:
        raise FailedError(str(exc)) from None
    except ValueError as exc:
        raise CliError(str(exc)) from None
    finally:
        progress.close()
    doc = result.figures()
    if output is not None:
        write_output(output, _payload(result, settings, build["start"], output))
        doc["output"] = str(output)
    if as_json:
        click.echo(json.dumps(doc))
    elif not quiet or output is None:
        click.echo("\n".join(_summary(doc)), err=output == STDIO)


def _payload(result: BoardsResult, settings: Settings, start: str | None, output: str) -> bytes:
    """What ``-o`` writes: the JSON document for a name ending in ``.json``, else the tree
    file, whose every tuple is replayed before it is written (a failure is exit 1)."""
    if output != STDIO and output.lower().endswith(".json"):
        return (json.dumps(result.document(), separators=(",", ":")) + "\n").encode()
    from wordle_runtime.boards_format import pack_boards_tree
    from wordle_runtime.format import MAX_BOARDS_FILE_BYTES, unpack_any

    from ..multiboard.treefile import boards_tree_data
    from ..treefiles.boards_verification import verify_boards

    payload = pack_boards_tree(boards_tree_data(result, settings.load_words(), settings, start))
    if len(payload) > MAX_BOARDS_FILE_BYTES:
        raise FailedError(
            f"the tree is {len(payload):,} bytes, over the {MAX_BOARDS_FILE_BYTES:,} a tree file may hold, "
            "so it was not written (build it over fewer answers)"
        )
    loaded = unpack_any(payload)
    verdict = verify_boards(loaded) if not isinstance(loaded, TreeData) else None
    if verdict is None or not verdict.ok:
        first = "not a multi-board tree" if verdict is None else (verdict.problems or ["too deep"])[0]
        raise FailedError(f"the tree failed its replay, so it was not written: {first}")
    return payload


def _summary(doc: dict) -> list[str]:
    """The plain-text figures."""
    size = f"{doc['boards']} boards, {doc['answers']} answers: {doc['tuples']:,} tuples of distinct answers"
    figures = f"{doc['total_guesses']:,} guesses in all, average {doc['average']:.4f}"
    label = "proved optimal" if doc["proved_optimal"] else f"the {doc['strategy']} policy's tree, a heuristic"
    lines = [
        f"{size}, at most {doc['limit']} guesses (objective {doc['objective']})",
        f"first guess {doc['first_guess']}: {figures}, {doc['solved']:,} solved, {doc['lost']:,} lost ({label})",
        "guesses: " + ", ".join(f"{k}: {v:,}" for k, v in doc["histogram"].items()),
    ]
    if "output" in doc:
        lines.append(f"wrote {'the tree to standard output' if doc['output'] == STDIO else doc['output']}")
    return lines
