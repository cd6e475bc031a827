"""``wordle-tree serve``'s API: ``/api/analyse`` and ``/api/review`` answer what ``wordle-tree
analyse [--review] --json`` prints for the same arguments, on the tree named by ``tree``.

A query's fields are the command's options (``top``, ``move``, ``rank``, ``review``,
``max_depth``, ``objective``, ``deep``) and the ``history``; the word lists, the mode and the
weights are the tree's (the fields ``mode``, ``answers``, ``guesses``, ``prior`` may only
repeat them).  Each request is checked here, in the request's thread, by ``analyse``'s own
parser and checks (same wording, no worker taken); only a valid one goes to a worker
(:mod:`.serve_jobs`), bounded in time (:mod:`..server.workers`).
"""

from __future__ import annotations

import json

import click

from wordle_runtime.history import HistoryError, parse_history

from ..server.site import Reply, ServedTree, error_reply
from ..server.workers import AnalysisPool, Busy, TimeLimit, WorkerLost
from . import analyse as command
from .common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, CliError
from .serve_jobs import tree_mode

PROG = "wordle-tree"
OPTIONS = ("top", "move", "max_depth", "objective", "deep")  # taken with a value: --max-depth N
FLAGS = ("rank", "review")  # taken as yes or no: --rank
SET_BY_TREE = ("mode", "answers", "guesses", "prior")
NOT_TAKEN = {
    "weights": "the server reads no file but its trees (a tree built under weights carries them)",
    "weight_missing": "the server reads no weights file",
    "prior_width": "the tree's weights are used",
    "prior_common": "the tree's weights are used",
    "jobs": "each analysis runs on one thread",
    "json": "the API always answers JSON",
    "quiet": "the API shows no progress",
}
YES, NO = ("", "1", "true", "yes", "on"), ("0", "false", "no", "off")
STATUS = {EXIT_OK: 200, EXIT_FAILED: 422, EXIT_BAD_INPUT: 400, EXIT_INTERNAL: 500}


def cli_error(message: str, code: int = EXIT_BAD_INPUT) -> Reply:
    """A refusal as ``wordle-tree analyse --json`` prints it."""
    return Reply(STATUS[code], json.dumps({"error": message, "exit_code": code}))


def _tree_setting(tree: ServedTree, key: str) -> str:
    data = tree.data
    if key == "mode":
        return tree_mode(data)
    if key == "prior":
        source = (data.meta.get("weights") or {}).get("source", "") if data.weights is not None else ""
        return "frequency" if source.startswith("prior frequency") else ""
    return data.meta.get("word_lists", {}).get(key, {}).get("name", "")


def _argv(params: dict, review: bool, tree: ServedTree) -> list[str]:
    """The command line the query stands for (the history last, after ``--``); CliError for a
    field the API does not take, or one that contradicts the tree."""
    for key, values in params.items():
        if len(values) > 1:
            raise CliError(f"'{key}' is given {len(values)} times: give it once")
        if key in NOT_TAKEN:
            raise CliError(f"'{key}' is not taken here: {NOT_TAKEN[key]}")
        if key in SET_BY_TREE and values[0] != _tree_setting(tree, key):
            raise CliError(
                f"'{key}' is the tree's: {tree.name} plays with {key} "
                f"{_tree_setting(tree, key) or 'none'} (choose another tree with tree=NAME)"
            )
        if key not in (*OPTIONS, *FLAGS, *SET_BY_TREE, "tree", "history"):
            raise CliError(f"unknown field '{key[:40]}': the API takes tree, history, {', '.join(OPTIONS + FLAGS)}")
    argv = ["--review"] if review else []
    for key in OPTIONS:
        if key in params:
            argv += [f"--{key.replace('_', '-')}", params[key][0]]
    for key in FLAGS:
        value = params.get(key, ["0"])[0].strip().lower()
        if value not in YES + NO:
            raise CliError(f"'{key}' is yes or no (1 or 0), not {value[:20]!r}")
        if value in YES:
            argv.append(f"--{key}")
    return [*argv, "--", *params.get("history", [""])[0].split()]


def checked_job(endpoint: str, tree: ServedTree, params: dict) -> dict:
    """The job for a query, checked as ``wordle-tree analyse`` checks its arguments: by its own
    parser (click's wording) and its own checks; CliError or click's error otherwise."""
    argv = _argv(params, endpoint == "review", tree)
    with command.analyse_command.make_context("analyse", argv) as ctx:
        p = ctx.params
    history, move, objective, deep = p["history"], p["move"], p["objective"], p["deep"]
    review = p["review"] or bool(history and history[-1].lower() == "ggggg")
    command._check_options(history, p["review"], move, p["with_rank"])
    command._check_objective(objective, deep, p["max_depth"], review, p["with_rank"])
    if tree.data.weights is not None and objective != "total":
        raise CliError("--weights and --prior value moves by expected guesses: --objective total only")
    command._check_opening(objective, deep, history)
    try:
        steps = parse_history(list(history), tree.data.game)
    except HistoryError as exc:
        raise CliError(str(exc)) from None
    review = p["review"] or bool(steps and steps[-1][1] == tree.data.game.all_correct)
    return {
        "tree": tree.name,
        "steps": steps,
        "review": review,
        "top": p["top"],
        "move": move.strip().lower() if move else None,
        "rank": p["with_rank"],
        "max_depth": p["max_depth"],
        "objective": objective,
        "deep": deep,
    }


def answer(pool: AnalysisPool, endpoint: str, tree: ServedTree, params: dict) -> Reply:
    """The reply to ``/api/<endpoint>``: what the command line prints, or why it cannot."""
    try:
        job = checked_job(endpoint, tree, params)
    except CliError as exc:
        return cli_error(exc.format_message(), exc.exit_code)
    except click.ClickException as exc:  # click's own usage errors, as run_click words them
        hint = f" (see {PROG} --help)" if isinstance(exc, click.UsageError) else ""
        return cli_error(exc.format_message() + hint, exc.exit_code)
    try:
        answer = pool.run(job)
    except Busy:
        return error_reply(
            503,
            f"the server is busy: {pool.size} analyses are running and more are waiting; try again in a moment",
            {"Retry-After": "2"},
        )
    except TimeLimit:
        return error_reply(
            504,
            f"the analysis took longer than this server's limit of {pool.time_limit:g} s and "
            "was stopped (wordle-tree serve --time-limit S sets it; wordle-tree analyse "
            "on the command line has no limit)",
        )
    except WorkerLost:
        return error_reply(500, "the analysis stopped unexpectedly (its worker process died); try again")
    if isinstance(answer, dict):  # the worker itself failed: a bug
        return cli_error(f"internal error, please report it: {answer['worker_error']}", EXIT_INTERNAL)
    code, text = answer
    return Reply(STATUS.get(code, 500), text)
