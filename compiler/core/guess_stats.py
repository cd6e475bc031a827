"""Statistics of many guesses' partitions of one answer set at once, and feedback splits, on
integer index arrays (compiled in ``ext/_kernels.pyx``, one build per code width: ``ext.kernel_build_of_codes``).

Public wrappers shape inputs; the compiled functions check them and release the GIL.
"""

from __future__ import annotations

import numpy as np

from wordle_runtime.game import DEFAULT_GAME, Game

from ..concurrency.parallel import map_chunks
from ..ext import kernel_build_of_codes
from ..ext._kernels import IN_SET, LARGEST, PARTS, SUMSQ  # the statistics table's columns

__all__ = [
    "IN_SET",
    "LARGEST",
    "PARTS",
    "SUMSQ",
    "first_perfect_splitter",
    "index_array",
    "partition_stats",
    "set_threads",
    "split_by_codes",
    "weighted_partition_stats",
]


# Threads for the heuristic kernels.  One by default: a fair scheduler gives one thread
# two thirds of a core beside two busy ones (1.5x), where any split pass is only as fast
# as its slowest thread.  ``--threads`` adds helpers that the pass never waits for
# (:func:`.parallel.map_chunks`).
_threads = 1
# Split a pass only when it scores at least this many (guess, answer) cells: all 12,972
# guesses against a few answers gain nothing from a second thread, a few dozen and more
# do (docs/engine.md, "Threads").
THREADED_CELLS = 1 << 18
CHUNKS_PER_THREAD = 4


def set_threads(threads: int) -> None:
    """Threads used by :func:`partition_stats` (1 = this thread only)."""
    global _threads  # noqa: PLW0603 - one process-wide setting, read by every partition_stats call
    _threads = max(1, int(threads))


def partition_stats(MT: np.ndarray, guesses: np.ndarray, answers: np.ndarray, game: Game = DEFAULT_GAME):
    """For each guess: (parts, largest class, sum of squared class sizes, guess is an answer)
    and the entropy in bits of its partition of ``answers``, read from the answer-major
    matrix ``MT`` (``Context.matrix_by_answer()``) of ``game`` (``Context.game``: a guess
    is an answer when one answer shows it the game's all-correct code)."""
    all_correct = game.all_correct
    return _chunked(
        lambda part, within, stats, bits: kernel_build_of_codes(MT).kernels.partition_stats_into(
            MT, part, within, stats, bits, all_correct
        ),
        guesses,
        answers,
    )


def weighted_partition_stats(
    MT: np.ndarray, guesses: np.ndarray, answers: np.ndarray, weights: np.ndarray, game: Game = DEFAULT_GAME
):
    """:func:`partition_stats` with a non-negative integer weight per answer (``weights``,
    one per answer of ``MT``, in the answer list's order): for each guess (parts, largest
    class weight W_C, Σ W_C², guess is an answer) and the entropy in bits of the class
    probabilities W_C / W, W the weight of ``answers`` (0 bits when W is 0).

    Parts count every non-empty class, weightless ones too.  The sums are exact (W at most
    2^31, checked).  Equal weights give the very numbers of :func:`partition_stats` scaled:
    the largest class and Σ by the weight and its square, the bits unchanged to the bit.
    """
    weights, all_correct = np.ascontiguousarray(weights, dtype=np.int64), game.all_correct
    return _chunked(
        lambda part, within, stats, bits: kernel_build_of_codes(MT).kernels.weighted_partition_stats_into(
            MT, part, within, weights, stats, bits, all_correct
        ),
        guesses,
        answers,
    )


def _chunked(fill, guesses, answers):
    """(statistics, entropy) of every guess by ``fill(guesses, answers, stats, entropy)``, which
    writes a chunk's into the arrays given; split over the threads when the pass is large enough."""
    guesses = np.ascontiguousarray(guesses, dtype=np.int32)
    answers = np.ascontiguousarray(answers, dtype=np.int32)
    m, n = guesses.shape[0], answers.shape[0]

    def chunk(part):
        stats = np.zeros((part.shape[0], 4), dtype=np.int64)
        entropy = np.zeros(part.shape[0], dtype=np.float64)
        fill(part, answers, stats, entropy)
        return stats, entropy

    chunks = min(_threads * CHUNKS_PER_THREAD, m) if _threads > 1 and m * n >= THREADED_CELLS else 1
    if chunks > 1:
        parts = map_chunks(lambda i: chunk(guesses[i * m // chunks : (i + 1) * m // chunks]), chunks, _threads)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    return chunk(guesses)


def index_array(values) -> np.ndarray:
    """Index values as the compiled kernels take them: C-ordered int32 or int64."""
    array = np.ascontiguousarray(values)
    return array if array.dtype in (np.int32, np.int64) else array.astype(np.int64)


def first_perfect_splitter(MT: np.ndarray, candidates, answers) -> int:
    """The first of ``candidates`` (guess indices) whose feedback differs for every one of
    ``answers``, or -1, from the answer-major matrix ``MT``: O(n) per candidate, stopping
    at its first repeated code, where a partition pass reads every guess."""
    return kernel_build_of_codes(MT).kernels.first_perfect_splitter(
        MT, np.ascontiguousarray(candidates, dtype=np.int64), np.ascontiguousarray(answers, dtype=np.int64)
    )


def split_by_codes(codes, answers):
    """Group ``answers`` by their feedback ``codes`` (``codes[i]`` is answer ``answers[i]``'s,
    as ``Context.codes`` gives them): (codes present, offsets, answers ordered by code)."""
    codes = np.asarray(codes)
    if codes.dtype not in (np.uint8, np.uint16):  # the matrix's own cells are taken as they are
        codes = codes.astype(np.uint16 if codes.max(initial=0) > np.iinfo(np.uint8).max else np.uint8)
    codes = np.ascontiguousarray(codes)
    return kernel_build_of_codes(codes).kernels.split_by_codes(codes, index_array(answers))
