"""Game modes: which guesses stay legal after a (guess, feedback) step."""

from __future__ import annotations

import numpy as np

from .guess_stats import hard_mode_filter, possible_filter


def initial_legal(ctx, mode: str) -> np.ndarray:
    """Legal guesses before the first guess: every guess index, in every mode (``mode`` is unused)."""
    return ctx.all_guesses


def legal_after(ctx, mode: str, legal: np.ndarray, played: int, code: int) -> np.ndarray:
    """Legal guesses after ``played`` showed ``code``.  Normal mode: unchanged."""
    if mode == "normal":
        return legal
    if mode == "hard":
        return hard_mode_filter(ctx.guess_letters, legal, played, code)
    if mode == "possible":
        return possible_filter(ctx.guess_letters, legal, played, code)
    raise ValueError(f"unknown mode {mode!r}")
