# The depth-only search (included by _search.pyx): is there a tree that solves every answer
# of a set within d guesses?  It answers the worst-case question ("can every answer be
# solved in 4?") without minimising any total, so a set stops at its first guess whose
# classes all fit, and refusing a set needs only one class per guess that does not.
#
# feasible_node returns a guess that starts such a tree, or -1 when none exists (proved),
# or -1 with c.control.stopped set.  Its memo entries share the total search's table under depths
# offset by FEASIBLE_DEPTH_OFFSET, so neither kind of entry is ever read as the other.
# Candidates are tried most classes first, then least Σc²: the guesses most likely to fit,
# since a set that can be solved usually stops at the first.

cdef enum:
    FEASIBLE_DEPTH_OFFSET = 128  # above any depth limit (core.settings.MAX_DEPTH_LIMIT = 127)
    FEASIBLE_YES = 1             # a memo entry's value: solvable within its depth
    FEASIBLE_NO = 2              # proved not


cdef int64_t feasible_node(Ctx* c, const Node* node) noexcept nogil:
    """See the include's header.  As in solve_node, hard and possible mode pass the
    parent's list, made the node's own (legal.node_list) only past the cheap cases."""
    cdef uint8_t seen[MAX_CODES]
    cdef int64_t g, result, n = node.n, d = node.d
    cdef int64_t* own_L
    cdef Node own
    if c.control.stopped:
        return -1
    if c.control.poll:
        poll_signals(c)
    c.work.stats[S_NODES] += 1
    if d <= 0:
        return -1
    if n == 1 or (n == 2 and d >= 2):
        return c.lists.a2g[node.S[0]]  # an answer is always a legal guess: it keeps every hint
    if d == 1:
        return -1
    memset(seen, 0, sizeof(seen))
    g = answer_splits_perfectly(c, node.S, 0, n, seen)
    if g >= 0:
        return g
    if d == 2:
        return -1 if n > c.game.n_codes else max(last_two_guesses(c, node, seen), -1)
    if searches_given_list(c, node):
        return feasible_search(c, node, seen)
    own_L = node_list(c, node, &own)
    if own_L == NULL:
        c.control.stopped = STOP_NO_MEMORY
        return -1
    result = feasible_search(c, &own, seen)
    free(own_L)
    return result


cdef int64_t feasible_search(Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """A set of at least three answers with d >= 3 and its own legal list: the memo, the
    endgame refusal, one full pass, then the candidates until one fits."""
    cdef uint64_t k1, k2, payload
    cdef int64_t result
    memo_key(node.h1, node.h2, node.lh1, node.lh2, node.d + FEASIBLE_DEPTH_OFFSET, &k1, &k2)
    payload = memo_find(c.memo.rows, c.work.stats, k1, k2)
    if payload != 0:
        c.work.stats[S_HITS] += 1
        return entry_guess(payload) if entry_value(payload) == FEASIBLE_YES else -1
    if endgame_refutes(c, node, search_close_within(node.d)):
        c.work.stats[S_ENDGAME] += 1
        result = -1
    else:
        result = feasible_candidates(c, node, seen, False)
    if not c.control.stopped:
        memo_store(c, k1, k2, FEASIBLE_YES if result >= 0 else FEASIBLE_NO, True, result, 0)
    return result


cdef inline int64_t search_close_within(int64_t d) noexcept nogil:
    """How close the endgame count must come before a search node also searches the group's
    members alone: within half of the d - 1 guesses after this one.  On 40 hard-mode
    3158-list first words refuted against 11760 (benchmarks/rank_refute.py, the words in
    docs/performance.md; the check before any search alike in all three), half took
    43,394 full passes, the whole of d - 1 44,768, only an exact miss 49,825."""
    return d // 2


cdef bint endgame_refutes(Ctx* c, const Node* node, int64_t close_within) noexcept nogil:
    """Whether the node (with its own legal list L) is proved unsolvable within d guesses
    by its biggest endgame group: by the count alone, or, when the count misses by less
    than ``close_within``, by a depth-only search of the group's members alone (a subset
    that cannot be solved within d guesses leaves the whole set unsolvable, and a few
    members search fast).  Inside the searches ``close_within`` is
    :func:`search_close_within`; the check before any search (``Engine.endgame_refutes``)
    always searches the members.  The node's own hashes h1, h2 are not read."""
    cdef int64_t count = 0, i
    cdef int64_t* members
    cdef Node group = node[0]  # the members alone, with the node's list
    cdef int verdict = endgame_verdict(c, node, close_within, &members, &count)
    if verdict == ENDGAME_CLOSE and count < node.n:
        group.S, group.n, group.h1, group.h2, group.played, group.shown = members, count, 0, 0, -1, 0
        for i in range(count):
            group.h1 += c.lists.Z1[members[i]]
            group.h2 += c.lists.Z2[members[i]]
        if feasible_node(c, &group) < 0 and not c.control.stopped:
            verdict = ENDGAME_CUT
    free(members)
    return verdict == ENDGAME_CUT


cdef int64_t feasible_candidates(Ctx* c, const Node* node, uint8_t* seen, bint by_tie_break) noexcept nogil:
    """The first candidate whose every class fits in d - 1 guesses, or -1: in the order
    most classes first, or with ``by_tie_break`` in the total search's tie-break order
    among guesses of equal total and depth (a possible answer first, then the lowest
    guess index, that is the alphabetically first word; weightless.pxi)."""
    cdef Frame f  # the classes' buffer, the partitions met here, the unsplittable classes and rows (d = 3)
    cdef Split split
    cdef Scores scores
    cdef int64_t n = node.n, m = node.m
    cdef int64_t* keys = <int64_t*>malloc(3 * m * sizeof(int64_t) + 8)
    cdef int64_t* in_set = <int64_t*>malloc(m * sizeof(int64_t) + 8)
    cdef int64_t count = 0, i, found = -1
    cdef uint8_t* twin = NULL
    cdef bint ok = frame_init(&f, node, seen, 1) and keys != NULL and in_set != NULL
    scores.parts, scores.sumsq, scores.in_set = keys + m, keys + 2 * m, in_set
    if ok and n <= PAIRS_MAX_N:
        ok = score_by_pairs(c, node, &scores)
    elif ok:
        score_by_histogram(c, node, &scores)
    if not ok:
        c.control.stopped = STOP_NO_MEMORY
    else:
        c.work.stats[S_PASSES] += 1
        c.work.stats[S_PAIRS] += n * m
        count = feasible_keys(node, &scores, by_tie_break, keys, &f.most_parts)
        frame_gather_rows(c, &f, node)
        twin = renaming_twins(c, node)  # a twin fits exactly when the lower guess, met first, does
    for i in range(count):
        if c.control.stopped:
            break
        if twin != NULL and twin[keys[i] & 0xFFFF]:
            c.work.stats[S_TWINS] += 1
            continue
        split.in_set = 1 - ((keys[i] >> 16) & 1)
        split.guess = node.L[keys[i] & 0xFFFF]
        c.work.stats[S_CANDIDATES] += 1
        split_classes(c, node, &split, f.classes)
        if c.game.mode == MODE_NORMAL and seen_before(&f.partitions, f.classes.sig):
            c.work.stats[S_DUPLICATES] += 1
            continue
        sort_classes(f.classes.cls_keys, split.n_cls, f.classes.cls_order)  # largest first: the likeliest not to fit
        if classes_fit(c, node, &split, &f):
            found = split.guess
            break
    frame_free(&f)
    free(keys)
    free(in_set)
    free(twin)
    return found


cdef int64_t feasible_keys(const Node* node, const Scores* scores, bint by_tie_break, int64_t* keys,
                           int64_t* most_parts) noexcept nogil:
    """The candidates of :func:`feasible_candidates` from the node's full pass, sorted into
    ``keys`` (each key ends in the guess's index in L), their number, and the most classes
    any guess makes (``most_parts``)."""
    cdef int64_t count = 0, i, cap, order, m = node.m
    cdef const int64_t* parts = scores.parts
    cdef const int64_t* sumsq = scores.sumsq
    cdef const int64_t* in_set = scores.in_set
    most_parts[0] = 1
    for i in range(m):
        most_parts[0] = max(most_parts[0], parts[i])
    cap = solvable_within(most_parts[0], node.d - 1, INF // node.n)  # volume.pxd
    for i in range(m):
        # Σc² <= (largest class) * n: a candidate whose largest class must exceed what
        # d - 1 guesses can solve is refused with no split
        if (parts[i] > 1 or in_set[i]) and sumsq[i] <= cap * node.n:
            if by_tie_break:  # a possible answer first, then the guess index
                order = (1 - in_set[i]) << 16 | node.L[i]
            else:  # most classes first, then least Σc², then a possible answer, then list order
                order = ((MAX_CODES - parts[i]) << 24 | min(sumsq[i], (1 << 24) - 1)) << 1 | (1 - in_set[i])
            keys[count] = order << 16 | i
            count += 1
    qsort(keys, count, sizeof(int64_t), compare_keys)
    return count


cdef bint classes_fit(Ctx* c, const Node* node, Split* split, Frame* f) noexcept nogil:
    """Whether every class of the split's guess (f.classes, sorted largest first) fits in
    the d - 1 guesses left after it.  First the endgame count of each class (the class
    that refuses is often not the largest, and the larger ones would be searched first,
    most of them to a tree that fits).  With two guesses left a class needs one guess
    that splits it completely: no guess makes more than f.most_parts classes of the
    parent, and a class no guess of L splits is remembered for the node's other
    candidates (as in the total search); f.rows: the node's gathered rows for those
    scans, or NULL."""
    cdef Classes* k = f.classes
    cdef int64_t d = node.d - 1, j, code, r
    cdef int64_t played = -1 if c.game.mode == MODE_NORMAL else split.guess
    cdef uint64_t c1, k1, k2, payload
    cdef Node cls
    if d >= 3 and refused_by_endgame(c, node, split, k):  # every class's count before any search
        c.work.stats[S_ENDGAME] += 1
        return False
    for j in range(split.n_cls):
        code = k.cls_codes[k.cls_order[j]]
        class_node(node, k, code, played, &cls)
        if cls.n <= 2:
            if cls.n == 2 and d < 2:
                return False
            continue
        if d == 2:
            if cls.n > f.most_parts:
                return False
            c1 = nonzero(k.ch1[code])
            if pair_set_has(&f.unsplittable, c1, k.ch2[code]):
                c.work.stats[S_UNSPLITTABLE] += 1
                return False
            if c.game.mode == MODE_NORMAL:
                # the same classes recur under many candidates and parents: one scan each
                memo_key(cls.h1, cls.h2, cls.lh1, cls.lh2, 2 + FEASIBLE_DEPTH_OFFSET, &k1, &k2)
                payload = memo_find(c.memo.rows, c.work.stats, k1, k2)
                if payload != 0:
                    c.work.stats[S_HITS] += 1
                    if entry_value(payload) == FEASIBLE_YES:
                        continue
                    return False
            if answer_splits_perfectly(c, cls.S, 0, cls.n, f.seen) >= 0:
                continue
            if f.rows != NULL:
                r = last_two_by_rows(c, &cls, f.rows, f.seen)
            else:
                r = last_two_guesses(c, &cls, f.seen)
            if c.game.mode == MODE_NORMAL:
                memo_store(c, k1, k2, FEASIBLE_YES if r >= 0 else FEASIBLE_NO, True, r, 0)
            if r == -1:
                pair_set_add(&f.unsplittable, c1, k.ch2[code])
            if r < 0:
                return False
        elif feasible_node(c, &cls) < 0:
            return False
    return True
