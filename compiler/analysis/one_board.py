"""A multi-board position with one board open is a single-board position: the open board's
candidates (its clues, the other boards' answers left out), every guess of the list legal,
the guesses left.  Its tuples are those candidates (the solved boards are fixed), and a
tuple's guesses from here are the guesses that board still needs, so the single-board
engine's exact totals are the multi-board totals, found as fast as any single-board
analysis (``wordle-tree analyse --game dordle lymph ggggg,bybbb`` as ``wordle-tree analyse
lymph bybbb`` with lymph left out)."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np

from ..multiboard.position import BoardsAnalysis, BoardsMove
from ..search import INF, solver_for
from .best import best_moves
from .position import DepthLimitError, Position
from .position import move_value as single_move_value

if TYPE_CHECKING:
    from wordle_runtime.boards import BoardsPosition
    from wordle_runtime.game import Game

    from ..core.config import Context
    from ..multiboard.exact import OneBoard


@lru_cache(maxsize=2)
def board_context(answers: str, guesses: str | None, game: Game | None = None) -> Context:
    """The single-board context (lists and matrices) of the lists the boards play."""
    from ..core.config import Context
    from ..core.wordlists import load_word_lists

    return Context.from_words(load_word_lists(answers, guesses, game))


def one_board_position(ctx: Context, position: BoardsPosition, left: int) -> Position:
    """The single-board position of ``position``'s one open board, ``left`` guesses left."""
    (board,) = position.open_boards
    wanted = set(position.candidates[board])
    answers = np.array([i for i, word in enumerate(ctx.words.answers) if word in wanted], dtype=np.int32)
    return Position(ctx, "normal", [], answers, ctx.all_guesses, left)


def analyse_one_board(
    ctx: Context, position: BoardsPosition, top: int, left: int, move: str | None
) -> BoardsAnalysis | None:
    """The exact analysis of a position with one board open, its ``top`` best moves first by
    total, then a possible answer, then alphabetically (the single-board order), and
    ``move`` valued; None when no play solves the board within ``left`` guesses or ``move``
    cannot (the multi-board search then counts the tuples left unsolved)."""
    single = one_board_position(ctx, position, left)
    try:
        analysis = best_moves(single, top)
    except DepthLimitError:
        return None
    played = None
    if move is not None:
        value = single_move_value(single, move)
        if not value.exact:
            return None
        played = BoardsMove(move, value.total, 0)
    moves = tuple(BoardsMove(m.word, m.total, 0) for m in analysis.moves[:top])
    return BoardsAnalysis(len(single.answers), left, True, moves, played)


def one_board_values(ctx: Context) -> OneBoard:
    """The multi-board search's value of a position with one board open (its answer indices,
    the guesses left, beta): the single-board engine's exact total below beta (a bound at or
    above it otherwise), or None when no play solves the board within the guesses left."""
    solver = solver_for(ctx, "normal")
    legal = ctx.all_guesses

    def value(answers: np.ndarray, guesses_left: int, beta: int | None) -> int | None:
        ordered = np.sort(answers).astype(np.int32)
        outcome = solver.solve(ordered, legal, guesses_left, INF if beta is None else min(beta, INF))
        return None if outcome.cost >= INF else int(outcome.cost)

    return value
