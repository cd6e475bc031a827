# The bound on playing a guess at a position (_tuples.pyx; the argument is in
# multiboard/exact.py): ``H``, the sum over the boards' classes that bounds the parts' hits,
# and the bound made from it.


cdef int64_t held_of(Sets sets, GroupSplit *groups, const int64_t *pid, int64_t *at, int64_t *cum,
                     double *cum_d, bint exact) noexcept:
    """``H`` (exact.py's bounds) of a guess whose partition of group i is ``pid[i]``, at most
    N: every board's classes in the order of j/size (a class shown all correct first, the
    others by size, largest first: the groups' lists merged), each counting j times the
    product over the other boards of the sizes of their classes before it; in doubles rounded
    up when the products may pass int64 (``exact`` false)."""
    cdef int i, b, board, boards = 0, pick
    cdef int64_t total = 0, product, size, j
    cdef double total_d = 0.0, product_d
    cdef int64_t first_board[MAX_GROUPS]
    for i in range(sets.n_groups):
        first_board[i] = boards
        at[i] = groups[i].first[pid[i]]
        for b in range(groups[i].count):
            cum[boards + b] = groups[i].shut[pid[i]]  # the class shown all correct: size 1, credit 0
            cum_d[boards + b] = cum[boards + b]
        boards += groups[i].count
    if exact and boards == 2:
        return held_of_two(sets, groups, pid, cum)
    while True:
        pick = -1
        for i in range(sets.n_groups):  # the group whose next class has the least j/size
            if at[i] < groups[i].first[pid[i] + 1]:
                if (pick < 0 or groups[i].count * groups[pick].sizes[at[pick]]
                        < groups[pick].count * groups[i].sizes[at[i]]):
                    pick = i
        if pick < 0:
            break
        size, j = groups[pick].sizes[at[pick]], groups[pick].count
        at[pick] += 1
        for board in range(first_board[pick], first_board[pick] + j):  # each of the group's boards, in turn
            if exact:
                product = 1
                for b in range(boards):
                    if b != board:
                        product *= cum[b]
                        if product == 0 or product >= sets.tuples:
                            break
                if product >= sets.tuples:
                    return sets.tuples
                total += j * product
                if total >= sets.tuples:
                    return sets.tuples
            else:
                product_d = 1.0
                for b in range(boards):
                    if b != board:
                        product_d *= cum_d[b]
                total_d += j * product_d
                if total_d >= sets.tuples:
                    return sets.tuples
            cum[board] += size
            cum_d[board] += size
    if exact:
        return total
    return min(sets.tuples, <int64_t>ceil(total_d * (1.0 + 1e-12)) + 1)


cdef int64_t held_of_two(Sets sets, GroupSplit *groups, const int64_t *pid, int64_t *cum) noexcept:
    """:func:`held_of` for two boards, ``cum`` holding their classes shown all correct: the
    two lists merged (two groups of one board), or one list taken board by board (one group
    of two)."""
    cdef int64_t total = 0, size, a, b, a_end, b_end, n = sets.tuples
    a, a_end = groups[0].first[pid[0]], groups[0].first[pid[0] + 1]
    if sets.n_groups == 1:
        while a < a_end:
            size = groups[0].sizes[a]
            total += 2 * cum[1]
            cum[0] += size
            total += 2 * cum[0]
            cum[1] += size
            if total >= n:
                return n
            a += 1
        return total
    b, b_end = groups[1].first[pid[1]], groups[1].first[pid[1] + 1]
    while a < a_end or b < b_end:
        if b >= b_end or (a < a_end and groups[0].sizes[a] >= groups[1].sizes[b]):  # ties: the first group's
            total += cum[1]
            cum[0] += groups[0].sizes[a]
            a += 1
        else:
            total += cum[0]
            cum[1] += groups[1].sizes[b]
            b += 1
        if total >= n:
            return n
    return total


cdef int64_t guess_bound(Sets sets, int64_t r, int64_t held, int64_t holding) noexcept:
    """The bound on playing a guess (exact.py): every tuple pays it, each part its static
    bound, from ``held`` (H) and the tuples holding the guess (``holding``)."""
    cdef int64_t n = sets.tuples, k = sets.boards, left = r - 1
    cdef int64_t spread_k = part_cost(k + 1, left) - part_cost(k, left) if k > 0 else 0
    cdef int64_t spread_below = part_cost(k, left) - part_cost(k - 1, left) if k > 1 else 0
    cdef int64_t saved = max(spread_k, spread_below) if holding > 0 else spread_k
    cdef int64_t open_k = part_cost(k + 1, left) if k > 0 else 0
    cdef int64_t open_below = part_cost(k, left) if k > 1 else 0
    cdef int64_t best = n + (n - holding) * open_k + holding * open_below - saved * held
    cdef int64_t floor = n + (n - holding) * part_cost(k, left) + holding * part_cost(k - 1, left)
    return max(best, floor)
