# Single steps of the search, for the tests that pin them down one by one (included by
# _search.pyx after interface.pxi).

def memo_find_entry(uint64_t[:, ::1] memo, int64_t[::1] stats, uint64_t k1, uint64_t k2):
    """The payload stored under (k1, k2), or 0."""
    return memo_find(&memo[0, 0], &stats[0], k1, k2)


def memo_store_entry(uint64_t[:, ::1] memo, int64_t[::1] stats, uint64_t k1, uint64_t k2, int64_t value, bint exact,
                     int64_t guess, int64_t depth):
    """Record an exact value or a lower bound under (k1, k2), as the search does."""
    cdef Ctx c
    memset(&c, 0, sizeof(Ctx))
    c.memo.rows, c.memo.cap, c.work.stats = &memo[0, 0], memo.shape[0], &stats[0]
    memo_store(&c, k1, k2, value, exact, guess, depth)
    _finish(&c)


def payload_value(uint64_t payload):
    """The total a memo payload holds (exact, or a lower bound)."""
    return entry_value(payload)


def seen_partition(uint64_t[:, ::1] table, int64_t count, const uint64_t[::1] sig):
    """(seen, table, count): whether the signature ``sig`` is in the pair set ``table``
    holding ``count`` pairs, recording it if not (a new table when it doubles)."""
    cdef PairSet s
    cdef bint seen
    s.table, s.rows, s.count = &table[0, 0], table.shape[0], count
    cdef uint64_t s0 = nonzero(sig[0])
    if pair_set_has(&s, s0, sig[1]):
        return True, table.base, count
    if 2 * (count + 1) > s.rows and s.rows < PARTITION_SLOTS:
        bigger = np.zeros((2 * s.rows, 2), dtype=np.uint64)
        for row in np.asarray(table):
            if row[0]:
                seen_partition(bigger, 0, row)
        return seen_partition(bigger, count, sig)
    pair_set_add(&s, s0, sig[1])
    return False, table.base, s.count


def group_keys_by_bound(keys):
    """``keys`` (int64) grouped by bound, groups ascending, in a new array."""
    out = np.array(keys, dtype=np.int64)
    cdef int64_t[::1] view = out
    if out.size and not group_by_bound(&view[0], view.shape[0]):
        raise MemoryError()
    return out


def sort_key_group(int64_t[::1] order, int64_t start):
    """Sort the group of equal bounds at ``start`` in place; its end."""
    return sort_group(&order[0], order.shape[0], start)


def last_two(Engine engine, answers, int64_t lo, int64_t hi, legal, int64_t played, int64_t code,
             bint gathered=False):
    """The search's d = 2 answer for answers[lo:hi] (see legal.pxd); ``gathered``: by the
    scan over rows of ``answers`` gathered against ``legal``, as under a d = 3 node."""
    cdef Ctx c
    cdef uint8_t seen[MAX_CODES]
    cdef NodeRows rows
    cdef int64_t found
    S = _indices(answers, engine.MT.shape[0], "answers")
    L = engine.legal_list(legal)
    cdef Node parent = _root(S, 0, 0, L, 0, 0, 3)  # the node whose rows a scan of its class reads
    cdef Node cls = parent
    if not 0 <= lo <= hi - 3 or hi > parent.n or played >= engine.MT.shape[1]:
        raise IndexError("out of range")
    cls.S, cls.n, cls.played, cls.shown, cls.d = parent.S + lo, hi - lo, played, code, 2
    engine.setup(&c, None)
    memset(seen, 0, sizeof(seen))
    if not gathered:
        return last_two_guesses(&c, &cls, seen)
    if not node_rows_init(&c, &rows, &parent):
        raise MemoryError()
    found = last_two_by_rows(&c, &cls, &rows, seen)
    node_rows_free(&rows)
    return found


def legal_after(Engine engine, legal, int64_t played, int64_t code, answers=None):
    """(the guesses of ``legal`` the engine's mode allows after ``played`` showed ``code``,
    their two hashes).  With ``answers``, the list a node of those answers searches
    (``played`` -1 at a root): in hard mode without guesses that play alike on them."""
    cdef Ctx c
    L = engine.legal_list(legal)
    S = _indices(answers if answers is not None else [], engine.MT.shape[0], "answers")
    cdef Node node = _root(S, 0, 0, L, 0, 0, 0)
    cdef Node own = node
    cdef int64_t* out
    if not (0 <= played or answers is not None) or played >= engine.MT.shape[1] or engine.mode == MODE_NORMAL:
        raise ValueError("a played guess in hard or possible mode")
    node.played, node.shown = played, code
    engine.setup(&c, None)
    if answers is None:
        out = filter_legal(&c, node.L, node.m, played, code, &own.m)
        if out != NULL:
            list_hashes(&c, out, own.m, &own.lh1, &own.lh2)
    else:
        out = node_list(&c, &node, &own)
    if out == NULL:
        raise MemoryError()
    kept = np.array([out[i] for i in range(own.m)], dtype=np.int64)
    free(out)
    return kept, own.lh1, own.lh2


def counting_capacity(int64_t most_parts, int64_t guesses):
    """The most answers ``guesses`` guesses can solve (volume.solvable_within)."""
    return solvable_within(most_parts, guesses, INF)


def twin_guesses(Engine engine, answers, legal):
    """For each guess of ``legal`` (a node's list, in tie-break order), whether the search
    leaves it out at the node of ``answers``: a renaming of the symbols that fixes the node
    maps it onto a lower guess (renaming.pxd).  All False where no renaming fixes it."""
    cdef Ctx c
    S = np.sort(_indices(answers, engine.MT.shape[0], "answers"))
    L = engine.legal_list(legal)
    cdef Node node = _root(S, 0, 0, L, 0, 0, 1)
    engine.setup(&c, None)
    cdef uint8_t* twin = renaming_twins(&c, &node)
    flags = np.zeros(node.m, dtype=bool)
    cdef Py_ssize_t i
    if twin != NULL:
        for i in range(node.m):
            flags[i] = twin[i]
        free(twin)
    return flags


def class_floor_probe(Engine engine, answers, int64_t most_parts, bint members_only):
    """The search's cheap bound on a class of ``answers`` (settle.class_bound, two guesses
    left, so no memo entry is read), when no guess makes more than ``most_parts`` classes
    of its parent; ``members_only``: the guesses legal there are its own answers."""
    cdef Ctx c
    cdef uint8_t seen[MAX_CODES]
    S = np.sort(_indices(answers, engine.MT.shape[0], "answers"))
    if engine.weighted or engine.deep_level or S.shape[0] < 1 or most_parts < 2:
        raise ValueError("an unweighted engine, a set and at least two classes")
    cdef Node node = _root(S, _hash_sum(engine.z1, S), _hash_sum(engine.z2, S), S, 0, 0, 2)
    engine.setup(&c, None)
    memset(seen, 0, sizeof(seen))
    return class_bound(&c, &node, seen, most_parts, members_only)
