"""Full passes: the scratch a solver needs for them (the kernels are in ``ext/passes.pxd``)."""

from __future__ import annotations

from wordle_runtime.game import DEFAULT_GAME, Game

from ..ext import kernel_build
from ..ext._search import HIST_CHUNK, PAIRS_MAX_N

__all__ = ["HIST_CHUNK", "PAIRS_MAX_N", "scratch_bytes"]


def scratch_bytes(n_guesses: int, game: Game = DEFAULT_GAME) -> int:
    """The one scratch buffer a solver of ``game`` needs for its passes: the pairs pass
    copies up to PAIRS_MAX_N matrix rows, the histogram pass keeps HIST_CHUNK histograms
    of uint16 counts (``scratch_size`` of the game's search build)."""
    return kernel_build(game).search.scratch_size(n_guesses, game.n_codes)
