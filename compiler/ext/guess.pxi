# One guess named in advance, valued at a node (included by _search.pyx): the candidate
# loop's step for a single guess, for analyse --move, --candidates and the first-word tie-break,
# with the endgame refusal of its classes before any search.


cdef bint refused_by_endgame(Ctx* c, Classes* k, int64_t n_cls, const int64_t* L, int64_t m, int64_t g,
                             int64_t d) noexcept nogil:
    """Whether a class after g is shown infeasible with d guesses left, before any search
    (so a refused guess costs no full pass)."""
    cdef int64_t j, code, size, follow_m, refused, members, group
    cdef int64_t* follow
    if d < 2:
        return False
    for j in range(n_cls):
        code = k.cls_codes[j]
        size = k.starts[code + 1] - k.starts[code]
        if size < max(<int64_t>MIN_GROUP, d + 1):
            continue  # a group of m members needs m > d to be refused (and m >= MIN_GROUP)
        group = biggest_group(c, k.ordered + k.starts[code], size, &members)
        if members <= d:
            continue  # the same test as group_verdict's first, before the class's list is made
        if answers_split_group(c, k.ordered + k.starts[code], size, d, group, members):
            continue  # a few guesses settle it, before the class's list is made or scanned
        if c.mode == MODE_NORMAL:
            refused = group_infeasible(c, k.ordered + k.starts[code], size, L, m, d, group, members)
        else:
            follow = filter_legal(c, L, m, g, code, &follow_m)
            if follow == NULL:
                c.stopped = STOP_NO_MEMORY
                return False
            refused = group_infeasible(c, k.ordered + k.starts[code], size, follow, follow_m, d, group, members)
            free(follow)
        if refused:
            return True
    return False


cdef int64_t guess_value(Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, uint64_t lh1, uint64_t lh2,
                         int64_t g, int64_t d, int64_t beta, int64_t most_parts) noexcept nogil:
    """Packed (cost, depth, guess) of playing g first at the node S (sorted answer indices)
    with d guesses left, then playing optimally: exact when the cost is below beta, else a
    lower bound >= beta with guess -1 (INF: infeasible).  One step of the search's
    candidate loop for a guess named in advance (analyse --move, --candidates)."""
    cdef Classes* k = <Classes*>malloc(sizeof(Classes))
    cdef uint8_t seen[MAX_CODES]
    cdef int64_t in_set = 0, i, n_cls, rest_lb, total, depth, result, limit = beta, here, heaviest, lightest
    if k == NULL:
        c.stopped = STOP_NO_MEMORY
        return pack(INF, 0, -1)
    k.ordered = <int64_t*>malloc(n * sizeof(int64_t) + 8)
    if k.ordered == NULL:
        free(k)
        c.stopped = STOP_NO_MEMORY
        return pack(INF, 0, -1)
    memset(k.cursor, 0, sizeof(k.cursor))
    memset(seen, 0, sizeof(seen))
    for i in range(n):
        if c.a2g[S[i]] == g:
            in_set = 1
    n_cls = split_classes(c, S, n, g, in_set, k)
    if refused_by_endgame(c, k, n_cls, L, m, g, d - 1):
        result = pack(INF, 0, -1)
    else:
        here = (set_weight(c, S, 0, n, &heaviest, &lightest) if c.weights != NULL else n) + deep_charge(c, n, 0, d)
        rest_lb = class_bounds(c, k, n_cls, lh1, lh2, d - 1, seen, most_parts, beta - here)
        if here + rest_lb >= beta:
            result = pack(min(here + rest_lb, INF), 0, -1)
        else:
            sort_classes(k.cls_keys, n_cls, k.cls_order)  # largest first: they decide most cut-offs
            result = guess_classes(c, k, n_cls, L, m, lh1, lh2, g, here, d, beta, rest_lb, seen)
    free(k.ordered)
    free(k)
    return result


cdef int64_t guess_classes(Ctx* c, Classes* k, int64_t n_cls, const int64_t* L, int64_t m, uint64_t lh1, uint64_t lh2,
                           int64_t g, int64_t here, int64_t d, int64_t beta, int64_t rest_lb,
                           uint8_t* seen) noexcept nogil:
    """:func:`guess_value`'s classes, largest first (``here``: what g costs the node's
    answers); a lower bound as soon as one fails."""
    cdef int64_t total = here, depth = 1, j, code, budget, r, v
    cdef int64_t child_played = -1 if c.mode == MODE_NORMAL else g
    cdef bint hopeless
    for j in range(n_cls):
        code = k.cls_codes[k.cls_order[j]]
        rest_lb -= k.lb[code]
        budget = beta - total - rest_lb
        if k.lb[code] >= budget:  # never search a class whose budget cannot cover its bound
            return pack(min(total + rest_lb + k.lb[code], INF), 0, -1)
        if d - 1 == 2:  # the child settles without search, as in the candidate loop
            r = settle_without_search(c, k.ordered, k.starts[code], k.starts[code + 1], L, m, child_played, code, 2,
                                      budget, seen, &hopeless, NULL)
        else:
            r = solve_node(c, k.ordered + k.starts[code], k.starts[code + 1] - k.starts[code], k.ch1[code],
                           k.ch2[code], L, m, lh1, lh2, child_played, code, d - 1, budget, 1)
            if c.stopped:
                return pack(INF, 0, -1)
        v = r >> 24
        if v >= budget:
            return pack(min(total + rest_lb + v, INF), 0, -1)
        total += v
        depth = max(depth, ((r >> 16) & 0xFF) + 1)
    return pack(total, depth, g)
