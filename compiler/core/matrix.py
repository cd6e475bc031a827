"""The feedback matrix ``uint8[n_guesses, n_answers]``: computed, or read from its cache
(:mod:`.matrix_cache`).

Cell (g, a) is the code of guess g against answer a by the lists' game (see FORMAT.md and
``wordle_runtime.game``): ``uint8`` for games of at most 256 codes, ``uint16`` beyond
(Wordle of six to eight letters; ``ext.KernelBuild.code_dtype``).  The
exact search reads the same codes answers × guesses (one answer's codes for every
guess, sequentially); that layout has a cache file of its own, so a build maps it
instead of transposing 30 MB first (:func:`answer_major_matrix`).
The kernel (``ext/_kernels.pyx``) fills rows of guesses on threads, without the GIL.
"""

from __future__ import annotations

import mmap
import os

import numpy as np

from wordle_runtime.game import DEFAULT_GAME, Game

from ..ext import kernel_build
from ..ext._kernels import RULE_NUMBERS
from ..util.files import OutputError
from .matrix_cache import cache_path, load_cached, warn_unwritable, write_cached
from .wordlists import WordLists, letters_array

# Row blocks of the matrix kernel, filled by up to MATRIX_THREADS threads.
MATRIX_CHUNKS = 16
MATRIX_THREADS = min(os.cpu_count() or 1, 8)


def compute_matrix(guesses, answers, game: Game = DEFAULT_GAME) -> np.ndarray:
    """Compute the matrix for word sequences of ``game`` (no cache)."""
    from ..concurrency.parallel import map_chunks

    build = kernel_build(game)
    out = np.empty((len(guesses), len(answers)), dtype=build.code_dtype)
    fill_matrix_rows = build.kernels.fill_matrix_rows
    guess_letters, answer_letters = letters_array(guesses, game), letters_array(answers, game)
    rows, rule = len(guesses), RULE_NUMBERS[game.rule]
    chunks = max(1, min(MATRIX_CHUNKS, rows // 256))

    def fill(i: int) -> bool:  # a chunk may be filled twice (see map_chunks): same bytes
        fill_matrix_rows(guess_letters, answer_letters, out, i * rows // chunks, (i + 1) * rows // chunks, rule)
        return True

    if chunks == 1 or MATRIX_THREADS == 1:
        for i in range(chunks):
            fill(i)
    else:
        map_chunks(fill, chunks, MATRIX_THREADS)
    return out


def feedback_matrix(words: WordLists, use_cache: bool = True, refresh: bool = False, keep: bool = True) -> np.ndarray:
    """The matrix for ``words``: from the cache when it is intact, else computed and cached
    (unless ``keep`` is false: the builds read only the answer-major layout, which is made
    from this one, so caching this one too would only double the cache's size).

    ``refresh`` recomputes it and rewrites the cache: the retry after a built tree failed
    verification, when a cache that passed its checks may still have been tampered with.
    """
    if not use_cache:
        return compute_matrix(words.guesses, words.answers, words.game)
    return _cached(words, False, refresh, lambda: compute_matrix(words.guesses, words.answers, words.game), write=keep)


def answer_major_matrix(words: WordLists, guess_major, use_cache: bool = True, refresh: bool = False) -> np.ndarray:
    """The matrix of ``words`` laid out answers × guesses: from its own cache file when
    intact, else ``guess_major()`` (which returns the guess-major matrix, so it is loaded
    only when needed) transposed by :func:`answer_major`, and cached.  ``use_cache`` and
    ``refresh`` as for :func:`feedback_matrix`."""
    if not use_cache:
        return answer_major(guess_major())
    return _cached(words, True, refresh, lambda: answer_major(guess_major()))


def _cached(words: WordLists, by_answer: bool, refresh: bool, compute, write: bool = True) -> np.ndarray:
    path = cache_path(words, by_answer)
    cached = None if refresh else load_cached(path, words, by_answer)
    if cached is not None:
        return cached
    matrix = compute()
    if write:
        try:
            write_cached(path, matrix)
        except (OSError, OutputError) as exc:  # not an error: the matrix is computed again next time
            warn_unwritable(path.parent, exc)
    return matrix


def answer_major(matrix: np.ndarray, rows_per_chunk: int = 256) -> np.ndarray:
    """``matrix`` copied answers × guesses, block by block.  When ``matrix`` is the cache
    file mapped read-only, its pages are handed back to the OS as each block is copied
    (they are clean file pages, so they simply fault in again if read), which keeps the
    peak at one matrix, not two."""
    n_guesses, n_answers = matrix.shape
    row_bytes = n_answers * matrix.dtype.itemsize
    out = np.empty((n_answers, n_guesses), dtype=matrix.dtype)
    mapping = getattr(matrix, "_mmap", None)
    # where the array's bytes start inside the mapping (numpy maps from an aligned offset)
    base = getattr(matrix, "offset", 0) % mmap.ALLOCATIONGRANULARITY
    for first in range(0, n_guesses, rows_per_chunk):
        stop = min(n_guesses, first + rows_per_chunk)
        out[:, first:stop] = matrix[first:stop].T
        if mapping is not None:
            begin = -(-(base + first * row_bytes) // mmap.PAGESIZE) * mmap.PAGESIZE  # whole pages only
            end = (base + stop * row_bytes) // mmap.PAGESIZE * mmap.PAGESIZE
            if end > begin:
                mapping.madvise(mmap.MADV_DONTNEED, begin, end - begin)
    return out
