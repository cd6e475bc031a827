"""One exact analysis as a value, and the one place that runs it.

:class:`AnalysisRequest` is what ``wordle-tree analyse`` and ``wordle-tree serve``'s
``/api/analyse`` and ``/api/review`` ask for (a history and the options), checked before any
work in the command's own words; :class:`LoadedGame` is a game ready to analyse (its lists
and matrix, mode and weights), kept by a caller that asks many times (a server's worker), and
its :meth:`~LoadedGame.answer` picks the analysis a request means: a review, a position's
best moves, a move against the best, or the least worst case.  The results know their JSON
form (:meth:`.position.Analysis.as_json`, :class:`Review`), which the command line prints and
the server returns.  ``wordle_compiler.analyse`` and ``review`` run through here too.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from wordle_runtime.history import parse_history

from ..core.settings import DEFAULT_MAX_DEPTH, MAX_DEPTH_LIMIT, OBJECTIVES, objective_clash

if TYPE_CHECKING:
    from wordle_runtime.game import Game

    from ..core.config import Context
    from ..core.settings import Settings
    from .position import Analysis, Progress
    from .review import ReviewRow

# The ranges of the request's numbers, as the command line takes them (``--top``, ``--deep``).
TOP_RANGE = (1, 1000)
DEEP_RANGE = (2, 64)
MAX_DEPTH_RANGE = (1, MAX_DEPTH_LIMIT)
DEFAULT_TOP, DEFAULT_TOP_WITH_MOVE = 5, 1  # a move's loss needs only the best move
Steps = list[tuple[str, int]]


class RequestError(ValueError):
    """A request that makes no sense, refused before any work (exit 2 on the command line)."""


@dataclass(frozen=True)
class AnalysisRequest:
    """An analysis as ``wordle-tree analyse`` takes it: the ``history`` (tokens in any
    notation) and the options of the same names (``top`` None: 5, or 1 with a ``move``).

    ``max_depth``, ``objective`` and ``deep`` are :class:`~..core.settings.Settings` fields
    declared a second time, because a request is checked (:meth:`check`) before it meets a
    game: in the command line's words, against the served tree's weights, before any list is
    loaded.  :meth:`LoadedGame.answer` then puts them into the game's Settings."""

    history: tuple[str, ...] = ()
    top: int | None = None
    move: str | None = None
    rank: bool = False
    review: bool = False
    max_depth: int = DEFAULT_MAX_DEPTH
    objective: str = "total"
    deep: int | None = None
    jobs: int = 1

    @property
    def shown_top(self) -> int:
        """How many best moves the request asks for."""
        return self.top or (DEFAULT_TOP_WITH_MOVE if self.move else DEFAULT_TOP)

    @property
    def played_move(self) -> str | None:
        """The move asked about, as the guess lists write words."""
        return self.move.strip().lower() if self.move else None

    def check(self, weighted: bool = False) -> None:
        """Refuse what makes no sense before any work (``weighted``: the game has weights);
        :class:`RequestError`, worded as the command line's options."""
        if any(not token.strip() for token in self.history):
            raise RequestError("the history has an empty word or pattern")
        if self.review and not self.history:
            raise RequestError("--review needs the game's HISTORY, e.g. salet bbybb crony ggggg")
        if self.rank and not self.move:
            raise RequestError("--rank ranks the move given with --move WORD")
        if self.objective not in OBJECTIVES:
            raise RequestError(f"--objective {self.objective!r} is not one of {', '.join(OBJECTIVES)}")
        clash = objective_clash(self.objective, self.deep, self.max_depth)
        if clash:
            raise RequestError(clash)
        if self.review:
            self._check_review()
        if self.rank and self.objective == "depth":
            raise RequestError("--rank counts better moves by their total: not with --objective depth")
        if weighted and self.objective != "total":
            raise RequestError("--weights and --prior value moves by expected guesses: --objective total only")
        if self.objective != "total" and not self.history:
            option = f"--objective {self.objective}{f' --deep {self.deep}' if self.deep else ''}"
            raise RequestError(
                f"the opening under {option} is a ranking of every first word: wordle-rank {option} "
                f"(or, for one word, wordle-compile --strategy optimal --start WORD {option})"
            )

    def _check_review(self) -> None:
        if self.objective != "total":
            raise RequestError("--review reports loss and luck in guesses: --objective total only")

    def steps(self, game: Game) -> Steps:
        """The history as (word, feedback code) steps of ``game`` (HistoryError, the runtime's
        line, for one it cannot read)."""
        return parse_history(list(self.history), game)

    def for_game(self, steps: Steps, game: Game) -> AnalysisRequest:
        """The request as it stands once its steps are known: a history that ends with the
        game's all-correct feedback is a finished game, reviewed (checked as ``--review``)."""
        if self.review or not steps or steps[-1][1] != game.all_correct:
            return self
        reviewed = replace(self, review=True)
        reviewed._check_review()
        return reviewed


@dataclass(frozen=True)
class Review:
    """A whole game's review: one :class:`.review.ReviewRow` per move."""

    rows: list[ReviewRow]

    def as_json(self) -> dict[str, Any]:
        """What ``wordle-tree analyse --review --json`` prints (but its ``seconds``)."""
        return {"review": [row.as_json() for row in self.rows]}


@dataclass(frozen=True)
class LoadedGame:
    """A game ready to analyse: the lists and matrix (``ctx``) its ``settings`` name (a served
    tree's are its own) and those settings: the mode, integer weights or None
    (``Settings.weighed``), and the depth limit and objective an :meth:`analyse` values by.
    The engine keeps its memo per thread for one loaded game, so asking the same object again
    answers from memory what an earlier analysis proved."""

    ctx: Context
    settings: Settings

    def answer(self, request: AnalysisRequest, steps: Steps, progress: Progress | None = None) -> Analysis | Review:
        """What ``request`` asks for at ``steps`` (its history, parsed for this game): the
        review, or the analysis (:meth:`analyse`), under the request's depth limit and objective."""
        asked = replace(
            self,
            settings=replace(
                self.settings, max_depth=request.max_depth, objective=request.objective, deep=request.deep
            ),
        )
        if request.review:
            return asked.review(steps, progress)
        return asked.analyse(
            steps,
            top=request.shown_top,
            move=request.played_move,
            rank=request.rank,
            jobs=request.jobs,
            progress=progress,
        )

    def analyse(
        self,
        history: object,
        *,
        top: int,
        move: str | None = None,
        rank: bool = False,
        jobs: int = 1,
        progress: Progress | None = None,
    ) -> Analysis:
        """The position ``history`` reaches, by the least search the objective allows: the
        least worst case (objective ``depth``), the move against the best (``move``), or the
        best moves; with ``move``, ``Analysis.report`` holds the move's value and loss."""
        from .best import analyse_position
        from .moves import analyse_move
        from .position import SILENT
        from .worst_case import analyse_worst_case

        shown = progress or SILENT
        ctx, settings = self.ctx, self.settings
        if settings.objective == "depth":
            found = analyse_worst_case(ctx, settings, history, top, move, shown)
            analysis, report = found if isinstance(found, tuple) else (found, None)
        elif move is None:
            analysis, report = analyse_position(ctx, settings, history, top, shown), None
        else:
            analysis, report = analyse_move(ctx, settings, history, move, top, rank=rank, jobs=jobs, progress=shown)
        return replace(analysis, report=report)

    def review(self, history: object, progress: Progress | None = None) -> Review:
        """One row per move of the game ``history``: the best move, the loss and the luck."""
        from .position import SILENT
        from .review import review_game

        return Review(review_game(self.ctx, self.settings, history, progress or SILENT))


def answer_json(result: Analysis | Review, seconds: float) -> dict[str, Any]:
    """The object ``wordle-tree analyse --json`` prints for ``result``, which took ``seconds``."""
    return {**result.as_json(), "seconds": round(seconds, 3)}
