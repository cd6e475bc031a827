"""The heuristic strategies' kernels on integer index arrays: partition statistics, mode
filters, feedback splits and letter scores (compiled in ``ext/_kernels.pyx``).

Public wrappers shape inputs; the compiled functions check them and release the GIL.
"""

from __future__ import annotations

import numpy as np

from ..ext import _kernels
from ..ext._kernels import LETTER_ENTROPY, LETTER_LOCATED, LETTER_UNIQUE, hard_mode_filter, possible_filter
from ..concurrency.parallel import map_chunks

__all__ = ["IN_SET", "LARGEST", "LETTER_ENTROPY", "LETTER_LOCATED", "LETTER_UNIQUE", "PARTS", "SUMSQ",
           "first_perfect_splitter", "hard_mode_filter", "hard_mode_word_bits", "letter_scores", "partition_stats",
           "possible_filter", "set_threads", "split_by_codes"]

# Column order of the statistics table returned by partition_stats.
PARTS, LARGEST, SUMSQ, IN_SET = 0, 1, 2, 3


# Threads for the heuristic kernels.  One by default: a fair scheduler gives one thread
# two thirds of a core beside two busy ones (1.5x), where any split pass is only as fast
# as its slowest thread.  ``--threads`` adds helpers that the pass never waits for
# (:func:`.parallel.map_chunks`).
_threads = 1
# Split a pass only when it scores at least this many (guess, answer) cells.  One thread's
# time over two's, all 12,972 guesses, random answer sets, medians of 40: 8 answers 0.98x,
# 16 answers 1.18x, 32 1.33x, 64 1.53x, 128 1.65x, 1024 1.33x.
THREADED_CELLS = 1 << 18
CHUNKS_PER_THREAD = 4


def set_threads(threads: int) -> None:
    """Threads used by :func:`partition_stats` (1 = this thread only)."""
    global _threads
    _threads = max(1, int(threads))


def partition_stats(MT: np.ndarray, guesses: np.ndarray, answers: np.ndarray):
    """For each guess: (parts, largest class, sum of squared class sizes, guess is an answer)
    and the entropy in bits of its partition of ``answers``, read from the answer-major
    matrix ``MT`` (``Context.matrix_by_answer()``)."""
    guesses = np.ascontiguousarray(guesses, dtype=np.int32)
    answers = np.ascontiguousarray(answers, dtype=np.int32)
    m, n = guesses.shape[0], answers.shape[0]
    chunks = min(_threads * CHUNKS_PER_THREAD, m) if _threads > 1 and m * n >= THREADED_CELLS else 1
    if chunks > 1:
        parts = map_chunks(lambda i: _stats_chunk(MT, guesses[i * m // chunks:(i + 1) * m // chunks], answers),
                           chunks, _threads)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    return _stats_chunk(MT, guesses, answers)


def _stats_chunk(MT, guesses, answers):
    """(statistics, entropy) of ``guesses``, in new arrays (a chunk of :func:`partition_stats`)."""
    stats = np.zeros((guesses.shape[0], 4), dtype=np.int64)
    entropy = np.zeros(guesses.shape[0], dtype=np.float64)
    _kernels.partition_stats_into(MT, guesses, answers, stats, entropy)
    return stats, entropy


def _indices(values) -> np.ndarray:
    """Index values as the compiled kernels take them: C-ordered int32 or int64."""
    array = np.ascontiguousarray(values)
    return array if array.dtype in (np.int32, np.int64) else array.astype(np.int64)


def first_perfect_splitter(MT: np.ndarray, candidates, answers) -> int:
    """The first of ``candidates`` (guess indices) whose feedback differs for every one of
    ``answers``, or -1, from the answer-major matrix ``MT``: O(n) per candidate, stopping
    at its first repeated code, where a partition pass reads every guess."""
    return _kernels.first_perfect_splitter(MT, np.ascontiguousarray(candidates, dtype=np.int64),
                                             np.ascontiguousarray(answers, dtype=np.int64))


def split_by_codes(codes, answers):
    """Group ``answers`` by their feedback ``codes`` (``codes[i]`` is answer ``answers[i]``'s,
    as ``Context.codes`` gives them): (codes present, offsets, answers ordered by code)."""
    return _kernels.split_by_codes(np.ascontiguousarray(codes, dtype=np.uint8), _indices(answers))


def letter_scores(guess_letters, legal, answer_letters, kind: int) -> np.ndarray:
    """Letter-frequency scores of each legal guess over the remaining answers (higher is better).

    unique:  sum over the guess's distinct letters of how many answers contain it
             (a letter every answer contains counts 0: it is already certain)
    located: sum over positions of 2 x answers with that letter there, plus answers
             with it elsewhere (distinct letters only)
    entropy: mean of p(1-p) for the letter at each position and for its presence anywhere
    """
    return _kernels.letter_scores(np.ascontiguousarray(guess_letters, dtype=np.uint8), _indices(legal),
                                    np.ascontiguousarray(answer_letters, dtype=np.uint8), kind)


def hard_mode_word_bits(guess_letters) -> np.ndarray:
    """Per guess, the two words the search's hard-mode filter tests (``ext/rules.pxd``:
    ``keeps_hint_masks``): ``[:, 0]`` has bit 2l set
    when letter l occurs at least once and bit 2l + 1 when at least twice; ``[:, 1]``
    holds the five letters, 5 bits each (position i at bit 5i).

    Column by column in bytes (a letter's earlier copies counted by ten byte compares):
    0.34 ms for the 12,972 guesses, against 1.3 ms with uint64 blocks and row sums."""
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
