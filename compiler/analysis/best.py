"""A position's best moves, found exactly: the opening from the shipped table of proved
rankings, one or two answers left without a search (:mod:`.few_answers`), else every legal
guess in the order of its lower bound, each valued by the engine until the bound reaches the
cut-off the ``top`` best found so far give."""

from __future__ import annotations

import numpy as np

from ..core.config import Context
from ..core.settings import Settings
from ..search import INF
from .few_answers import answers_only
from .position import (
    SILENT,
    Analysis,
    MoveValue,
    Position,
    Progress,
    beyond_depth,
    move_value,
    opening_table_for,
    position_after,
)


def best_moves(
    position: Position,
    top: int = 5,
    table: dict | None = None,
    known: MoveValue | None = None,
    progress: Progress = SILENT,
) -> Analysis:
    """The position's exact value and its ``top`` best moves (ties at the last included).

    ``known``: a move already valued exactly here.  It takes part as if found first, so
    once ``top`` moves are known its total caps every later search (with ``top`` 1 the
    search only looks for moves at least as good as it); the result is the same.  With one
    or two answers left no search is needed: the best moves are answers (:mod:`.few_answers`)."""
    ctx = position.ctx
    if position.depth_left <= 0:
        raise beyond_depth(position)
    if table is not None:  # the opening: proved over every first word by wordle-rank
        if not table["exact"]:  # every first word proved unable to finish within the depth
            raise beyond_depth(position)
        exact = sorted(table["exact"].items(), key=lambda kv: (kv[1], kv[0]))
        last = exact[min(top, len(exact)) - 1][1]  # ties at the last included, as below
        moves = [MoveValue(w, v, True, w in ctx.words.answers) for w, v in exact if v <= last]
        return Analysis(position, exact[0][1], moves, from_table=True)
    settled = answers_only(position, top, known)
    if settled is not None:
        return settled
    solver = position.solver()
    bound, sumsq, in_set, most_parts = solver.guess_bounds(position.answers, position.legal)
    order = np.lexsort((position.legal, 1 - in_set, sumsq, bound))
    ascending = bound[order]
    skip = ctx.guess_index[known.word] if known is not None else -1
    found: list[MoveValue] = [known] if known is not None else []
    # the total shrinks with the cut-off: no rate can say how soon it will fall, so no ETA
    progress.start(int(np.searchsorted(ascending, INF)), "searching for the best move", "moves")
    try:
        for i in order:
            cutoff = sorted(m.total for m in found)[top - 1] + 1 if len(found) >= top else INF
            if bound[i] >= cutoff or bound[i] >= INF:
                break  # every later guess starts at or above the cut-off
            progress.limit(int(np.searchsorted(ascending, cutoff)))
            if position.legal[i] != skip:
                move = move_value(position, ctx.words.guesses[position.legal[i]], cutoff, most_parts=most_parts)
                if move.exact:
                    found.append(move)
            progress(1)
    finally:
        progress.close()
    found.sort(key=lambda m: (m.total, not m.possible, m.word))
    if not found:
        raise beyond_depth(position)
    cutoff = found[min(top, len(found)) - 1].total
    return Analysis(position, found[0].total, [m for m in found if m.total <= cutoff])


def analyse_position(
    ctx: Context, settings: Settings, history=(), top: int = 5, progress: Progress = SILENT
) -> Analysis:
    """The exact value of the position a history reaches and its ``top`` best moves
    (``settings`` as for :func:`position_after`)."""
    position = position_after(ctx, settings, history)
    return best_moves(position, top, opening_table_for(position, settings), progress=progress)
