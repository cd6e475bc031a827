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
    int64_t top    # the guess at the subtree's root, given by the caller


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


cdef int64_t choice(Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """The search's choice at a solved node (its L its own list), or MEMO_MISS when its
    memo entry is gone."""
    cdef int64_t g
    cdef uint64_t k1, k2, payload
    if c.objective.weights != NULL:
        g = weighted_choice(c, node, seen)
        if g != MEMO_DECIDES:
            return g
        if weighs_nothing(c, node.S, node.n):  # found again when its entry is gone, or was never made
            return (solve_weightless(c, node, seen) & 0xFFFF) - 1
    elif node.n <= 2:
        return c.lists.a2g[node.S[0]]
    else:
        g = answer_splits_perfectly(c, node.S, 0, node.n, seen)
        if g >= 0:
            return g
        if node.d == 2:  # L is this node's own list already
            return max(-1, last_two_guesses(c, node, seen))
    memo_key(node.h1, node.h2, node.lh1, node.lh2, key_depth(c, node.d), &k1, &k2)
    payload = memo_find(c.memo.rows, c.work.stats, k1, k2)
    if payload == 0 or not entry_exact(payload):
        return MEMO_MISS
    return entry_guess(payload)


cdef int rebuild_node(Ctx* c, const Node* node, int64_t parent, Nodes* out, uint8_t* seen) noexcept nogil:
    """The subtree of the node (its L its own list; ``shown``: the code from its parent) in
    depth-first order, children in code order, appended to ``out`` under its node of index
    ``parent`` (-1 at the root)."""
    cdef int64_t starts[MAX_CODES + 1]
    cdef int64_t fill[MAX_CODES]
    cdef const int64_t* S = node.S
    cdef int64_t g, answer = -1, i, j, code, index, n = node.n
    cdef int64_t* ordered
    cdef uint64_t c1, c2
    cdef int status = REBUILT
    cdef Node child
    if node.d < 1:
        return NOT_A_TREE
    g = out.top if out.count == 0 else choice(c, node, seen)
    if g < 0:
        return MEMO_MISS
    memset(starts, 0, (c.game.n_codes + 1) * sizeof(int64_t))
    for i in range(n):
        code = cell(c, S[i], g)
        starts[code + 1] += 1
        if code == c.game.all_correct:
            answer = S[i]
    index = out.count
    ordered = <int64_t*>malloc(n * sizeof(int64_t) + 8)
    if ordered == NULL or not append_node(out, g, parent, node.shown, answer):
        free(ordered)
        return REBUILD_NO_MEMORY
    for code in range(c.game.n_codes):
        starts[code + 1] += starts[code]
        fill[code] = starts[code]
    for i in range(n):
        code = cell(c, S[i], g)
        ordered[fill[code]] = S[i]
        fill[code] += 1
    for code in range(c.game.n_codes):
        if starts[code + 1] == starts[code] or code == c.game.all_correct:
            continue
        c1 = 0
        c2 = 0
        for j in range(starts[code], starts[code + 1]):
            c1 += c.lists.Z1[ordered[j]]
            c2 += c.lists.Z2[ordered[j]]
        child = node[0]  # its list, with one guess fewer
        child.S, child.n, child.h1, child.h2 = ordered + starts[code], starts[code + 1] - starts[code], c1, c2
        child.played, child.shown, child.d = -1 if c.game.mode == MODE_NORMAL else g, code, node.d - 1
        status = rebuild_child(c, &child, index, out, seen)
        if status != REBUILT:
            break
    free(ordered)
    return status


cdef int rebuild_child(Ctx* c, const Node* child, int64_t parent, Nodes* out, uint8_t* seen) noexcept nogil:
    """:func:`rebuild_node` for a class with its parent's list: in hard and possible mode
    its own list first (legal.node_list)."""
    cdef int64_t* own_L
    cdef int status
    cdef Node own
    if c.game.mode == MODE_NORMAL:
        return rebuild_node(c, child, parent, out, seen)
    own_L = node_list(c, child, &own)
    if own_L == NULL:
        return REBUILD_NO_MEMORY
    status = rebuild_node(c, &own, parent, out, seen)
    free(own_L)
    return status
