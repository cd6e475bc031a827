# Renamings of the symbols that map a node onto itself, and the guesses they make twins.
#
# Both rules score a (guess, answer) pair by which symbols are equal, never by which symbols
# they are, so renaming every symbol by one permutation keeps every score.  Where the lists
# are closed under renaming (Mastermind's codes, all of them or the distinct ones), a
# renaming r that maps a node's answers S onto S, its legal guesses L onto L and every answer
# onto one of the same weight maps the subtree of any guess g onto a subtree of r(g) of the
# same total and depth, and r(g) is one of S exactly when g is.  So g and r(g) tie, and the
# tie-break keeps the one of lower index: the search need try only each guess that no such
# renaming maps onto a lower one.
#
# The renamings found are those the transpositions (x y) that fix the node generate: the
# symbols fall into blocks (x and y in one block when (x y) fixes the node, closed under
# chains), and every permutation within each block fixes the node.  The guess list is in
# lexicographic order of its symbol numbers (Engine checks it), so the lowest guess in a
# guess's orbit renames, reading left to right, each block's symbols to that block's
# smallest ones in the order they first appear; a guess is tried only when it is that one.
#
# Lists.answer_swaps[p * n_answers + a] is answer a with pair p's two symbols exchanged
# (pairs (x, y), x < y, numbered in lexicographic order), Lists.guess_swaps the same for
# guesses; both NULL when the lists are not closed under renaming (no word list is).

from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free

from context cimport Ctx, Node, every_guess_in_order, symbols_of
from rules cimport MAX_SYMBOLS


cdef inline bint in_bits(const uint64_t* bits, int64_t i) noexcept nogil:
    return (bits[i >> 6] >> (i & 63)) & 1


cdef inline uint64_t* bits_of(const int64_t* values, int64_t count, int64_t size) noexcept nogil:
    """A calloc'd bit set of ``count`` indices below ``size``; NULL when no memory was left."""
    cdef uint64_t* bits = <uint64_t*>calloc((size >> 6) + 1, sizeof(uint64_t))
    cdef int64_t i
    if bits != NULL:
        for i in range(count):
            bits[values[i] >> 6] |= (<uint64_t>1) << (values[i] & 63)
    return bits


cdef inline bint swap_fixes(const Ctx* c, const Node* node, int64_t pair, const uint64_t* answers,
                            const uint64_t* guesses) noexcept nogil:
    """Whether exchanging pair ``pair``'s two symbols maps S onto S (each answer onto one of
    the same weight) and L onto L (``guesses`` NULL: L is every guess, closed already)."""
    cdef const int32_t* to_answer = c.lists.answer_swaps + pair * c.lists.n_answers
    cdef const int32_t* to_guess = c.lists.guess_swaps + pair * c.lists.n_guesses
    cdef int64_t i, a, b
    for i in range(node.n):
        a = node.S[i]
        b = to_answer[a]
        if b != a and (b < 0 or not in_bits(answers, b)):
            return False
        if c.objective.weights != NULL and c.objective.weights[a] != c.objective.weights[b]:
            return False
    if guesses != NULL:
        for i in range(node.m):
            b = to_guess[node.L[i]]
            if b < 0 or not in_bits(guesses, b):
                return False
    return True


cdef inline int block_root(int* parent, int s) noexcept nogil:
    while parent[s] != s:
        parent[s] = parent[parent[s]]
        s = parent[s]
    return s


cdef inline bint symbol_blocks(const Ctx* c, const Node* node, int* parent) noexcept nogil:
    """parent[s]: the symbols in blocks (union-find roots) under the transpositions that fix
    the node; True when some block holds two symbols or more."""
    cdef int64_t n_symbols = c.game.n_symbols, pair = 0
    cdef int x, y, rx, ry
    cdef bint found = False
    cdef uint64_t* answers = bits_of(node.S, node.n, c.lists.n_answers)
    cdef uint64_t* guesses = NULL
    if not every_guess_in_order(c, node.L, node.m):
        guesses = bits_of(node.L, node.m, c.lists.n_guesses)
        if guesses == NULL:
            free(answers)
            return False
    if answers == NULL:
        return False
    for x in range(n_symbols):
        parent[x] = x
    for x in range(n_symbols):
        for y in range(x + 1, n_symbols):
            rx, ry = block_root(parent, x), block_root(parent, y)
            if rx != ry and swap_fixes(c, node, pair, answers, guesses):
                parent[max(rx, ry)] = min(rx, ry)
                found = True
            pair += 1
    free(answers)
    free(guesses)
    return found


cdef inline bint lowest_in_orbit(const Ctx* c, int64_t guess, const int* root, const int* rank,
                                 const int* size) noexcept nogil:
    """Whether ``guess`` is the lowest guess its blocks' renamings reach: each block's
    symbols first appear in it as that block's smallest ones, in increasing order."""
    cdef const uint8_t* symbols = symbols_of(c, guess)
    cdef int used[MAX_SYMBOLS]  # by block root: its symbols met so far
    cdef uint64_t met = 0  # the symbols met so far
    cdef int i, s, b
    for i in range(c.game.length):
        s = symbols[i]
        b = root[s]
        if size[b] >= 2 and not (met >> s) & 1:
            if rank[s] == 0:
                used[b] = 0  # the block's smallest symbol must come first
            elif (met >> b) & 1 == 0:
                return False  # the block's first symbol here is not its smallest
            if rank[s] != used[b]:
                return False
            used[b] += 1
            met |= (<uint64_t>1) << s
    return True


cdef inline uint8_t* renaming_twins(const Ctx* c, const Node* node) noexcept nogil:
    """A calloc'd flag per guess of L (by its index in L): 1 when a renaming that fixes the
    node maps it onto a lower guess, so the search need not try it.  NULL when no renaming
    fixes the node (or the lists are not closed under renaming, or no memory was left)."""
    cdef int parent[MAX_SYMBOLS]
    cdef int root[MAX_SYMBOLS]
    cdef int rank[MAX_SYMBOLS]
    cdef int size[MAX_SYMBOLS]
    cdef int s
    cdef int64_t idx
    cdef uint8_t* twin
    if c.lists.answer_swaps == NULL or node.n < 2 or not symbol_blocks(c, node, parent):
        return NULL
    twin = <uint8_t*>calloc(node.m + 1, 1)
    if twin == NULL:
        return NULL
    for s in range(c.game.n_symbols):
        size[s] = 0
    for s in range(c.game.n_symbols):  # ascending: a symbol's rank is the block's smaller symbols
        root[s] = block_root(parent, s)
        rank[s] = size[root[s]]
        size[root[s]] += 1
    for idx in range(node.m):
        twin[idx] = not lowest_in_orbit(c, node.L[idx], root, rank, size)
    return twin
