"""A move at a position, reported against the best (``--move``): its exact value, the guesses
it loses on average, and with ``rank`` its exact rank, every strictly better move counted on
threads sharing one memo.  The move is valued first, so the search for the position's best
needs only look for moves at least as good (:func:`.best.best_moves`)."""

from __future__ import annotations

import random

import numpy as np

from wordle_runtime.history import HistoryError

from ..concurrency import parallel
from ..core.config import Context
from ..core.settings import Settings
from ..search import DEEP_COST
from .best import best_moves
from .position import (
    SILENT,
    Analysis,
    MoveReport,
    MoveValue,
    Position,
    Progress,
    beyond_depth,
    is_legal,
    move_value,
    opening_table,
    opening_table_for,
    position_after,
)

RIVALS_PER_TASK = 64  # guesses per thread task when ranking a move: enough that handing out tasks costs little
RIVAL_ORDER_SEED = 0  # the rivals of a ranked move are visited in one fixed shuffled order


def played_move(position: Position, word: str) -> MoveValue:
    """The exact value of ``word`` here; HistoryError when the mode forbids it or it
    cannot finish in time."""
    if not is_legal(position, word):
        raise HistoryError(f"{word!r} is not a legal guess here ({position.mode} mode)")
    move = move_value(position, word)
    if not move.exact:
        raise beyond_depth(position, word)
    return move


def count_better(position: Position, move: MoveValue, jobs: int = 1, progress: Progress = SILENT) -> int:
    """How many legal moves are strictly better than ``move`` (its exact total), counted
    exactly: every guess whose bound is below the total is searched with the total as
    cut-off, on ``jobs`` threads sharing one memo; the count does not depend on ``jobs``."""
    solver = position.solver()
    bound, _, _, most_parts = solver.guess_bounds(position.answers, position.legal)
    # a guess whose bound reaches the move's total cannot be better
    rivals = [
        position.ctx.words.guesses[position.legal[i]] for i in np.argsort(bound, kind="stable") if bound[i] < move.total
    ]
    batches = [rivals[k : k + RIVALS_PER_TASK] for k in range(0, len(rivals), RIVALS_PER_TASK)]
    # costs fall steeply along the bound order; with the batches shuffled every stretch of
    # the work is a fair sample of them, so the rate so far predicts the time left.  A batch
    # keeps the bound order: shuffling single words costs the search time, shuffling batches
    # little or none
    random.Random(RIVAL_ORDER_SEED).shuffle(batches)
    progress.start(len(rivals), f"ranking {move.word}", "moves", eta=True)
    try:
        with solver.lanes(jobs) as lanes:

            def better_in(batch, lane):
                values = (move_value(position, w, move.total, lanes[lane], most_parts) for w in batch)
                return sum(v.exact and v.total < move.total for v in values)

            return sum(
                parallel.map_threads(
                    better_in, batches, jobs, weights=[len(b) for b in batches], progress=progress, in_order=True
                )
            )
    finally:
        progress.close()


def _move_report(analysis: Analysis, move: MoveValue, rank: bool, jobs: int, progress: Progress) -> MoveReport:
    """The report on ``move`` (valued exactly) against the analysed position's best."""
    position = analysis.position
    loss = (move.total - analysis.best_total) / max(analysis.weight, 1)
    if position.deep_level:  # fewest-deep values: the loss is in guesses, the long games aside
        loss = (move.total % DEEP_COST - analysis.best_total % DEEP_COST) / analysis.n
    if not rank:
        return MoveReport(move, None, None, loss)
    if analysis.from_table:
        table = opening_table(position.ctx, position.mode, position.depth_left, position.weights)
        better = sum(v < move.total for v in table["exact"].values())
        return MoveReport(move, better + 1, move.total >= table["cutoff"], loss)
    return MoveReport(move, count_better(position, move, jobs, progress) + 1, False, loss)


def score_move(
    analysis: Analysis, word: str, jobs: int = 1, *, rank: bool = True, progress: Progress = SILENT
) -> MoveReport:
    """Exact value, loss and (with ``rank``) rank of ``word`` in the analysed position.

    The rank counts every strictly better move exactly, which for a poor move means
    evaluating thousands of guesses against its total (:func:`count_better`)."""
    return _move_report(analysis, played_move(analysis.position, word), rank, jobs, progress)


def analyse_move(
    ctx: Context,
    settings: Settings,
    history,
    word: str,
    top: int = 1,
    *,
    rank: bool = False,
    jobs: int = 1,
    progress: Progress = SILENT,
) -> tuple[Analysis, MoveReport]:
    """The position ``history`` reaches and the move ``word`` there, with the least search:
    the move's value first (one exact solve of its classes), then the position's best
    with that value as a cap (:func:`best_moves`), or from the shipped table at the
    opening; the rank (``jobs`` threads) only with ``rank``.  ``settings.deep`` = K: values
    count first the answers needing K or more guesses (``--objective fewest-deep``);
    ``settings.weights``: values are Σ weight × guesses (the opening then from a table made
    under the same weights)."""
    position = position_after(ctx, settings, history)
    move = played_move(position, word)
    analysis = best_moves(position, top, opening_table_for(position, settings), known=move, progress=progress)
    return analysis, _move_report(analysis, move, rank, jobs, progress)
