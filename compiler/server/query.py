"""``/api/analyse``, ``/api/review`` and ``/api/boards``: a query made into an
:class:`AnalysisRequest` (or a :class:`~.jobs.BoardsJob`), checked in the request's thread (no
worker taken for a bad one), run by a worker (:mod:`.jobs`) under the pool's bounds
(:mod:`.workers`), and answered with what ``wordle-tree analyse [--review] --json`` (or
``wordle-tree analyse --game quordle --json``) prints for the same arguments.

A query's fields are the command's options (``top``, ``move``, ``rank``, ``review``,
``max_depth``, ``objective``, ``deep``) and the ``history``; the word lists, the mode and the
weights are the tree's (the fields ``mode``, ``answers``, ``guesses``, ``prior`` may only repeat
them).  ``/api/boards`` takes ``game`` (a name of :data:`wordle_runtime.boards.BOARD_GAMES`),
``history``, ``top`` and ``move``.  A refusal is worded as the command line words the same mistake in its options.
"""

from __future__ import annotations

import json

from wordle_runtime.boards import BOARD_GAMES, parse_board_history
from wordle_runtime.game import DEFAULT_GAME
from wordle_runtime.history import HistoryError
from wordle_runtime.messages import one_line

from ..analysis.request import (
    DEEP_RANGE,
    MAX_DEPTH_RANGE,
    TOP_RANGE,
    AnalysisRequest,
    RequestError,
)
from ..core.settings import DEFAULT_MAX_DEPTH, MODE_ALIASES, OBJECTIVES
from ..util.numbers import PLAIN_INT_HINT, is_plain_int
from .jobs import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, BoardsJob, Job
from .site import Reply, ServedTree, error_reply
from .workers import AnalysisPool, Busy, TimeLimit, WorkerLost

NUMBERS = {"top": TOP_RANGE, "max_depth": MAX_DEPTH_RANGE, "deep": DEEP_RANGE}
OPTIONS = (*NUMBERS, "move", "objective")  # taken with a value: --max-depth N
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
HELP_HINT = " (see wordle-tree --help)"
BOARDS_FIELDS = ("game", "history", "top", "move")
BOARDS_TOP = 5  # the command line's --top for a multi-board position when none is given


def refusal(message: str, code: int = EXIT_BAD_INPUT) -> Reply:
    """A refusal as ``wordle-tree analyse --json`` prints it."""
    return Reply(STATUS[code], json.dumps({"error": one_line(message), "exit_code": code}))


def _bad_value(key: str, why: str) -> RequestError:
    """The command line's line for a bad value of option ``key``."""
    return RequestError(f"Invalid value for '--{key.replace('_', '-')}': {why}{HELP_HINT}")


def _number(key: str, text: str) -> int:
    low, high = NUMBERS[key]
    if not is_plain_int(text):
        raise _bad_value(key, f"{text[:40]!r} is not a whole number ({PLAIN_INT_HINT})")
    value = int(text)
    if not low <= value <= high:
        raise _bad_value(key, f"{value} is not in the range {low}<=x<={high}.")
    return value


def _flag(key: str, text: str) -> bool:
    value = text.strip().lower()
    if value not in YES + NO:
        raise RequestError(f"'{key}' is yes or no (1 or 0), not {value[:20]!r}")
    return value in YES


def _checked_fields(params: dict[str, list[str]], tree: ServedTree) -> dict[str, str]:
    """Each field's one value; RequestError for a field given twice, one the API does not take,
    or one that contradicts the tree."""
    for key, values in params.items():
        if len(values) > 1:
            raise RequestError(f"'{key}' is given {len(values)} times: give it once")
        if key in NOT_TAKEN:
            raise RequestError(f"'{key}' is not taken here: {NOT_TAKEN[key]}")
        if key in SET_BY_TREE and _own_name(key, values[0]) != tree.setting(key):
            raise RequestError(
                f"'{key}' is the tree's: {tree.name} plays with {key} "
                f"{tree.setting(key) or 'none'} (choose another tree with tree=NAME)"
            )
        if key not in (*OPTIONS, *FLAGS, *SET_BY_TREE, "tree", "history"):
            raise RequestError(f"unknown field '{key[:40]}': the API takes tree, history, {', '.join(OPTIONS + FLAGS)}")
    return {key: values[0] for key, values in params.items()}


def _own_name(key: str, value: str) -> str:
    """A field's value as the tree names it (another name of a mode, ``strict``, as the mode's)."""
    return MODE_ALIASES.get(value, value) if key == "mode" else value


def request_for(endpoint: str, tree: ServedTree, params: dict[str, list[str]]) -> AnalysisRequest:
    """The request a query stands for (``endpoint`` ``review``: a review), checked as
    ``wordle-tree analyse`` checks its arguments; RequestError in its words otherwise."""
    fields = _checked_fields(params, tree)
    numbers = {key: _number(key, fields[key]) for key in NUMBERS if key in fields}
    move = fields.get("move")
    if move is not None and not move.strip():
        raise _bad_value("move", "must not be empty")
    objective = fields.get("objective", "total")
    if objective not in OBJECTIVES:
        raise _bad_value("objective", f"{objective!r} is not one of {', '.join(map(repr, OBJECTIVES))}.")
    flags = {key: _flag(key, fields.get(key, "0")) for key in FLAGS}
    request = AnalysisRequest(
        history=tuple(fields.get("history", "").split()),
        top=numbers.get("top"),
        move=move,
        rank=flags["rank"],
        review=endpoint == "review" or flags["review"],
        max_depth=numbers.get("max_depth", DEFAULT_MAX_DEPTH),
        objective=objective,
        deep=numbers.get("deep"),
    )
    request.check(weighted=tree.data.weights is not None)
    return request


def boards_job(params: dict[str, list[str]]) -> BoardsJob:
    """The multi-board request a ``/api/boards`` query stands for, its history parsed as
    ``wordle-tree analyse --game GAME`` parses it; RequestError or HistoryError otherwise."""
    for key, values in params.items():
        if key not in BOARDS_FIELDS:
            raise RequestError(f"unknown field '{key[:40]}': /api/boards takes {', '.join(BOARDS_FIELDS)}")
        if len(values) > 1:
            raise RequestError(f"'{key}' is given {len(values)} times: give it once")
    fields = {key: values[0] for key, values in params.items()}
    games = ", ".join(BOARD_GAMES)
    if "game" not in fields:
        raise RequestError(f"'game' is required: one of {games}")
    game = fields["game"].strip().lower()
    if game not in BOARD_GAMES:
        raise RequestError(f"unknown game {fields['game'][:40]!r}: /api/boards plays {games}")
    move = fields.get("move")
    if move is not None and not move.strip():
        raise _bad_value("move", "must not be empty")
    top = _number("top", fields["top"]) if "top" in fields else BOARDS_TOP
    boards, history = BOARD_GAMES[game], tuple(fields.get("history", "").split())
    parse_board_history(history, DEFAULT_GAME, boards)  # a malformed history: refused here, at once
    return BoardsJob(boards, history, top, move)


def answer(pool: AnalysisPool, endpoint: str, tree: ServedTree | None, params: dict[str, list[str]]) -> Reply:
    """The reply to ``/api/<endpoint>``: what the command line prints, or why it cannot
    (``tree``: the served tree, None for ``boards``, which plays the original lists)."""
    if endpoint == "boards" or tree is None:
        try:
            job = boards_job(params)
        except (RequestError, HistoryError) as exc:
            return refusal(str(exc))
        return pooled(pool, job)
    game = tree.data.game
    try:
        request = request_for(endpoint, tree, params)
        steps = request.steps(game)
        request = request.for_game(steps, game)
    except (RequestError, HistoryError) as exc:
        return refusal(str(exc))
    return pooled(pool, Job(tree.name, request, steps))


def pooled(pool: AnalysisPool, job: Job | BoardsJob) -> Reply:
    """The reply to a checked request, run by a worker of ``pool`` under its bounds."""
    try:
        answered = pool.run(job)
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
    if not isinstance(answered, tuple):  # the worker's loop itself failed: a bug
        return refusal(f"internal error, please report it: {answered['worker_error']}", EXIT_INTERNAL)
    code, text = answered
    return Reply(STATUS.get(code, 500), text)
