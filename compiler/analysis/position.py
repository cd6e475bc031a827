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
import random
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Protocol

import numpy as np

from wordle_runtime.history import HistoryError, NoAnswerError, parse_history

from ..concurrency import parallel
from ..core.config import Context, deep_level
from ..core.modes import initial_legal, legal_after
from ..core.weights import Weights
from ..search import DEEP_COST, INF, solver_for

RIVALS_PER_TASK = 64  # guesses per thread task when ranking a move: enough that handing out tasks costs little
RIVAL_ORDER_SEED = 0  # the rivals of a ranked move are visited in one fixed shuffled order


class Progress(Protocol):
    """Where a long analysis reports its work (the command line's bar, see ``cli.analyse``)."""

    def start(self, total: int, label: str, unit: str, eta: bool = False) -> None:
        """Begin counting ``total`` ``unit`` under ``label``; ``eta``: the rate predicts the rest."""

    def limit(self, total: int) -> None:
        """The total shrank: only this many items can still matter."""

    def __call__(self, n: int) -> None:
        """``n`` more items are done."""

    def close(self) -> None:
        """The counted work is over."""


class Silent:
    """A :class:`Progress` that shows nothing (the default, and the API's)."""

    def start(self, total: int, label: str, unit: str, eta: bool = False) -> None:
        """Nothing to show."""

    def limit(self, total: int) -> None:
        """Nothing to show."""

    def __call__(self, n: int) -> None:
        """Nothing to show."""

    def close(self) -> None:
        """Nothing to close."""


SILENT = Silent()


@dataclass(frozen=True)
class MoveValue:
    """A move's exact total from the position (or a bound ``>= total`` when not exact)."""

    word: str
    total: int  # under fewest-deep, search.DEEP_COST * (answers needing K or more) + total
    exact: bool
    possible: bool  # the word can still be the answer
    worst: int | None = None  # --objective depth: the move's least worst case (this guess included)


@dataclass
class Position:
    """The answers that fit a history, the legal guesses, and the guesses left."""

    ctx: Context
    mode: str
    history: list
    answers: np.ndarray
    legal: np.ndarray
    depth_left: int
    deep_level: int = 0  # fewest-deep: the engine's switch (Solver), 0 otherwise
    weights: Weights | None = None  # how likely each answer is (None: all equally likely)

    def solver(self):
        """The shared solver for this position's lists, mode, objective and weights."""
        return solver_for(self.ctx, self.mode, deep_level=self.deep_level, weights=self.weights)

    @property
    def weight(self) -> int:
        """What a total is divided by for its average: the answers left, or their weight."""
        return self.solver().weight(self.answers)

    @property
    def words(self) -> list[str]:
        """The answers that still fit the history, as words."""
        return [self.ctx.words.answers[a] for a in self.answers]

    @cached_property
    def answer_guesses(self) -> frozenset[int]:
        """The guess indices of the answers that still fit (a search asks once per guess)."""
        return frozenset(int(g) for g in self.ctx.answer_in_guesses[self.answers])


@dataclass
class Analysis:
    """A position's exact value (``best_total``) and its best moves, ties included."""

    position: Position
    best_total: int
    moves: list[MoveValue] = field(default_factory=list)
    from_table: bool = False
    worst: int | None = None  # --objective depth: the least worst case from here (this guess included)
    report: MoveReport | None = None  # the move asked about (``analyse(move=...)``), else None

    @property
    def n(self) -> int:
        """How many answers fit the position's history."""
        return len(self.position.answers)

    @property
    def weight(self) -> int:
        """What the totals are divided by for averages (expected guesses under weights)."""
        return self.position.weight

    def split(self, total: int) -> tuple[int | None, int]:
        """(long games, guesses) of ``total`` (``best_total`` or a move's) under the fewest-deep
        objective, whose totals count the answers needing K or more guesses first; else (None, total)."""
        return divmod(total, DEEP_COST) if self.position.deep_level else (None, total)


def position_after(
    ctx: Context, mode: str, history, max_depth: int = 6, deep: int | None = None, weights: Weights | None = None
) -> Position:
    """The position a history reaches; HistoryError for an unknown word, a move the mode
    forbids, a game already over, or a history that no answer fits.  ``deep`` = K: values
    count first the answers needing K or more guesses (``--objective fewest-deep``);
    ``weights``: values are Σ weight × guesses."""
    answers, legal = ctx.all_answers, initial_legal(ctx, mode)
    steps = parse_history(history, ctx.game)
    for step, (word, code) in enumerate(steps, start=1):
        if word not in ctx.guess_index:
            raise HistoryError(f"step {step}: {word!r} is not in the guess list {ctx.words.guesses_name}")
        guess = ctx.guess_index[word]
        if mode != "normal" and not np.isin(guess, legal):
            raise HistoryError(
                f"step {step}: {word!r} is illegal in {mode} mode after "
                f"{' '.join(w + ' ' + ctx.game.format_code(int(c)) for w, c in steps[: step - 1])}"
            )
        answers = answers[ctx.codes(guess, answers) == code]
        if len(answers) == 0:
            raise NoAnswerError(
                f"step {step}: no answer fits {word} {ctx.game.format_code(int(code))} after the earlier steps"
            )
        if code != ctx.game.all_correct:
            legal = legal_after(ctx, mode, legal, guess, code)
    return Position(ctx, mode, steps, answers, legal, max_depth - len(steps), deep_level(max_depth, deep), weights)


def _opening_table(ctx: Context, mode: str, max_depth: int, weights: Weights | None = None) -> dict | None:
    """The shipped proved ranking for these lists, mode and weights, if there is one."""
    try:
        text = resources.files("wordle_trees").joinpath("openings.json").read_text()
    except (FileNotFoundError, ModuleNotFoundError):
        return None
    for table in json.loads(text).get("rankings", []):
        if (
            table["answers_sha256"],
            table["guesses_sha256"],
            table["mode"],
            table["max_depth"],
            table.get("weights_sha256"),
        ) == (
            ctx.words.answers_sha256,
            ctx.words.guesses_sha256,
            mode,
            max_depth,
            None if weights is None else weights.sha256,
        ):
            return table
    return None


def move_value(position: Position, word: str, beta: int = INF, lane=None, most_parts=None) -> MoveValue:
    """The exact value of playing ``word`` here (a bound >= beta when it cannot beat beta);
    ``lane``: the calling thread's, when threads share the solver (:func:`score_move`);
    ``most_parts``: the most classes any legal guess makes here, when known."""
    ctx = position.ctx
    guess = ctx.guess_index[word]
    possible = guess in position.answer_guesses
    if possible and len(position.answers) == 1:
        return MoveValue(word, position.weight, True, True)
    outcome = position.solver().guess_value(
        guess, position.answers, position.legal, position.depth_left, beta, lane=lane, most_parts=most_parts
    )
    return MoveValue(word, min(outcome.cost, INF), outcome.guess >= 0, possible)


def is_legal(position: Position, word: str) -> bool:
    """Whether ``word`` is in the guess list and the mode allows it here."""
    return word in position.ctx.guess_index and bool(np.isin(position.ctx.guess_index[word], position.legal))


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
    search only looks for moves at least as good as it); the result is the same."""
    ctx, n = position.ctx, len(position.answers)
    if table is not None:  # the opening: proved over every first word by wordle-rank
        exact = sorted(table["exact"].items(), key=lambda kv: (kv[1], kv[0]))
        moves = [MoveValue(w, v, True, w in ctx.words.answers) for w, v in exact[:top]]
        return Analysis(position, exact[0][1], moves, from_table=True)
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
        raise HistoryError(f"no way to solve these {n} answers within {position.depth_left} more guesses")
    cutoff = found[min(top, len(found)) - 1].total
    return Analysis(position, found[0].total, [m for m in found if m.total <= cutoff])


@dataclass(frozen=True)
class MoveReport:
    """``--move``: a move's exact value here, its cost against the best, and its rank when asked."""

    move: MoveValue
    rank: int | None  # 1 + the moves strictly better; None when not asked for
    rank_at_least: bool | None  # the opening table proves only the best words: rank is a bound
    loss: float  # average guesses lost per answer against the best move


def played_move(position: Position, word: str) -> MoveValue:
    """The exact value of ``word`` here; HistoryError when the mode forbids it or it
    cannot finish in time."""
    if not is_legal(position, word):
        raise HistoryError(f"{word!r} is not a legal guess here ({position.mode} mode)")
    move = move_value(position, word)
    if not move.exact:
        raise HistoryError(f"{word!r} cannot solve every answer within {position.depth_left} more guesses")
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


def _report(analysis: Analysis, move: MoveValue, rank: bool, jobs: int, progress: Progress) -> MoveReport:
    """The report on ``move`` (valued exactly) against the analysed position's best."""
    position = analysis.position
    loss = (move.total - analysis.best_total) / max(analysis.weight, 1)
    if position.deep_level:  # fewest-deep values: the loss is in guesses, the long games aside
        loss = (move.total % DEEP_COST - analysis.best_total % DEEP_COST) / analysis.n
    if not rank:
        return MoveReport(move, None, None, loss)
    if analysis.from_table:
        table = _opening_table(position.ctx, position.mode, position.depth_left, position.weights)
        better = sum(v < move.total for v in table["exact"].values())
        return MoveReport(move, better + 1, move.total >= table["cutoff"], loss)
    return MoveReport(move, count_better(position, move, jobs, progress) + 1, False, loss)


def score_move(
    analysis: Analysis, word: str, jobs: int = 1, *, rank: bool = True, progress: Progress = SILENT
) -> MoveReport:
    """Exact value, loss and (with ``rank``) rank of ``word`` in the analysed position.

    The rank counts every strictly better move exactly, which for a poor move means
    evaluating thousands of guesses against its total (:func:`count_better`)."""
    return _report(analysis, played_move(analysis.position, word), rank, jobs, progress)


def analyse_move(
    ctx: Context,
    mode: str,
    history,
    word: str,
    top: int = 1,
    max_depth: int = 6,
    *,
    rank: bool = False,
    jobs: int = 1,
    progress: Progress = SILENT,
    deep: int | None = None,
    weights: Weights | None = None,
) -> tuple[Analysis, MoveReport]:
    """The position ``history`` reaches and the move ``word`` there, with the least search:
    the move's value first (one exact solve of its classes), then the position's best
    with that value as a cap (:func:`best_moves`), or from the shipped table at the
    opening; the rank (``jobs`` threads) only with ``rank``.  ``deep`` = K: values count
    first the answers needing K or more guesses (``--objective fewest-deep``); ``weights``:
    values are Σ weight × guesses (the opening then from a table made under the same weights)."""
    position = position_after(ctx, mode, history, max_depth, deep, weights)
    move = played_move(position, word)
    table = _opening_table(ctx, mode, max_depth, weights) if not position.history and deep is None else None
    analysis = best_moves(position, top, table, known=move, progress=progress)
    return analysis, _report(analysis, move, rank, jobs, progress)


def analyse_position(
    ctx: Context,
    mode: str,
    history=(),
    top: int = 5,
    max_depth: int = 6,
    progress: Progress = SILENT,
    deep: int | None = None,
    weights: Weights | None = None,
) -> Analysis:
    """The exact value of the position a history reaches and its ``top`` best moves
    (``deep`` and ``weights`` as for :func:`analyse_move`)."""
    position = position_after(ctx, mode, history, max_depth, deep, weights)
    table = _opening_table(ctx, mode, max_depth, weights) if not position.history and deep is None else None
    return best_moves(position, top, table, progress=progress)


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


def review_game(
    ctx: Context, mode: str, history, max_depth: int = 6, progress: Progress = SILENT, weights: Weights | None = None
) -> list[ReviewRow]:
    """One row per move: best value, the move's value, the loss, and the luck (``weights``:
    in expected guesses under them)."""
    steps = parse_history(history, ctx.game)
    table = _opening_table(ctx, mode, max_depth, weights)
    rows = []
    # one step can take most of the time (the early ones hold the most answers): no ETA
    progress.start(len(steps), "reviewing", "moves")
    try:
        for i in range(len(steps)):
            rows.append(_review_row(ctx, mode, steps, i, max_depth, table if i == 0 else None, weights))
            progress(1)
    finally:
        progress.close()
    return rows


def _review_row(
    ctx: Context, mode: str, steps, i: int, max_depth: int, table: dict | None, weights: Weights | None = None
) -> ReviewRow:
    """The row of move ``i`` of ``steps``: the played move is valued first, so the search for
    the best needs only look for moves at least as good (:func:`best_moves`)."""
    word, code = steps[i]
    position = position_after(ctx, mode, steps[:i], max_depth, weights=weights)
    if not is_legal(position, word):
        raise HistoryError(f"step {i + 1}: {word!r} is not a legal guess here ({mode} mode)")
    move = move_value(position, word)
    analysis = best_moves(position, 1, table, known=move if move.exact else None)
    after = position_after(ctx, mode, steps[: i + 1], max_depth, weights=weights)
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
