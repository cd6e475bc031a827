"""The entries of a multi-board game: what ``compile_tree``, ``analyse`` and
``rank_first_words`` do once :func:`~wordle_compiler.kinds.kind_of` has found several
boards (a review is of a single-board game).  Each takes the chosen
:class:`~wordle_compiler.core.settings.Settings` and the API's other keywords by name, the
options a multi-board game does not take already refused (``kinds.SEVERAL_BOARDS_TAKE``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..core.settings import Settings
    from ..multiboard.build import BoardsResult
    from ..multiboard.position import BoardsAnalysis
    from ..multiboard.rank import BoardsRankedWord


def build(
    chosen: Settings, strategy: str, *, start: str | None, jobs: int = 1, progress=None, **_refused: object
) -> BoardsResult:
    """The exact multi-board tree (``wordle-compile --boards K``), or a policy's whole tree
    over every pair of two boards (``strategy`` one of the policies, laid out by ``jobs``
    processes, ``progress`` counting its pairs); ``ValueError`` (one line) when it cannot
    be built."""
    from ..core.settings import MAX_JOBS, check_whole
    from ..multiboard.build import build_for, build_policy_tree
    from ..multiboard.policy import POLICIES
    from ..strategies.table import strategy_named

    if strategy in POLICIES:
        check_whole("jobs", jobs, 1, MAX_JOBS)
        return build_policy_tree(chosen, start, strategy, jobs, progress)
    if not strategy_named(strategy).exact:
        raise ValueError(BUILD_STRATEGIES.format(strategy=strategy))
    if jobs != 1:
        raise ValueError(EXACT_BUILD_JOBS)
    return build_for(chosen, start)


BUILD_STRATEGIES = (
    "a multi-board build is exact (strategy optimal) or a policy's whole tree over every pair "
    "of two boards (entropy, most-parts or minimax), not {strategy}"
)
EXACT_BUILD_JOBS = "jobs lays out a policy's tree: the exact multi-board search runs on one thread"


def analyse(chosen: Settings, history: Any, *, top: int, move: str | None, **_refused: object) -> BoardsAnalysis:
    """The analysis of the multi-board position ``history`` reaches: steps as one string
    of tokens, or as (word, patterns) pairs."""
    from ..analysis.boards import analyse_boards

    if isinstance(history, str):
        tokens = history.split()
    else:
        tokens = [step if isinstance(step, str) else ":".join(map(str, step)) for step in history]
    return analyse_boards(chosen, tokens, top, move)


def rank(
    chosen: Settings,
    *,
    first_words: Iterable[str] | None,
    jobs: int = 1,
    scheduler: str | None = None,
    **_refused: object,
) -> list[BoardsRankedWord]:
    """Every first guess (or each of ``first_words``) of the multi-board game valued exactly,
    on ``jobs`` local workers or a Dask ``scheduler``'s (Dask either way when not one job)."""
    from ..multiboard.rank import BoardsRanker, ranking_workers

    ranker = BoardsRanker(chosen, first_words)
    with ranking_workers(jobs, scheduler) as executor:
        return list(ranker.run(executor=executor).rows)
