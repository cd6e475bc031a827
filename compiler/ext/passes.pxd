# Full passes: score every legal guess against one answer set.
#
# A pass gives, per guess, the number of feedback classes ``parts``, the sum of squared
# class sizes, and whether the guess is itself in the set.  Two kernels compute the same
# numbers and the search picks by set size (PAIRS_MAX_N, measured by benchmarks/passes.py):
#
# * score_by_histogram (any n): a histogram per guess for 64 guesses at a time, filled
#   answer by answer (each answer's matrix row read in order, so consecutive increments
#   land in different histograms and none waits for the one before); with one-byte codes
#   each histogram has MAX_CODES slots and is summarised slot by slot in whole vectors,
#   with two-byte codes it has the game's n_codes slots and is summarised by reading the
#   answers' codes again (a histogram of thousands of slots holds at most n counts);
# * score_by_pairs (small n): compares every pair of answers' matrix rows across all
#   guesses at once: sumsq = n + 2 * (equal pairs), parts = n - (answers equal to an
#   earlier one).  The inner loops are code compares over contiguous rows.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy, memset

from context cimport Ctx, Node, cell, every_guess_in_order, histogram_slots
from rules cimport CODE_BYTES, MAX_CODES, code_t

cdef enum:
    # some_answer_splits' table, per engine: 2 MiB.  On 4 hard-mode words refuted against
    # 11784 (rione, soral, nuder, great) it answers 82% of the look-ups with 2^16 rows,
    # 85% with 2^18, 87% with 2^20
    SPLIT_ROWS = 1 << 18
    # members_most_parts' words keep the count (at most MEMBER_PARTS_MAX) and the mark in
    # their low bits; it is counted for sets of at most MEMBER_PARTS_MAX answers, whose
    # n^2 cells cost less than the search it spares
    MEMBER_PARTS_BITS = 16
    MEMBER_PARTS_MAX = 128
    PAIRS_MAX_N = 96  # pairs win below ~96 answers, level to ~110 (m = 12972, benchmarks/passes.py)
    HIST_CHUNK = 64   # guesses per histogram chunk: 64 x 256 uint16 = 32 KB with one-byte codes

# The two loops that vectorise, in C: on x86-64 Linux, GCC compiles each twice (AVX2 and
# the baseline) and the loader picks the one this CPU runs, so one build serves any CPU.
cdef extern from *:
    """
    #include "codes.h"

    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
    #define WORDLE_VECTOR_CLONES __attribute__((target_clones("avx2", "default")))
    #else
    #define WORDLE_VECTOR_CLONES
    #endif

    /* one histogram slot per code of a one-byte-code game (rules.MAX_CODES) */
    #define WORDLE_HISTOGRAM_SLOTS WORDLE_MAX_CODES

    /* parts (non-zero slots) and sum of squares of k histograms of WORDLE_HISTOGRAM_SLOTS
       uint16 counts, which it zeroes; all slots in int32 (sumsq <= 30,000^2): whole vectors */
    WORDLE_VECTOR_CLONES static void wordle_summarise(uint16_t* hist, int64_t k, int32_t* parts,
                                                      int32_t* sumsq) {
        for (int64_t j = 0; j < k; j++) {
            uint16_t* h = hist + j * WORDLE_HISTOGRAM_SLOTS;
            int32_t p = 0, sq = 0;
            for (int code = 0; code < WORDLE_HISTOGRAM_SLOTS; code++) {
                int32_t c = h[code];
                p += c != 0;
                sq += c * c;
                h[code] = 0;
            }
            parts[j] = p;
            sumsq[j] = sq;
        }
    }

    /* for each column of rows j (1..n-1) of an n x m table of codes: add to pairs[] the
       earlier rows equal to row j and to repeats[] 1 where there is one (n < 256: bytes
       suffice) */
    WORDLE_VECTOR_CLONES static void wordle_equal_pairs(const wordle_code_t* rows, int64_t n, int64_t m,
                                                        uint16_t* pairs, uint8_t* repeats, uint8_t* equal) {
        for (int64_t j = 1; j < n; j++) {
            const wordle_code_t* rj = rows + j * m;
            memset(equal, 0, m);
            int64_t i = 0;
            for (; i + 3 < j; i += 4) {  /* four earlier rows per sweep: a quarter of the stores */
                const wordle_code_t* ra = rows + i * m;
                const wordle_code_t* rb = ra + m;
                const wordle_code_t* rc = rb + m;
                const wordle_code_t* rd = rc + m;
                for (int64_t idx = 0; idx < m; idx++) {
                    wordle_code_t code = rj[idx];
                    equal[idx] += (ra[idx] == code) + (rb[idx] == code) + (rc[idx] == code) + (rd[idx] == code);
                }
            }
            for (; i < j; i++) {
                const wordle_code_t* ra = rows + i * m;
                for (int64_t idx = 0; idx < m; idx++)
                    equal[idx] += ra[idx] == rj[idx];
            }
            for (int64_t idx = 0; idx < m; idx++) {
                pairs[idx] += equal[idx];
                repeats[idx] += equal[idx] > 0;
            }
        }
    }

    /* green[idx] = 1 where some row of the n x m table holds the all-correct code at idx
       (that guess is one of the rows' answers) */
    WORDLE_VECTOR_CLONES static void wordle_mark_green(const wordle_code_t* rows, int64_t n, int64_t m,
                                                       wordle_code_t all_correct, uint8_t* green) {
        memset(green, 0, m);
        for (int64_t i = 0; i < n; i++) {
            const wordle_code_t* r = rows + i * m;
            for (int64_t idx = 0; idx < m; idx++)
                green[idx] |= r[idx] == all_correct;
        }
    }
    """
    void summarise "wordle_summarise"(uint16_t* hist, int64_t k, int32_t* parts, int32_t* sumsq) noexcept nogil
    void equal_pairs "wordle_equal_pairs"(const code_t* rows, int64_t n, int64_t m, uint16_t* pairs,
                                          uint8_t* repeats, uint8_t* equal) noexcept nogil
    void mark_green "wordle_mark_green"(const code_t* rows, int64_t n, int64_t m, code_t all_correct,
                                        uint8_t* green) noexcept nogil

cdef struct Scores:
    # One full pass's numbers, per guess of a node's list (arrays of m, in L's order).
    int64_t* parts              # the classes the guess makes of the node's answers
    int64_t* sumsq              # the sum of its classes' squared sizes
    int64_t* in_set             # 1 when the guess is one of the node's answers

cdef extern from *:
    """
    static inline uint64_t wordle_load_word(uint64_t* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void wordle_store_word(uint64_t* p, uint64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    """
    uint64_t load_word "wordle_load_word"(uint64_t* p) noexcept nogil
    void store_word "wordle_store_word"(uint64_t* p, uint64_t v) noexcept nogil


cdef inline int64_t recalled(uint64_t* slot, uint64_t key, int value_bits) noexcept nogil:
    """The value a per-set table's word holds for ``key``, or -1 when it holds another key or
    nothing.  Every per-set table (:func:`some_answer_splits`, :func:`members_most_parts`,
    guess.class_refused, settle.last_two_remembered) has words of one layout: the key's bits
    above ``value_bits``, the value shifted by one below them, and a mark in bit 0.  A word is
    one atomic load or store, so threads share a table safely; a clash costs a recount."""
    cdef uint64_t word = load_word(slot)
    if word & 1 and (word ^ key) >> value_bits == 0:
        return <int64_t>((word & ((<uint64_t>1 << value_bits) - 1)) >> 1)
    return -1


cdef inline void remember(uint64_t* slot, uint64_t key, int value_bits, uint64_t value) noexcept nogil:
    """Store ``value`` (below 2^(value_bits - 1)) for ``key`` in a per-set table's word
    (:func:`recalled`)."""
    store_word(slot, ((key >> value_bits) << value_bits) | (value << 1) | 1)


cdef inline uint64_t symbols_of_set(const Ctx* c, const int64_t* S, int64_t n) noexcept nogil:
    """The symbols the answers S[:n] use, as a mask (bit s: symbol s)."""
    cdef uint64_t present = 0
    cdef int64_t i
    for i in range(n):
        present |= c.game.symbol_sets[c.lists.a2g[S[i]]]
    return present


cdef inline void score_by_histogram(const Ctx* c, const Node* node, Scores* out) noexcept nogil:
    # Guesses that share no symbol with the set are settled without counting (one class:
    # all gray, no peg).  Counts are uint16: no set exceeds wordlists.MAX_WORDS answers.
    cdef const int64_t* S = node.S
    cdef const int64_t* L = node.L
    cdef int64_t n = node.n, m = node.m
    cdef int64_t* parts = out.parts
    cdef int64_t* sumsq = out.sumsq
    cdef int64_t* in_set = out.in_set
    cdef uint64_t present = symbols_of_set(c, S, n)
    cdef int64_t idx = 0, k, i, j, first, slots = histogram_slots(c)
    cdef uint16_t* hist = <uint16_t*>c.work.scratch
    cdef int64_t columns[HIST_CHUNK]
    cdef int64_t positions[HIST_CHUNK]
    cdef int32_t chunk_parts[HIST_CHUNK]
    cdef int32_t chunk_sumsq[HIST_CHUNK]
    cdef const code_t* source
    memset(hist, 0, HIST_CHUNK * slots * sizeof(uint16_t))  # the pairs kernel shares the scratch
    while idx < m:
        k = 0
        while idx < m and k < HIST_CHUNK:
            if c.game.symbol_sets[L[idx]] & present == 0:
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
                source = c.lists.MT + S[i] * c.lists.n_guesses + first  # read straight, no index per guess
                for j in range(k):
                    hist[j * slots + source[j]] += 1
        else:
            for i in range(n):
                source = c.lists.MT + S[i] * c.lists.n_guesses
                for j in range(k):
                    hist[j * slots + source[columns[j]]] += 1
        for j in range(k):
            in_set[positions[j]] = 1 if hist[j * slots + c.game.all_correct] > 0 else 0
        if CODE_BYTES == 1:
            summarise(hist, k, chunk_parts, chunk_sumsq)
        else:
            summarise_by_answers(c, S, n, hist, slots, columns, k, chunk_parts, chunk_sumsq)
        for j in range(k):
            parts[positions[j]] = chunk_parts[j]
            sumsq[positions[j]] = chunk_sumsq[j]


cdef inline void summarise_by_answers(const Ctx* c, const int64_t* S, int64_t n, uint16_t* hist, int64_t slots,
                                      const int64_t* columns, int64_t k, int32_t* parts, int32_t* sumsq) noexcept nogil:
    """The parts and sums of squares of k histograms of ``slots`` slots filled from the
    columns ``columns`` of S's rows, which it zeroes: each answer's code is read again,
    and a slot is counted (and cleared) the first time one of its answers comes."""
    cdef int64_t i, j, slot
    cdef int32_t count
    cdef const code_t* source
    for j in range(k):
        parts[j] = 0
        sumsq[j] = 0
    for i in range(n):
        source = c.lists.MT + S[i] * c.lists.n_guesses
        for j in range(k):
            slot = j * slots + source[columns[j]]
            count = hist[slot]
            if count:
                parts[j] += 1
                sumsq[j] += count * count
                hist[slot] = 0


cdef inline bint score_by_pairs(const Ctx* c, const Node* node, Scores* out) noexcept nogil:
    # When L is every guess in order (context.every_guess_in_order) the rows are copied
    # whole, with no gather.  The scratch holds at least n * m codes, and n < 256 (equal
    # pairs fit 16 bits, repeats 8).  False when no memory was left.
    cdef const int64_t* S = node.S
    cdef const int64_t* L = node.L
    cdef int64_t n = node.n, m = node.m
    cdef int64_t* parts = out.parts
    cdef int64_t* sumsq = out.sumsq
    cdef int64_t* in_set = out.in_set
    cdef bint identity = every_guess_in_order(c, L, m)
    cdef code_t* rows = <code_t*>c.work.scratch
    cdef uint16_t* pairs = <uint16_t*>calloc(m, sizeof(uint16_t))
    cdef uint8_t* repeats = <uint8_t*>calloc(m, 1)
    cdef uint8_t* equal = <uint8_t*>malloc(m)
    cdef const code_t* source
    cdef int64_t i, idx
    if pairs == NULL or repeats == NULL or equal == NULL:
        free(pairs)
        free(repeats)
        free(equal)
        return False
    if identity:
        for i in range(n):
            memcpy(rows + i * m, c.lists.MT + S[i] * c.lists.n_guesses, m * CODE_BYTES)
    else:
        for i in range(n):
            source = c.lists.MT + S[i] * c.lists.n_guesses
            for idx in range(m):
                rows[i * m + idx] = source[L[idx]]
    equal_pairs(rows, n, m, pairs, repeats, equal)
    for idx in range(m):
        parts[idx] = n - repeats[idx]
        sumsq[idx] = n + 2 * <int64_t>pairs[idx]
    if identity:
        for idx in range(m):
            in_set[idx] = 0
        for i in range(n):
            in_set[c.lists.a2g[S[i]]] = 1
    else:
        mark_green(rows, n, m, <code_t>c.game.all_correct, equal)  # a branch per cell here cost as much as the pairs
        for idx in range(m):
            in_set[idx] = equal[idx]
    free(pairs)
    free(repeats)
    free(equal)
    return True


cdef inline bint perfect_split(const Ctx* c, int64_t g, const int64_t* S, int64_t lo, int64_t hi,
                               uint8_t* seen) noexcept nogil:
    """Whether guess g gives every answer of S[lo:hi] its own pattern (seen: MAX_CODES
    zeros, returned so)."""
    cdef bint ok = True
    cdef int64_t i = lo, j
    cdef code_t code
    while i < hi:
        code = cell(c, S[i], g)
        if seen[code]:
            ok = False
            break
        seen[code] = 1
        i += 1
    for j in range(lo, i):
        seen[cell(c, S[j], g)] = 0
    return ok


cdef inline int64_t answer_splits_perfectly(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi,
                                            uint8_t* seen) noexcept nogil:
    """The first answer of S[lo:hi] whose word separates all of them, or -1.  When one
    exists the set costs exactly 2n - 1; when none does, at least 2n."""
    cdef int64_t i, g
    for i in range(lo, hi):
        g = c.lists.a2g[S[i]]
        if perfect_split(c, g, S, lo, hi, seen):
            return g
    return -1


cdef inline bint some_answer_splits(const Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """Whether :func:`answer_splits_perfectly` finds an answer for the node's set,
    remembered per set (by its hashes, in a table of :func:`recalled`'s words): the same
    class comes from many candidates of a node, and the answer depends on the set alone."""
    cdef uint64_t* slot = c.memo.splits + (node.h2 & (SPLIT_ROWS - 1))
    cdef int64_t known = recalled(slot, node.h1, 2)
    cdef bint found
    if known >= 0:
        return known
    found = answer_splits_perfectly(c, node.S, 0, node.n, seen) >= 0
    remember(slot, node.h1, 2, found)
    return found


cdef inline int64_t members_most_parts(const Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """The most classes any of the node's own answers, played as a guess, makes of its set
    (its all-correct class included), remembered per set like :func:`some_answer_splits`.
    Where every guess legal at the set is one of its answers, no guess there or below makes
    more."""
    cdef uint64_t* slot = c.memo.member_parts + (node.h2 & (SPLIT_ROWS - 1))
    cdef int64_t i, j, g, parts, most = recalled(slot, node.h1, MEMBER_PARTS_BITS)
    cdef code_t code
    if most >= 0:
        return most
    most = 1
    for i in range(node.n):
        g = c.lists.a2g[node.S[i]]
        parts = 0
        for j in range(node.n):
            code = cell(c, node.S[j], g)
            parts += 1 - seen[code]
            seen[code] = 1
        for j in range(node.n):
            seen[cell(c, node.S[j], g)] = 0
        if parts > most:
            most = parts
            if most == node.n:
                break
    remember(slot, node.h1, MEMBER_PARTS_BITS, most)
    return most


cdef inline int64_t heaviest_answer_split(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi, uint8_t* seen,
                                          int64_t* weight) noexcept nogil:
    """Weighted search: the heaviest answer of S[lo:hi] whose word separates all of them
    (the first such among equal weights), or -1; its weight in ``weight``.  Only answers
    heavier than the best found so far are tested."""
    cdef int64_t i, g, found = -1
    weight[0] = -1
    for i in range(lo, hi):
        if found >= 0 and c.objective.weights[S[i]] <= weight[0]:
            continue
        g = c.lists.a2g[S[i]]
        if perfect_split(c, g, S, lo, hi, seen):
            found = g
            weight[0] = c.objective.weights[S[i]]
    return found
