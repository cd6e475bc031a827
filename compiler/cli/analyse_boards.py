"""``wordle-tree analyse --game quordle HISTORY`` (or ``--boards K``): the command line's face
of :mod:`..analysis.boards`."""

from __future__ import annotations

import json

import click

from .common import CliError, FailedError

# Options of single-board analyses that a multi-board one refuses when given.
SINGLE_BOARD_OPTIONS = ("with_rank", "review", "deep", "weights_file", "prior")


def boards_asked(ctx: click.Context) -> int | None:
    """The boards ``--game``/``--boards`` ask for, or None for a single-board analysis."""
    from wordle_runtime.boards import boards_of

    try:
        return boards_of(ctx.params["game"], ctx.params["boards"])
    except ValueError as exc:
        raise CliError(str(exc)) from None


def analyse_boards(ctx: click.Context, boards: int) -> None:
    """Print the analysis of the multi-board position ``ctx``'s history leads to."""
    from wordle_runtime.boards import BOARD_GAMES
    from wordle_runtime.history import HistoryError, NoAnswerError

    from ..analysis.boards import BoardsQuery, analysis_lines
    from ..analysis.boards import analyse_boards as analysed

    params = ctx.params
    for key in SINGLE_BOARD_OPTIONS:
        if ctx.get_parameter_source(key) not in (None, click.core.ParameterSource.DEFAULT):
            raise CliError(f"--{key.replace('with_', '').replace('_file', '')} is for single-board analyses")
    if params["mode"] != "normal" or params["objective"] != "total":
        raise CliError("a multi-board position is analysed in normal mode, objective total")
    named = isinstance(params["game"], str) and params["game"].strip().lower() in BOARD_GAMES
    lists = None if named else (params["answers"], params["guesses"])
    query = BoardsQuery(boards, tuple(params["history"]), lists, params["top"] or 5, params["move"])
    try:
        doc = analysed(query)
    except NoAnswerError as exc:
        raise FailedError(str(exc)) from None
    except (HistoryError, ValueError) as exc:
        raise CliError(str(exc)) from None
    click.echo(json.dumps(doc) if params["as_json"] else "\n".join(analysis_lines(doc, params["move"])))
