"""Full passes: score every legal guess against one answer set.

A pass yields, per guess, the number of feedback classes ``parts``, the sum of
squared class sizes, and whether the guess is itself in the set.  Two kernels
compute the same numbers and the search picks by set size:

* ``score_by_histogram`` (any n): gathers the node's feedback block guess-major
  from the answer-major matrix (each answer's row read sequentially) and counts
  classes with a 243-slot histogram per guess.
* ``score_by_pairs`` (small n): for every pair of answers, compares their two
  matrix rows across all guesses at once.  Σc² = n + 2·(equal pairs), and
  parts = n − (answers equal to an earlier one).  The inner loops are byte
  compares over contiguous rows, which vectorise; at n = 20 this was several
  times faster than the histogram.

Both take ``MT`` (answers × guesses, uint8) and never the guess-major matrix.
"""

from __future__ import annotations

import numpy as np
from numba import njit

ALL_GREEN = 242
PAIRS_MAX_N = 150  # pairs beat the histogram up to ~150 answers (m = 12972, measured)


def scratch_bytes(n_guesses: int) -> int:
    """The one scratch buffer a solver needs for its passes."""
    return PAIRS_MAX_N * n_guesses


@njit(cache=True)
def letter_mask_of_set(letters, a2g, S):
    """Bit mask of the letters present in some answer of S."""
    present = 0
    for i in range(S.shape[0]):
        word = letters[a2g[S[i]]]
        for j in range(5):
            present |= 1 << word[j]
    return present


@njit(cache=True)
def score_by_histogram(MT, letters, a2g, S, L, parts, sumsq, in_set, scratch):
    """Fill parts/sumsq/in_set for every guess of L (see module docstring).

    Guesses go in chunks whose feedback block fits ``scratch`` (no allocation per node:
    inside Dask workers, glibc hands big blocks back to the kernel at once, and every
    node then paid page faults for a fresh one).
    """
    n = S.shape[0]
    m = L.shape[0]
    present = letter_mask_of_set(letters, a2g, S)
    chunk = max(1, scratch.shape[0] // n)
    counts = np.zeros(243, dtype=np.int32)
    for first in range(0, m, chunk):
        stop = min(m, first + chunk)
        block = scratch[:(stop - first) * n].reshape((stop - first, n))
        for i in range(n):
            source = MT[S[i]]
            for idx in range(first, stop):
                block[idx - first, i] = source[L[idx]]
        for idx in range(first, stop):
            word = letters[L[idx]]
            mask = (1 << word[0]) | (1 << word[1]) | (1 << word[2]) | (1 << word[3]) | (1 << word[4])
            if mask & present == 0:
                # shares no letter with any answer: all gray, one class, tells nothing
                parts[idx] = 1
                sumsq[idx] = n * n
                in_set[idx] = 0
                continue
            row = block[idx - first]
            p = 0
            sq = 0
            for i in range(n):
                code = row[i]
                c = counts[code]
                if c == 0:
                    p += 1
                sq += 2 * c + 1
                counts[code] = c + 1
            in_set[idx] = 1 if counts[ALL_GREEN] > 0 else 0
            for i in range(n):
                counts[row[i]] = 0
            parts[idx] = p
            sumsq[idx] = sq


@njit(cache=True)
def score_by_pairs(MT, a2g, S, L, identity, parts, sumsq, in_set, scratch):
    """Same outputs as :func:`score_by_histogram`, by comparing answer pairs.

    ``identity``: L is every guess in order (normal mode), so rows need no gather.
    ``scratch`` holds at least n * len(L) bytes.
    """
    n = S.shape[0]
    m = L.shape[0]
    rows = scratch[:n * m].reshape((n, m))
    if identity:
        for i in range(n):
            rows[i] = MT[S[i]]
    else:
        for i in range(n):
            source = MT[S[i]]
            for idx in range(m):
                rows[i, idx] = source[L[idx]]
    pairs = np.zeros(m, dtype=np.int32)
    repeats = np.zeros(m, dtype=np.int32)
    equal = np.empty(m, dtype=np.uint8)  # answers before j equal to j, per guess (< 256)
    for j in range(1, n):
        rj = rows[j]
        equal[:] = 0
        for i in range(j):
            ri = rows[i]
            for idx in range(m):  # byte compares over contiguous rows: vectorises
                equal[idx] += ri[idx] == rj[idx]
        for idx in range(m):
            pairs[idx] += equal[idx]
            repeats[idx] += equal[idx] > 0
    for idx in range(m):
        parts[idx] = n - repeats[idx]
        sumsq[idx] = n + 2 * pairs[idx]
        in_set[idx] = 0
    if identity:
        for i in range(n):
            in_set[a2g[S[i]]] = 1
    else:
        for i in range(n):
            for idx in range(m):
                if rows[i, idx] == ALL_GREEN:
                    in_set[idx] = 1


@njit(cache=True, inline="always")
def perfect_split(MT, g, S, lo, hi, seen):
    """True when guess g gives every answer of ``S[lo:hi]`` its own pattern (seen: 243
    False, returned so).  A range, not a slice: the search calls this per class of
    every candidate, and each slice view costs two atomic reference counts."""
    ok = True
    i = lo
    while i < hi:
        code = MT[S[i], g]
        if seen[code]:
            ok = False
            break
        seen[code] = True
        i += 1
    for j in range(lo, i):
        seen[MT[S[j], g]] = False
    return ok


@njit(cache=True, inline="always")
def answer_splits_perfectly(MT, a2g, S, lo, hi, seen):
    """The first (lowest-index) answer of ``S[lo:hi]`` whose word separates all of them,
    or -1.  When one exists the set costs exactly 2n − 1; when none does, at least 2n.
    """
    for i in range(lo, hi):
        g = a2g[S[i]]
        if perfect_split(MT, g, S, lo, hi, seen):
            return g
    return -1
