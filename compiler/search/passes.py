"""Full passes: score every legal guess against one answer set.

A pass yields, per guess, the number of feedback classes ``parts``, the sum of
squared class sizes, and whether the guess is itself in the set.  Two kernels
compute the same numbers and the search picks by set size:

* ``score_by_histogram`` (any n): a 243-slot histogram per guess, for 64 guesses
  at a time, filled answer by answer (each answer's matrix row read in order).
* ``score_by_pairs`` (small n): for every pair of answers, compares their two
  matrix rows across all guesses at once.  Σc² = n + 2·(equal pairs), and
  parts = n − (answers equal to an earlier one).  The inner loops are byte
  compares over contiguous rows, which vectorise; at n = 20 this is 2.5x faster
  than the histogram, which wins from about n = 48 (``benchmarks/passes.py``).

Both take ``MT`` (answers × guesses, uint8) and never the guess-major matrix.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

ALL_GREEN = 242
PAIRS_MAX_N = 48  # pairs win below ~48 answers, level to ~60 (m = 12972, benchmarks/passes.py)
HIST_CHUNK = 64  # guesses per histogram chunk: 64 x 256 uint16 = 32 KB (32 and 128 measured slower)


def scratch_bytes(n_guesses: int) -> int:
    """The one scratch buffer a solver needs for its passes."""
    return max(PAIRS_MAX_N * n_guesses, HIST_CHUNK * 256 * 2)


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

    Guesses go in chunks of ``HIST_CHUNK``, each with its own 243-slot histogram in
    ``scratch`` (32 KB in all, in L1).  The answers are the outer loop, so each
    answer's matrix row is read in order and consecutive increments land in
    different histograms: none waits for the one before.  (Guess by guess, an
    increment waited for the previous one whenever two answers shared a pattern,
    and gathering the node's block guess-major first took a third of the time:
    3.9-4.6x slower at n = 100-2315.)  The counts are uint16: no set exceeds
    ``wordlists.MAX_WORDS`` = 30,000 answers.  Guesses that share no letter with
    the set are settled without counting: one all-gray class.
    """
    n = S.shape[0]
    m = L.shape[0]
    present = letter_mask_of_set(letters, a2g, S)
    hist = scratch[:HIST_CHUNK * 256 * 2].view(np.uint16)
    hist[:] = 0  # the pairs kernel shares the scratch
    columns = np.empty(HIST_CHUNK, dtype=np.int64)  # guess numbers counted in this chunk
    positions = np.empty(HIST_CHUNK, dtype=np.int64)  # their places in L
    idx = 0
    while idx < m:
        k = 0
        while idx < m and k < HIST_CHUNK:
            word = letters[L[idx]]
            mask = (1 << word[0]) | (1 << word[1]) | (1 << word[2]) | (1 << word[3]) | (1 << word[4])
            if mask & present == 0:
                parts[idx] = 1
                sumsq[idx] = n * n
                in_set[idx] = 0
            else:
                columns[k] = L[idx]
                positions[k] = idx
                k += 1
            idx += 1
        if k > 0 and columns[k - 1] - columns[0] == k - 1:  # consecutive guesses (normal mode)
            first = columns[0]
            for i in range(n):
                source = MT[S[i], first:first + k]  # read straight, no index per guess: 10-20% faster
                for j in range(k):
                    hist[j * 256 + source[j]] += 1
        else:
            for i in range(n):
                source = MT[S[i]]
                for j in range(k):
                    hist[j * 256 + source[columns[j]]] += 1
        for j in range(k):
            base = j * 256
            in_set[positions[j]] = 1 if hist[base + ALL_GREEN] > 0 else 0
            # all 256 slots (243-255 stay 0) in int32 (Σc² <= 30,000²): a loop of whole
            # vectors, 20% cheaper, which matters for sets of 60-100 answers
            p = np.int32(0)
            sq = np.int32(0)
            for code in range(256):
                c = np.int32(hist[base + code])
                p += np.int32(c != 0)
                sq += c * c
                hist[base + code] = 0
            parts[positions[j]] = p
            sumsq[positions[j]] = sq


@njit(cache=True)
def score_by_pairs(MT, a2g, S, L, identity, parts, sumsq, in_set, scratch):
    """Same outputs as :func:`score_by_histogram`, by comparing answer pairs.

    ``identity``: L is every guess in order (normal mode), so rows need no gather.
    ``scratch`` holds at least n * len(L) bytes, and n < 256 (the per-guess counts
    of equal earlier answers are bytes; the search uses it up to ``PAIRS_MAX_N``).
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
    # n < 256 (PAIRS_MAX_N is far below): equal pairs fit 16 bits, repeats 8, and the
    # narrow sums take fewer vectors per pass than int32 did
    pairs = np.zeros(m, dtype=np.uint16)
    repeats = np.zeros(m, dtype=np.uint8)
    equal = np.empty(m, dtype=np.uint8)  # answers before j equal to j, per guess (< 256)
    for j in range(1, n):
        rj = rows[j]
        equal[:] = 0
        i = 0
        while i + 3 < j:  # four earlier rows per sweep: a quarter of the loads and stores of equal
            ra = rows[i]
            rb = rows[i + 1]
            rc = rows[i + 2]
            rd = rows[i + 3]
            for idx in range(m):  # byte compares over contiguous rows: vectorises
                code = rj[idx]
                equal[idx] += (ra[idx] == code) + (rb[idx] == code) + (rc[idx] == code) + (rd[idx] == code)
            i += 4
        while i < j:
            ri = rows[i]
            for idx in range(m):
                equal[idx] += ri[idx] == rj[idx]
            i += 1
        for idx in range(m):
            pairs[idx] += equal[idx]
            repeats[idx] += equal[idx] > 0
    for idx in range(m):
        parts[idx] = n - repeats[idx]
        sumsq[idx] = n + 2 * np.int64(pairs[idx])
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
