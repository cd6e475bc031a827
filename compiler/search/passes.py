"""Full passes: the scratch a solver needs for them (the kernels are in ``ext/passes.pxd``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..ext._search import HIST_CHUNK, PAIRS_MAX_N

if TYPE_CHECKING:
    from ..core.config import Context

__all__ = ["HIST_CHUNK", "PAIRS_MAX_N", "scratch_bytes"]


def scratch_bytes(ctx: Context) -> int:
    """The one scratch buffer a solver of ``ctx``'s game needs for its passes: the pairs pass
    copies up to PAIRS_MAX_N matrix rows, the histogram pass keeps HIST_CHUNK histograms
    of uint16 counts (``scratch_size`` of the search build the game's lists carry)."""
    return ctx.kernel_build.search.scratch_size(len(ctx.words.guesses), ctx.game.n_codes)
