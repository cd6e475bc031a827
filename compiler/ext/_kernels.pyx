# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The kernels outside the exact search: the feedback matrix and its cache files' checksum,
the heuristic strategies' partition statistics (with a weight per answer in
weighted_stats.pxi), feedback splits, mode filters, letter scores and Absurdle's adversary
(adversary.pxi).  Each def function checks its inputs and releases the GIL for its loops.

This module plays every game whose codes fit a byte (rules.pxd: Wordle of up to five
letters over up to 64 symbols, Mastermind); _kernels16, the same source built with two-byte
codes, plays Wordle of six to eight letters.  A function that needs the game takes its rule
(``RULE_NUMBERS``), its all-correct code, or reads the word length from the letters' shape.

The matrix kernel takes a fast path for most Wordle pairs: when the guess has no repeated
letter, a non-green guess letter is yellow exactly when the answer contains that letter
at all, one bit test against the answer's letter mask.  Guesses with a repeated letter,
and Mastermind, take the rule itself (rules.feedback_code).
"""

import numpy as np

from libc.math cimport log
from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from rules cimport (CODE_BYTES, CODE_CHUNK, HINT_MASK_LENGTH, HINT_MASK_SYMBOLS, HINT_SYMBOL_FIELD_BITS, MAX_CODES,
                    MAX_LENGTH, MAX_SYMBOLS, RULE_MASTERMIND, RULE_WORDLE, WORDLE_LENGTH, code_t, feedback_code,
                    has_repeat, hard_mode_hints, keeps_hints, wordle_code)

ctypedef fused index_t:
    int32_t
    int64_t

cdef enum:
    # Column order of the statistics table (partition_stats_into, weighted_partition_stats_into)
    PARTS = 0
    LARGEST = 1
    SUMSQ = 2
    IN_SET = 3
    STATS_CHUNK = CODE_CHUNK  # guesses counted together: 64 histograms of 256 uint16 = 32 KB (one-byte codes)
    # letter_scores' kinds
    LETTER_UNIQUE = 0
    LETTER_LOCATED = 1
    LETTER_ENTROPY = 2

RULE_NUMBERS = {"wordle": RULE_WORDLE, "mastermind": RULE_MASTERMIND}  # Game.rule -> the kernels' rule
CODE_DTYPE = np.uint8 if CODE_BYTES == 1 else np.uint16  # the matrices' cells

# The constants the Python side reads, under the names the kernels use.  A module-level name
# cannot repeat a cimported one, so they enter the module's namespace through its dict.
globals().update(
    MAX_CODES=MAX_CODES,  # the most codes a game of this module may have (rules.pxd)
    # hard mode's hint masks (core/modes.py hard_mode_word_bits, rules.hard_mode_bit_masks)
    HINT_MASK_SYMBOLS=HINT_MASK_SYMBOLS,
    HINT_MASK_LENGTH=HINT_MASK_LENGTH,
    HINT_SYMBOL_FIELD_BITS=HINT_SYMBOL_FIELD_BITS,
    PARTS=PARTS,
    LARGEST=LARGEST,
    SUMSQ=SUMSQ,
    IN_SET=IN_SET,
    LETTER_UNIQUE=LETTER_UNIQUE,
    LETTER_LOCATED=LETTER_LOCATED,
    LETTER_ENTROPY=LETTER_ENTROPY,
)


include "matrix.pxi"


def xor_and_sum(const uint64_t[::1] words):
    """The xor and the sum (mod 2^64) of ``words``, in one pass without the GIL."""
    cdef uint64_t x = 0, total = 0
    cdef Py_ssize_t i
    with nogil:
        for i in range(words.shape[0]):
            x ^= words[i]
            total += words[i]
    return x, total


cdef inline void count_code(uint16_t* hist, code_t* order, int64_t* found, int64_t j, code_t code) noexcept nogil:
    # One answer's code for guess j of a chunk: its histogram, and the code noted when it
    # is new (always written, kept only then: no branch).
    cdef int64_t slot = j * MAX_CODES + code
    cdef uint16_t c = hist[slot]
    hist[slot] = c + 1
    cdef int64_t f = found[j]
    order[j * MAX_CODES + f] = code
    found[j] = f + (c == 0)


cdef void partition_pass(const code_t[:, ::1] MT, const int32_t[::1] guesses, const int32_t[::1] answers,
                         int64_t all_correct, int64_t[:, ::1] stats, double[::1] entropy,
                         double* c_log_c) noexcept nogil:
    # Reads the answer-major matrix 64 guesses at a time: each answer's row slice is read
    # in order and consecutive increments land in different histograms, so none waits for
    # the one before.  Each guess's codes are noted in order of first appearance, so the
    # second step walks its classes, not its answers, and sums c log c in the order the
    # answers give them: the entropy is the same to the bit as a pass guess by guess.
    cdef Py_ssize_t n = answers.shape[0], m = guesses.shape[0], start, i, j, k, t
    cdef double log_n = log(<double>n), h
    cdef uint16_t hist[STATS_CHUNK * MAX_CODES]
    cdef code_t order[STATS_CHUNK * MAX_CODES]
    cdef int64_t found[STATS_CHUNK]
    cdef int64_t largest, sumsq, c, slot, base
    cdef int32_t first
    cdef bint consecutive
    cdef const code_t* row
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
            base = j * MAX_CODES
            stats[start + j, IN_SET] = 1 if hist[base + all_correct] > 0 else 0
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


def partition_stats_into(const code_t[:, ::1] MT, const int32_t[::1] guesses, const int32_t[::1] answers,
                         int64_t[:, ::1] stats, double[::1] entropy, int64_t all_correct):
    """For each of ``guesses``: (parts, largest class, sum of squared class sizes, guess
    is an answer, that is one answer shows it ``all_correct``) into ``stats`` and the
    entropy in bits of its partition of ``answers`` into ``entropy``, read from the
    answer-major matrix ``MT``."""
    cdef Py_ssize_t n = answers.shape[0], c
    if stats.shape[0] != guesses.shape[0] or stats.shape[1] != 4 or entropy.shape[0] != guesses.shape[0]:
        raise ValueError("output arrays do not match the guesses")
    if not 0 <= all_correct < MAX_CODES:
        raise ValueError(f"the all-correct code is not below {MAX_CODES}")
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
        partition_pass(MT, guesses, answers, all_correct, stats, entropy, &table[0])


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
include "adversary.pxi"


def first_perfect_splitter(const code_t[:, ::1] MT, const int64_t[::1] candidates, const int64_t[::1] answers):
    """The first of ``candidates`` (guess indices) whose feedback differs for every one of
    ``answers``, or -1, from the answer-major matrix ``MT``: O(n) per candidate, stopping
    at its first repeated code."""
    cdef Py_ssize_t n = answers.shape[0], k, i, distinct
    cdef int64_t g, found = -1
    cdef uint8_t seen[MAX_CODES]
    _check_indices(candidates, MT.shape[1])
    _check_indices(answers, MT.shape[0])
    if n > MAX_CODES:
        return -1  # more answers than the game can have codes: no guess gives each its own
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


def split_by_codes(const code_t[::1] codes, index_t[::1] answers):
    """Group ``answers`` by their feedback ``codes`` (``codes[i]`` is answer
    ``answers[i]``'s): (codes present, offsets, answers ordered by code)."""
    cdef Py_ssize_t n = answers.shape[0], i, code, j = 0, n_codes = 0
    cdef int64_t counts[MAX_CODES + 1]
    cdef int64_t fill[MAX_CODES]
    if codes.shape[0] != n:
        raise ValueError("one code per answer")
    ordered_array = np.empty(n, dtype=np.asarray(answers).dtype)
    cdef index_t[::1] ordered = ordered_array
    memset(counts, 0, sizeof(counts))
    for i in range(n):
        counts[codes[i] + 1] += 1
    for code in range(MAX_CODES):
        counts[code + 1] += counts[code]
    for code in range(MAX_CODES):
        fill[code] = counts[code]
    for i in range(n):
        code = codes[i]
        ordered[fill[code]] = answers[i]
        fill[code] += 1
    for code in range(MAX_CODES):
        if counts[code + 1] > counts[code]:
            n_codes += 1
    present = np.empty(n_codes, dtype=np.int64)
    offsets = np.empty(n_codes + 1, dtype=np.int64)
    cdef int64_t[::1] p = present, o = offsets
    for code in range(MAX_CODES):
        if counts[code + 1] > counts[code]:
            p[j] = code
            o[j] = counts[code]
            j += 1
    o[n_codes] = n
    return present, offsets, ordered_array


def hard_mode_filter(const uint8_t[:, ::1] guess_letters, legal, int64_t played, int64_t code):
    """The guesses of ``legal`` that hard mode still allows after ``played`` showed ``code``
    (Wordle: hard mode keeps green letters in place and shown letters in the word)."""
    return _filter(guess_letters, legal, played, code, True, RULE_WORDLE)


def possible_filter(const uint8_t[:, ::1] guess_letters, legal, int64_t played, int64_t code,
                    int rule=RULE_WORDLE):
    """The guesses of ``legal`` that could still be the answer after ``played`` showed
    ``code`` by the game's ``rule`` (RULE_NUMBERS)."""
    return _filter(guess_letters, legal, played, code, False, rule)


def _filter(const uint8_t[:, ::1] guess_letters, legal, int64_t played, int64_t code, bint hard, int rule):
    legal = np.ascontiguousarray(legal)
    if legal.dtype != np.int32:
        legal = legal.astype(np.int64, copy=False)
    keep = np.empty(legal.shape[0], dtype=np.uint8)
    if not 0 <= played < guess_letters.shape[0]:
        raise IndexError("played guess out of range")
    if not 1 <= guess_letters.shape[1] <= MAX_LENGTH:
        raise ValueError(f"words must have 1-{MAX_LENGTH} symbols")
    if rule not in (RULE_WORDLE, RULE_MASTERMIND):
        raise ValueError(f"unknown rule {rule}")
    _check_indices(legal, guess_letters.shape[0])
    cdef const int32_t[::1] narrow
    cdef const int64_t[::1] wide
    cdef uint8_t[::1] kept = keep
    cdef int length = <int>guess_letters.shape[1]
    if legal.dtype == np.int32:
        narrow = legal
        _mask[int32_t](&guess_letters[0, 0], length, rule, narrow, played, code, hard, kept)
    else:
        wide = legal
        _mask[int64_t](&guess_letters[0, 0], length, rule, wide, played, code, hard, kept)
    return legal[keep.view(np.bool_)]


cdef void _mask(const uint8_t* letters, int length, int rule, const index_t[::1] legal, int64_t played, int64_t code,
                bint hard, uint8_t[::1] keep) noexcept:
    with nogil:
        if length == WORDLE_LENGTH:  # a copy the C compiler unrolls
            _mask_rows(letters, WORDLE_LENGTH, rule, legal, played, code, hard, keep)
        else:
            _mask_rows(letters, length, rule, legal, played, code, hard, keep)


cdef inline void _mask_rows(const uint8_t* letters, int length, int rule, const index_t[::1] legal, int64_t played,
                            int64_t code, bint hard, uint8_t[::1] keep) noexcept nogil:
    cdef Py_ssize_t k
    cdef int64_t hints
    cdef const uint8_t* shown = letters + played * length
    if hard:
        hints = hard_mode_hints(letters, length, played, code)
        for k in range(legal.shape[0]):
            keep[k] = keeps_hints(letters, length, legal[k], played, hints)
    else:
        for k in range(legal.shape[0]):
            keep[k] = feedback_code(shown, letters + legal[k] * length, length, rule) == code


cdef bint _rows_below(const uint8_t[:, ::1] letters, const index_t[::1] rows, int limit) noexcept:
    """Whether the symbol numbers of ``letters``' rows ``rows`` (checked indices) are all
    below ``limit``: the rows a kernel reads, not the whole table."""
    cdef Py_ssize_t k, i
    cdef bint ok = True
    with nogil:
        for k in range(rows.shape[0]):
            for i in range(letters.shape[1]):
                ok = ok & (letters[rows[k], i] < limit)
    return ok


def letter_scores(const uint8_t[:, ::1] guess_letters, const index_t[::1] legal,
                  const uint8_t[:, ::1] answer_letters, int64_t kind, const int64_t[::1] answer_weights):
    """Letter-frequency scores of each legal guess over the remaining answers (higher is
    better), each answer counted ``answer_weights`` times (all ones: how many answers);
    see strategies.letters.letter_scores.  Words of any length up to MAX_LENGTH over
    symbols numbered below MAX_SYMBOLS."""
    cdef Py_ssize_t a, k
    cdef int64_t n = 0
    cdef int64_t positional[MAX_LENGTH][MAX_SYMBOLS]
    cdef int64_t anywhere[MAX_SYMBOLS]
    cdef uint64_t seen
    cdef int i, length = <int>guess_letters.shape[1]
    cdef uint8_t letter
    cdef bint first
    cdef double score, p, q
    _check_indices(legal, guess_letters.shape[0])
    if answer_letters.shape[1] != length or not 1 <= length <= MAX_LENGTH:
        raise ValueError(f"guesses and answers must have one length, from 1 to {MAX_LENGTH} symbols")
    if _largest(answer_letters) >= MAX_SYMBOLS or not _rows_below(guess_letters, legal, MAX_SYMBOLS):
        raise ValueError(f"symbol numbers must be below {MAX_SYMBOLS}")
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
            for i in range(length):
                letter = answer_letters[a, i]
                positional[i][letter] += answer_weights[a]
                if not (seen >> letter) & 1:
                    anywhere[letter] += answer_weights[a]
                    seen |= (<uint64_t>1) << letter
        for k in range(legal.shape[0]):
            seen = 0
            score = 0.0
            for i in range(length):
                letter = guess_letters[legal[k], i]
                first = not (seen >> letter) & 1
                seen |= (<uint64_t>1) << letter
                if kind == LETTER_UNIQUE:
                    if first and anywhere[letter] < n:
                        score += anywhere[letter]
                elif kind == LETTER_LOCATED:
                    score += 2 * positional[i][letter]
                    if first:
                        score += anywhere[letter] - positional[i][letter]
                else:
                    p = positional[i][letter] / <double>n
                    score += p * (1 - p)
                    if first:
                        q = anywhere[letter] / <double>n
                        score += q * (1 - q)
            # entropy: the mean of 2 x length terms
            scores[k] = score / (2.0 * length) if kind == LETTER_ENTROPY else score
    return out
