"""Positions with one or two answers left: the best moves without a search.

With one answer left, guessing it is proved best: it solves the game with this guess, and
every other guess costs exactly one guess more (it cannot be the answer; the answer comes
next).  With two, guessing one of them is proved best: it solves its own answer with this
guess and the other with the next, while a guess that cannot be the answer needs at least
two for each (the least when it tells them apart).  That holds under weights (the likelier
answer first is best), under the depth limit and under fewest-deep (an answer guessed now
is never later than under any other guess).

So a best-moves list holds only the answers, valued exactly by the engine, and the guesses
that cannot be the answer (thousands, all tied at one value or two) are summed up as
:class:`.position.OtherGuesses`: how many, and the value of the best of them.
"""

from __future__ import annotations

import numpy as np

from .position import Analysis, MoveValue, OtherGuesses, Position, beyond_depth, is_legal, move_value

MOST_ANSWERS = 2  # up to this many answers left, the best moves are answers


def answers_only(position: Position, top: int, known: MoveValue | None = None) -> Analysis | None:
    """The position's exact value and its ``top`` best moves (ties at the last included)
    when at most two answers are left, with the other guesses summed up (``Analysis.others``);
    None for a position with more answers.  ``known``: a move already valued exactly here."""
    if len(position.answers) > MOST_ANSWERS:
        return None
    words = position.words
    if not all(is_legal(position, word) for word in words):
        return None  # every answer fits the history, so every mode allows it: not met here
    values = [known if known is not None and known.word == word else move_value(position, word) for word in words]
    found = sorted((v for v in values if v.exact), key=lambda m: (m.total, m.word))
    if not found:
        raise beyond_depth(position)
    cutoff = found[min(top, len(found)) - 1].total
    moves = [m for m in found if m.total <= cutoff]
    return Analysis(position, found[0].total, moves, others=other_guesses(position))


def other_guesses(position: Position) -> OtherGuesses | None:
    """How many legal guesses cannot be the answer here and the least total among them, with
    one or two answers left; None when there are none, or none finishes within the depth limit.

    Every guess that tells two answers apart has the same value, and so has every one that
    does not (the answers stay legal after either); one that tells them apart is the better."""
    ctx = position.ctx
    others = position.legal[~np.isin(position.legal, list(position.answer_guesses))]
    if not len(others):
        return None
    codes = np.asarray(ctx.matrix_by_answer())[position.answers][:, others]
    apart = np.flatnonzero((codes != codes[0]).any(axis=0))
    best = others[apart[0]] if len(apart) else others[0]
    value = move_value(position, ctx.words.guesses[best])
    return OtherGuesses(len(others), value.total) if value.exact else None
