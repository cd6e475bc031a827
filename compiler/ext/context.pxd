# The exact search's data: what every kernel call is given (Ctx) and the node record
# passed down the search (Node), with the short names the kernels use for them.
#
# Glossary (every kernel of _search.pyx and of its .pxd/.pxi parts)
#
# c            the call's context, a Ctx (below): c.game, c.lists, c.objective, c.memo,
#              c.work, c.control
# node         a Node (below): the set being searched, its legal guesses, how deep it may go;
#              own: the node with its own list (legal.node_list); cls, child: a class of a
#              node as a Node (classes.class_node: the parent's list, one guess fewer)
# S, n         a node's answers (answer indices, ascending) and their number; a class of a
#              parent keeps its answers in place in the parent's buffer (S[lo:hi], or a Node
#              whose S points into that buffer)
# L, m         the guesses legal at a node (guess indices, in tie-break order), their number
# d            the guesses left, the one about to be played included
# beta, limit  a result is exact when below beta, else a lower bound at least beta; the
#              candidate loop's limit is the best total so far + 1 (ties are evaluated)
# h1, h2       the two Zobrist hashes of S; lh1, lh2 those of L (0 in normal mode, whose list
#              never narrows); a memo key is made of them and d (memo.memo_key)
# g            a candidate guess
# played, shown  the guess a node's parent played and the code it showed: hard and possible
#              mode narrow the parent's list by them (legal.node_list); played < 0 at a root,
#              in normal mode and once L is the node's own list
# code, class  a feedback code (0 .. n_codes - 1, all_correct when the guess is the answer);
#              the answers of S that show one code to a guess
# k            one candidate's classes (classes.Classes); n_cls their number, the
#              all-correct one left out
# split        one candidate's record (classes.Split): its guess, in_set, n_cls, here,
#              the sum of its classes' bounds and its depth
# f            what a node's candidates share (classes.Frame): the classes' buffer, the
#              seen flags, the pair sets, the gathered rows, most_parts
# scores       one full pass's parts, sumsq and in_set per guess of L (passes.Scores)
# workers      the threads searching a node at once: a shared node when > 1 (_search.pyx)
# only         a root's flags of the guesses it may try (one per orbit of a symmetry), or NULL
# twin         a guess of L that a renaming of the symbols fixing the node maps onto a lower
#              guess (renaming.pxd): it ties with that one and loses the tie-break
# seen         MAX_CODES flags, all zero between uses
# parts, most_parts, in_set  the classes a guess makes (its all-correct one included), the
#              most any legal guess makes of the node's set (P), and whether the guess is one
#              of the set's answers
# lb, here     a class's lower bound; what the guess played at a node costs the node's
#              answers (n, or their weight W, plus the fewest-deep charge)
# deep_d       --objective fewest-deep: the guesses left when the K-th guess is played (0: off)
# packed result  cost << 24 | depth << 16 | (guess + 1) (_search.pack)
#
# A code is a ``code_t``: one byte in _search, two in _search16 (rules.pxd).  Arrays indexed
# by a code have MAX_CODES slots; loops over codes run to the game's n_codes.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from cpython.ref cimport PyObject

from rules cimport CODE_BYTES, MAX_CODES, RULE_WORDLE, WORDLE_LENGTH, code_t, feedback_code, wordle_code

cdef enum:
    MODE_NORMAL = 0
    MODE_HARD = 1
    MODE_POSSIBLE = 2
    # work counters (interface.STAT_NAMES, in this order)
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
    S_TWINS = 13
    N_STATS = 14
    # a shared node's state (Control.shared, SHARED_WORDS int64; see _search.pyx)
    SHARED_LIMIT = 0
    SHARED_NEXT = 1
    SHARED_COUNT = 2
    SHARED_WORDS = 8
    # why a search stopped before its answer (Control.stopped)
    STOP_INTERRUPTED = 1
    STOP_NO_MEMORY = 2

cdef extern from *:
    """
    #define WORDLE_INF (((long long)1) << 36)
    #define WORDLE_DEEP_COST (((long long)1) << 21)
    """
    const int64_t INF "WORDLE_INF"  # above any total: "no bound yet" / "cannot be done"
    # --objective fewest-deep: each answer that needs the K-th guess costs this much more, so
    # a cost compares (answers needing K or more, total) lexicographically.  Above any total
    # (64 guesses x 30,000 answers < 2^21) and small enough that 30,000 such answers stay
    # below INF.
    const int64_t DEEP_COST "WORDLE_DEEP_COST"


cdef struct Game:
    # The game played and its mode: fixed for an engine.
    int length                  # a word's symbols
    int rule                    # rules.RULE_WORDLE, RULE_MASTERMIND
    int64_t n_symbols           # the alphabet's size
    int64_t n_codes             # codes 0 .. n_codes - 1 (at most rules.MAX_CODES)
    int64_t all_correct         # the code of a guess that is the answer
    int64_t mode                # MODE_NORMAL, MODE_HARD, MODE_POSSIBLE
    const uint8_t* letters      # letters[w * length + i]: the symbol numbers of guess w
    const uint64_t* symbol_sets  # per guess: bit s set when symbol s occurs in it
    bint hint_masks             # hard mode tests hints with word_bits' masks (else symbol by symbol)
    const uint64_t* word_bits   # with hint_masks: two words per guess (core/modes.py hard_mode_word_bits)


cdef struct Lists:
    # The answers, the guesses and their feedback matrix: fixed for an engine.
    const code_t* MT            # answer-major feedback matrix: MT[a * n_guesses + g]
    int64_t n_answers
    int64_t n_guesses
    const int64_t* every_guess  # 0, 1, ..., n_guesses - 1: a list at this address is every guess in order
    const int64_t* a2g          # answer index -> guess index
    const int64_t* groups       # groups[a * length + p]: endgame group or -1
    const uint64_t* Z1          # Zobrist words of the answers (h1, h2) and of the guesses (lh1, lh2)
    const uint64_t* Z2
    const uint64_t* ZG1
    const uint64_t* ZG2
    const int32_t* answer_swaps  # renaming.pxd: each answer with two symbols exchanged, per pair
    const int32_t* guess_swaps   # (NULL both: the lists are not closed under renaming)


cdef struct Objective:
    # What a tree costs: fixed for an engine.
    int64_t deep_d              # fewest-deep: the guesses left when the K-th guess is played (0: off)
    const int64_t* weights      # each answer's integer weight, or NULL: every answer weighs 1
    const int64_t* guess_weight  # weighted: each guess's weight as an answer (0 for the others)


cdef struct Memo:
    # The tables every call and thread of an engine shares.
    uint64_t* rows              # memo rows of three words (memo.pxd); the active prefix is work.stats[S_ROWS]
    int64_t cap                 # rows the table may use
    uint64_t* splits            # passes.some_answer_splits' table (SPLIT_ROWS words)
    uint64_t* member_parts      # passes.members_most_parts' table (SPLIT_ROWS words)
    uint64_t* class_verdicts    # guess.class_refused's table, normal mode (SPLIT_ROWS words; else NULL)
    uint64_t* last_splitters    # settle.last_two_remembered's table, likewise


cdef struct Work:
    # The calling thread's own arrays.
    int64_t* stats              # the work counters (S_*), and the memo's active rows at S_ROWS
    uint8_t* scratch            # the full passes' buffer (workspace.scratch_size)


cdef struct Control:
    # How a search shares a node with other threads, and how it stops.
    int64_t* shared             # one shared node's state (SHARED_WORDS)
    bint poll                   # this call runs on the main thread: check for Ctrl-C
    double next_poll
    int stopped                 # STOP_* once the search must unwind
    PyObject* exc_type          # the exception a signal handler raised, to raise again
    PyObject* exc_value
    PyObject* exc_tb


cdef struct Ctx:
    # One kernel call's context (Engine.setup fills it; the arrays stay owned by Python).
    Game game
    Lists lists
    Objective objective
    Memo memo
    Work work
    Control control


cdef struct Node:
    # One node of the search, passed down by address: each child is a Node of its own.
    const int64_t* S            # the answers left (answer indices, ascending)
    int64_t n                   # their number
    uint64_t h1                 # S's two Zobrist hashes (Lists.Z1, Z2 summed)
    uint64_t h2
    const int64_t* L            # the legal guesses (guess indices, in tie-break order)
    int64_t m                   # their number
    uint64_t lh1                # L's two hashes (Lists.ZG1, ZG2 summed; 0 in normal mode)
    uint64_t lh2
    # played: the guess the parent played, when the mode narrows the parent's list L by it
    # showing ``shown`` (hard and possible mode); -1 at a root, in normal mode, and once L is
    # the node's own (legal.node_list)
    int64_t played
    int64_t shown               # the code the parent's guess showed (0 at a root)
    int64_t d                   # the guesses left, the next one included
    int64_t beta                # the result is exact below beta, else a lower bound >= beta
    int64_t workers             # threads searching the node at once: a shared node when > 1
    # the guesses that may be the node's candidates, a flag by guess index (NULL: every
    # guess of L); set at a root alone (Mastermind's one guess per orbit), a child's is NULL
    const uint8_t* only


cdef inline bint every_guess_in_order(const Ctx* c, const int64_t* L, int64_t m) noexcept nogil:
    """Whether L is every guess in index order (the engine's own array: Engine.legal_list),
    so that the first of L to do something is the first guess in the matrix's rows."""
    return m == c.lists.n_guesses and L == c.lists.every_guess


cdef inline code_t cell(const Ctx* c, int64_t answer, int64_t guess) noexcept nogil:
    return c.lists.MT[answer * c.lists.n_guesses + guess]


cdef inline int64_t histogram_slots(const Ctx* c) noexcept nogil:
    """The slots of one guess's histogram in a full pass: MAX_CODES with one-byte codes
    (a constant the C compiler folds), the game's own codes with two-byte ones."""
    return MAX_CODES if CODE_BYTES == 1 else c.game.n_codes


cdef inline const uint8_t* symbols_of(const Ctx* c, int64_t word) noexcept nogil:
    """Guess ``word``'s symbol numbers (``c.game.length`` of them)."""
    return c.game.letters + word * c.game.length


cdef inline int64_t code_between(const Ctx* c, int64_t guess, int64_t other) noexcept nogil:
    """The code ``guess`` shows when the guess word ``other`` is the answer (by the rule,
    not the matrix, whose columns hold only the answers).  Five-letter Wordle takes a
    copy with the length a constant, which the C compiler unrolls."""
    if c.game.length == WORDLE_LENGTH and c.game.rule == RULE_WORDLE:
        return wordle_code(c.game.letters + guess * WORDLE_LENGTH, c.game.letters + other * WORDLE_LENGTH,
                           WORDLE_LENGTH)
    return feedback_code(symbols_of(c, guess), symbols_of(c, other), c.game.length, c.game.rule)


cdef inline int64_t deep_charge(const Ctx* c, int64_t here, int64_t after, int64_t d) noexcept nogil:
    """fewest-deep: the extra cost of ``here`` answers meeting a guess played with d
    guesses left and ``after`` of them meeting the next one (0 when off): the answers that
    meet the K-th guess are those that need K or more."""
    if c.objective.deep_d <= 0:
        return 0
    return DEEP_COST * ((here if d == c.objective.deep_d else 0) + (after if d - 1 == c.objective.deep_d else 0))


cdef inline int64_t key_depth(const Ctx* c, int64_t d) noexcept nogil:
    """The depth a memo key is made with: d, apart for each fewest-deep level (the
    depth-only search's keys use d + 128, below 256)."""
    return d + 256 * c.objective.deep_d


cdef inline int64_t candidate_deep(const Ctx* c, int64_t n, int64_t parts, int64_t in_set, int64_t d) noexcept nogil:
    """fewest-deep: the least extra cost of playing, at a node of n answers with d guesses
    left, a guess that makes ``parts`` classes (``in_set``: it is one of the answers).
    Exact at the K-th guess and the one before; two before, each non-green class solves
    at most one answer before the K-th guess, so at least n - parts answers need it."""
    cdef int64_t deep_d = c.objective.deep_d
    if deep_d <= 0 or d < deep_d or d > deep_d + 2:
        return 0
    if d == deep_d:
        return DEEP_COST * n
    if d == deep_d + 1:
        return DEEP_COST * (n - in_set)
    return DEEP_COST * max(n - parts, 0)


cdef inline int64_t set_weight(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi, int64_t* heaviest,
                               int64_t* lightest) noexcept nogil:
    """The weight of the answers S[lo:hi] (weighted search), with their largest and
    smallest single weights."""
    cdef int64_t total = 0, i, w
    heaviest[0] = 0
    lightest[0] = INF
    for i in range(lo, hi):
        w = c.objective.weights[S[i]]
        total += w
        heaviest[0] = max(heaviest[0], w)
        lightest[0] = min(lightest[0], w)
    return total
