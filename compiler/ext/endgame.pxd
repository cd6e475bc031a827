# Endgames: answers that share all their letters in place but one (.ight, ma.es) and so
# can only be told apart one letter at a time.  See search/endgame.py for the argument: a
# set holding m members of one group, with d guesses left, is infeasible when the d - 1 largest
# "split-offs" D(t) = m - |largest class of the members under t| over the legal guesses
# sum to less than m - 1.

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memset

from candidates cimport compare_keys
from context cimport Ctx, Node, cell, symbols_of
from rules cimport MAX_CODES, RULE_WORDLE, code_t

cdef extern from *:
    """
    /* bit counting without a library call (no POPCNT instruction is assumed) */
    static inline long long wordle_popcount(unsigned long long x) {
        x = x - ((x >> 1) & 0x5555555555555555ULL);
        x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
        x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
        return (long long)((x * 0x0101010101010101ULL) >> 56);
    }
    """
    int64_t popcount "wordle_popcount"(uint64_t x) noexcept nogil

cdef enum:
    MIN_GROUP = 4  # a smaller group can never be why a set needs more than three guesses
    MAX_LEFT = 8   # guesses remembered per node (d - 1 <= the depth limit, at most 8 in practice)


cdef inline int64_t biggest_group(const Ctx* c, const int64_t* S, int64_t n, int64_t* count) noexcept nogil:
    """The group with most members in S, and that count; -1 (and 0) when S meets no group
    or no memory was left (ties: the lowest id)."""
    cdef int64_t* ids = <int64_t*>malloc(c.game.length * n * sizeof(int64_t) + 8)
    cdef int64_t k = 0, i, j, p, g, best, run = 1
    count[0] = 0
    if ids == NULL:
        return -1
    for i in range(n):
        for p in range(c.game.length):
            g = c.lists.groups[S[i] * c.game.length + p]
            if g >= 0:
                ids[k] = g
                k += 1
    if k == 0:
        free(ids)
        return -1
    qsort(ids, k, sizeof(int64_t), compare_keys)
    best = ids[0]
    count[0] = 1
    for j in range(1, k):
        run = run + 1 if ids[j] == ids[j - 1] else 1
        if run > count[0]:
            best, count[0] = ids[j], run
    free(ids)
    return best


cdef inline int64_t hit_bound(const Ctx* c, int64_t t, uint64_t open_symbols, int64_t count) noexcept nogil:
    """An upper bound on D(t) for ``count`` members of one group, ``open_symbols`` the
    symbols they hold at the group's open position (one each: the members differ only
    there), Wordle's rule.  A member whose open symbol does not occur in t shows the same
    code as every other such member (its greens are the shared ones, and each symbol of t
    occurs as often in it as in the shared symbols), so the members t can split off are at
    most those whose open symbol it holds, and never all of them."""
    return min(popcount(c.game.symbol_sets[t] & open_symbols), count - 1)


cdef enum:
    ENDGAME_OPEN = 0    # not shown, and not worth a search of the group alone
    ENDGAME_CUT = 1     # proved: no tree solves the set within d guesses
    ENDGAME_CLOSE = 2   # not shown, but close: the group's members alone are worth a search


cdef inline int endgame_infeasible(const Ctx* c, const Node* node) noexcept nogil:
    """1 when the node's biggest endgame group cannot be split down to one member within
    its d guesses from its L; 0 means "not shown"."""
    cdef int64_t count
    cdef int64_t group = biggest_group(c, node.S, node.n, &count)
    return group_infeasible(c, node, group, count)


cdef inline int group_infeasible(const Ctx* c, const Node* node, int64_t group, int64_t count) noexcept nogil:
    """:func:`endgame_infeasible` for a group already found (``biggest_group``: its id and
    its ``count`` members in S)."""
    cdef int64_t* members
    cdef int verdict = group_verdict(c, node, 0, group, count, &members)
    free(members)
    return verdict == ENDGAME_CUT


cdef inline bint answers_split_group(const Ctx* c, const Node* node, int64_t group, int64_t count) noexcept nogil:
    """Whether the node's own answers, played as guesses, split the group (its id and
    ``count`` members in S, from ``biggest_group``) enough for :func:`group_infeasible` to
    say "not shown" from any list that holds them.  In hard and possible mode every answer
    of S is legal at S (it keeps every hint it was shown), or a guess that plays alike on
    every subset is (``legal.drop_duplicates``), so this settles a class before its list
    is made (node.L is not read)."""
    cdef int64_t* guesses = <int64_t*>malloc(node.n * sizeof(int64_t) + 8)
    cdef int64_t* members
    cdef int64_t i
    cdef int verdict
    cdef Node answers_only = node[0]
    if guesses == NULL:
        return False
    for i in range(node.n):
        guesses[i] = c.lists.a2g[node.S[i]]
    answers_only.L, answers_only.m = guesses, node.n
    verdict = group_verdict(c, &answers_only, 0, group, count, &members)
    free(members)
    free(guesses)
    return verdict == ENDGAME_OPEN


cdef inline int endgame_verdict(const Ctx* c, const Node* node, int64_t close_within, int64_t** members_out,
                                int64_t* members_count) noexcept nogil:
    """ENDGAME_CUT when the node's biggest endgame group cannot be split down to one
    member within its d guesses from its L.  ENDGAME_CLOSE when it can, but the d - 1 best
    split-offs exceed what is needed by less than ``close_within``: then ``members_out``
    holds the group's members in S, in S's order (the caller frees it; NULL in every other
    case), and ``members_count`` their number, and a search of those members alone often
    proves what the count cannot (the legal lists narrow as guesses are played; the
    reference solver's "subendgame" search)."""
    cdef int64_t group = biggest_group(c, node.S, node.n, members_count)
    return group_verdict(c, node, close_within, group, members_count[0], members_out)


cdef inline int group_verdict(const Ctx* c, const Node* node, int64_t close_within, int64_t group, int64_t count,
                              int64_t** members_out) noexcept nogil:
    """:func:`endgame_verdict` for the group ``group`` with ``count`` members in S.  A guess
    whose :func:`hit_bound` cannot beat the ``left``-th largest D(t) so far is passed over
    unscored: the verdict is the same, and most guesses cost one AND instead of a class count."""
    cdef const int64_t* S = node.S
    cdef const int64_t* L = node.L
    cdef int64_t n = node.n, m = node.m
    cdef int64_t left = node.d - 1
    cdef int64_t top[MAX_LEFT]  # the ``left`` largest D(t) so far, descending
    cdef int64_t sizes[MAX_CODES]
    cdef int64_t i, p, j, t, largest, split_off, pos, total = 0, k = 0
    cdef int64_t* members
    cdef code_t code
    cdef uint64_t open_symbols = 0  # the symbols the members hold at the group's open position
    cdef bint by_symbols = c.game.rule == RULE_WORDLE
    members_out[0] = NULL
    if group < 0 or left < 1 or count - 1 <= left or left > MAX_LEFT:
        return ENDGAME_OPEN  # (the middle case: d - 1 guesses that each split off one member would do)
    members = <int64_t*>malloc(count * sizeof(int64_t))
    if members == NULL:
        return ENDGAME_OPEN
    for i in range(n):
        for p in range(c.game.length):
            if c.lists.groups[S[i] * c.game.length + p] == group:
                members[k] = S[i]
                open_symbols |= (<uint64_t>1) << symbols_of(c, c.lists.a2g[S[i]])[p]
                k += 1
                break
    memset(top, 0, sizeof(top))
    memset(sizes, 0, sizeof(sizes))
    for j in range(m):
        t = L[j]
        if by_symbols and hit_bound(c, t, open_symbols, count) <= top[left - 1]:
            continue  # D(t) cannot enter the top
        largest = 0
        for i in range(count):
            code = cell(c, members[i], t)
            sizes[code] += 1
            if sizes[code] > largest:
                largest = sizes[code]
        for i in range(count):
            sizes[cell(c, members[i], t)] = 0
        split_off = count - largest
        if split_off <= top[left - 1]:
            continue
        pos = left - 1
        while pos > 0 and top[pos - 1] < split_off:
            top[pos] = top[pos - 1]
            pos -= 1
        top[pos] = split_off
        total = 0
        for i in range(left):
            total += top[i]
        if total >= count - 1 + close_within:
            free(members)
            return ENDGAME_OPEN
    if total < count - 1:
        free(members)
        return ENDGAME_CUT
    members_out[0] = members
    return ENDGAME_CLOSE
