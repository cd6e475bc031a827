# The exact search's state, one struct per kernel call (the arrays stay owned by Python).

from libc.stdint cimport int64_t, uint8_t, uint64_t
from cpython.ref cimport PyObject

from rules cimport CODE_BYTES, MAX_CODES, RULE_WORDLE, WORDLE_LENGTH, code_t, feedback_code, wordle_code

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
    #define WORDLE_DEEP_WEIGHT (((long long)1) << 21)
    """
    const int64_t INF "WORDLE_INF"  # above any total: "no bound yet" / "cannot be done"
    # --objective fewest-deep: each answer that needs the K-th guess costs this much more, so
    # a cost compares (answers needing K or more, total) lexicographically.  Above any total
    # (64 guesses x 30,000 answers < 2^21) and small enough that 30,000 such answers stay
    # below INF.
    const int64_t DEEP_WEIGHT "WORDLE_DEEP_WEIGHT"


cdef struct Ctx:
    const code_t* MT            # answer-major feedback matrix: MT[a * n_guesses + g]
    int64_t n_guesses
    const int64_t* every_guess  # 0, 1, ..., n_guesses - 1: a list at this address is every guess in order
    int64_t n_answers
    const uint8_t* letters      # letters[w * length + i]: the symbol numbers of guess w
    int length                  # the game: its word length,
    int rule                    # its rule (rules.RULE_WORDLE, RULE_MASTERMIND),
    int64_t n_symbols           # its alphabet's size,
    int64_t n_codes             # its codes, 0 .. n_codes - 1 (at most rules.MAX_CODES),
    int64_t all_correct         # and the code of a guess that is the answer
    const uint64_t* symbol_sets  # per guess: bit s set when symbol s occurs in it
    bint hint_masks             # hard mode tests hints with word_bits' masks (else symbol by symbol)
    const uint64_t* word_bits   # with hint_masks: two words per guess (core/modes.py hard_mode_word_bits)
    const int64_t* a2g          # answer index -> guess index
    const int64_t* groups       # groups[a * length + p]: endgame group or -1
    int64_t mode
    int64_t deep_d              # fewest-deep: the guesses left when the K-th guess is played (0: off)
    const int64_t* weights      # each answer's integer weight, or NULL: every answer weighs 1
    const int64_t* guess_weight  # weighted: each guess's weight as an answer (0 for the others)
    const uint64_t* Z1          # Zobrist words of answers and of guesses
    const uint64_t* Z2
    const uint64_t* ZG1
    const uint64_t* ZG2
    uint64_t* memo              # memo rows of three words
    int64_t memo_cap            # rows the table may use
    int64_t* stats
    int64_t* shared             # one shared node's state (SHARED_WORDS)
    uint8_t* scratch            # the passes' buffer
    uint64_t* splits            # passes.some_answer_splits' table (SPLIT_ROWS words), shared by threads
    bint poll                   # this call runs on the main thread: check for Ctrl-C
    double next_poll
    int stopped                 # STOP_* once the search must unwind
    PyObject* exc_type          # the exception a signal handler raised, to raise again
    PyObject* exc_value
    PyObject* exc_tb


cdef inline code_t cell(const Ctx* c, int64_t answer, int64_t guess) noexcept nogil:
    return c.MT[answer * c.n_guesses + guess]


cdef inline int64_t histogram_slots(const Ctx* c) noexcept nogil:
    """The slots of one guess's histogram in a full pass: MAX_CODES with one-byte codes
    (a constant the C compiler folds), the game's own codes with two-byte ones."""
    return MAX_CODES if CODE_BYTES == 1 else c.n_codes


cdef inline const uint8_t* symbols_of(const Ctx* c, int64_t word) noexcept nogil:
    """Guess ``word``'s symbol numbers (``c.length`` of them)."""
    return c.letters + word * c.length


cdef inline int64_t code_between(const Ctx* c, int64_t guess, int64_t other) noexcept nogil:
    """The code ``guess`` shows when the guess word ``other`` is the answer (by the rule,
    not the matrix, whose columns hold only the answers).  Five-letter Wordle takes a
    copy with the length a constant, which the C compiler unrolls."""
    if c.length == WORDLE_LENGTH and c.rule == RULE_WORDLE:
        return wordle_code(c.letters + guess * WORDLE_LENGTH, c.letters + other * WORDLE_LENGTH, WORDLE_LENGTH)
    return feedback_code(symbols_of(c, guess), symbols_of(c, other), c.length, c.rule)


cdef inline int64_t deep_charge(const Ctx* c, int64_t here, int64_t after, int64_t d) noexcept nogil:
    """fewest-deep: the extra cost of ``here`` answers meeting a guess played with d
    guesses left and ``after`` of them meeting the next one (0 when off): the answers that
    meet the K-th guess are those that need K or more."""
    if c.deep_d <= 0:
        return 0
    return DEEP_WEIGHT * ((here if d == c.deep_d else 0) + (after if d - 1 == c.deep_d else 0))


cdef inline int64_t key_depth(const Ctx* c, int64_t d) noexcept nogil:
    """The depth a memo key is made with: d, apart for each fewest-deep level (the
    depth-only search's keys use d + 128, below 256)."""
    return d + 256 * c.deep_d


cdef inline int64_t candidate_deep(const Ctx* c, int64_t n, int64_t parts, int64_t in_set, int64_t d) noexcept nogil:
    """fewest-deep: the least extra cost of playing, at a node of n answers with d guesses
    left, a guess that makes ``parts`` classes (``in_set``: it is one of the answers).
    Exact at the K-th guess and the one before; two before, each non-green class solves
    at most one answer before the K-th guess, so at least n - parts answers need it."""
    if c.deep_d <= 0 or d < c.deep_d or d > c.deep_d + 2:
        return 0
    if d == c.deep_d:
        return DEEP_WEIGHT * n
    if d == c.deep_d + 1:
        return DEEP_WEIGHT * (n - in_set)
    return DEEP_WEIGHT * max(n - parts, 0)


cdef inline int64_t set_weight(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi, int64_t* heaviest,
                               int64_t* lightest) noexcept nogil:
    """The weight of the answers S[lo:hi] (weighted search), with their largest and
    smallest single weights."""
    cdef int64_t total = 0, i, w
    heaviest[0] = 0
    lightest[0] = INF
    for i in range(lo, hi):
        w = c.weights[S[i]]
        total += w
        heaviest[0] = max(heaviest[0], w)
        lightest[0] = min(lightest[0], w)
    return total
