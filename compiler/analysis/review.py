"""WordleBot-style reviews of whole games: one row per move, with the best value before it,
the move's own value, the guesses it lost on average, and the luck of the feedback it got
(the further guesses the move needed on average, less those the class it left needs)."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

from wordle_runtime.history import HistoryError, parse_history

from ..core.config import Context
from ..core.settings import Settings
from .best import best_moves
from .position import SILENT, Progress, is_legal, move_value, opening_table, position_after


@dataclass(frozen=True)
class ReviewRow:
    """One move of a reviewed game (totals are exact, over the answers left before it)."""

    step: int
    word: str
    pattern: str
    answers_before: int
    best_total: int
    move_total: int
    loss: float  # average guesses lost per answer against the best move
    expected_class: float  # Σc²/n: the class size this move leaves on average
    actual_class: int  # the class the feedback actually left
    luck: float  # expected further guesses after the move minus those of the actual class
    weight_before: int  # what the totals divide by: answers_before, or their weight under weights
    best_move: str  # a best move here (the first of the ties, in best_moves' order)

    def as_json(self) -> dict[str, Any]:
        """The row as ``wordle-tree analyse --review --json`` prints it: every field by name."""
        return asdict(self)


def review_game(ctx: Context, settings: Settings, history, progress: Progress = SILENT) -> list[ReviewRow]:
    """One row per move: best value, the move's value, the loss, and the luck (``settings``'
    mode and depth limit; under its weights, in expected guesses)."""
    steps = parse_history(history, ctx.game)
    table = opening_table(ctx, settings.mode, settings.max_depth, settings.weights)
    rows = []
    # one step can take most of the time (the early ones hold the most answers): no ETA
    progress.start(len(steps), "reviewing", "moves")
    try:
        for i in range(len(steps)):
            rows.append(_review_row(ctx, settings, steps, i, table if i == 0 else None))
            progress(1)
    finally:
        progress.close()
    return rows


def _review_row(ctx: Context, settings: Settings, steps, i: int, table: dict | None) -> ReviewRow:
    """The row of move ``i`` of ``steps``: the played move is valued first, so the search for
    the best needs only look for moves at least as good (:func:`best_moves`)."""
    word, code = steps[i]
    position = position_after(ctx, settings, steps[:i])
    if not is_legal(position, word):
        raise HistoryError(f"step {i + 1}: {word!r} is not a legal guess here ({settings.mode} mode)")
    move = move_value(position, word)
    analysis = best_moves(position, 1, table, known=move if move.exact else None)
    after = position_after(ctx, settings, steps[: i + 1])
    n, weight = len(position.answers), max(position.weight, 1)  # all weights 0: every total is 0
    sizes = np.bincount(ctx.codes(ctx.guess_index[word], position.answers), minlength=ctx.game.n_codes)
    further = 0.0
    if code != ctx.game.all_correct:
        further = after.solver().solve(after.answers, after.legal, after.depth_left).cost / max(after.weight, 1)
    return ReviewRow(
        i + 1,
        word,
        ctx.game.format_code(int(code)),
        n,
        analysis.best_total,
        move.total,
        (move.total - analysis.best_total) / weight,
        float((sizes**2).sum() / n),
        len(after.answers),
        (move.total - position.weight) / weight - further,
        weight,
        analysis.moves[0].word,
    )
