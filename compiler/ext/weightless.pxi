# Sets that weigh nothing (included by _search.pyx).  Under weights, a set whose answers
# all weigh 0 costs 0 with any tree that solves it in time, so every bound of the total
# search is 0 there and every candidate ties; the tie-break (the shallower subtree, then a
# possible answer, then the alphabetically first word) would then evaluate every legal
# guess at every such node, and at every node below it.
#
# The search's result for such a set needs no total at all: its cost is 0, its depth the
# least D of any tree that solves it within the guesses left, and its guess the first, in
# the tie-break's order, of the guesses that start a tree of depth D.  A guess starts one
# exactly when each of its classes can be solved within D - 1 more guesses (each class is
# solved to its own least depth, as the total search does), so the depth-only search
# (feasible.pxi) finds D, trying 2, 3, ... guesses, and then the first guess in tie-break
# order whose classes all fit.  The classes of that guess weigh nothing too: the rebuild
# finds their guesses the same way (rebuild.choice).  With two guesses left the search
# takes the first guess of the list that separates the set, and so does this.


cdef inline bint weighs_nothing(const Ctx* c, const int64_t* S, int64_t n) noexcept nogil:
    """Whether the search is weighted and every answer of S[:n] weighs 0."""
    cdef int64_t i
    if c.objective.weights == NULL:
        return False
    for i in range(n):
        if c.objective.weights[S[i]] != 0:
            return False
    return True


cdef int64_t solve_weightless(Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """The total search's packed result for the node's answers when they weigh nothing
    (at least three answers, none of which separates the others, d >= 3, L its own list):
    (0, the least depth, the guess the tie-break picks), or INF when no tree solves S
    within d guesses.  Kept in the memo under the total search's key, where the rebuild
    looks for it."""
    cdef uint64_t k1, k2, payload
    cdef int64_t depth = 2, g = -1
    cdef Node within = node[0]  # the node with ``depth`` guesses left
    memo_key(node.h1, node.h2, node.lh1, node.lh2, key_depth(c, node.d), &k1, &k2)
    payload = memo_find(c.memo.rows, c.work.stats, k1, k2)
    if payload != 0:
        c.work.stats[S_HITS] += 1
        if entry_exact(payload):
            return pack(entry_value(payload), entry_depth(payload), entry_guess(payload))
        if entry_value(payload) > 0:
            return pack(INF, 0, -1)  # it costs 0 when it can be solved in time, so it cannot
    if node.n <= c.game.n_codes:
        g = last_two_guesses(c, node, seen)
    while g < 0 and depth < node.d and not c.control.stopped:
        depth += 1
        within.d = depth
        if feasible_search(c, &within, seen) >= 0 and not c.control.stopped:
            g = feasible_candidates(c, &within, seen, True)
    if c.control.stopped:
        return pack(INF, 0, -1)
    if g < 0:
        memo_store(c, k1, k2, INF, False, -1, 0)
        return pack(INF, 0, -1)
    memo_store(c, k1, k2, 0, True, g, depth)
    return pack(0, depth, g)
