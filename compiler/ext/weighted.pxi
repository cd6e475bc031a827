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


cdef void weighted_floor(const Ctx* c, const Node* node, uint8_t* seen, WeightedFloor* out) noexcept nogil:
    """The header's bounds for the node's answers (at least three)."""
    cdef int64_t heaviest, lightest, split_weight
    out.weight = set_weight(c, node.S, 0, node.n, &heaviest, &lightest)
    out.splitter = heaviest_answer_split(c, node.S, 0, node.n, seen, &split_weight)
    out.lower = 2 * out.weight - heaviest + lightest
    out.exact = out.splitter >= 0 and 2 * out.weight - split_weight <= out.lower
    if out.exact:
        out.lower = 2 * out.weight - split_weight


cdef inline int64_t pair_first(const Ctx* c, const int64_t* S) noexcept nogil:
    """Of the two answers S[0], S[1], the one guessed first: the heavier, the
    alphabetically first on a tie."""
    return S[1] if c.objective.weights[S[1]] > c.objective.weights[S[0]] else S[0]


cdef inline int64_t pair_cost(const Ctx* c, const int64_t* S) noexcept nogil:
    """What the two answers S[0], S[1] cost: both weights, and the lighter's again."""
    cdef const int64_t* w = c.objective.weights
    return w[S[0]] + w[S[1]] + min(w[S[0]], w[S[1]])


cdef int64_t settle_weighted(Ctx* c, const Node* node, uint8_t* seen, bint* hopeless) noexcept nogil:
    """settle_without_search for weighted answers (see the header)."""
    cdef const int64_t* S = node.S
    cdef int64_t n = node.n, d = node.d, beta = node.beta, g
    cdef WeightedFloor f
    if d <= 0:
        return pack(INF, 0, -1)
    if n == 1:
        return pack(c.objective.weights[S[0]], 1, c.lists.a2g[S[0]])
    if d == 1:
        return pack(INF, 0, -1)
    if n == 2:
        return pack(pair_cost(c, S), 2, c.lists.a2g[pair_first(c, S)])
    weighted_floor(c, node, seen, &f)
    if f.exact or (d == 2 and f.splitter >= 0):
        return pack(2 * f.weight - c.objective.guess_weight[f.splitter], 2, f.splitter)
    if f.lower >= beta:
        c.work.stats[S_BOUND_EXITS] += 1
        return pack(f.lower, 0, -1)
    if d == 2:  # no answer separates the set: a word that does costs 2W
        if 2 * f.weight >= beta:
            c.work.stats[S_BOUND_EXITS] += 1
            return pack(2 * f.weight, 0, -1)
        g = last_two_guesses(c, node, seen)
        if g >= 0:
            return pack(2 * f.weight, 2, g)
        hopeless[0] = g == -1
        return pack(INF, 0, -1)
    return -1


cdef int64_t weighted_class_bound(const Ctx* c, const Node* cls, uint8_t* seen, int64_t most_parts) noexcept nogil:
    """A cheap lower bound on a class (as a node) with its d guesses left (exact for 1-2
    answers).  ``most_parts``: the most classes any guess makes of the parent set."""
    cdef WeightedFloor f
    if cls.n == 1:
        return c.objective.weights[cls.S[0]]
    if cls.n == 2:
        return pair_cost(c, cls.S)
    if cls.n > most_parts + 1:
        return crowded_bound(c, cls, most_parts)
    weighted_floor(c, cls, seen, &f)
    if cls.d == 2 and not f.exact:  # the best play with two guesses left: a separating answer, or 2W at least
        return 2 * f.weight - c.objective.guess_weight[f.splitter] if f.splitter >= 0 else 2 * f.weight
    return f.lower


cdef int64_t weighted_choice(const Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """The rebuild's choice at a node settle_weighted decided (one or two answers, a
    separating answer it takes, the last two guesses), or MEMO_DECIDES.  The node's L is
    its own list."""
    cdef WeightedFloor f
    if node.n == 1:
        return c.lists.a2g[node.S[0]]
    if node.n == 2:
        return c.lists.a2g[pair_first(c, node.S)]
    weighted_floor(c, node, seen, &f)
    if f.exact or (node.d == 2 and f.splitter >= 0):
        return f.splitter
    if node.d == 2:
        return max(-1, last_two_guesses(c, node, seen))
    return MEMO_DECIDES


cdef int64_t crowded_bound(const Ctx* c, const Node* cls, int64_t most_parts) noexcept nogil:
    """A bound for a class that no guess splits into more than ``most_parts`` classes (of
    more than most_parts + 1 answers, so none separates it): a guess leaves at most
    most_parts - 1 classes besides its own green one (most_parts if it is no answer), and
    each class C costs at least 2W_C minus its heaviest answer, so the class costs at least
    3W - 2w_max - (its most_parts - 1 largest weights), and 2W - w_max + w_min anyway.
    Past most_parts^2 answers the counting bound's deeper levels add to the first
    (volume.lightest_past_levels)."""
    cdef int64_t s = cls.n, i, total = 0, heaviest = 0, lightest = INF, largest = 0, deeper = 0
    cdef int64_t* ascending = <int64_t*>malloc((2 * s + 1) * sizeof(int64_t))
    cdef int64_t* top = ascending + s  # heaviest-first prefix sums
    if ascending == NULL:
        return 0  # a bound of nothing: only work is lost
    for i in range(s):
        ascending[i] = c.objective.weights[cls.S[i]]
        total += ascending[i]
        heaviest = max(heaviest, ascending[i])
        lightest = min(lightest, ascending[i])
    qsort(ascending, s, sizeof(int64_t), compare_keys)
    for i in range(max(most_parts - 1, 0)):
        largest += ascending[s - 1 - i]
    if s > most_parts * most_parts:  # the counting bound's levels past three guesses
        top[0] = 0
        for i in range(1, s + 1):
            top[i] = top[i - 1] + ascending[s - i]
        deeper = lightest_past_levels(top, s, s, most_parts * most_parts, most_parts)
    free(ascending)
    return max(2 * total - heaviest + lightest, 3 * total - 2 * heaviest - largest + deeper)
