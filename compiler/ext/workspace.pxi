# What a call into the exact search is given besides the engine (included by _search.pyx
# before interface.pxi): the arrays it checks, the workspace (memo, counters, shared state,
# scratch) it searches with, the root node they make, and what a stopped search raises.

import numpy as np


def _indices(values, Py_ssize_t size, str what):
    """``values`` as a C-ordered int64 array whose every entry is in [0, size)."""
    array = np.ascontiguousarray(values, dtype=np.int64)
    if array.ndim != 1:
        raise ValueError(f"{what} must be one-dimensional")
    if not _all_below(array, size):
        raise IndexError(f"{what} out of range")
    return array


cdef bint _all_below(const int64_t[::1] values, uint64_t size) noexcept:
    # one typed pass: a ranking checks on every kernel call, and ``legal_list`` on hard-mode
    # tail words' class lists took 16 us a call with numpy's min and max, 4.5 us with this
    cdef Py_ssize_t i
    for i in range(values.shape[0]):
        if <uint64_t>values[i] >= size:  # a negative index wraps past any size
            return False
    return True


def scratch_size(Py_ssize_t n_guesses, Py_ssize_t n_codes):
    """The bytes of the one scratch buffer a search over ``n_guesses`` guesses of a game of
    ``n_codes`` codes needs for its full passes: the pairs pass copies up to PAIRS_MAX_N
    matrix rows, the histogram pass keeps HIST_CHUNK histograms of uint16 counts."""
    cdef Py_ssize_t slots = MAX_CODES if CODE_BYTES == 1 else n_codes
    return max(PAIRS_MAX_N * n_guesses * CODE_BYTES, HIST_CHUNK * slots * 2)


cdef bint _ascending(const int64_t[::1] values) noexcept:
    cdef Py_ssize_t i
    for i in range(1, values.shape[0]):
        if values[i] < values[i - 1]:
            return False
    return True


cdef uint64_t _hash_sum(const uint64_t[::1] words, const int64_t[::1] indices) noexcept:
    # the Zobrist words of a set, summed modulo 2**64 (indices already checked)
    cdef uint64_t total = 0
    cdef Py_ssize_t i
    for i in range(indices.shape[0]):
        total += words[indices[i]]
    return total


cdef class Workspace:
    """What one searching thread passes to the engine: the memo (rows of three uint64; the
    table's length is its cap), the work counters, a shared node's state and the passes'
    scratch buffer."""
    cdef uint64_t[:, ::1] memo
    cdef int64_t[::1] stats
    cdef int64_t[::1] shared
    cdef uint8_t[::1] scratch

    def __init__(self, memo, stats, shared, scratch):
        self.memo, self.stats, self.shared, self.scratch = memo, stats, shared, scratch
        rows = self.stats[S_ROWS] if self.stats.shape[0] == N_STATS else 0
        if self.memo.shape[1] != 3 or self.stats.shape[0] != N_STATS or self.shared.shape[0] < SHARED_WORDS:
            raise ValueError("workspace arrays have the wrong shape")
        if rows < 1 or rows & (rows - 1) or rows > self.memo.shape[0]:
            raise ValueError("the memo's active rows must be a power of two within the table")


cdef Node _root(const int64_t[::1] s, uint64_t h1, uint64_t h2, const int64_t[::1] lv, uint64_t lh1,
                uint64_t lh2, int64_t depth):
    """A root node of the answers ``s`` (hashes h1, h2) with the legal guesses ``lv``
    (hashes lh1, lh2) and ``depth`` guesses left; its beta INF, one worker, every guess a
    candidate.  The arrays' owners must outlive the node."""
    cdef Node node
    node.S, node.n, node.h1, node.h2 = &s[0] if s.shape[0] else NULL, s.shape[0], h1, h2
    node.L, node.m, node.lh1, node.lh2 = &lv[0] if lv.shape[0] else NULL, lv.shape[0], lh1, lh2
    node.played, node.shown, node.d, node.beta, node.workers = -1, 0, depth, INF, 1
    node.only = NULL
    return node


cdef int _finish(Ctx* c) except -1:
    """Raise what stopped a search: the signal handler's exception, or MemoryError."""
    if c.control.stopped == STOP_INTERRUPTED:
        PyErr_Restore(c.control.exc_type, c.control.exc_value, c.control.exc_tb)
        return -1
    if c.control.stopped == STOP_NO_MEMORY:
        raise MemoryError("out of memory in the exact search")
    return 0


def memo_reserve(uint64_t[:, ::1] memo, int64_t[::1] stats, int64_t rows):
    """Grow the memo's active prefix to ``rows`` (a power of two; at most the table) before
    threads share it, in one rehash."""
    rows = min(rows, memo.shape[0])
    if stats[S_ROWS] < rows:
        if not rehash(&memo[0, 0], &stats[0], rows):
            raise MemoryError()
