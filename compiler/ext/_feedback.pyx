# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The feedback matrix kernel and the cache files' checksum.

Most pairs take a fast path: when the guess has five different letters, a non-green
guess letter is yellow exactly when the answer contains that letter at all, one bit
test against the answer's 26-bit letter mask.  Guesses with a repeated letter take the
general count-based rule (:func:`rules.general_code`).
"""

from libc.stdint cimport int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc

from rules cimport general_code, has_repeat


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
