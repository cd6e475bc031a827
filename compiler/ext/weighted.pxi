# Answers of unequal weight (included by _search.pyx): the closed forms and the cheap bounds
# of the weighted search, where a set's cost is Σ weight × guesses.  Everything else (the
# memo, the candidate loop, the tie-break, the rebuild) is the search of the module
# docstring with these in place of the unweighted 1 / 3 / 2n - 1 / 2n.
#
# For a set S of weight W, heaviest answer w_max and lightest w_min:
#
# * one answer costs its weight; two cost W + the lighter (the heavier is guessed first);
# * a guess solves at most one answer at the first guess, so S costs at least 2W - w_max;
# * an answer g whose word separates S costs exactly 2W - w_g;
# * any other first guess costs at least 2W - w_max + w_min: a word of S that does not
#   separate S leaves two answers in one class, one of which needs a third guess, and a
#   word that is no answer costs 2W at least.  So a separating answer g is optimal when
#   w_g >= w_max - w_min (with equal weights, any separating answer), and is otherwise
#   still the best play with two guesses left.

cdef enum:
    MEMO_DECIDES = -3  # weighted_choice: the node was searched, its memo entry holds the choice

cdef struct WeightedFloor:
    int64_t weight     # W
    int64_t lower      # a lower bound on the set's cost (exact when ``exact``)
    int64_t splitter   # the heaviest answer that separates the set, or -1
    bint exact         # the splitter is optimal and ``lower`` its cost


cdef void weighted_floor(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi, uint8_t* seen,
                         WeightedFloor* out) noexcept nogil:
    """The header's bounds for S[lo:hi] (at least three answers)."""
    cdef int64_t heaviest, lightest, split_weight
    out.weight = set_weight(c, S, lo, hi, &heaviest, &lightest)
    out.splitter = heaviest_answer_split(c, S, lo, hi, seen, &split_weight)
    out.lower = 2 * out.weight - heaviest + lightest
    out.exact = out.splitter >= 0 and 2 * out.weight - split_weight <= out.lower
    if out.exact:
        out.lower = 2 * out.weight - split_weight


cdef inline int64_t pair_first(const Ctx* c, const int64_t* S, int64_t lo) noexcept nogil:
    """Of two answers, the one guessed first: the heavier, the alphabetically first on a tie."""
    return S[lo + 1] if c.weights[S[lo + 1]] > c.weights[S[lo]] else S[lo]


cdef int64_t settle_weighted(Ctx* c, const int64_t* S, int64_t lo, int64_t hi, const int64_t* L, int64_t m,
                             int64_t played, int64_t shown, int64_t d, int64_t beta, uint8_t* seen,
                             bint* hopeless) noexcept nogil:
    """settle_without_search for weighted answers (see the header)."""
    cdef int64_t n = hi - lo, g, first
    cdef WeightedFloor f
    if d <= 0:
        return pack(INF, 0, -1)
    if n == 1:
        return pack(c.weights[S[lo]], 1, c.a2g[S[lo]])
    if d == 1:
        return pack(INF, 0, -1)
    if n == 2:
        first = pair_first(c, S, lo)
        return pack(c.weights[S[lo]] + c.weights[S[lo + 1]] + min(c.weights[S[lo]], c.weights[S[lo + 1]]), 2,
                    c.a2g[first])
    weighted_floor(c, S, lo, hi, seen, &f)
    if f.exact or (d == 2 and f.splitter >= 0):
        return pack(2 * f.weight - c.guess_weight[f.splitter], 2, f.splitter)
    if f.lower >= beta:
        c.stats[S_BOUND_EXITS] += 1
        return pack(f.lower, 0, -1)
    if d == 2:  # no answer separates the set: a word that does costs 2W
        if 2 * f.weight >= beta:
            c.stats[S_BOUND_EXITS] += 1
            return pack(2 * f.weight, 0, -1)
        g = last_two_guesses(c, c.mode, S, lo, hi, L, m, played, shown, seen)
        if g >= 0:
            return pack(2 * f.weight, 2, g)
        hopeless[0] = g == -1
        return pack(INF, 0, -1)
    return -1


cdef int64_t weighted_class_bound(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi, int64_t d,
                                  uint8_t* seen, int64_t most_parts) noexcept nogil:
    """A cheap lower bound on the class S[lo:hi] with d guesses left (exact for 1-2
    answers).  ``most_parts``: the most classes any guess makes of the parent set."""
    cdef WeightedFloor f
    if hi - lo == 1:
        return c.weights[S[lo]]
    if hi - lo == 2:
        return c.weights[S[lo]] + c.weights[S[lo + 1]] + min(c.weights[S[lo]], c.weights[S[lo + 1]])
    if hi - lo > most_parts + 1:
        return crowded_bound(c, S, lo, hi, most_parts)
    weighted_floor(c, S, lo, hi, seen, &f)
    if d == 2 and not f.exact:  # the best play with two guesses left: a separating answer, or 2W at least
        return 2 * f.weight - c.guess_weight[f.splitter] if f.splitter >= 0 else 2 * f.weight
    return f.lower


cdef int64_t weighted_choice(const Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, int64_t d,
                             uint8_t* seen) noexcept nogil:
    """The rebuild's choice at a node settle_weighted decided (one or two answers, a
    separating answer it takes, the last two guesses), or MEMO_DECIDES."""
    cdef WeightedFloor f
    if n == 1:
        return c.a2g[S[0]]
    if n == 2:
        return c.a2g[pair_first(c, S, 0)]
    weighted_floor(c, S, 0, n, seen, &f)
    if f.exact or (d == 2 and f.splitter >= 0):
        return f.splitter
    if d == 2:
        return max(-1, last_two_guesses(c, MODE_NORMAL, S, 0, n, L, m, -1, 0, seen))
    return MEMO_DECIDES


cdef int64_t crowded_bound(const Ctx* c, const int64_t* S, int64_t lo, int64_t hi, int64_t most_parts) noexcept nogil:
    """A bound for a class that no guess splits into more than ``most_parts`` classes (of
    more than most_parts + 1 answers, so none separates it): a guess leaves at most
    most_parts - 1 classes besides its own green one (most_parts if it is no answer), and
    each class C costs at least 2W_C minus its heaviest answer, so the class costs at least
    3W - 2w_max - (its most_parts - 1 largest weights), and 2W - w_max + w_min anyway."""
    cdef int64_t s = hi - lo, i, total = 0, heaviest = 0, lightest = INF, largest = 0
    cdef int64_t* ascending = <int64_t*>malloc(s * sizeof(int64_t))
    if ascending == NULL:
        return 0  # a bound of nothing: only work is lost
    for i in range(s):
        ascending[i] = c.weights[S[lo + i]]
        total += ascending[i]
        heaviest = max(heaviest, ascending[i])
        lightest = min(lightest, ascending[i])
    qsort(ascending, s, sizeof(int64_t), compare_keys)
    for i in range(max(most_parts - 1, 0)):
        largest += ascending[s - 1 - i]
    free(ascending)
    return max(2 * total - heaviest + lightest, 3 * total - 2 * heaviest - largest)
