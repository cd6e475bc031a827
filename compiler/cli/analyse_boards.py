"""``wordle-tree analyse --game quordle HISTORY`` (or ``--boards K``): the command line's face
of :mod:`..analysis.boards`."""

from __future__ import annotations

import json

import click

from ..kinds import SEVERAL_BOARDS, Kind, kind_for
from .common import CliError, FailedError, game_settings, given_max_depth, refuse_other_kind


def kind_asked(ctx: click.Context) -> Kind:
    """The kind of game ``--game``/``--boards`` ask for, their boards decided as every front
    door decides them (``wordle_runtime.boards.boards_of``, which ``Settings`` calls)."""
    from wordle_runtime.boards import boards_of

    try:
        return kind_for(boards_of(ctx.params["game"], ctx.params["boards"])[1])
    except ValueError as exc:
        raise CliError(str(exc)) from None


def analyse_boards(ctx: click.Context) -> None:
    """Print the analysis of the multi-board position ``ctx``'s history leads to."""
    from wordle_runtime.history import HistoryError, NoAnswerError

    from ..analysis.boards import analyse_boards as analysed
    from ..analysis.boards import analysis_lines

    params = ctx.params
    refuse_other_kind(ctx, SEVERAL_BOARDS, "analyse")
    if params["mode"] != "normal" or params["objective"] != "total":
        raise CliError("a multi-board position is analysed in normal mode, objective total")
    lists = (params["answers"], params["guesses"])
    settings = game_settings(params["game"], "normal", *lists, given_max_depth(ctx), boards=params["boards"])
    bar = FirstGuessesBar(params["quiet"])
    try:
        analysis = analysed(settings, params["history"], params["top"] or 5, params["move"], bar)
    except NoAnswerError as exc:
        raise FailedError(str(exc)) from None
    except (HistoryError, ValueError) as exc:
        raise CliError(str(exc)) from None
    finally:
        bar.close()
    doc = analysis.to_json()
    move = None if params["move"] is None else params["move"].strip().lower()
    click.echo(json.dumps(doc) if params["as_json"] else "\n".join(analysis_lines(doc, move)))


class FirstGuessesBar:
    """The bar of a multi-board analysis on stderr: the position's first guesses valued (or
    left out by their bound) of those kept, with the time the search may still take."""

    def __init__(self, quiet: bool):
        from .progress import AnalyseProgress

        self.progress, self.done = AnalyseProgress(quiet), 0

    def __call__(self, done: int, of: int) -> None:
        from ..analysis.boards import TIME_LIMIT

        if self.progress.bar.bar is None:
            self.progress.start(of, "first guesses", "guesses")
            self.progress.bar.weigh([of], power=1.0, limit=TIME_LIMIT)
        self.progress(done - self.done)
        self.done = done

    def close(self) -> None:
        """Clear the bar."""
        self.progress.close()
