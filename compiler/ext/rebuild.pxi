# Rebuild a solved subtree as flat arrays, without a Python call per node (included by
# _search.pyx).  After solve_node has proved a set's optimum, every node's choice is
# either an exact memo entry or one of the cheap closed cases (one or two answers, a word
# of the set that splits it perfectly, the last two guesses), recomputed here exactly as
# the search decides them; a weighted set that weighs nothing is settled again by
# weightless.pxi when its entry is missing (its classes are checked, not searched).  When
# an entry was evicted (memo at its cap), or lost to two threads writing one row at once,
# the rebuild reports the miss and the caller solves node by node.

from libc.stdlib cimport realloc

cdef enum:
    REBUILT = 0
    MEMO_MISS = -1
    NOT_A_TREE = -2  # the memo's choices overrun the depth limit
    REBUILD_NO_MEMORY = -3

cdef struct Nodes:
    int64_t* data  # four words a node: guess, parent, code from the parent, answer solved or -1
    int64_t count
    int64_t capacity


cdef bint append_node(Nodes* out, int64_t guess, int64_t parent, int64_t code, int64_t answer) noexcept nogil:
    cdef int64_t* grown
    if out.count == out.capacity:
        grown = <int64_t*>realloc(out.data, 4 * sizeof(int64_t) * (2 * out.capacity + 16))
        if grown == NULL:
            return False
        out.data, out.capacity = grown, 2 * out.capacity + 16
    out.data[4 * out.count] = guess
    out.data[4 * out.count + 1] = parent
    out.data[4 * out.count + 2] = code
    out.data[4 * out.count + 3] = answer
    out.count += 1
    return True


cdef int64_t choice(Ctx* c, const int64_t* S, int64_t n, uint64_t h1, uint64_t h2, const int64_t* L, int64_t m,
                    uint64_t lh1, uint64_t lh2, int64_t d, uint8_t* seen) noexcept nogil:
    """The search's choice at a solved node, or MEMO_MISS when its memo entry is gone."""
    cdef int64_t g
    cdef uint64_t k1, k2, payload
    if c.weights != NULL:
        g = weighted_choice(c, S, n, L, m, d, seen)
        if g != MEMO_DECIDES:
            return g
        if weighs_nothing(c, S, n):  # found again when its entry is gone, or was never made
            return (solve_weightless(c, S, n, h1, h2, L, m, lh1, lh2, d, seen) & 0xFFFF) - 1
    elif n <= 2:
        return c.a2g[S[0]]
    else:
        g = answer_splits_perfectly(c, S, 0, n, seen)
        if g >= 0:
            return g
        if d == 2:  # L is this node's own list already
            return max(-1, last_two_guesses(c, MODE_NORMAL, S, 0, n, L, m, -1, 0, seen))
    memo_key(h1, h2, lh1, lh2, key_depth(c, d), &k1, &k2)
    payload = memo_find(c.memo, c.stats, k1, k2)
    if payload == 0 or not entry_exact(payload):
        return MEMO_MISS
    return entry_guess(payload)


cdef int rebuild_node(Ctx* c, const int64_t* S, int64_t n, uint64_t h1, uint64_t h2, const int64_t* L, int64_t m,
                      uint64_t lh1, uint64_t lh2, int64_t left, int64_t parent, int64_t from_code, int64_t top,
                      Nodes* out, uint8_t* seen) noexcept nogil:
    """The subtree of S in depth-first order, children in code order, into ``out``."""
    cdef int64_t starts[MAX_CODES + 1]
    cdef int64_t fill[MAX_CODES]
    cdef int64_t g, answer = -1, i, code, node, size, child_m, j
    cdef int64_t* ordered
    cdef int64_t* child_L
    cdef uint64_t c1, c2, l1, l2
    cdef int status = REBUILT
    if left < 1:
        return NOT_A_TREE
    g = top if out.count == 0 else choice(c, S, n, h1, h2, L, m, lh1, lh2, left, seen)
    if g < 0:
        return MEMO_MISS
    memset(starts, 0, (c.n_codes + 1) * sizeof(int64_t))
    for i in range(n):
        code = cell(c, S[i], g)
        starts[code + 1] += 1
        if code == c.all_correct:
            answer = S[i]
    node = out.count
    ordered = <int64_t*>malloc(n * sizeof(int64_t) + 8)
    if ordered == NULL or not append_node(out, g, parent, from_code, answer):
        free(ordered)
        return REBUILD_NO_MEMORY
    for code in range(c.n_codes):
        starts[code + 1] += starts[code]
        fill[code] = starts[code]
    for i in range(n):
        code = cell(c, S[i], g)
        ordered[fill[code]] = S[i]
        fill[code] += 1
    for code in range(c.n_codes):
        size = starts[code + 1] - starts[code]
        if size == 0 or code == c.all_correct:
            continue
        c1 = 0
        c2 = 0
        for j in range(starts[code], starts[code + 1]):
            c1 += c.Z1[ordered[j]]
            c2 += c.Z2[ordered[j]]
        if c.mode == MODE_NORMAL:
            status = rebuild_node(c, ordered + starts[code], size, c1, c2, L, m, lh1, lh2, left - 1, node, code, top,
                                  out, seen)
        else:
            child_L = node_list(c, ordered + starts[code], size, L, m, g, code, &child_m, &l1, &l2)
            if child_L == NULL:
                status = REBUILD_NO_MEMORY
            else:
                status = rebuild_node(c, ordered + starts[code], size, c1, c2, child_L, child_m, l1, l2, left - 1,
                                      node, code, top, out, seen)
                free(child_L)
        if status != REBUILT:
            break
    free(ordered)
    return status
