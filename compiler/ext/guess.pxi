# One guess named in advance, valued at a node (included by _search.pyx): the candidate
# loop's step for a single guess, for analyse --move, --candidates and the first-word tie-break,
# with the endgame refusal of its classes before any search.


cdef bint refused_by_endgame(Ctx* c, const Node* node, const Split* split, Classes* k) noexcept nogil:
    """Whether a class the split's guess leaves at the node (k, split_classes) is shown
    infeasible with the d - 1 guesses left after it, before any search (so a refused guess
    costs no full pass)."""
    cdef int64_t d = node.d - 1, j, code, size
    cdef Node cls
    if d < 2:
        return False
    for j in range(split.n_cls):
        code = k.cls_codes[j]
        size = k.starts[code + 1] - k.starts[code]
        if size < max(<int64_t>MIN_GROUP, d + 1):
            continue  # a group of m members needs m > d to be refused (and m >= MIN_GROUP)
        class_node(node, k, code, split.guess, &cls)
        if class_refused(c, node, split, &cls):
            return True
    return False


cdef bint class_refused(Ctx* c, const Node* node, const Split* split, Node* cls) noexcept nogil:
    """:func:`refused_by_endgame` for one class (``cls``, class_node).  In normal mode with
    every guess legal (the engine's own list) the verdict depends on the class's answers and d
    alone, and the same class comes back in every round of raises and from many candidates:
    it is kept in a table of passes.recalled's words keyed by the class's hashes and d."""
    cdef uint64_t key1 = cls.h1 ^ (<uint64_t>cls.d * <uint64_t>0x9E3779B97F4A7C15)
    cdef uint64_t* slot = NULL
    cdef int64_t known
    cdef bint refused
    if c.memo.class_verdicts != NULL and every_guess_in_order(c, cls.L, cls.m):
        slot = c.memo.class_verdicts + ((cls.h2 + <uint64_t>cls.d) & (SPLIT_ROWS - 1))
        known = recalled(slot, key1, 2)
        if known >= 0:
            return known
    refused = class_refused_now(c, node, split, cls)
    if slot != NULL and not c.control.stopped:
        remember(slot, key1, 2, refused)
    return refused


cdef bint class_refused_now(Ctx* c, const Node* node, const Split* split, Node* cls) noexcept nogil:
    """:func:`class_refused`, counted afresh."""
    cdef int64_t d = cls.d, members, group, follow_m
    cdef int64_t* follow
    cdef bint refused
    group = biggest_group(c, cls.S, cls.n, &members)
    if members <= d:
        return False  # the same test as group_verdict's first, before the class's list is made
    if answers_split_group(c, cls, group, members):
        return False  # a few guesses settle it, before the class's list is made or scanned
    if c.game.mode == MODE_NORMAL:
        return group_infeasible(c, cls, group, members)
    follow = filter_legal(c, node.L, node.m, split.guess, cls.shown, &follow_m)
    if follow == NULL:
        c.control.stopped = STOP_NO_MEMORY
        return False
    cls.L, cls.m = follow, follow_m
    refused = group_infeasible(c, cls, group, members)
    free(follow)
    return refused


cdef int64_t guess_value(Ctx* c, const Node* node, int64_t g, int64_t most_parts) noexcept nogil:
    """Packed (cost, depth, guess) of playing g first at the node (sorted answers, its own
    list; its hashes h1, h2 are not read) with d guesses left, then playing optimally:
    exact when the cost is below beta, else a lower bound >= beta with guess -1 (INF:
    infeasible).  One step of the search's candidate loop for a guess named in advance
    (analyse --move, --candidates)."""
    cdef uint8_t seen[MAX_CODES]
    cdef Frame f
    cdef Split split
    cdef int64_t n = node.n, beta = node.beta, i, result, heaviest, lightest
    memset(seen, 0, sizeof(seen))
    if not frame_init(&f, node, seen, most_parts):
        frame_free(&f)
        c.control.stopped = STOP_NO_MEMORY
        return pack(INF, 0, -1)
    split.guess, split.in_set = g, 0
    for i in range(n):
        if c.lists.a2g[node.S[i]] == g:
            split.in_set = 1
    split_classes(c, node, &split, f.classes)
    if refused_by_endgame(c, node, &split, f.classes):
        result = pack(INF, 0, -1)
    else:
        split.here = ((set_weight(c, node.S, 0, n, &heaviest, &lightest) if c.objective.weights != NULL else n)
                      + deep_charge(c, n, 0, node.d))
        class_bounds(c, node, &split, &f, beta - split.here)
        if split.here + split.rest_lb >= beta:
            result = pack(min(split.here + split.rest_lb, INF), 0, -1)
        else:
            sort_classes(f.classes.cls_keys, split.n_cls, f.classes.cls_order)  # largest first: most cut-offs
            result = guess_classes(c, node, &split, &f)
    frame_free(&f)
    return result


cdef int64_t guess_classes(Ctx* c, const Node* node, Split* split, Frame* f) noexcept nogil:
    """:func:`guess_value`'s classes, largest first (split.here: what the guess costs the
    node's answers); a lower bound as soon as one fails."""
    cdef Classes* k = f.classes
    cdef int64_t total = split.here, rest_lb = split.rest_lb, depth = 1, j, code, budget, r, v
    cdef int64_t played = -1 if c.game.mode == MODE_NORMAL else split.guess
    cdef bint hopeless
    cdef Node child
    for j in range(split.n_cls):
        code = k.cls_codes[k.cls_order[j]]
        rest_lb -= k.lb[code]
        budget = node.beta - total - rest_lb
        if k.lb[code] >= budget:  # never search a class whose budget cannot cover its bound
            return pack(min(total + rest_lb + k.lb[code], INF), 0, -1)
        class_node(node, k, code, played, &child)
        child.beta = budget
        if child.d == 2:  # the child settles without search, as in the candidate loop
            r = settle_without_search(c, &child, f.seen, &hopeless, NULL)
        else:
            r = solve_node(c, &child)
            if c.control.stopped:
                return pack(INF, 0, -1)
        v = r >> 24
        if v >= budget:
            return pack(min(total + rest_lb + v, INF), 0, -1)
        total += v
        depth = max(depth, ((r >> 16) & 0xFF) + 1)
    return pack(total, depth, split.guess)
