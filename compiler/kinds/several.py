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


def build(chosen: Settings, strategy: str, *, start: str | None, **_refused: object) -> BoardsResult:
    """The exact multi-board tree (``wordle-compile --boards K``); ``ValueError`` (one line)
    when it cannot be built."""
    from ..multiboard.build import build_for
    from ..strategies.table import strategy_named

    if not strategy_named(strategy).exact:
        raise ValueError(f"a multi-board build is exact: strategy 'optimal', not {strategy!r}")
    return build_for(chosen, start)


def analyse(chosen: Settings, history: Any, *, top: int, move: str | None, **_refused: object) -> BoardsAnalysis:
    """The analysis of the multi-board position ``history`` reaches: steps as one string
    of tokens, or as (word, patterns) pairs."""
    from ..analysis.boards import analyse_boards

    if isinstance(history, str):
        tokens = history.split()
    else:
        tokens = [step if isinstance(step, str) else ":".join(map(str, step)) for step in history]
    return analyse_boards(chosen, tokens, top, move)


def rank(chosen: Settings, *, first_words: Iterable[str] | None, **_refused: object) -> list[BoardsRankedWord]:
    """Every first guess (or each of ``first_words``) of the multi-board game valued exactly."""
    from ..multiboard.rank import rank_boards

    return list(rank_boards(chosen, first_words).rows)
