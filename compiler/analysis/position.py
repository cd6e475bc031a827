"""Exact analysis of any position, and WordleBot-style reviews of whole games.

A thin layer over the engine (:mod:`wordle_compiler.search`): a position is the set
of answers that fit the history plus the guesses the mode still allows; its value is
the engine's exact minimum total (``total / n`` further guesses on average, this one
included), and a move's value is the exact optimum after playing it.  The opening
position would need a proof over every first word, so it is looked up in the shipped
table of proved rankings (``trees/openings.json``) when the lists and mode match.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

from wordle_runtime.feedback import format_pattern
from wordle_runtime.history import HistoryError, NoAnswerError, parse_history

from ..concurrency import parallel
from ..core.config import Context
from ..core.modes import initial_legal, legal_after
from ..search import INF, solver_for

RIVALS_PER_TASK = 64  # guesses per thread task when ranking a move: ~0.05 s of work


@dataclass(frozen=True)
class MoveValue:
    """A move's exact total from the position (or a bound ``>= total`` when not exact)."""

    word: str
    total: int
    exact: bool
    possible: bool  # the word can still be the answer


@dataclass
class Position:
    """The answers that fit a history, the legal guesses, and the guesses left."""

    ctx: Context
    mode: str
    history: list
    answers: np.ndarray
    legal: np.ndarray
    depth_left: int

    @property
    def words(self) -> list[str]:
        """The answers that still fit the history, as words."""
        return [self.ctx.words.answers[a] for a in self.answers]


@dataclass
class Analysis:
    position: Position
    best_total: int
    moves: list[MoveValue] = field(default_factory=list)
    from_table: bool = False

    @property
    def n(self) -> int:
        """How many answers fit the position's history."""
        return len(self.position.answers)


def position_after(ctx: Context, mode: str, history, max_depth: int = 6) -> Position:
    """The position a history reaches; HistoryError for an unknown word, a move the mode
    forbids, a game already over, or a history that no answer fits."""
    answers, legal = ctx.all_answers, initial_legal(ctx, mode)
    steps = parse_history(history)
    for step, (word, code) in enumerate(steps, start=1):
        if word not in ctx.guess_index:
            raise HistoryError(f"step {step}: {word!r} is not in the guess list {ctx.words.guesses_name}")
        guess = ctx.guess_index[word]
        if mode != "normal" and not np.isin(guess, legal):
            raise HistoryError(f"step {step}: {word!r} is illegal in {mode} mode after "
                               f"{' '.join(w + ' ' + format_pattern(c) for w, c in steps[:step - 1])}")
        answers = answers[ctx.codes(guess, answers) == code]
        if len(answers) == 0:
            raise NoAnswerError(f"step {step}: no answer fits {word} {format_pattern(code)} after the earlier steps")
        if code != 242:
            legal = legal_after(ctx, mode, legal, guess, code)
    return Position(ctx, mode, steps, answers, legal, max_depth - len(steps))


def _opening_table(ctx: Context, mode: str, max_depth: int) -> dict | None:
    """The shipped proved ranking for these lists and mode, if there is one."""
    try:
        text = resources.files("wordle_trees").joinpath("openings.json").read_text()
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    for table in json.loads(text).get("rankings", []):
        if (table["answers_sha256"], table["guesses_sha256"], table["mode"], table["max_depth"]) == (
                ctx.words.answers_sha256, ctx.words.guesses_sha256, mode, max_depth):
            return table
    return None


def move_value(position: Position, word: str, beta: int = INF, lane=None, most_parts=None) -> MoveValue:
    """The exact value of playing ``word`` here (a bound >= beta when it cannot beat beta);
    ``lane``: the calling thread's, when threads share the solver (:func:`score_move`);
    ``most_parts``: the most classes any legal guess makes here, when known."""
    ctx = position.ctx
    guess = ctx.guess_index[word]
    possible = bool(np.isin(ctx.answer_in_guesses[position.answers], guess).any())
    if possible and len(position.answers) == 1:
        return MoveValue(word, 1, True, True)
    outcome = solver_for(ctx, position.mode).guess_value(guess, position.answers, position.legal,
                                                         position.depth_left, beta, lane=lane, most_parts=most_parts)
    return MoveValue(word, min(outcome.cost, INF), outcome.guess >= 0, possible)


def _legal(position: Position, word: str) -> bool:
    return word in position.ctx.guess_index and bool(np.isin(position.ctx.guess_index[word], position.legal))


def _most_parts(n: int, bound, in_set) -> int:
    """The most classes any guess makes of the ``n`` answers, read back from
    :meth:`Solver.guess_bounds` (bound = 3n − parts − in_set; its one special row, the
    last answer guessed, satisfies the same formula)."""
    return int((3 * n - bound - in_set).max())


def best_moves(position: Position, top: int = 5, table: dict | None = None) -> Analysis:
    """The position's exact value and its ``top`` best moves (ties at the last included)."""
    ctx, n = position.ctx, len(position.answers)
    if table is not None:  # the opening: proved over every first word by wordle-rank
        exact = sorted(table["exact"].items(), key=lambda kv: (kv[1], kv[0]))
        moves = [MoveValue(w, v, True, w in ctx.words.answers) for w, v in exact[:top]]
        return Analysis(position, exact[0][1], moves, from_table=True)
    solver = solver_for(ctx, position.mode)
    bound, sumsq, in_set = solver.guess_bounds(position.answers, position.legal)
    most_parts = _most_parts(n, bound, in_set)
    order = np.lexsort((position.legal, 1 - in_set, sumsq, bound))
    found: list[MoveValue] = []
    for i in order:
        cutoff = sorted(m.total for m in found)[top - 1] + 1 if len(found) >= top else INF
        if bound[i] >= cutoff or bound[i] >= INF:
            break  # every later guess starts at or above the cut-off
        move = move_value(position, ctx.words.guesses[position.legal[i]], cutoff, most_parts=most_parts)
        if move.exact:
            found.append(move)
    found.sort(key=lambda m: (m.total, not m.possible, m.word))
    if not found:
        raise HistoryError(f"no way to solve these {n} answers within {position.depth_left} more guesses")
    cutoff = found[min(top, len(found)) - 1].total
    return Analysis(position, found[0].total, [m for m in found if m.total <= cutoff])


@dataclass(frozen=True)
class MoveReport:
    """``--move``: a move's exact value here, its rank and its cost against the best."""

    move: MoveValue
    rank: int
    rank_at_least: bool  # the opening table proves only the best words: rank is a bound
    loss: float  # average guesses lost per answer against the best move


def score_move(analysis: Analysis, word: str, jobs: int = 1) -> MoveReport:
    """Exact value and rank of ``word`` in the analysed position.

    The rank counts every strictly better move exactly, which for a poor move means
    evaluating thousands of guesses against its total: ``jobs`` threads share them
    (and one memo); the count does not depend on ``jobs``."""
    position = analysis.position
    if not _legal(position, word):
        raise HistoryError(f"{word!r} is not a legal guess here ({position.mode} mode)")
    move = move_value(position, word)
    if not move.exact:
        raise HistoryError(f"{word!r} cannot solve every answer within {position.depth_left} more guesses")
    loss = (move.total - analysis.best_total) / analysis.n
    if analysis.from_table:
        table = _opening_table(position.ctx, position.mode, position.depth_left)
        better = sum(v < move.total for v in table["exact"].values())
        return MoveReport(move, better + 1, move.total >= table["cutoff"], loss)
    solver = solver_for(position.ctx, position.mode)
    bound, _, in_set = solver.guess_bounds(position.answers, position.legal)
    most_parts = _most_parts(analysis.n, bound, in_set)
    # a guess whose bound reaches the move's total cannot be better
    rivals = [position.ctx.words.guesses[position.legal[i]] for i in np.argsort(bound, kind="stable")
              if bound[i] < move.total]
    batches = [rivals[k:k + RIVALS_PER_TASK] for k in range(0, len(rivals), RIVALS_PER_TASK)]
    with solver.lanes(jobs) as lanes:
        def count_better(batch, lane):
            values = (move_value(position, w, move.total, lanes[lane], most_parts) for w in batch)
            return sum(v.exact and v.total < move.total for v in values)

        better = sum(parallel.map_threads(count_better, batches, jobs))
    return MoveReport(move, better + 1, False, loss)


def analyse_position(ctx: Context, mode: str, history=(), top: int = 5, max_depth: int = 6) -> Analysis:
    """The exact value of the position a history reaches and its ``top`` best moves."""
    position = position_after(ctx, mode, history, max_depth)
    table = _opening_table(ctx, mode, max_depth) if not position.history else None
    return best_moves(position, top, table)


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


def review_game(ctx: Context, mode: str, history, max_depth: int = 6) -> list[ReviewRow]:
    """One row per move: best value, the move's value, the loss, and the luck."""
    steps = parse_history(history)
    rows = []
    for i, (word, code) in enumerate(steps):
        analysis = analyse_position(ctx, mode, steps[:i], top=1, max_depth=max_depth)
        position = analysis.position
        if not _legal(position, word):
            raise HistoryError(f"step {i + 1}: {word!r} is not a legal guess here ({mode} mode)")
        move = move_value(position, word)
        after = position_after(ctx, mode, steps[:i + 1], max_depth)
        n = len(position.answers)
        codes = ctx.codes(ctx.guess_index[word], position.answers)
        sizes = np.bincount(codes, minlength=243)
        further = 0.0
        if code != 242:
            further = solver_for(ctx, mode).solve(after.answers, after.legal, after.depth_left).cost / len(after.answers)
        rows.append(ReviewRow(i + 1, word, format_pattern(code), n, analysis.best_total, move.total,
                              (move.total - analysis.best_total) / n, float((sizes ** 2).sum() / n),
                              len(after.answers), (move.total - n) / n - further))
    return rows
