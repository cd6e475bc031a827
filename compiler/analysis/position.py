"""Exact analysis of any position: its value and its best moves.

A thin layer over the engine (:mod:`wordle_compiler.search`): a position is the set
of answers that fit the history plus the guesses the mode still allows; its value is
the engine's exact minimum total (``total / n`` further guesses on average, this one
included), and a move's value is the exact optimum after playing it.  The opening
position would need a proof over every first word, so it is looked up in the shipped
table of proved rankings (``trees/openings.json``) when the lists and mode match.
The types the analyses share live here too; the best moves are :mod:`.best`, one move
against the best is :mod:`.moves`, a whole game's review :mod:`.review`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import Any, Protocol

import numpy as np

from wordle_runtime.history import HistoryError, NoAnswerError, parse_history

from ..core.config import Context
from ..core.modes import initial_legal, legal_after
from ..core.settings import Settings
from ..core.weights import Weights
from ..search import DEEP_COST, INF, solver_for


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


@dataclass(frozen=True)
class OtherGuesses:
    """With one or two answers left, the legal guesses that cannot be the answer, summed up
    instead of listed (:mod:`.few_answers`): how many there are and the least total among
    them (with one answer left, every one of them has that total)."""

    count: int
    total: int  # under fewest-deep, search.DEEP_COST * (answers needing K or more) + total


class DepthLimitError(NoAnswerError):
    """No play solves every answer left within the depth limit: a valid request that has no
    answer (exit 1 on the command line, as a build that no tree within the depth satisfies)."""


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
    others: OtherGuesses | None = None  # one or two answers left: the guesses that cannot be the answer

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

    def as_json(self) -> dict[str, Any]:
        """What ``wordle-tree analyse --json`` prints (but its ``seconds``): the answers left
        (listed when 20 or fewer), the best value, every best move with its ties, and the move
        asked about; averages are over the answers' weight, long games and worst cases apart.
        With one or two answers left only they are listed, and ``other_guesses`` sums up the
        rest: how many, and the least total among them."""
        per = self.weight
        best_long, best_total = self.split(self.best_total)
        doc: dict[str, Any] = {
            "answers_left": self.n,
            "answers": self.position.words if self.n <= 20 else None,
            "best_total": best_total,
            "best_average": round(best_total / per if per else 0.0, 5),
            "from_table": self.from_table,
            "moves": [self._move_json(move) for move in self.moves],
        }
        if self.position.weights is not None:
            doc["weights"] = {**self.position.weights.summary(), "weight_left": per}
        doc.update({k: v for k, v in (("best_long_games", best_long), ("best_worst", self.worst)) if v is not None})
        if self.others is not None:
            long, total = self.split(self.others.total)
            doc["other_guesses"] = {
                "moves": self.others.count,
                "total": total,
                "average": round(total / per if per else 0.0, 5),
                **({} if long is None else {"long_games": long}),
            }
        if self.report is not None:
            loss = (self.split(self.report.move.total)[1] - best_total) / max(per, 1)
            doc["move"] = {
                **self._move_json(self.report.move),
                "rank": self.report.rank,
                "rank_at_least": self.report.rank_at_least,
                "loss": round(loss, 5),
            }
        return doc

    def _move_json(self, move: MoveValue) -> dict[str, Any]:
        per = self.weight
        long, total = self.split(move.total)
        doc: dict[str, Any] = {
            "word": move.word,
            "total": total,
            "average": round(total / per if per else 0.0, 5),
            "exact": move.exact,
            "possible": move.possible,
        }
        if long is not None:
            doc["long_games"] = long
        if move.worst is not None:
            doc["worst"] = move.worst
        return doc


@dataclass(frozen=True)
class MoveReport:
    """``--move``: a move's exact value here, its cost against the best, and its rank when asked."""

    move: MoveValue
    rank: int | None  # 1 + the moves strictly better; None when not asked for
    rank_at_least: bool | None  # the opening table proves only the best words: rank is a bound
    loss: float  # average guesses lost per answer against the best move


def position_after(ctx: Context, settings: Settings, history) -> Position:
    """The position a history reaches in ``settings``' mode and depth limit; HistoryError for
    an unknown word, a move the mode forbids, a game already over, or a history that no
    answer fits.  ``settings.deep`` = K: values count first the answers needing K or more
    guesses (``--objective fewest-deep``); ``settings.weights`` (integer, or None): values
    are Σ weight × guesses."""
    mode = settings.mode
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
    depth_left = settings.max_depth - len(steps)
    return Position(ctx, mode, steps, answers, legal, depth_left, settings.deep_level(), settings.weights)


def beyond_depth(position: Position, word: str | None = None) -> DepthLimitError:
    """The error for a position that no play (or ``word``, played there) finishes within the
    depth limit, worded for the guesses left, none included."""
    n, left = len(position.answers), position.depth_left
    answers = f"{n} answer{'s' if n != 1 else ''}"
    if left <= 0:
        steps = len(position.history)
        return DepthLimitError(
            f"the history already has {steps} guess{'es' if steps != 1 else ''} and the depth limit is "
            f"{steps + left}: no guess is left for the {answers} that fit"
        )
    more = f"{left} more guess{'es' if left != 1 else ''}"
    if word is not None:
        return DepthLimitError(f"{word!r} cannot solve every answer within {more}")
    return DepthLimitError(f"no way to solve these {answers} within {more}")


def opening_table(ctx: Context, mode: str, max_depth: int, weights: Weights | None = None) -> dict | None:
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
    if position.depth_left <= 0:
        raise beyond_depth(position)
    ctx = position.ctx
    guess = ctx.guess_index[word]
    possible = guess in position.answer_guesses
    if possible and len(position.answers) == 1:  # solved with this guess: a long game if it is the K-th or later
        long = 0 < position.depth_left <= position.deep_level
        return MoveValue(word, position.weight + DEEP_COST * long, True, True)
    outcome = position.solver().guess_value(
        guess, position.answers, position.legal, position.depth_left, beta, lane=lane, most_parts=most_parts
    )
    return MoveValue(word, min(outcome.cost, INF), outcome.guess >= 0, possible)


def is_legal(position: Position, word: str) -> bool:
    """Whether ``word`` is in the guess list and the mode allows it here."""
    return word in position.ctx.guess_index and bool(np.isin(position.ctx.guess_index[word], position.legal))


def opening_table_for(position: Position, settings: Settings) -> dict | None:
    """The shipped table for the opening (not under fewest-deep, which it does not count), else None."""
    if position.history or settings.deep is not None:
        return None
    return opening_table(position.ctx, settings.mode, settings.max_depth, settings.weights)
