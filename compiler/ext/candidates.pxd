# A node's candidate guesses: scored and ordered, split into classes, deduplicated.
#
# * candidate_keys scores every legal guess in one full pass and returns the candidates'
#   keys grouped by bound; sort_group sorts a group only when the search reaches it;
# * split_classes splits the node's answers by one candidate's feedback;
# * PairSet is the small hash set of 64-bit pairs that finds candidates whose partition an
#   earlier one already made (the search also keeps its unsplittable classes in one).

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, qsort

from context cimport INF, Ctx, S_PAIRS, S_PASSES, candidate_deep, cell, deep_charge
from passes cimport PAIRS_MAX_N, score_by_histogram, score_by_pairs
from rules cimport MAX_CODES

cdef enum:
    PARTITION_SLOTS = 1 << 15  # pairs remembered per node: 16,384 (512 KiB at most)
    KEY_BOUND_SHIFT = 41       # a key's bound: key >> 41


cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 31
    x *= 0x9E3779B97F4A7C15ULL
    x ^= x >> 29
    return x


cdef inline uint64_t nonzero(uint64_t word) noexcept nogil:
    """``word``, or 1 for 0 (0 marks an empty row of a pair set)."""
    return word if word != 0 else 1


cdef struct PairSet:
    uint64_t* table  # rows of (s0, s1); s0 == 0: empty
    int64_t rows
    int64_t count


cdef inline bint pair_set_init(PairSet* s) noexcept nogil:
    s.rows = 64
    s.count = 0
    s.table = <uint64_t*>calloc(2 * s.rows, sizeof(uint64_t))
    return s.table != NULL


cdef inline int64_t pair_slot(const uint64_t* table, int64_t rows, uint64_t s0, uint64_t s1,
                              bint* found) noexcept nogil:
    cdef int64_t mask = rows - 1
    cdef int64_t j = <int64_t>(s0 & <uint64_t>mask)  # s0 is a sum of mixed words: its low bits are spread
    while True:
        if table[2 * j] == 0:
            found[0] = False
            return j
        if table[2 * j] == s0 and table[2 * j + 1] == s1:
            found[0] = True
            return j
        j = (j + 1) & mask


cdef inline bint pair_set_has(const PairSet* s, uint64_t s0, uint64_t s1) noexcept nogil:
    cdef bint found
    pair_slot(s.table, s.rows, s0, s1, &found)
    return found


cdef inline void pair_set_add(PairSet* s, uint64_t s0, uint64_t s1) noexcept nogil:
    """Record (s0, s1), known to be absent.  The table doubles when half full, up to
    PARTITION_SLOTS rows, after which new pairs go unrecorded (only work is lost)."""
    cdef uint64_t* bigger
    cdef int64_t i, k
    cdef bint found
    if 2 * (s.count + 1) > s.rows:
        if s.rows >= PARTITION_SLOTS:
            return
        bigger = <uint64_t*>calloc(4 * s.rows, sizeof(uint64_t))
        if bigger == NULL:
            return  # unrecorded: only work is lost
        for i in range(s.rows):
            if s.table[2 * i] != 0:
                k = pair_slot(bigger, 2 * s.rows, s.table[2 * i], s.table[2 * i + 1], &found)
                bigger[2 * k] = s.table[2 * i]
                bigger[2 * k + 1] = s.table[2 * i + 1]
        free(s.table)
        s.table = bigger
        s.rows *= 2
    k = pair_slot(s.table, s.rows, s0, s1, &found)
    s.table[2 * k] = s0
    s.table[2 * k + 1] = s1
    s.count += 1


cdef inline bint seen_before(PairSet* s, const uint64_t* sig) noexcept nogil:
    """Whether an earlier candidate at this node had the same partition; records it if not."""
    cdef uint64_t s0 = nonzero(sig[0])
    if pair_set_has(s, s0, sig[1]):
        return True
    pair_set_add(s, s0, sig[1])
    return False


cdef struct Classes:
    # Scratch for splitting one node's answers by its candidates, allocated once per node:
    # class ``code`` is ordered[starts[code]:starts[code + 1]] for the codes that occur.
    int64_t* ordered
    int64_t starts[MAX_CODES + 1]
    int64_t cursor[MAX_CODES]   # zeros between calls
    int64_t codes[MAX_CODES]
    uint64_t ch1[MAX_CODES]     # the classes' hashes
    uint64_t ch2[MAX_CODES]
    int64_t lb[MAX_CODES]       # the classes' bounds, by code
    int64_t cls_codes[MAX_CODES]
    int64_t cls_keys[MAX_CODES]
    int64_t cls_order[MAX_CODES]
    uint64_t sig[2]       # the partition's signature


cdef inline int64_t split_classes(const Ctx* c, const int64_t* S, int64_t n, int64_t g, int64_t in_set,
                                  Classes* k) noexcept nogil:
    """Counting sort of S by g's pattern (stable: classes stay sorted), the classes' hashes,
    their codes with a largest-first sort key, and the partition's signature.  Returns
    the number of classes other than the guess's own (all correct).  Only the codes that
    occur are touched (a Wordle node has ~20 answers but 243 codes, and this runs once per
    candidate)."""
    cdef int64_t i, j, found = 0, offset = 0, size, n_cls = 0, a, code, cc
    for i in range(n):
        code = cell(c, S[i], g)
        if k.cursor[code] == 0:
            k.codes[found] = code
            found += 1
            k.ch1[code] = 0
            k.ch2[code] = 0
        k.cursor[code] += 1
    if found <= 32:  # few classes: insertion sort of the codes that occur
        for i in range(1, found):
            cc = k.codes[i]
            j = i - 1
            while j >= 0 and k.codes[j] > cc:
                k.codes[j + 1] = k.codes[j]
                j -= 1
            k.codes[j + 1] = cc
    else:
        found = 0
        for code in range(c.n_codes):
            if k.cursor[code] > 0:
                k.codes[found] = code
                found += 1
    for i in range(found):
        code = k.codes[i]
        size = k.cursor[code]
        k.starts[code] = offset
        k.cursor[code] = offset  # from here on, where the class's next answer goes
        offset += size
        k.starts[code + 1] = offset  # the next occurring code, if code + 1, starts here too
    for i in range(n):
        a = S[i]
        code = cell(c, a, g)
        k.ordered[k.cursor[code]] = a
        k.cursor[code] += 1
        k.ch1[code] += c.Z1[a]
        k.ch2[code] += c.Z2[a]
    k.sig[0] = 0x632BE59BD9B4E019ULL if in_set else 0
    k.sig[1] = k.sig[0]
    for i in range(found):
        code = k.codes[i]
        k.cursor[code] = 0
        if code == c.all_correct:
            continue
        k.cls_codes[n_cls] = code
        k.cls_keys[n_cls] = -(k.starts[code + 1] - k.starts[code]) * MAX_CODES + code
        n_cls += 1
        k.sig[0] += mix(k.ch1[code])
        k.sig[1] += mix(k.ch2[code] ^ 0xC2B2AE3D27D4EB4FULL)
    return n_cls


cdef inline void sort_classes(const int64_t* keys, int64_t count, int64_t* out) noexcept nogil:
    """out[:count] = the indices of keys[:count] in ascending key order (keys are distinct):
    an insertion sort, since a node has few classes."""
    cdef int64_t i, j, key
    for i in range(count):
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[out[j]] > key:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = i


cdef inline int compare_keys(const void* a, const void* b) noexcept nogil:
    cdef int64_t x = (<const int64_t*>a)[0], y = (<const int64_t*>b)[0]
    return (x > y) - (x < y)


cdef inline int64_t sort_group(int64_t* order, int64_t count, int64_t start) noexcept nogil:
    """Sort, in place, the group of equal bounds that starts at ``start``; its end."""
    cdef int64_t bound = order[start] >> KEY_BOUND_SHIFT, end = start + 1
    while end < count and order[end] >> KEY_BOUND_SHIFT == bound:
        end += 1
    qsort(order + start, end - start, sizeof(int64_t), compare_keys)
    return end


cdef inline bint group_by_bound(int64_t* keys, int64_t n) noexcept nogil:
    """The keys grouped by their bound (the top bits), groups ascending, in place: a
    counting sort on the bound alone.  False when no memory was left."""
    if n == 0:
        return True
    cdef int64_t lo = keys[0] >> KEY_BOUND_SHIFT, hi = lo, i, b
    for i in range(n):
        b = keys[i] >> KEY_BOUND_SHIFT
        lo = min(lo, b)
        hi = max(hi, b)
    cdef int64_t* counts = <int64_t*>calloc(hi - lo + 2, sizeof(int64_t))
    cdef int64_t* out = <int64_t*>malloc(n * sizeof(int64_t))
    if counts == NULL or out == NULL:
        free(counts)
        free(out)
        return False
    for i in range(n):
        counts[(keys[i] >> KEY_BOUND_SHIFT) - lo + 1] += 1
    for b in range(1, hi - lo + 2):
        counts[b] += counts[b - 1]
    for i in range(n):
        b = (keys[i] >> KEY_BOUND_SHIFT) - lo
        out[counts[b]] = keys[i]
        counts[b] += 1
    for i in range(n):
        keys[i] = out[i]
    free(counts)
    free(out)
    return True


cdef struct Candidates:
    int64_t* keys   # grouped by bound; malloc'd (free_candidates)
    int64_t count
    int64_t lower   # the node's lower bound
    int64_t perfect  # a guess that splits the node perfectly, or -1
    int64_t most_parts
    int64_t weight  # the set's weight (its size when unweighted)
    int64_t* bounds  # weighted: each candidate's bound by its index in L, since the key holds
    int64_t drop    # only bound >> drop (weighted bounds outgrow the key's 22 bits); else NULL, 0


cdef inline void free_candidates(Candidates* cand) noexcept nogil:
    free(cand.keys)
    free(cand.bounds)
    cand.keys = NULL
    cand.bounds = NULL


cdef inline int64_t key_bound(const Candidates* cand, int64_t key) noexcept nogil:
    """A candidate's bound (exact, not the key's coarse copy)."""
    return cand.bounds[key & 0xFFFF] if cand.bounds != NULL else key >> KEY_BOUND_SHIFT


cdef inline int64_t group_floor(const Candidates* cand, int64_t key) noexcept nogil:
    """No candidate of ``key``'s group, or of a later one, has a bound below this."""
    return (key >> KEY_BOUND_SHIFT) << cand.drop


cdef inline bint weighted_keys(const Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, int64_t beta,
                               const int64_t* parts, const int64_t* sumsq, const int64_t* in_set,
                               Candidates* out) noexcept nogil:
    """candidate_keys' loop for weighted answers.  A guess g making k classes other than
    its own green one costs at least W (this guess) + Σ over its classes of 2W_C - max W_C
    (weighted.pxi), and the k heaviest answers outweigh the classes' k heaviest, so its
    bound is 3W - 2w_g - (the k largest weights), w_g its weight as an answer (0 if none).
    A word that separates the set but is no answer costs 2W: optimal (and first by the
    tie-break) only when every answer's bound is 2W or more and none separates the set, as
    a heavy answer played first can cost less.  False when no memory was left."""
    cdef int64_t* top = <int64_t*>malloc((2 * n + 1) * sizeof(int64_t))
    cdef int64_t* ascending = top + n + 1
    cdef int64_t i, idx, p, lb, sq, splitter = -1, answers_lower = INF
    out.bounds = <int64_t*>malloc(m * sizeof(int64_t) + 8)
    if top == NULL or out.bounds == NULL:
        free(top)
        return False
    for i in range(n):
        ascending[i] = c.weights[S[i]]
    qsort(ascending, n, sizeof(int64_t), compare_keys)
    top[0] = 0
    for i in range(1, n + 1):
        top[i] = top[i - 1] + ascending[n - i]
    out.weight = top[n]
    while (out.weight >> out.drop) > 4 * n + 64:
        out.drop += 1  # buckets about one answer's weight wide: the counting sort stays small
    for idx in range(m):
        p = parts[idx]
        out.most_parts = max(out.most_parts, p)
        if p == 1 and in_set[idx] == 0:
            continue  # tells nothing
        lb = 3 * out.weight - 2 * in_set[idx] * c.guess_weight[L[idx]] - top[min(p - in_set[idx], n)]
        out.lower = min(out.lower, lb)
        if in_set[idx]:
            answers_lower = min(answers_lower, lb if p < n else -1)
        elif p == n and splitter < 0:
            splitter = idx
        if lb < beta:
            sq = min(sumsq[idx], (1 << 24) - 1)
            out.bounds[idx] = lb
            out.keys[out.count] = (((lb >> out.drop) << 24 | sq) << 1 | (1 - in_set[idx])) << 16 | idx
            out.count += 1
    free(top)
    if splitter >= 0 and answers_lower >= 2 * out.weight:
        out.count = 0
        out.lower = 2 * out.weight
        out.perfect = L[splitter]
    return True


cdef inline bint candidate_keys(Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, bint identity,
                                int64_t beta, int64_t d, Candidates* out) noexcept nogil:
    """One full pass: the candidates' keys grouped by bound, the node's lower bound, a
    perfect guess (with the node's exact cost as ``lower``) or -1, and the most parts any
    guess makes.  False when no memory was left.

    Key = (lower bound 3n - k - in, sumsq, not in set, index into L), so candidates are
    tried cheapest bound first; only the order, never the result, depends on it.  Under
    fewest-deep a candidate's bound also has its deep part (context.candidate_deep), which
    the key leaves out."""
    cdef int64_t* parts = <int64_t*>malloc(3 * m * sizeof(int64_t) + 8)
    cdef int64_t* sumsq = parts + m
    cdef int64_t* in_set = parts + 2 * m
    cdef int64_t idx, p, lb, sq, deep
    # a guess that splits the set perfectly but is no answer is optimal (2n), except when
    # the next guess is the K-th of fewest-deep: an answer of the set guessed here may
    # then leave one fewer answer needing it
    cdef bint perfect_wins = c.deep_d <= 0 or d - 1 != c.deep_d
    out.keys = <int64_t*>malloc(m * sizeof(int64_t) + 8)
    out.count = 0
    out.lower = INF
    out.perfect = -1
    out.most_parts = 1
    out.weight = n
    out.bounds = NULL
    out.drop = 0
    if parts == NULL or out.keys == NULL:
        free(parts)
        free_candidates(out)
        return False
    if n <= PAIRS_MAX_N:
        if not score_by_pairs(c, S, n, L, m, identity, parts, sumsq, in_set):
            free(parts)
            free_candidates(out)
            return False
    else:
        score_by_histogram(c, S, n, L, m, parts, sumsq, in_set)
    c.stats[S_PASSES] += 1
    c.stats[S_PAIRS] += n * m
    if c.weights != NULL:
        if not weighted_keys(c, S, n, L, m, beta, parts, sumsq, in_set, out):
            free(parts)
            free_candidates(out)
            return False
        free(parts)
        if not group_by_bound(out.keys, out.count):
            free_candidates(out)
            return False
        return True
    for idx in range(m):
        p = parts[idx]
        if p == n and perfect_wins:
            # no word of S splits it perfectly (checked before), so 2n is optimal
            out.count = 0
            out.lower = 2 * n + deep_charge(c, n, n, d)
            out.perfect = L[idx]
            out.most_parts = n
            free(parts)
            return True
        out.most_parts = max(out.most_parts, p)
        if p == 1 and in_set[idx] == 0:
            continue  # tells nothing
        lb = 3 * n - p - in_set[idx]
        deep = candidate_deep(c, n, p, in_set[idx], d)
        if lb + deep < out.lower:
            out.lower = lb + deep
        if lb + deep < beta:
            sq = min(sumsq[idx], (1 << 24) - 1)  # only orders candidates; must not spill into lb
            out.keys[out.count] = ((lb << 24 | sq) << 1 | (1 - in_set[idx])) << 16 | idx
            out.count += 1
    free(parts)
    if not group_by_bound(out.keys, out.count):
        free_candidates(out)
        return False
    return True
