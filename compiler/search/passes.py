"""Full passes: the scratch a solver needs for them (the kernels are in ``ext/passes.pxd``)."""

from __future__ import annotations

from ..ext._search import HISTOGRAM_CHUNK as HIST_CHUNK
from ..ext._search import PAIRS_BELOW as PAIRS_MAX_N

__all__ = ["HIST_CHUNK", "PAIRS_MAX_N", "scratch_bytes"]


def scratch_bytes(n_guesses: int) -> int:
    """The one scratch buffer a solver needs for its passes: the pairs pass copies up to
    PAIRS_MAX_N matrix rows, the histogram pass keeps 64 histograms of 256 uint16."""
    return max(PAIRS_MAX_N * n_guesses, HIST_CHUNK * 256 * 2)
