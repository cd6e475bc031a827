# The exact search's state, one struct per kernel call (the arrays stay owned by Python).

from libc.stdint cimport int64_t, uint8_t, uint64_t
from cpython.ref cimport PyObject

cdef enum:
    MODE_NORMAL = 0
    MODE_HARD = 1
    MODE_POSSIBLE = 2
    # work counters (search.STAT_NAMES, in this order)
    S_NODES = 0
    S_PASSES = 1
    S_PAIRS = 2
    S_ENTRIES = 3
    S_EVICTIONS = 4
    S_GROWS = 5
    S_HITS = 6
    S_CANDIDATES = 7
    S_DUPLICATES = 8
    S_BOUND_EXITS = 9
    S_ROWS = 10
    S_ENDGAME = 11
    S_UNSPLITTABLE = 12
    N_STATS = 13
    # a shared node's state (see _search.pyx)
    SHARED_LIMIT = 0
    SHARED_NEXT = 1
    SHARED_COUNT = 2
    SHARED_WORDS = 8
    # why a search stopped before its answer
    STOP_INTERRUPTED = 1
    STOP_NO_MEMORY = 2

cdef extern from *:
    """
    #define WORDLE_INF (((long long)1) << 36)
    """
    const int64_t INF "WORDLE_INF"  # above any total: "no bound yet" / "cannot be done"


cdef struct Ctx:
    const uint8_t* MT           # answer-major feedback matrix: MT[a * n_guesses + g]
    int64_t n_guesses
    int64_t n_answers
    const uint8_t* letters      # letters[w * 5 + i]
    const uint64_t* word_bits   # hard mode: two words per guess (kernels.hard_mode_word_bits)
    const int64_t* a2g          # answer index -> guess index
    const int64_t* groups       # groups[a * 5 + p]: endgame group or -1
    int64_t mode
    const uint64_t* Z1          # Zobrist words of answers and of guesses
    const uint64_t* Z2
    const uint64_t* ZG1
    const uint64_t* ZG2
    uint64_t* memo              # memo rows of three words
    int64_t memo_cap            # rows the table may use
    int64_t* stats
    int64_t* shared             # one shared node's state (SHARED_WORDS)
    uint8_t* scratch            # the passes' buffer
    bint poll                   # this call runs on the main thread: check for Ctrl-C
    double next_poll
    int stopped                 # STOP_* once the search must unwind
    PyObject* exc_type          # the exception a signal handler raised, to raise again
    PyObject* exc_value
    PyObject* exc_tb


cdef inline uint8_t cell(const Ctx* c, int64_t answer, int64_t guess) noexcept nogil:
    return c.MT[answer * c.n_guesses + guess]
