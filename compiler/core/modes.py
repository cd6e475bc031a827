"""Game modes: which guesses stay legal after a (guess, feedback) step, and the per-guess bits
the exact search's hard-mode filter tests.

Hard mode is Wordle's: a green letter stays in place and a shown letter stays in the word.
Mastermind's scores name no position, so it has no hard mode (:func:`check_mode`); its
possible mode is the classic player who only ever plays a code consistent with every score.
"""

from __future__ import annotations

import numpy as np

from wordle_runtime.game import WORDLE

from ..ext._kernels import (
    HINT_MASK_LENGTH,
    HINT_MASK_SYMBOLS,
    HINT_SYMBOL_FIELD_BITS,
    RULE_NUMBERS,
    hard_mode_filter,
    possible_filter,
)
from .errors import BuildError
from .games import mode_problem


def check_mode(game, mode: str) -> None:
    """A one-line BuildError when ``game`` has no such mode (Mastermind's hard mode)."""
    problem = mode_problem(game, mode)
    if problem:
        raise BuildError(problem)


def initial_legal(ctx, mode: str) -> np.ndarray:
    """Legal guesses before the first guess: every guess index, in every mode the game has
    (BuildError for one it has not: :func:`check_mode`)."""
    check_mode(ctx.game, mode)
    return ctx.all_guesses


def legal_after(ctx, mode: str, legal: np.ndarray, played: int, code: int) -> np.ndarray:
    """Legal guesses after ``played`` showed ``code``.  Normal mode: unchanged."""
    if mode == "normal":
        return legal
    if mode == "hard":
        check_mode(ctx.game, mode)
        return hard_mode_filter(ctx.guess_letters, legal, played, code)
    if mode == "possible":
        return possible_filter(ctx.guess_letters, legal, played, code, RULE_NUMBERS[ctx.game.rule])
    raise ValueError(f"unknown mode {mode!r}")


def hint_masks_fit(game) -> bool:
    """Whether :func:`hard_mode_word_bits` can express ``game``'s words (Wordle of at most
    HINT_MASK_LENGTH letters over at most HINT_MASK_SYMBOLS symbols); the search otherwise
    tests the hints symbol by symbol, with the same result."""
    return game.rule == WORDLE and game.length <= HINT_MASK_LENGTH and len(game.alphabet) <= HINT_MASK_SYMBOLS


def hard_mode_word_bits(guess_letters) -> np.ndarray:
    """Per guess, the two words the search's hard-mode filter tests (``ext/rules.pxd``:
    ``keeps_hint_masks``): ``[:, 0]`` has bit 2l set when symbol l occurs at least once and
    bit 2l + 1 when at least twice; ``[:, 1]`` holds the symbols, 5 bits each (position i
    at bit 5i).  For words of at most HINT_MASK_LENGTH symbols numbered below
    HINT_MASK_SYMBOLS (:func:`hint_masks_fit`), else ValueError.

    Column by column in bytes (a letter's earlier copies counted by byte compares), which
    is cheaper than uint64 blocks and row sums."""
    letters = np.ascontiguousarray(guess_letters, dtype=np.uint8)
    length = letters.shape[1]
    if length > HINT_MASK_LENGTH or (letters.size and int(letters.max()) >= HINT_MASK_SYMBOLS):
        raise ValueError(
            f"hint masks hold words of at most {HINT_MASK_LENGTH} symbols numbered below {HINT_MASK_SYMBOLS}"
        )
    columns = [letters[:, i] for i in range(length)]
    present = np.zeros(letters.shape[0], dtype=np.uint64)
    packed = np.zeros(letters.shape[0], dtype=np.uint64)
    for i in range(length):
        earlier = np.zeros(letters.shape[0], dtype=np.uint8)  # copies of this letter before position i
        for j in range(i):
            earlier += columns[j] == columns[i]
        letter = columns[i].astype(np.uint64)
        bit = letter * np.uint64(2) + (earlier >= 1)
        present |= np.where(earlier <= 1, np.left_shift(np.uint64(1), bit), np.uint64(0))
        packed |= letter << np.uint64(HINT_SYMBOL_FIELD_BITS * i)
    return np.stack([present, packed], axis=1)
