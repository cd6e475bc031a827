"""The analyses ``wordle-tree serve`` runs in its worker processes (:mod:`..server.worker`).

A job is one ``/api/analyse`` or ``/api/review`` request, already checked by
:mod:`.serve_api`: it runs what ``wordle-tree analyse`` runs, on the served tree's own word
lists, mode and weights, and answers (exit code, the text ``wordle-tree analyse --json``
prints): ``analyse``'s own printing code writes it, so the two never differ.

Each worker keeps one context (word lists, feedback matrix, solver memo) per tree, so a
position analysed twice, or a game reviewed after its positions were, is answered from memory.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import time
import warnings
from typing import TYPE_CHECKING

from wordle_runtime.format import TreeData, read_tree_file
from wordle_runtime.history import HistoryError, NoAnswerError

from .common import EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTERNAL, EXIT_OK, one_line

if TYPE_CHECKING:
    from ..core.wordlists import WordLists

_setup: dict = {}  # the trees served: name -> {"path", "sha256"}
_contexts: dict = {}  # name -> (Context, mode, Weights or None)


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


def tree_mode(data: TreeData) -> str:
    """The rules a tree's guesses follow (a format 1.0 file has none stored: normal)."""
    return data.mode or data.meta.get("mode") or "normal"


def prepare(setup: dict) -> None:
    """Note the trees served, then load the engine and the default tree's context, so the
    first request does not wait for them."""
    _setup.update(setup["trees"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            context, _, _ = _context(setup["default"])
            context.matrix_by_answer()
        except Exception:  # noqa: BLE001 - a request for the tree reports the problem in its words
            pass


def _context(name: str):
    """(Context, mode, weights) for the served tree ``name``, made once per worker from the
    file the server read (it must still hold the same bytes)."""
    if name not in _contexts:
        from ..core.config import Context

        path, expected = _setup[name]["path"], _setup[name]["sha256"]
        with open(path, "rb") as fh:
            blob = fh.read()
        if hashlib.sha256(blob).hexdigest() != expected:
            raise HistoryError(f"the tree file {path} changed since the server started; restart wordle-tree serve")
        from ..treefiles.weighted import tree_weights

        data = read_tree_file(path)
        _contexts[name] = (Context.from_words(tree_lists(data)), tree_mode(data), tree_weights(data))
    return _contexts[name]


def error_text(message: str, code: int) -> str:
    """The error object ``wordle-tree analyse --json`` prints for ``message``."""
    return json.dumps({"error": one_line(message), "exit_code": code})


def run(job: dict) -> tuple[int, str]:
    """(exit code, JSON text) for a checked request (see :func:`.serve_api.checked_job`)."""
    from ..core.wordlists import WordListError

    began = time.perf_counter()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return EXIT_OK, _analysed(job, began)
    except NoAnswerError as exc:
        return EXIT_FAILED, error_text(str(exc), EXIT_FAILED)
    except (HistoryError, WordListError) as exc:
        return EXIT_BAD_INPUT, error_text(str(exc), EXIT_BAD_INPUT)
    except MemoryError:
        return EXIT_BAD_INPUT, error_text("out of memory: the input is too large for this machine", EXIT_BAD_INPUT)
    except Exception as exc:  # noqa: BLE001 - as the command line reports a bug: one line, exit 3
        return EXIT_INTERNAL, error_text(
            f"internal error, please report it: {type(exc).__name__}: {exc}", EXIT_INTERNAL
        )


def _analysed(job: dict, began: float) -> str:
    """What ``wordle-tree analyse --json`` prints for the job, from ``analyse``'s own code."""
    from ..analysis.position import SILENT
    from ..analysis.review import review_game
    from . import analyse as command

    ctx, mode, weights = _context(job["tree"])
    steps = [tuple(step) for step in job["steps"]]
    top, move, max_depth, deep = job["top"], job["move"], job["max_depth"], job["deep"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        if job["review"]:
            rows = review_game(ctx, mode, steps, max_depth, SILENT, weights)
            command._print_review(rows, time.perf_counter() - began, True)
            return out.getvalue().strip()
        asked = {"top": top, "move": move, "rank": job["rank"], "jobs": 1}
        analysis, report = command._analysed(
            ctx, mode, steps, max_depth, job["objective"], deep, weights, asked, SILENT
        )
        command._print_analysis(analysis, report, time.perf_counter() - began, True, deep)
    return out.getvalue().strip()
