# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The kernels outside the exact search: the feedback matrix and its cache files' checksum,
and the heuristic strategies' partition statistics (with a weight per answer in
weighted_stats.pxi), feedback splits, mode filters and letter scores.  Each def function
checks its inputs and releases the GIL for its loops.

The matrix kernel takes a fast path for most pairs: when the guess has five different
letters, a non-green guess letter is yellow exactly when the answer contains that letter
at all, one bit test against the answer's 26-bit letter mask.  Guesses with a repeated
letter take the general count-based rule (rules.general_code).
"""

import numpy as np

from libc.math cimport log
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset

from rules cimport ALL_GREEN, general_code, has_repeat, hard_mode_hints, keeps_hints

ctypedef fused index_t:
    int32_t
    int64_t

# Column order of the statistics table (kernels.PARTS, LARGEST, SUMSQ, IN_SET).
cdef enum:
    PARTS = 0
    LARGEST = 1
    SUMSQ = 2
    IN_SET = 3
    STATS_CHUNK = 64  # guesses counted together: 64 histograms of 256 uint16 = 32 KB


cdef int matrix_rows(const uint8_t[:, ::1] guess_letters, const uint8_t[:, ::1] answer_letters,
                     uint8_t[:, ::1] out, Py_ssize_t first, Py_ssize_t stop) except -1 nogil:
    cdef Py_ssize_t n_answers = answer_letters.shape[0], gi, ai
    # The answers transposed (one column per position) and their letter masks: the
    # distinct-letter loop is then branch-free over contiguous bytes, which vectorises.
    cdef uint8_t* columns = <uint8_t*>malloc(5 * n_answers + 1)
    cdef uint32_t* present = <uint32_t*>malloc(4 * n_answers + 4)
    cdef uint8_t* row
    cdef const uint8_t* g
    cdef uint8_t l0, l1, l2, l3, l4
    cdef uint32_t p
    cdef int j
    if columns == NULL or present == NULL:
        free(columns)
        free(present)
        with gil:
            raise MemoryError()
    for ai in range(n_answers):
        present[ai] = 0
        for j in range(5):
            columns[j * n_answers + ai] = answer_letters[ai, j]
            present[ai] |= (<uint32_t>1) << answer_letters[ai, j]
    for gi in range(first, stop):
        g = &guess_letters[gi, 0]
        row = &out[gi, 0]
        if has_repeat(g):
            for ai in range(n_answers):
                row[ai] = <uint8_t>general_code(g, &answer_letters[ai, 0])
            continue
        # Five different letters: a non-green letter is yellow iff the answer has it
        # anywhere (another copy cannot be green, since the guess has only one).
        l0, l1, l2, l3, l4 = g[0], g[1], g[2], g[3], g[4]
        for ai in range(n_answers):
            p = present[ai]
            row[ai] = <uint8_t>(
                ((p >> l0) & 1) + (columns[ai] == l0)
                + 3 * (((p >> l1) & 1) + (columns[n_answers + ai] == l1))
                + 9 * (((p >> l2) & 1) + (columns[2 * n_answers + ai] == l2))
                + 27 * (((p >> l3) & 1) + (columns[3 * n_answers + ai] == l3))
                + 81 * (((p >> l4) & 1) + (columns[4 * n_answers + ai] == l4)))
    free(columns)
    free(present)
    return 0


def fill_matrix_rows(const uint8_t[:, ::1] guess_letters, const uint8_t[:, ::1] answer_letters,
                     uint8_t[:, ::1] out, Py_ssize_t first, Py_ssize_t stop):
    """Rows ``first:stop`` of the guess-major matrix into ``out`` (guesses x answers),
    without the GIL, so several threads can fill one matrix."""
    if not (0 <= first <= stop <= guess_letters.shape[0] == out.shape[0]) or out.shape[1] != answer_letters.shape[0]:
        raise ValueError("matrix rows out of range")
    if guess_letters.shape[1] != 5 or answer_letters.shape[1] != 5:
        raise ValueError("words must have five letters")
    with nogil:
        matrix_rows(guess_letters, answer_letters, out, first, stop)


def xor_and_sum(const uint64_t[::1] words):
    """The xor and the sum (mod 2^64) of ``words``, in one pass without the GIL."""
    cdef uint64_t x = 0, total = 0
    cdef Py_ssize_t i
    with nogil:
        for i in range(words.shape[0]):
            x ^= words[i]
            total += words[i]
    return x, total


cdef inline void count_code(uint16_t* hist, uint8_t* order, int64_t* found, int64_t j, uint8_t code) noexcept nogil:
    # One answer's code for guess j of a chunk: its histogram, and the code noted when it
    # is new (always written, kept only then: no branch).
    cdef int64_t slot = j * 256 + code
    cdef uint16_t c = hist[slot]
    hist[slot] = c + 1
    cdef int64_t f = found[j]
    order[j * 256 + f] = code
    found[j] = f + (c == 0)


cdef void partition_pass(const uint8_t[:, ::1] MT, const int32_t[::1] guesses, const int32_t[::1] answers,
                         int64_t[:, ::1] stats, double[::1] entropy, double* c_log_c) noexcept nogil:
    # Reads the answer-major matrix 64 guesses at a time: each answer's row slice is read
    # in order and consecutive increments land in different histograms, so none waits for
    # the one before.  Each guess's codes are noted in order of first appearance, so the
    # second step walks its classes, not its answers, and sums c log c in the order the
    # answers give them: the entropy is the same to the bit as a pass guess by guess.
    cdef Py_ssize_t n = answers.shape[0], m = guesses.shape[0], start, i, j, k, t
    cdef double log_n = log(<double>n), h
    cdef uint16_t hist[STATS_CHUNK * 256]
    cdef uint8_t order[STATS_CHUNK * 256]
    cdef int64_t found[STATS_CHUNK]
    cdef int64_t largest, sumsq, c, slot, base
    cdef int32_t first
    cdef bint consecutive
    cdef const uint8_t* row
    memset(hist, 0, sizeof(hist))
    start = 0
    while start < m:
        k = min(<Py_ssize_t>STATS_CHUNK, m - start)
        first = guesses[start]
        consecutive = True  # guesses first, first + 1, ... (normal mode): rows read straight
        for j in range(k):
            found[j] = 0
            consecutive = consecutive and guesses[start + j] == first + j
        if consecutive:
            for i in range(n):
                row = &MT[answers[i], first]
                for j in range(k):
                    count_code(hist, order, found, j, row[j])
        else:
            for i in range(n):
                row = &MT[answers[i], 0]
                for j in range(k):
                    count_code(hist, order, found, j, row[guesses[start + j]])
        for j in range(k):
            base = j * 256
            stats[start + j, IN_SET] = 1 if hist[base + ALL_GREEN] > 0 else 0
            largest = 0
            sumsq = 0
            h = 0.0
            for t in range(found[j]):
                slot = base + order[base + t]
                c = hist[slot]
                sumsq += c * c
                largest = max(largest, c)
                h += c_log_c[c]
                hist[slot] = 0
            stats[start + j, PARTS] = found[j]
            stats[start + j, LARGEST] = largest
            stats[start + j, SUMSQ] = sumsq
            # Shannon entropy in bits: log2 n - (1/n) sum c log2 c
            entropy[start + j] = (log_n - h / n) / log(2.0)
        start += k


def partition_stats_into(const uint8_t[:, ::1] MT, const int32_t[::1] guesses, const int32_t[::1] answers,
                         int64_t[:, ::1] stats, double[::1] entropy):
    """For each of ``guesses``: (parts, largest class, sum of squared class sizes, guess
    is an answer) into ``stats`` and the entropy in bits of its partition of ``answers``
    into ``entropy``, read from the answer-major matrix ``MT``."""
    cdef Py_ssize_t n = answers.shape[0], c
    if stats.shape[0] != guesses.shape[0] or stats.shape[1] != 4 or entropy.shape[0] != guesses.shape[0]:
        raise ValueError("output arrays do not match the guesses")
    if n > 65535:
        raise ValueError("too many answers for the 16-bit class counts")
    _check_indices(guesses, MT.shape[1])
    _check_indices(answers, MT.shape[0])
    if n == 0 or guesses.shape[0] == 0:
        return
    c_log_c = np.empty(n + 1)  # c log c by table: a log per class per guess was half the time
    cdef double[::1] table = c_log_c
    table[0] = 0.0
    for c in range(1, n + 1):
        table[c] = c * log(<double>c)
    with nogil:
        partition_pass(MT, guesses, answers, stats, entropy, &table[0])


def _check_indices(const index_t[::1] values, Py_ssize_t size):
    cdef Py_ssize_t i
    cdef bint bad = False
    with nogil:
        for i in range(values.shape[0]):
            if values[i] < 0 or values[i] >= size:
                bad = True
                break
    if bad:
        raise IndexError("index out of range")


include "weighted_stats.pxi"


def first_perfect_splitter(const uint8_t[:, ::1] MT, const int64_t[::1] candidates, const int64_t[::1] answers):
    """The first of ``candidates`` (guess indices) whose feedback differs for every one of
    ``answers``, or -1, from the answer-major matrix ``MT``: O(n) per candidate, stopping
    at its first repeated code."""
    cdef Py_ssize_t n = answers.shape[0], k, i, distinct
    cdef int64_t g, found = -1
    cdef uint8_t seen[256]
    _check_indices(candidates, MT.shape[1])
    _check_indices(answers, MT.shape[0])
    if n > ALL_GREEN + 1:
        return -1  # more answers than feedback codes: no guess gives each its own
    memset(seen, 0, sizeof(seen))
    with nogil:
        for k in range(candidates.shape[0]):
            g = candidates[k]
            distinct = 0
            while distinct < n and seen[MT[answers[distinct], g]] == 0:
                seen[MT[answers[distinct], g]] = 1
                distinct += 1
            for i in range(distinct):  # clear only what was set
                seen[MT[answers[i], g]] = 0
            if distinct == n:
                found = g
                break
    return found


def split_by_codes(const uint8_t[::1] codes, index_t[::1] answers):
    """Group ``answers`` by their feedback ``codes`` (``codes[i]`` is answer
    ``answers[i]``'s): (codes present, offsets, answers ordered by code)."""
    cdef Py_ssize_t n = answers.shape[0], i, code, j = 0, n_codes = 0
    cdef int64_t counts[244]
    cdef int64_t fill[243]
    if codes.shape[0] != n:
        raise ValueError("one code per answer")
    ordered_array = np.empty(n, dtype=np.asarray(answers).dtype)
    cdef index_t[::1] ordered = ordered_array
    memset(counts, 0, sizeof(counts))
    for i in range(n):
        if codes[i] > ALL_GREEN:
            raise ValueError("feedback code out of range")
        counts[codes[i] + 1] += 1
    for code in range(243):
        counts[code + 1] += counts[code]
    for code in range(243):
        fill[code] = counts[code]
    for i in range(n):
        code = codes[i]
        ordered[fill[code]] = answers[i]
        fill[code] += 1
    for code in range(243):
        if counts[code + 1] > counts[code]:
            n_codes += 1
    present = np.empty(n_codes, dtype=np.int64)
    offsets = np.empty(n_codes + 1, dtype=np.int64)
    cdef int64_t[::1] p = present, o = offsets
    for code in range(243):
        if counts[code + 1] > counts[code]:
            p[j] = code
            o[j] = counts[code]
            j += 1
    o[n_codes] = n
    return present, offsets, ordered_array


def hard_mode_filter(const uint8_t[:, ::1] guess_letters, legal, int64_t played, int64_t code):
    """The guesses of ``legal`` that hard mode still allows after ``played`` showed ``code``."""
    return _filter(guess_letters, legal, played, code, True)


def possible_filter(const uint8_t[:, ::1] guess_letters, legal, int64_t played, int64_t code):
    """The guesses of ``legal`` that could still be the answer after ``played`` showed ``code``."""
    return _filter(guess_letters, legal, played, code, False)


def _filter(const uint8_t[:, ::1] guess_letters, legal, int64_t played, int64_t code, bint hard):
    legal = np.ascontiguousarray(legal)
    if legal.dtype != np.int32:
        legal = legal.astype(np.int64, copy=False)
    keep = np.empty(legal.shape[0], dtype=np.uint8)
    if not 0 <= played < guess_letters.shape[0]:
        raise IndexError("played guess out of range")
    if guess_letters.shape[1] != 5:
        raise ValueError("words must have five letters")
    _check_indices(legal, guess_letters.shape[0])
    cdef const int32_t[::1] narrow
    cdef const int64_t[::1] wide
    cdef uint8_t[::1] kept = keep
    if legal.dtype == np.int32:
        narrow = legal
        _mask[int32_t](&guess_letters[0, 0], narrow, played, code, hard, kept)
    else:
        wide = legal
        _mask[int64_t](&guess_letters[0, 0], wide, played, code, hard, kept)
    return legal[keep.view(np.bool_)]


cdef void _mask(const uint8_t* letters, const index_t[::1] legal, int64_t played, int64_t code, bint hard,
                uint8_t[::1] keep) noexcept:
    cdef Py_ssize_t k
    cdef int64_t hints
    with nogil:
        if hard:
            hints = hard_mode_hints(letters, played, code)
            for k in range(legal.shape[0]):
                keep[k] = keeps_hints(letters, legal[k], played, hints)
        else:
            for k in range(legal.shape[0]):
                keep[k] = general_code(letters + played * 5, letters + legal[k] * 5) == code


cdef enum:
    UNIQUE = 0
    LOCATED = 1
    ENTROPY = 2

LETTER_UNIQUE, LETTER_LOCATED, LETTER_ENTROPY = UNIQUE, LOCATED, ENTROPY


def letter_scores(const uint8_t[:, ::1] guess_letters, const index_t[::1] legal,
                  const uint8_t[:, ::1] answer_letters, int64_t kind, const int64_t[::1] answer_weights):
    """Letter-frequency scores of each legal guess over the remaining answers (higher is
    better), each answer counted ``answer_weights`` times (all ones: how many answers);
    see strategies.letters.letter_scores."""
    cdef Py_ssize_t a, k
    cdef int64_t n = 0
    cdef int64_t positional[5][26]
    cdef int64_t anywhere[26]
    cdef int64_t seen
    cdef int i
    cdef uint8_t letter
    cdef bint first
    cdef double score, p, q
    _check_indices(legal, guess_letters.shape[0])
    if answer_weights.shape[0] != answer_letters.shape[0]:
        raise ValueError("one weight per answer")
    for a in range(answer_weights.shape[0]):
        if not 0 <= answer_weights[a] <= (<int64_t>1) << 40:
            raise ValueError("a weight is negative or too large")
    out = np.empty(legal.shape[0], dtype=np.float64)
    cdef double[::1] scores = out
    memset(positional, 0, sizeof(positional))
    memset(anywhere, 0, sizeof(anywhere))
    with nogil:
        for a in range(answer_letters.shape[0]):
            seen = 0
            n += answer_weights[a]  # the answers' total weight, n itself when all weigh 1
            for i in range(5):
                letter = answer_letters[a, i]
                positional[i][letter] += answer_weights[a]
                if not (seen >> letter) & 1:
                    anywhere[letter] += answer_weights[a]
                    seen |= (<int64_t>1) << letter
        for k in range(legal.shape[0]):
            seen = 0
            score = 0.0
            for i in range(5):
                letter = guess_letters[legal[k], i]
                first = not (seen >> letter) & 1
                seen |= (<int64_t>1) << letter
                if kind == UNIQUE:
                    if first and anywhere[letter] < n:
                        score += anywhere[letter]
                elif kind == LOCATED:
                    score += 2 * positional[i][letter]
                    if first:
                        score += anywhere[letter] - positional[i][letter]
                else:
                    p = positional[i][letter] / <double>n
                    score += p * (1 - p)
                    if first:
                        q = anywhere[letter] / <double>n
                        score += q * (1 - q)
            scores[k] = score / 10.0 if kind == ENTROPY else score
    return out
