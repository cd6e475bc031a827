"""``wordle-tree analyse --objective depth``: the least worst case of a position and of a
move, then the least total among the trees that reach it.

The depth-only search (:func:`wordle_compiler.search.classes_fit`) finds the smallest
number of guesses that solves every answer from here; the position's best moves are then
the least-total moves within exactly that many (:func:`.best.best_moves` on the
position with its depth narrowed).  A move is valued the same way: its own least worst
case, then its least total within it.
"""

from __future__ import annotations

from dataclasses import replace

from wordle_runtime.history import HistoryError

from ..core.partition import class_tasks
from ..core.settings import Settings
from ..search import classes_fit
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
    position_after,
)


def least_worst_case(position: Position) -> int:
    """The fewest guesses (this one included) that solve every answer left, within the
    position's depth limit; HistoryError when none do."""
    solver = position.solver()
    for depth in range(1, position.depth_left + 1):
        if solver.feasible(position.answers, position.legal, depth) >= 0:
            return depth
    raise beyond_depth(position)


def move_worst_case(position: Position, word: str) -> MoveValue:
    """``word``'s least worst case here (this guess included), and its least total within it;
    HistoryError when the mode forbids it or it cannot finish within the depth limit."""
    if not is_legal(position, word):
        raise HistoryError(f"{word!r} is not a legal guess here ({position.mode} mode)")
    ctx = position.ctx
    tasks = class_tasks(ctx, position.mode, ctx.guess_index[word], position.answers, position.legal)
    solver = position.solver()
    worst = next((d for d in range(1, position.depth_left + 1) if classes_fit(solver, tasks, d - 1)), None)
    if worst is None:
        raise beyond_depth(position, word)
    return replace(move_value(replace(position, depth_left=worst), word), worst=worst)


def analyse_worst_case(
    ctx, settings: Settings, history=(), top: int = 5, move: str | None = None, progress: Progress = SILENT
) -> Analysis | tuple[Analysis, MoveReport]:
    """The position's least worst case (``Analysis.worst``) within ``settings.max_depth`` and
    its ``top`` best moves within it; with ``move``, also that move's own (``report.move.worst``;
    ``report.loss``: the average guesses it loses against the best, whatever its worst case)."""
    position = position_after(ctx, settings, history)
    worst = least_worst_case(position)
    analysis = replace(best_moves(replace(position, depth_left=worst), top, progress=progress), worst=worst)
    if move is None:
        return analysis
    value = move_worst_case(position, move)
    return analysis, MoveReport(value, None, None, (value.total - analysis.best_total) / analysis.n)
