"""``wordle-compile --boards K`` (or ``--game dordle|quordle|octordle``): the exact
multi-board tree over lists small enough to hold every tuple of distinct answers.

The tree is written as JSON (``-o FILE``; FORMAT.md's msgpack file holds single-board trees):
``{"boards", "limit", "objective", "answers", "guesses", "figures", "tree"}``, the tree as
nested maps ``{"guess": word, "next": {"pattern,pattern": subtree | "solved" | "lost"}}``
with one pattern per board still open, in board order (the history notation of
``wordle-next --boards``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

import click

from wordle_runtime.boards import BOARD_GAMES, boards_problem, guess_limit

from .common import CliError, FailedError

PROG = "wordle-compile"
BOARD_OBJECTIVES = ("total", "win")


@dataclass(frozen=True)
class BoardsRequest:
    """A multi-board build as the command line asked for it."""

    boards: int
    answers: str
    guesses: str | None
    objective: str
    max_depth: int | None
    start: str | None


def boards_request(game: str | None, boards: int | None, options: dict) -> BoardsRequest | None:
    """The multi-board build ``--game``/``--boards`` ask for, or None for a single-board one;
    :class:`CliError` when they clash or the strategy is not ``optimal``."""
    named = game.strip().lower() if isinstance(game, str) else None
    if named not in BOARD_GAMES and boards is None:
        return None
    if named in BOARD_GAMES:
        if boards is not None and boards != BOARD_GAMES[named]:
            raise CliError(f"{named} has {BOARD_GAMES[named]} boards, not {boards}")
        boards, answers, guesses = BOARD_GAMES[named], "original", "original"
    else:
        if game is not None and named != "wordle":
            raise CliError("--boards plays boards of the lists' own Wordle game: leave out --game")
        answers, guesses = options["answers"], options["guesses"]
    problem = boards_problem(boards)
    if problem:
        raise CliError(problem)
    if options["strategy"] != "optimal":
        raise CliError(
            "a multi-board build is exact: --strategy optimal "
            "(wordle-next --game quordle plays the policy for large lists)"
        )
    if options["objective"] not in BOARD_OBJECTIVES:
        raise CliError(f"a multi-board objective is one of {', '.join(BOARD_OBJECTIVES)}, not {options['objective']}")
    return BoardsRequest(boards, answers, guesses, options["objective"], options["max_depth"], options["start"])


def compile_boards(request: BoardsRequest, output: str | None, as_json: bool, quiet: bool) -> None:
    """Build the exact tree, print its figures (or the ``--json`` document), write ``-o``."""
    from ..core.matrix import compute_matrix
    from ..core.wordlists import load_word_lists
    from ..multiboard.build import BoardsError, build_boards
    from ..util.files import check_destination, write_atomic

    try:
        words = load_word_lists(request.answers, request.guesses)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if words.game.rule != "wordle":
        raise CliError("multi-board games are played over Wordle-rule games, not Mastermind")
    answers, guesses = list(words.answers), list(words.guesses)
    if request.start is not None and request.start not in guesses:
        raise CliError(f"--start {request.start!r} is not in the guess list")
    if output is not None:
        check_destination(output)
    limit = request.max_depth or guess_limit(request.boards)
    plan = (request.boards, limit, request.objective)
    try:
        codes = compute_matrix(guesses, answers, words.game)
        result = build_boards(codes, (answers, guesses), words.game, plan, request.start)
    except BoardsError as exc:
        if "cannot be solved" in str(exc):
            raise FailedError(str(exc)) from None
        raise CliError(str(exc)) from None
    doc = {"game": words.game.name, "answers_list": words.answers_name, "guesses_list": words.guesses_name}
    doc.update(result.to_json())
    if output is not None:
        tree_doc = {**doc, "answers": answers, "guesses": guesses, "tree": result.tree}
        write_atomic(output, (json.dumps(tree_doc, separators=(",", ":")) + "\n").encode())
        doc["output"] = str(output)
    if as_json:
        click.echo(json.dumps(doc))
    elif not quiet or output is None:
        click.echo("\n".join(_summary(doc)))


def _summary(doc: dict) -> list[str]:
    """The plain-text figures."""
    size = f"{doc['boards']} boards, {doc['answers']} answers: {doc['tuples']:,} tuples of distinct answers"
    figures = f"{doc['total_guesses']:,} guesses in all, average {doc['average']:.4f}"
    lines = [
        f"{size}, at most {doc['limit']} guesses (objective {doc['objective']})",
        f"first guess {doc['first_guess']}: {figures}, {doc['solved']:,} solved, {doc['lost']:,} lost (proved optimal)",
        "guesses: " + ", ".join(f"{k}: {v:,}" for k, v in doc["histogram"].items()),
    ]
    if "output" in doc:
        lines.append(f"wrote {doc['output']}")
    return lines


# Options of single-board builds that a multi-board build refuses when given.
SINGLE_BOARD_OPTIONS = ("opening", "deep", "weights_file", "prior", "anytime", "time_limit", "memo_mb")


def run_boards(ctx: click.Context) -> bool:
    """Run the multi-board build that ``wordle-compile``'s options ask for; False when they
    ask for a single-board one."""
    params = ctx.params
    options = {key: params[key] for key in ("answers", "guesses", "strategy", "objective", "start")}
    given = ctx.get_parameter_source("max_depth") != click.core.ParameterSource.DEFAULT
    options["max_depth"] = params["max_depth"] if given else None
    request = boards_request(params["game"], params["boards"], options)
    if request is None:
        if params["objective"] == "win":
            raise CliError("--objective win is for multi-board games (--boards K)")
        return False
    if params["mode"] != "normal":
        raise CliError("multi-board games are played in normal mode")
    for key in SINGLE_BOARD_OPTIONS:
        if ctx.get_parameter_source(key) not in (None, click.core.ParameterSource.DEFAULT):
            raise CliError(f"--{key.replace('_file', '').replace('_', '-')} is for single-board builds")
    compile_boards(request, params["output"], params["as_json"], params["quiet"])
    return True
