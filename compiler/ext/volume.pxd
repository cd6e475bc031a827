# The counting bound: how few guesses a set can cost when no guess makes more than P
# classes of it (P, most_parts: its own all-correct class included).
#
# Within t guesses at most P^(t-1) answers are solved: let N_t be the nodes at depth t and
# C_t the answers solved within t guesses; a node that solves its guess's answer has at
# most P - 1 other classes, any other at most P, so C_(t-1) + N_t grows at most P-fold a
# level, from 1, and C_t <= C_(t-1) + N_t.  Each answer costs its depth, so s answers cost
# at least the depths of the first s slots filled level by level: 1, then P - 1 at depth
# 2, then P^2 - P at depth 3, ...  That is 2s - 1 up to P answers and 3s - P - 1 up to
# P^2; beyond, where few feedback codes make deep trees (Mastermind), it grows by 4, 5, ...
# an answer.  Guesses at a subset make no more classes than at the set, so a node's P
# bounds every set below it.


from libc.stdint cimport int64_t


cdef inline int64_t solvable_within(int64_t most_parts, int64_t t, int64_t ceiling) noexcept nogil:
    """The most answers t guesses can solve: most_parts^(t - 1), or ``ceiling`` once it
    reaches that."""
    cdef int64_t cap = 1, _level
    for _level in range(1, t):
        if cap >= ceiling:
            return ceiling
        cap *= most_parts
    return min(cap, ceiling)


cdef inline int64_t volume_bound(int64_t s, int64_t most_parts) noexcept nogil:
    """The least total of s answers' depths when at most most_parts^(t - 1) of them are
    solved within t guesses (the slots filled level by level)."""
    cdef int64_t total = 0, solved = 0, cap = 1, depth = 1, take
    if most_parts < 2:
        return 3 * s - most_parts - 1  # nothing splits: s > 1 cannot be solved; any bound holds
    while solved < s:
        take = min(cap, s) - solved
        total += depth * take
        solved += take
        depth += 1
        if cap < s:
            cap *= most_parts
    return total


cdef inline int64_t split_volume_bound(int64_t n, int64_t parts, int64_t in_set, int64_t most_parts) noexcept nogil:
    """What a guess making ``parts`` classes of a node's n answers costs at least (in_set:
    one of them is its own, solved at once): n for the guess, plus its other classes'
    volume bounds at their most even (the bound is convex in a class's size, so an uneven
    split costs no less).  3n - parts - in_set while no class need exceed most_parts."""
    cdef int64_t classes = parts - in_set, rest = n - in_set, even, larger
    if rest <= most_parts * classes:  # no class need exceed most_parts (and no division)
        return 3 * n - parts - in_set if classes > 0 else n
    if classes <= 0:
        return n
    even = rest // classes
    larger = rest - even * classes  # classes of even + 1 answers
    return n + larger * volume_bound(even + 1, most_parts) + (classes - larger) * volume_bound(even, most_parts)


cdef inline int64_t lightest_past_levels(const int64_t* top, int64_t n, int64_t answers, int64_t slots,
                                         int64_t most_parts) noexcept nogil:
    """Weighted: what ``answers`` answers pay past ``slots`` slots at the next level, then
    most_parts times as many a level further (each answer past a level's slots pays one
    more guess, and the lightest are the ones left deepest): the sum over levels of the
    answers - slots lightest weights, of n weights whose heaviest-first prefix sums are
    ``top``.  Uniform weights w give w times the unweighted bound's deeper terms."""
    cdef int64_t extra = 0
    if most_parts < 2 or slots < 1:
        return 0
    while slots < answers:
        extra += top[n] - top[n - (answers - slots)]
        slots *= most_parts
    return extra
