"""What ``compile_tree`` returns for a single-board game: the tree and its figures."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

if TYPE_CHECKING:
    from wordle_runtime.format import TreeData


@dataclass
class CompileResult:
    """A compiled, verified tree: pass it to :func:`save`, or read its numbers.

    ``data`` is the tree (``wordle_runtime.format.TreeData``), ``stats`` the measured
    stats also stored in ``data.meta["stats"]`` (answers, total_guesses, average,
    max_depth, histogram, ...), ``exceeding_max_depth`` the answers that need more than
    ``max_depth`` guesses (empty for a tree that keeps the guarantee).  An exact build
    stopped by its ``time_limit`` has ``stopped`` ``"time limit"`` and ``lower_bound``, the
    proved lower bound of the total (or of the weighted sum); both are None otherwise.
    """

    data: TreeData
    stats: dict[str, Any]
    start: str
    proved_optimal: bool
    optimality: str
    exceeding_max_depth: list[str]
    seconds: float
    stopped: str | None = None
    lower_bound: int | None = None

    @classmethod
    def of_build(cls, result: Any, stop: Any = None) -> CompileResult:
        """The result of a pipeline build (``pipeline.BuildResult``) and its ``Anytime``, if any."""
        data = cast("TreeData", result.data)
        stopped = None if stop is None else stop.stopped
        return cls(
            data,
            dict(data.meta["stats"]),
            data.meta["config"]["start"],
            result.proved_optimal,
            result.optimality,
            list(result.report.exceeding_max_depth),
            result.seconds,
            stopped,
            None if stopped is None else stop.lower_bound,
        )

    @property
    def ok(self) -> bool:
        """True when every answer is solved within ``max_depth`` guesses."""
        return not self.exceeding_max_depth
