# The cheap cases of the search (included by _search.pyx): a class's lower bound with no
# search, and the sets settled with neither memo nor candidate loop (one or two answers,
# the 2n - 1 and 2n bounds, a perfect split by one of the set's own words, d <= 2).


cdef int64_t class_bound(Ctx* c, const int64_t* S, int64_t lo, int64_t hi, uint64_t c1, uint64_t c2, uint64_t lh1,
                         uint64_t lh2, int64_t d, uint8_t* seen, int64_t most_parts) noexcept nogil:
    """Cheap lower bound on the cost of the class S[lo:hi] with d guesses left (exact for
    1-2 answers).  ``most_parts``: the most classes any legal guess makes of the parent
    set; no guess makes more of a subset, so s answers cost at least 3s - most_parts - 1."""
    cdef int64_t s = hi - lo, bound
    cdef uint64_t k1, k2, payload
    if c.weights != NULL:
        bound = weighted_class_bound(c, S, lo, hi, d, seen, most_parts)
        if s <= 2:
            return bound
    elif s == 1:
        return 1 + deep_charge(c, 1, 0, d)
    elif s == 2:
        return 3 + deep_charge(c, 2, 1, d)
    elif s > most_parts + 1:
        bound = max(2 * s, 3 * s - most_parts - 1)  # too big to split perfectly anyway
    else:
        bound = 2 * s - 1 if some_answer_splits(c, S, lo, hi, c1, c2, seen) else 2 * s
    # at most one answer is solved by the guess here; with two guesses before the K-th, one
    # per class of the first, and no guess makes more than most_parts classes
    bound += deep_charge(c, s, s - 1, d) + candidate_deep(c, s, most_parts, 0, d) * (d == c.deep_d + 2)
    if c.mode == MODE_NORMAL and d >= 3:
        memo_key(c1, c2, lh1, lh2, key_depth(c, d), &k1, &k2)
        payload = memo_find(c.memo, c.stats, k1, k2)
        if payload != 0 and entry_value(payload) > bound:
            bound = entry_value(payload)
    return bound


cdef int64_t class_bounds(Ctx* c, Classes* k, int64_t n_cls, uint64_t lh1, uint64_t lh2, int64_t d, uint8_t* seen,
                          int64_t most_parts, int64_t cap) noexcept nogil:
    """The classes' bounds into k.lb[code], and their sum, stopping as soon as the sum
    reaches ``cap`` (the candidate cannot beat the limit then)."""
    cdef int64_t rest_lb = 0, j, code
    for j in range(n_cls):
        code = k.cls_codes[j]
        k.lb[code] = class_bound(c, k.ordered, k.starts[code], k.starts[code + 1], k.ch1[code], k.ch2[code], lh1, lh2,
                                 d, seen, most_parts)
        rest_lb += k.lb[code]
        if rest_lb >= cap:
            break
    return rest_lb


cdef int64_t settle_without_search(Ctx* c, const int64_t* S, int64_t lo, int64_t hi, const int64_t* L, int64_t m,
                                   int64_t played, int64_t shown, int64_t d, int64_t beta, uint8_t* seen,
                                   bint* hopeless, NodeRows* rows) noexcept nogil:
    """The answers S[lo:hi] when they need neither memo nor candidate loop (one or two
    answers, the 2n - 1 and 2n bounds, a perfect split by an answer, d <= 2): a packed
    result, or -1.  ``hopeless``: they need two more guesses but no guess of L splits
    them (infeasible at d = 2 whatever the parent played).  ``rows``: the parent's
    gathered rows against L, or NULL.  It counts the node."""
    cdef int64_t n = hi - lo, g, deep
    hopeless[0] = False
    c.stats[S_NODES] += 1
    if c.weights != NULL:
        return settle_weighted(c, S, lo, hi, L, m, played, shown, d, beta, seen, hopeless)
    if d <= 0:
        return pack(INF, 0, -1)  # no guess left, not even for a single answer
    if n == 1:
        return pack(1 + deep_charge(c, 1, 0, d), 1, c.a2g[S[lo]])
    if d == 1:
        return pack(INF, 0, -1)
    if n == 2:
        return pack(3 + deep_charge(c, 2, 1, d), 2, c.a2g[S[lo]])  # S is sorted, so this is the alphabetically first
    deep = deep_charge(c, n, n - 1, d)  # the least any tree pays for answers needing K or more
    if 2 * n - 1 + deep >= beta:
        c.stats[S_BOUND_EXITS] += 1
        return pack(2 * n - 1 + deep, 0, -1)
    g = answer_splits_perfectly(c, S, lo, hi, seen)
    if g >= 0:
        return pack(2 * n - 1 + deep, 2, g)
    if 2 * n + deep >= beta:
        c.stats[S_BOUND_EXITS] += 1
        return pack(2 * n + deep, 0, -1)
    if d == 2:  # hard/possible mode: the parent's list, checked guess by guess
        if rows != NULL:
            g = last_two_by_rows(c, c.mode, S, lo, hi, rows, played, shown, seen)
        else:
            g = last_two_guesses(c, c.mode, S, lo, hi, L, m, played, shown, seen)
        if g >= 0:
            return pack(2 * n + deep_charge(c, n, n, d), 2, g)
        hopeless[0] = g == -1
        return pack(INF, 0, -1)
    return -1
