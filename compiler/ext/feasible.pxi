# The depth-only search (included by _search.pyx): is there a tree that solves every answer
# of a set within d guesses?  It answers the worst-case question ("can every answer be
# solved in 4?") without minimising any total, so a set stops at its first guess whose
# classes all fit, and refusing a set needs only one class per guess that does not.
#
# feasible_node returns a guess that starts such a tree, or -1 when none exists (proved),
# or -1 with c.stopped set.  Its memo entries share the total search's table under depths
# offset by FEASIBLE_DEPTH_OFFSET, so neither kind of entry is ever read as the other.
# Candidates are tried most classes first, then least Σc²: the guesses most likely to fit,
# since a set that can be solved usually stops at the first.

cdef enum:
    FEASIBLE_DEPTH_OFFSET = 128  # above any depth limit (core.config.MAX_DEPTH_LIMIT = 64)
    FEASIBLE_YES = 1             # a memo entry's value: solvable within its depth
    FEASIBLE_NO = 2              # proved not


cdef int64_t feasible_node(Ctx* c, const int64_t* S, int64_t n, uint64_t h1, uint64_t h2, const int64_t* L, int64_t m,
                           uint64_t lh1, uint64_t lh2, int64_t played, int64_t shown, int64_t d) noexcept nogil:
    """See the include's header.  As in solve_node, hard and possible mode pass the
    parent's list, made the node's own (legal.node_list) only past the cheap cases."""
    cdef uint8_t seen[MAX_CODES]
    cdef int64_t g, own_m, result
    cdef int64_t* own_L
    if c.stopped:
        return -1
    if c.poll:
        poll_signals(c)
    c.stats[S_NODES] += 1
    if d <= 0:
        return -1
    if n == 1 or (n == 2 and d >= 2):
        return c.a2g[S[0]]  # an answer is always a legal guess: it keeps every hint
    if d == 1:
        return -1
    memset(seen, 0, sizeof(seen))
    g = answer_splits_perfectly(c, S, 0, n, seen)
    if g >= 0:
        return g
    if d == 2:
        return -1 if n > c.n_codes else max(last_two_guesses(c, c.mode, S, 0, n, L, m, played, shown, seen), -1)
    if searches_given_list(c, played):
        return feasible_search(c, S, n, h1, h2, L, m, lh1, lh2, d, seen)
    own_L = node_list(c, S, n, L, m, played, shown, &own_m, &lh1, &lh2)
    if own_L == NULL:
        c.stopped = STOP_NO_MEMORY
        return -1
    result = feasible_search(c, S, n, h1, h2, own_L, own_m, lh1, lh2, d, seen)
    free(own_L)
    return result


cdef int64_t feasible_search(Ctx* c, const int64_t* S, int64_t n, uint64_t h1, uint64_t h2, const int64_t* L,
                             int64_t m, uint64_t lh1, uint64_t lh2, int64_t d, uint8_t* seen) noexcept nogil:
    """A set of at least three answers with d >= 3 and its own legal list: the memo, the
    endgame refusal, one full pass, then the candidates until one fits."""
    cdef uint64_t k1, k2, payload
    cdef int64_t result
    memo_key(h1, h2, lh1, lh2, d + FEASIBLE_DEPTH_OFFSET, &k1, &k2)
    payload = memo_find(c.memo, c.stats, k1, k2)
    if payload != 0:
        c.stats[S_HITS] += 1
        return entry_guess(payload) if entry_value(payload) == FEASIBLE_YES else -1
    if endgame_refutes(c, S, n, L, m, lh1, lh2, d, search_close_within(d)):
        c.stats[S_ENDGAME] += 1
        result = -1
    else:
        result = feasible_candidates(c, S, n, L, m, lh1, lh2, d, seen, False)
    if not c.stopped:
        memo_store(c, k1, k2, FEASIBLE_YES if result >= 0 else FEASIBLE_NO, True, result, 0)
    return result


cdef inline int64_t search_close_within(int64_t d) noexcept nogil:
    """How close the endgame count must come before a search node also searches the group's
    members alone: within half of the d - 1 guesses after this one.  On 40 hard-mode
    3158-list first words refuted against 11760 (benchmarks/rank_refute.py, the words in
    docs/performance.md; the check before any search alike in all three), half took
    43,394 full passes, the whole of d - 1 44,768, only an exact miss 49,825."""
    return d // 2


cdef bint endgame_refutes(Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, uint64_t lh1,
                          uint64_t lh2, int64_t d, int64_t close_within) noexcept nogil:
    """Whether S (with its own legal list L) is proved unsolvable within d guesses by its
    biggest endgame group: by the count alone, or, when the count misses by less than
    ``close_within``, by a depth-only search of the group's members alone (a subset that
    cannot be solved within d guesses leaves the whole set unsolvable, and a few members
    search fast).  Inside the searches ``close_within`` is :func:`search_close_within`; the
    check before any search (``Engine.endgame_refutes``) always searches the members."""
    cdef int64_t count = 0, i
    cdef uint64_t mh1 = 0, mh2 = 0
    cdef int64_t* members
    cdef int verdict = endgame_verdict(c, S, n, L, m, d, close_within, &members, &count)
    if verdict == ENDGAME_CLOSE and count < n:
        for i in range(count):
            mh1 += c.Z1[members[i]]
            mh2 += c.Z2[members[i]]
        if feasible_node(c, members, count, mh1, mh2, L, m, lh1, lh2, -1, 0, d) < 0 and not c.stopped:
            verdict = ENDGAME_CUT
    free(members)
    return verdict == ENDGAME_CUT


cdef inline int64_t fits_within(int64_t most_parts, int64_t d) noexcept nogil:
    """The most answers d guesses can solve when no guess makes more than ``most_parts``
    classes (one of them, the guess itself, solved): 1, most_parts, then
    1 + (most_parts - 1) * the level below."""
    cdef int64_t cap = 1, level
    for level in range(1, d):
        cap = 1 + (most_parts - 1) * cap if cap < INF // most_parts else INF
    return cap


cdef int64_t feasible_candidates(Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, uint64_t lh1,
                                 uint64_t lh2, int64_t d, uint8_t* seen, bint by_tie_break) noexcept nogil:
    """The first candidate whose every class fits in d - 1 guesses, or -1: in the order
    most classes first, or with ``by_tie_break`` in the total search's tie-break order
    among guesses of equal total and depth (a possible answer first, then the lowest
    guess index, that is the alphabetically first word; weightless.pxi)."""
    cdef Classes* k = <Classes*>malloc(sizeof(Classes))
    cdef int64_t* keys = <int64_t*>malloc(3 * m * sizeof(int64_t) + 8)
    cdef int64_t* parts = keys + m
    cdef int64_t* sumsq = keys + 2 * m
    cdef PairSet partitions, unsplittable
    cdef NodeRows rows  # d = 3: the answers' rows against L, for the children's scans
    cdef NodeRows* child_rows = NULL
    cdef int64_t count = 0, most_parts = 1, i, in_set_c, g, n_cls, found = -1, cap, order
    cdef bint ok = keys != NULL and k != NULL
    cdef int64_t* in_set = NULL
    partitions.table = NULL
    unsplittable.table = NULL
    if ok:
        k.ordered = <int64_t*>malloc(n * sizeof(int64_t) + 8)
        in_set = <int64_t*>malloc(m * sizeof(int64_t) + 8)
        ok = k.ordered != NULL and in_set != NULL and pair_set_init(&partitions) and pair_set_init(&unsplittable)
    if ok and n <= PAIRS_MAX_N:
        ok = score_by_pairs(c, S, n, L, m, every_guess_in_order(c, L, m), parts, sumsq, in_set)
    elif ok:
        score_by_histogram(c, S, n, L, m, parts, sumsq, in_set)
    if not ok:
        c.stopped = STOP_NO_MEMORY
    else:
        c.stats[S_PASSES] += 1
        c.stats[S_PAIRS] += n * m
        memset(k.cursor, 0, sizeof(k.cursor))
        for i in range(m):
            most_parts = max(most_parts, parts[i])
        cap = fits_within(most_parts, d - 1)
        for i in range(m):
            # Σc² <= (largest class) * n: a candidate whose largest class must exceed what
            # d - 1 guesses can solve is refused with no split
            if (parts[i] > 1 or in_set[i]) and sumsq[i] <= cap * n:
                if by_tie_break:  # a possible answer first, then the guess index
                    order = (1 - in_set[i]) << 16 | L[i]
                else:  # most classes first, then least Σc², then a possible answer, then list order
                    order = ((MAX_CODES - parts[i]) << 24 | min(sumsq[i], (1 << 24) - 1)) << 1 | (1 - in_set[i])
                keys[count] = order << 16 | i
                count += 1
        qsort(keys, count, sizeof(int64_t), compare_keys)
        if d == 3 and scans_gather(c, L, m) and node_rows_init(c, &rows, S, n, L, m):
            child_rows = &rows
    for i in range(count):
        if c.stopped:
            break
        in_set_c = 1 - ((keys[i] >> 16) & 1)
        g = L[keys[i] & 0xFFFF]
        c.stats[S_CANDIDATES] += 1
        n_cls = split_classes(c, S, n, g, in_set_c, k)
        if c.mode == MODE_NORMAL and seen_before(&partitions, k.sig):
            c.stats[S_DUPLICATES] += 1
            continue
        sort_classes(k.cls_keys, n_cls, k.cls_order)  # largest first: the likeliest not to fit
        if classes_fit(c, k, n_cls, L, m, lh1, lh2, g, d - 1, most_parts, &unsplittable, child_rows, seen):
            found = g
            break
    if k != NULL:
        free(k.ordered)
    free(k)
    free(keys)
    free(in_set)
    free(partitions.table)
    free(unsplittable.table)
    if child_rows != NULL:
        node_rows_free(child_rows)
    return found


cdef bint classes_fit(Ctx* c, Classes* k, int64_t n_cls, const int64_t* L, int64_t m, uint64_t lh1, uint64_t lh2,
                      int64_t g, int64_t d, int64_t most_parts, PairSet* unsplittable, NodeRows* rows,
                      uint8_t* seen) noexcept nogil:
    """Whether every class of g (k, sorted largest first) fits in d guesses.  First the
    endgame count of each class (the class that refuses is often not the largest, and the
    larger ones would be searched first, most of them to a tree that fits).  With two
    guesses left a class needs one guess that splits it completely: no guess makes more
    than ``most_parts`` classes of the parent, and a class no guess of L splits is
    remembered for the node's other candidates (as in the total search); ``rows``: the
    node's gathered rows for those scans, or NULL."""
    cdef int64_t j, code, lo, hi, r
    cdef int64_t child_played = -1 if c.mode == MODE_NORMAL else g
    cdef uint64_t c1, k1, k2, payload
    if d >= 3 and refused_by_endgame(c, k, n_cls, L, m, g, d):  # every class's count before any search
        c.stats[S_ENDGAME] += 1
        return False
    for j in range(n_cls):
        code = k.cls_codes[k.cls_order[j]]
        lo, hi = k.starts[code], k.starts[code + 1]
        if hi - lo <= 2:
            if hi - lo == 2 and d < 2:
                return False
            continue
        if d == 2:
            if hi - lo > most_parts:
                return False
            c1 = nonzero(k.ch1[code])
            if pair_set_has(unsplittable, c1, k.ch2[code]):
                c.stats[S_UNSPLITTABLE] += 1
                return False
            if c.mode == MODE_NORMAL:
                # the same classes recur under many candidates and parents: one scan each
                memo_key(k.ch1[code], k.ch2[code], lh1, lh2, 2 + FEASIBLE_DEPTH_OFFSET, &k1, &k2)
                payload = memo_find(c.memo, c.stats, k1, k2)
                if payload != 0:
                    c.stats[S_HITS] += 1
                    if entry_value(payload) == FEASIBLE_YES:
                        continue
                    return False
            if answer_splits_perfectly(c, k.ordered, lo, hi, seen) >= 0:
                continue
            if rows != NULL:
                r = last_two_by_rows(c, c.mode, k.ordered, lo, hi, rows, child_played, code, seen)
            else:
                r = last_two_guesses(c, c.mode, k.ordered, lo, hi, L, m, child_played, code, seen)
            if c.mode == MODE_NORMAL:
                memo_store(c, k1, k2, FEASIBLE_YES if r >= 0 else FEASIBLE_NO, True, r, 0)
            if r == -1:
                pair_set_add(unsplittable, c1, k.ch2[code])
            if r < 0:
                return False
        elif feasible_node(c, k.ordered + lo, hi - lo, k.ch1[code], k.ch2[code], L, m, lh1, lh2, child_played, code,
                           d) < 0:
            return False
    return True
