# The tuple search's alpha-beta over positions (_tuples.pyx; the search and its tie rule are
# stated in multiboard/exact.py).  ``beta`` NO_BETA: no cut asked for.


cdef inline int64_t all_lost(int64_t n, int64_t r) noexcept:
    """The cost of ``n`` tuples none of which is solved."""
    return n * (LOST_COST + r)


cdef inline int64_t ceil_div(int64_t x, int64_t w) noexcept:
    """ceil(x / w) for w > 0."""
    if x >= 0:
        return (x + w - 1) // w
    return -((-x) // w)


cdef int check_deadline(TupleSearch s) except -1:
    """Ctrl-C, and the deadline: ``stopped`` raised once past it."""
    PyErr_CheckSignals()
    if s.deadline_at >= 0 and monotonic() > s.deadline_at:
        raise s.stopped(f"the search passed its deadline after {s.nodes:,} nodes")
    return 0


cdef object beta_value(int64_t beta):
    return None if beta == NO_BETA else beta


cdef int64_t solve(TupleSearch s, Sets sets, int64_t r, int64_t beta, Table candidates) except -1:
    """The least cost of the position with ``r`` guesses left (a value at least ``beta`` when
    that is at least ``beta``), ``candidates`` holding its kept guesses."""
    cdef int64_t n = sets.tuples, k = sets.boards, bound, cost, forced, p
    cdef int i
    if k > r:
        return n * tuple_cost(k, r)
    if k == 1 and s.one_board is not None:  # a set of distinct answers: a single-board position
        value = s.one_board(s.set_words(sets.numbers[0]), r, beta_value(beta))
        if value is not None:
            return value
    bound = static_bound_of(n, k, sets.hits, r)
    if beta != NO_BETA and bound >= beta:
        return bound
    key = (sets.key, r)
    known = s.memo.get(key)
    if known is not None:
        s.memo_hits += 1
        cost = known[0]
        if known[1] or (beta != NO_BETA and cost >= beta):
            return cost
        bound = max(bound, cost)
    check_deadline(s)
    s.nodes += 1
    forced = held_by_all(s, sets)
    if forced < 0:
        return search(s, sets, r, bound, beta, candidates)
    if n == 1:  # one tuple, its answers guessed one by one when each is a guess
        for i in range(sets.n_groups):
            for p in range(s.lengths[sets.numbers[i]]):
                if guess_of(s, s.words[s.offsets[sets.numbers[i]] + p]) < 0:
                    break
            else:
                continue
            break
        else:
            s.memo[key] = (k, True, forced)
            return k
    cost = sets_guess_cost(s, sets, forced, r, beta, candidates)  # best first: exact.py
    s.memo[key] = (cost, True, forced) if beta == NO_BETA or cost < beta else (cost, False, None)
    return cost


cdef int64_t search(TupleSearch s, Sets sets, int64_t r, int64_t bound, int64_t beta, Table candidates) except -1:
    """The position's guesses tried in the search's order (``bound`` a lower bound known);
    the result in the memo."""
    key = (sets.key, r)
    cdef int64_t n = sets.tuples, best, best_guess = -1, rank, i, guess, cost
    cdef Table table = cached_table(s, sets, r, candidates)
    least = table.least()
    if least is None:  # no guess tells anything: every tuple is lost
        s.memo[key] = (all_lost(n, r), True, None)
        return all_lost(n, r)
    bound = max(bound, <int64_t>least)
    if beta != NO_BETA and bound >= beta:
        s.memo[key] = (bound, False, None)
        return bound
    best = beta
    report = s.report if key == s.root else None
    cdef int64_t *order = table_order(table)
    for rank in range(table.size):
        i = order[rank]
        if best != NO_BETA and table.bounds[i] >= best:
            s.bound_cuts += table.size - rank
            break
        guess = table.guesses[i]
        cost = sets_guess_cost(s, sets, guess, r, best, table)
        if report is not None:
            report(rank + 1, table.size)
        if cost < best:
            best, best_guess = cost, guess
            if best <= bound:
                break
    if report is not None:
        report(table.size, table.size)
    if best_guess < 0:  # every guess cut: beta is a lower bound
        s.memo[key] = (best, False, None)
        return best
    s.memo[key] = (best, True, best_guess)
    s.tables.pop(key, None)
    return best


cdef Table cached_table(TupleSearch s, Sets sets, int64_t r, Table candidates):
    """The position's guess table, kept until the position is valued exactly (a bounded
    cache: emptied when full)."""
    key = (sets.key, r)
    table = s.tables.get(key)
    if table is None:
        check_deadline(s)
        if s.table_guesses >= TABLE_CACHE_GUESSES:
            s.tables.clear()
            s.table_guesses = 0
        table = make_table(s, sets, r, candidates)
        s.tables[key] = table
        s.table_guesses += (<Table>table).size
    return table


cdef int64_t probe(TupleSearch s, Sets sets, int64_t r, Table candidates) except -1:
    """A lower bound on the position's cost from the memo and one guess's lookahead (the
    least bound of its table, or its word every tuple holds played), kept in the memo."""
    cdef int64_t n = sets.tuples, k = sets.boards, bound, ahead, forced
    if k > r:
        return n * tuple_cost(k, r)
    bound = static_bound_of(n, k, sets.hits, r)
    key = (sets.key, r)
    known = s.memo.get(key)
    if known is not None:
        if known[1]:
            return known[0]
        bound = max(bound, <int64_t>known[0])
    if k == 1 and s.one_board is not None:  # the single-board engine's value, when it has one
        value = s.one_board(s.set_words(sets.numbers[0]), r, None)
        return bound if value is None else value
    forced = held_by_all(s, sets)
    if forced >= 0:
        ahead = ahead_bound(s, sets, forced, r)
    else:
        least = cached_table(s, sets, r, candidates).least()
        ahead = all_lost(n, r) if least is None else least
    if ahead > bound:
        bound = ahead
        s.memo[key] = (bound, False, None)
    return bound


cdef int64_t sets_guess_cost(TupleSearch s, Sets sets, int64_t guess, int64_t r, int64_t beta,
                             Table candidates) except -1:
    """The cost of playing ``guess`` now (at least ``beta`` when it cannot beat it): the parts
    are first bounded one guess ahead (:func:`probe`), then searched, largest first."""
    s.tried += 1
    cdef Parts parts = parts_below(s, sets, guess, True)
    cdef int64_t total = sets.tuples, rest = 0, probed, weight, local_beta, i, count = parts.count
    cdef Part *part
    cdef list made = [None] * count
    cdef int64_t *bounds = <int64_t *>malloc(max(1, count) * sizeof(int64_t))
    if not bounds:
        raise MemoryError()
    try:
        for i in range(count):
            part = &parts.items[i]
            bounds[i] = part.weight * static_bound_of(part.tuples, part.boards, part.hits, r - 1)
            rest += bounds[i]
        if beta != NO_BETA:
            for i in range(count):
                if total + rest >= beta:
                    return total + rest
                made[i] = part_sets(s, parts, i)
                probed = parts.items[i].weight * probe(s, made[i], r - 1, candidates)
                rest += probed - bounds[i]
                bounds[i] = probed
        for i in range(count):
            weight = parts.items[i].weight
            rest -= bounds[i]
            if beta != NO_BETA and total + bounds[i] + rest >= beta:
                return total + bounds[i] + rest
            local_beta = NO_BETA if beta == NO_BETA else ceil_div(beta - total - rest, weight)
            if made[i] is None:
                made[i] = part_sets(s, parts, i)
            total += weight * solve(s, made[i], r - 1, local_beta, candidates)
        return total
    finally:
        free(bounds)


cdef int64_t ahead_bound(TupleSearch s, Sets sets, int64_t guess, int64_t r) except -1:
    """The cost of playing ``guess`` is at least this: every tuple pays it, and each part
    below its static bound (the parts' figures summed without making them)."""
    cdef Parts parts = parts_below(s, sets, guess, False)
    cdef int64_t total = sets.tuples, i
    cdef Part *part
    for i in range(parts.count):
        part = &parts.items[i]
        total += part.weight * static_bound_of(part.tuples, part.boards, part.hits, r - 1)
    return total


cdef tuple ranked_of(TupleSearch s, Sets sets, int64_t r):
    """The position's table over every guess and its guesses in the search's order, each
    with its bound: a word every tuple holds first."""
    cdef Table table = make_table(s, sets, r, s.all_guesses)
    cdef int64_t *order = table_order(table)
    ranked = [(table.guesses[order[i]], table.bounds[order[i]]) for i in range(table.size)]
    forced = held_by_all(s, sets)
    return table, sorted(ranked, key=lambda pair: pair[0] != forced)  # stable: the rest keep their order


cdef list best_moves(TupleSearch s, Sets sets, int64_t r, int64_t top):
    """The ``top`` least costs of a move and their guesses (TupleSearch.best_moves)."""
    s.root = (sets.key, r)
    solve(s, sets, r, NO_BETA, s.all_guesses)
    table, ranked = ranked_of(s, sets, r)
    best = []
    cdef int64_t beta, cost
    for rank, (guess, bound) in enumerate(ranked):
        beta = best[len(best) - 1][0] + 1 if len(best) >= top else NO_BETA
        if beta != NO_BETA and bound >= beta:  # its cost is at least its bound: it cannot enter
            continue
        check_deadline(s)
        cost = sets_guess_cost(s, sets, guess, r, beta, table)
        if beta == NO_BETA or cost < beta:
            best = sorted([*best, (cost, rank, guess)])[:top]
    return [(cost, guess) for cost, _, guess in best]
