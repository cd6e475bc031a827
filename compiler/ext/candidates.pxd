# A node's candidate guesses: scored in one full pass and ordered.
#
# candidate_keys scores every legal guess in one full pass and returns the candidates' keys
# grouped by bound; sort_group sorts a group only when the search reaches it.  A
# candidate's classes are split and kept by classes.pxd.

from libc.stdint cimport int64_t, uint8_t
from libc.stdlib cimport calloc, free, malloc, qsort

from context cimport INF, Ctx, Node, S_PAIRS, S_PASSES, S_TWINS, candidate_deep, deep_charge
from passes cimport PAIRS_MAX_N, Scores, score_by_histogram, score_by_pairs
from renaming cimport renaming_twins
from volume cimport lightest_past_levels, split_volume_bound

cdef enum:
    KEY_BOUND_SHIFT = 41       # a key's bound: key >> 41


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


cdef inline bint allowed(const Node* node, int64_t g) noexcept nogil:
    """Whether guess g may be one of the node's candidates (Node.only)."""
    return node.only == NULL or node.only[g] != 0


cdef inline bint weighted_keys(Ctx* c, const Node* node, const Scores* scores, const uint8_t* twin,
                               Candidates* out) noexcept nogil:
    """candidate_keys' loop for weighted answers.  A guess g making k classes other than
    its own green one costs at least W (this guess) + Σ over its classes of 2W_C - max W_C
    (weighted.pxi), and the k heaviest answers outweigh the classes' k heaviest, so its
    bound is 3W - 2w_g - (the k largest weights), w_g its weight as an answer (0 if none),
    plus the counting bound's deeper levels where its classes must outgrow P
    (volume.lightest_past_levels); the key orders by the bound without them, as the
    unweighted keys do.
    A word that separates the set but is no answer costs 2W: optimal (and first by the
    tie-break) only when every answer's bound is 2W or more and none separates the set, as
    a heavy answer played first can cost less.  ``twin`` (or NULL): the guesses left out
    of the keys (renaming.pxd).  False when no memory was left."""
    cdef const int64_t* S = node.S
    cdef const int64_t* L = node.L
    cdef int64_t n = node.n, m = node.m, beta = node.beta
    cdef const int64_t* parts = scores.parts
    cdef const int64_t* sumsq = scores.sumsq
    cdef const int64_t* in_set = scores.in_set
    cdef int64_t* top = <int64_t*>malloc((2 * n + 1) * sizeof(int64_t))
    cdef int64_t* ascending = top + n + 1
    cdef int64_t i, idx, p, weak, lb, sq, splitter = -1, answers_lower = INF
    out.bounds = <int64_t*>malloc(m * sizeof(int64_t) + 8)
    if top == NULL or out.bounds == NULL:
        free(top)
        return False
    for i in range(n):
        ascending[i] = c.objective.weights[S[i]]
    qsort(ascending, n, sizeof(int64_t), compare_keys)
    top[0] = 0
    for i in range(1, n + 1):
        top[i] = top[i - 1] + ascending[n - i]
    out.weight = top[n]
    while (out.weight >> out.drop) > 4 * n + 64:
        out.drop += 1  # buckets about one answer's weight wide: the counting sort stays small
    for idx in range(m):
        out.most_parts = max(out.most_parts, parts[idx])
    for idx in range(m):
        p = parts[idx]
        if p == 1 and in_set[idx] == 0:
            continue  # tells nothing
        weak = 3 * out.weight - 2 * in_set[idx] * c.objective.guess_weight[L[idx]] - top[min(p - in_set[idx], n)]
        lb = weak + lightest_past_levels(top, n, n - in_set[idx], (p - in_set[idx]) * out.most_parts, out.most_parts)
        out.lower = min(out.lower, lb)
        if in_set[idx]:
            answers_lower = min(answers_lower, lb if p < n else -1)
        elif p == n and splitter < 0:
            splitter = idx
        if lb < beta and twin != NULL and twin[idx]:
            c.work.stats[S_TWINS] += 1
        elif lb < beta and allowed(node, L[idx]):
            sq = min(sumsq[idx], (1 << 24) - 1)
            out.bounds[idx] = lb
            out.keys[out.count] = (((weak >> out.drop) << 24 | sq) << 1 | (1 - in_set[idx])) << 16 | idx
            out.count += 1
    free(top)
    if splitter >= 0 and answers_lower >= 2 * out.weight:
        out.count = 0
        out.lower = 2 * out.weight
        out.perfect = L[splitter]
    return True


cdef inline bint candidate_keys(Ctx* c, const Node* node, Candidates* out) noexcept nogil:
    """One full pass: the candidates' keys grouped by bound, the node's lower bound, a
    perfect guess (with the node's exact cost as ``lower``) or -1, and the most parts any
    guess makes.  False when no memory was left.

    Key = (lower bound 3n - k - in, sumsq, not in set, index into L), so candidates are
    tried cheapest bound first; only the order, never the result, depends on it.  The
    node's bound takes the counting bound (volume.split_volume_bound), higher where a
    guess's classes must outgrow P: only a guess with more answers than its parts times
    its classes can have such classes, and the search skips a candidate by it too.  Under
    fewest-deep a candidate's bound also has its deep part (context.candidate_deep), which
    the key leaves out.  A guess that a renaming fixing the node maps onto a lower one
    (renaming.pxd) counts toward the bounds but is no candidate, and so does a guess the
    node's ``only`` leaves out (one per orbit: the others tie with it and lose the tie-break)."""
    cdef const int64_t* L = node.L
    cdef int64_t n = node.n, m = node.m, beta = node.beta, d = node.d
    cdef int64_t* parts = <int64_t*>malloc(3 * m * sizeof(int64_t) + 8)
    cdef int64_t* sumsq = parts + m
    cdef int64_t* in_set = parts + 2 * m
    cdef Scores scores
    cdef uint8_t* twin = NULL
    cdef int64_t idx, p, lb, sq, deep, crowded = INF
    # a guess that splits the set perfectly but is no answer is optimal (2n), except when
    # the next guess is the K-th of fewest-deep: an answer of the set guessed here may
    # then leave one fewer answer needing it
    cdef bint perfect_wins = c.objective.deep_d <= 0 or d - 1 != c.objective.deep_d
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
    scores.parts, scores.sumsq, scores.in_set = parts, sumsq, in_set
    if n <= PAIRS_MAX_N:
        if not score_by_pairs(c, node, &scores):
            free(parts)
            free_candidates(out)
            return False
    else:
        score_by_histogram(c, node, &scores)
    c.work.stats[S_PASSES] += 1
    c.work.stats[S_PAIRS] += n * m
    twin = renaming_twins(c, node)
    if c.objective.weights != NULL:
        if not weighted_keys(c, node, &scores, twin, out):
            free(parts)
            free(twin)
            free_candidates(out)
            return False
        free(parts)
        free(twin)
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
            free(twin)
            return True
        out.most_parts = max(out.most_parts, p)
        if p == 1 and in_set[idx] == 0:
            continue  # tells nothing
        lb = 3 * n - p - in_set[idx]
        deep = candidate_deep(c, n, p, in_set[idx], d)
        if lb + deep < out.lower:
            if n - in_set[idx] > p * (p - in_set[idx]):
                crowded = min(crowded, lb + deep)  # a class may outgrow P: its counting bound once P is known
            else:
                out.lower = lb + deep
        if lb + deep < beta and twin != NULL and twin[idx]:
            c.work.stats[S_TWINS] += 1
        elif lb + deep < beta and allowed(node, L[idx]):
            sq = min(sumsq[idx], (1 << 24) - 1)  # only orders candidates; must not spill into lb
            out.keys[out.count] = ((lb << 24 | sq) << 1 | (1 - in_set[idx])) << 16 | idx
            out.count += 1
    if crowded < out.lower:  # such a guess might hold the node's bound: its counting bound decides
        for idx in range(m):
            p = parts[idx]
            if (p > 1 or in_set[idx]) and n - in_set[idx] > p * (p - in_set[idx]):
                deep = candidate_deep(c, n, p, in_set[idx], d)
                out.lower = min(out.lower, split_volume_bound(n, p, in_set[idx], out.most_parts) + deep)
    free(parts)
    free(twin)
    if not group_by_bound(out.keys, out.count):
        free_candidates(out)
        return False
    return True
