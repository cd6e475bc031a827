"""The analyses ``wordle-tree serve`` runs in its worker processes (:mod:`.worker`).

A :class:`Job` is one ``/api/analyse`` or ``/api/review`` request, already checked by
:mod:`.query`: the served tree's name, the :class:`AnalysisRequest` and its history's steps.
A :class:`BoardsJob` is one ``/api/boards`` request, checked there too: a multi-board
position over the original lists, answered with what ``wordle-tree analyse --game quordle
--json`` prints (:func:`~..analysis.boards.analyse_boards`, the one function both run).
The worker runs it on the tree's own word lists under the tree's
:class:`~..core.settings.Settings` (:func:`tree_settings`: its game, mode and weights) with
:meth:`LoadedGame.answer`, as ``wordle-tree analyse`` does, and answers (exit code, the JSON
text ``wordle-tree analyse --json`` prints), from the result's own JSON form.

The worker gets every served tree's bytes with its setup and never reads a tree file: a file
changed or deleted while the server runs changes nothing.  It keeps one loaded game (word
lists, feedback matrix, solver memo) per tree, so a position analysed twice, or a game reviewed
after its positions were, is answered from memory; the pool bounds the memory this takes
(:mod:`.workers`).
"""

from __future__ import annotations

import contextlib
import json
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from wordle_runtime.format import TreeData, unpack_tree
from wordle_runtime.history import HistoryError, NoAnswerError
from wordle_runtime.messages import one_line

from ..analysis.request import AnalysisRequest, LoadedGame, RequestError, Steps, answer_json

if TYPE_CHECKING:
    from ..core.settings import Settings
    from ..core.wordlists import WordLists

JOB_MODULE = __name__  # what the worker processes import (:mod:`.worker`)

# The command line's exit codes, which an API refusal carries as ``exit_code``.
EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 0, 1, 2, 3

_trees: dict[str, bytes] = {}  # the trees served: name -> the file's bytes, as the server read them
_games: dict[str, LoadedGame] = {}


@dataclass(frozen=True)
class Job:
    """One checked request for the served tree ``tree``."""

    tree: str
    request: AnalysisRequest
    steps: Steps


@dataclass(frozen=True)
class BoardsJob:
    """One checked multi-board request: the boards, the history's tokens, how many best moves
    and a move to value (None: none)."""

    boards: int
    history: tuple[str, ...]
    top: int
    move: str | None


def tree_mode(data: TreeData) -> str:
    """The rules a tree's guesses follow (a format 1.0 file stores none: normal)."""
    return data.mode or data.meta.get("mode") or "normal"


def tree_lists(data: TreeData) -> WordLists:
    """The tree's own answers and guess list, named as its meta names them (``core.wordlists``)."""
    from ..core.wordlists import WordLists

    names = data.meta.get("word_lists", {})
    guesses = data.guess_list.words() if data.guess_list is not None else sorted(set(data.guesses) | set(data.answers))
    return WordLists(
        answers=tuple(data.answers),
        guesses=tuple(guesses),
        answers_name=names.get("answers", {}).get("name", "of the tree"),
        guesses_name=names.get("guesses", {}).get("name", "of the tree"),
        game=data.game,
    )


def tree_settings(data: TreeData) -> Settings:
    """The :class:`Settings` a served tree is analysed under: its game, mode and weights, its
    lists as its meta names them (the lists played are the tree's own: :func:`tree_lists`)."""
    from ..core.settings import Settings
    from ..treefiles.weighted import tree_weights

    names = data.meta.get("word_lists", {})
    answers, guesses = (names.get(role, {}).get("name") for role in ("answers", "guesses"))
    played = {"game": data.game, "mode": tree_mode(data), "weights": tree_weights(data)}
    try:
        return Settings(**played, answers=answers or "original", guesses=guesses or None)
    except ValueError:  # lists no Settings names (a Mastermind tree's own files): the tree's are its own
        return Settings(**played)


def prepare(setup: dict[str, Any]) -> None:
    """Note the trees served, then load the engine and the default tree's game, so the first
    request does not wait for them."""
    _trees.update(setup["trees"])
    # a request for the tree reports any problem in its own words
    with warnings.catch_warnings(), contextlib.suppress(Exception):
        warnings.simplefilter("ignore")
        _game(setup["default"]).ctx.matrix_by_answer()


def _game(name: str) -> LoadedGame:
    """The loaded game of the served tree ``name``, made once per worker from its bytes."""
    if name not in _games:
        from ..core.config import Context

        data = unpack_tree(_trees[name])
        _games[name] = LoadedGame(Context.from_words(tree_lists(data)), tree_settings(data))
    return _games[name]


def error_text(message: str, code: int) -> str:
    """The error object ``wordle-tree analyse --json`` prints for ``message``."""
    return json.dumps({"error": one_line(message), "exit_code": code})


def run(job: Job | BoardsJob) -> tuple[int, str]:
    """(exit code, JSON text) for a checked request."""
    from ..core.wordlists import WordListError

    if isinstance(job, BoardsJob):
        return _answered(lambda: _boards_doc(job), (HistoryError, ValueError))
    began = time.perf_counter()

    def analysed() -> dict:
        result = _game(job.tree).answer(job.request, job.steps)
        return answer_json(result, time.perf_counter() - began)

    return _answered(analysed, (HistoryError, WordListError, RequestError))


def _boards_doc(job: BoardsJob) -> dict:
    """The analysis document of a multi-board position."""
    from ..core.settings import Settings
    from ..kinds import kind_of

    settings = Settings(boards=job.boards)
    analysed = kind_of(settings).entry("analyse")(settings, job.history, top=job.top, move=job.move)
    return analysed.to_json()  # type: ignore[no-any-return]


def _answered(compute: Callable[[], dict], bad_input: tuple[type[Exception], ...]) -> tuple[int, str]:
    """(exit code, JSON text) of ``compute()``'s document, or of the error it raised, as the
    command line reports it: no answer fits 1, ``bad_input`` 2, anything else a bug, 3."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return EXIT_OK, json.dumps(compute())
    except NoAnswerError as exc:
        return EXIT_FAILED, error_text(str(exc), EXIT_FAILED)
    except bad_input as exc:
        return EXIT_BAD_INPUT, error_text(str(exc), EXIT_BAD_INPUT)
    except MemoryError:
        return EXIT_BAD_INPUT, error_text("out of memory: the input is too large for this machine", EXIT_BAD_INPUT)
    except Exception as exc:  # noqa: BLE001 - as the command line reports a bug: one line, exit 3
        return EXIT_INTERNAL, error_text(
            f"internal error, please report it: {type(exc).__name__}: {exc}", EXIT_INTERNAL
        )
