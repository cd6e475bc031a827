# The cheap cases of the search (included by _search.pyx): a class's lower bound with no
# search, and the sets settled with neither memo nor candidate loop (one or two answers,
# the 2n - 1 and 2n bounds, a perfect split by one of the set's own words, d <= 2).

cdef enum:
    SPLITTER_BITS = 18  # last_two_remembered's words: the mark and the guess + 1 (< 2^17) below


cdef int64_t class_bound(Ctx* c, const Node* cls, uint8_t* seen, int64_t most_parts,
                         bint members_only) noexcept nogil:
    """Cheap lower bound on the cost of a class (as a node: its answers, hashes, its
    parent's list and d) (exact for 1-2 answers).  ``most_parts``: the most classes any
    legal guess makes of the parent set; no guess makes more of a subset, so s answers
    cost at least 3s - most_parts - 1, and more beyond most_parts^2 (volume.pxd).
    ``members_only``: every guess legal at the class is one of its answers (possible mode
    on a list of the answers alone), so the most classes its own answers make of it bounds
    every guess there and below, and takes most_parts' place (at most MEMBER_PARTS_MAX
    answers; weighted too, so that uniform weights search as none)."""
    cdef int64_t s = cls.n, d = cls.d, bound
    cdef uint64_t k1, k2, payload
    if c.objective.weights != NULL:
        bound = weighted_class_bound(c, cls, seen, members_most_parts(c, cls, seen)
                                     if members_only and 3 <= s <= MEMBER_PARTS_MAX else most_parts)
        if s <= 2:
            return bound
    elif s == 1:
        return 1 + deep_charge(c, 1, 0, d)
    elif s == 2:
        return 3 + deep_charge(c, 2, 1, d)
    elif members_only and s <= MEMBER_PARTS_MAX:
        bound = volume_bound(s, members_most_parts(c, cls, seen))  # 2s - 1 exactly when one splits it
    elif s > most_parts + 1:
        bound = max(2 * s, volume_bound(s, most_parts))  # too big to split perfectly anyway
    else:
        bound = 2 * s - 1 if some_answer_splits(c, cls, seen) else 2 * s
    # at most one answer is solved by the guess here; with two guesses before the K-th, one
    # per class of the first, and no guess makes more than most_parts classes
    bound += deep_charge(c, s, s - 1, d) + candidate_deep(c, s, most_parts, 0, d) * (d == c.objective.deep_d + 2)
    if c.game.mode == MODE_NORMAL and d >= 3:
        memo_key(cls.h1, cls.h2, cls.lh1, cls.lh2, key_depth(c, d), &k1, &k2)
        payload = memo_find(c.memo.rows, c.work.stats, k1, k2)
        if payload != 0 and entry_value(payload) > bound:
            bound = entry_value(payload)
    return bound


cdef int64_t class_bounds(Ctx* c, const Node* node, Split* split, Frame* f, int64_t cap) noexcept nogil:
    """The bounds of the split's classes (f.classes) into k.lb[code], and their sum into
    split.rest_lb (returned), stopping as soon as the sum reaches ``cap`` (the candidate
    cannot beat the limit then)."""
    cdef Classes* k = f.classes
    cdef int64_t rest_lb = 0, j, code
    # the node's own list is its answers' words: each class's list is then its own answers'
    # (a word left legal by the guess's feedback is an answer it leaves)
    cdef bint members_only = c.game.mode == MODE_POSSIBLE and node.m == node.n
    cdef Node cls
    for j in range(split.n_cls):
        code = k.cls_codes[j]
        class_node(node, k, code, -1, &cls)
        k.lb[code] = class_bound(c, &cls, f.seen, f.most_parts, members_only)
        rest_lb += k.lb[code]
        if rest_lb >= cap:
            break
    split.rest_lb = rest_lb
    return rest_lb


cdef int64_t settle_without_search(Ctx* c, const Node* node, uint8_t* seen, bint* hopeless,
                                   NodeRows* rows) noexcept nogil:
    """The node's answers when they need neither memo nor candidate loop (one or two
    answers, the 2n - 1 and 2n bounds, a perfect split by an answer, d <= 2): a packed
    result, or -1.  ``hopeless``: they need two more guesses but no guess of L splits
    them (infeasible at d = 2 whatever the parent played).  ``rows``: the parent's
    gathered rows against L, or NULL.  It counts the node."""
    cdef const int64_t* S = node.S
    cdef int64_t n = node.n, d = node.d, beta = node.beta, g, deep
    hopeless[0] = False
    c.work.stats[S_NODES] += 1
    if c.objective.weights != NULL:
        return settle_weighted(c, node, seen, hopeless)
    if d <= 0:
        return pack(INF, 0, -1)  # no guess left, not even for a single answer
    if n == 1:
        return pack(1 + deep_charge(c, 1, 0, d), 1, c.lists.a2g[S[0]])
    if d == 1:
        return pack(INF, 0, -1)
    if n == 2:
        return pack(3 + deep_charge(c, 2, 1, d), 2, c.lists.a2g[S[0]])  # S is sorted: the alphabetically first
    deep = deep_charge(c, n, n - 1, d)  # the least any tree pays for answers needing K or more
    if 2 * n - 1 + deep >= beta:
        c.work.stats[S_BOUND_EXITS] += 1
        return pack(2 * n - 1 + deep, 0, -1)
    g = answer_splits_perfectly(c, S, 0, n, seen)
    if g >= 0:
        return pack(2 * n - 1 + deep, 2, g)
    if 2 * n + deep >= beta:
        c.work.stats[S_BOUND_EXITS] += 1
        return pack(2 * n + deep, 0, -1)
    if d == 2:  # hard/possible mode: the parent's list, checked guess by guess
        if rows != NULL:
            g = last_two_by_rows(c, node, rows, seen)
        else:
            g = last_two_remembered(c, node, seen)
        if g >= 0:
            return pack(2 * n + deep_charge(c, n, n, d), 2, g)
        hopeless[0] = g == -1
        return pack(INF, 0, -1)
    return -1


cdef int64_t last_two_remembered(const Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """legal.last_two_guesses for a node with valid hashes.  In normal mode with every guess
    legal the answer depends on the set alone (the first guess that splits it), and the same
    set comes back in every round of a ranking's raises: it is kept in a table of
    passes.recalled's words (the guess + 1)."""
    cdef uint64_t* slot
    cdef int64_t g
    if c.memo.last_splitters == NULL or node.played >= 0 or not every_guess_in_order(c, node.L, node.m):
        return last_two_guesses(c, node, seen)
    slot = c.memo.last_splitters + (node.h2 & (SPLIT_ROWS - 1))
    g = recalled(slot, node.h1, SPLITTER_BITS)
    if g >= 0:
        return g - 1
    g = last_two_guesses(c, node, seen)
    remember(slot, node.h1, SPLITTER_BITS, <uint64_t>(g + 1))
    return g
