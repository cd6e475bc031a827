"""Game modes: which guesses stay legal after a (guess, feedback) step, and the per-guess bits
the exact search's hard-mode filter tests."""

from __future__ import annotations

import numpy as np

from ..ext._kernels import hard_mode_filter, possible_filter


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


def hard_mode_word_bits(guess_letters) -> np.ndarray:
    """Per guess, the two words the search's hard-mode filter tests (``ext/rules.pxd``:
    ``keeps_hint_masks``): ``[:, 0]`` has bit 2l set
    when letter l occurs at least once and bit 2l + 1 when at least twice; ``[:, 1]``
    holds the five letters, 5 bits each (position i at bit 5i).

    Column by column in bytes (a letter's earlier copies counted by ten byte compares),
    which is cheaper than uint64 blocks and row sums."""
    letters = np.ascontiguousarray(guess_letters, dtype=np.uint8)
    columns = [letters[:, i] for i in range(5)]
    present = np.zeros(letters.shape[0], dtype=np.uint64)
    packed = np.zeros(letters.shape[0], dtype=np.uint64)
    for i in range(5):
        earlier = np.zeros(letters.shape[0], dtype=np.uint8)  # copies of this letter before position i
        for j in range(i):
            earlier += columns[j] == columns[i]
        letter = columns[i].astype(np.uint64)
        bit = letter * np.uint64(2) + (earlier >= 1)
        present |= np.where(earlier <= 1, np.left_shift(np.uint64(1), bit), np.uint64(0))
        packed |= letter << np.uint64(5 * i)
    return np.stack([present, packed], axis=1)
