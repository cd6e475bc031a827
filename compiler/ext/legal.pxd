# Hard and possible mode: the guesses a node may play, and the last two guesses of a set.

from libc.stdint cimport int32_t, int64_t, uint8_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memcpy

from context cimport MODE_HARD, MODE_NORMAL, Ctx, Node, cell, code_between, every_guess_in_order, symbols_of
from passes cimport perfect_split, symbols_of_set
from rules cimport WORDLE_LENGTH, code_t, hard_mode_bit_masks, hard_mode_hints, keeps_hint_masks, keeps_hints

cdef enum:
    SPLIT_CHUNK = 512  # guesses pre-tested per call of the vector filter (a stack buffer)

# The vector filter of the last-two-guesses scan: a guess can split a set completely only
# if it tells its first three (four) answers apart, and testing that for a run of guesses
# is code compares over the answers' contiguous matrix rows, which GCC vectorises (one
# build, AVX2 where the CPU has it, as in passes.pxd).
cdef extern from *:
    """
    #include "codes.h"

    #if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
    #define WORDLE_SPLIT_CLONES __attribute__((target_clones("avx2", "default")))
    #else
    #define WORDLE_SPLIT_CLONES
    #endif

    /* out[j] = 1 where rows r0..r2 (and r3 unless NULL) hold distinct codes at column j */
    WORDLE_SPLIT_CLONES static void wordle_distinct_columns(const wordle_code_t* r0, const wordle_code_t* r1,
                                                            const wordle_code_t* r2, const wordle_code_t* r3,
                                                            int64_t count, uint8_t* out) {
        if (r3 == NULL) {
            for (int64_t j = 0; j < count; j++) {
                wordle_code_t a = r0[j], b = r1[j], c = r2[j];
                out[j] = (a != b) & (a != c) & (b != c);
            }
            return;
        }
        for (int64_t j = 0; j < count; j++) {
            wordle_code_t a = r0[j], b = r1[j], c = r2[j], d = r3[j];
            out[j] = (a != b) & (a != c) & (b != c) & (a != d) & (b != d) & (c != d);
        }
    }
    """
    void distinct_columns "wordle_distinct_columns"(const code_t* r0, const code_t* r1, const code_t* r2,
                                                    const code_t* r3, int64_t count, uint8_t* out) noexcept nogil


cdef inline void list_hashes(const Ctx* c, const int64_t* L, int64_t m, uint64_t* lh1, uint64_t* lh2) noexcept nogil:
    """The two hashes of a guess list (sums of per-guess keys: the same for any order)."""
    cdef int64_t k
    lh1[0] = 0
    lh2[0] = 0
    for k in range(m):
        lh1[0] += c.lists.ZG1[L[k]]
        lh2[0] += c.lists.ZG2[L[k]]


cdef inline int64_t hints_after(const Ctx* c, int64_t played, int64_t code) noexcept nogil:
    """Hard mode's hints of ``played`` showing ``code`` (rules.hard_mode_hints); five-letter
    words take a copy of the rule the C compiler unrolls (a node computes them for every
    class it filters or scans)."""
    if c.game.length == WORDLE_LENGTH:
        return hard_mode_hints(c.game.letters, WORDLE_LENGTH, played, code)
    return hard_mode_hints(c.game.letters, c.game.length, played, code)


cdef inline bint hint_masks_after(const Ctx* c, int64_t played, int64_t code, uint64_t* need, uint64_t* green_mask,
                                  uint64_t* green) noexcept nogil:
    """rules.hard_mode_bit_masks for the game (Ctx.hint_masks), unrolled for five letters."""
    if c.game.length == WORDLE_LENGTH:
        return hard_mode_bit_masks(c.game.letters, WORDLE_LENGTH, c.game.word_bits, played, code, need, green_mask,
                                   green)
    return hard_mode_bit_masks(c.game.letters, c.game.length, c.game.word_bits, played, code, need, green_mask, green)


cdef inline int64_t* filter_legal(const Ctx* c, const int64_t* L, int64_t m, int64_t played, int64_t code,
                                  int64_t* out_m) noexcept nogil:
    """The guesses of L the mode allows after ``played`` showed ``code`` (malloc'd; NULL
    when no memory was left) and their count.  Hard mode tests each guess with two masks
    (rules.hard_mode_bit_masks) when the game and the hints fit them (Ctx.hint_masks)."""
    cdef int64_t* out = <int64_t*>malloc(m * sizeof(int64_t) + 8)
    cdef uint64_t need, green_mask, green
    cdef int64_t k, w, count = 0, hints
    if out == NULL:
        return NULL
    if c.game.mode == MODE_HARD:
        if c.game.hint_masks and hint_masks_after(c, played, code, &need, &green_mask, &green):
            for k in range(m):
                w = L[k]
                if keeps_hint_masks(c.game.word_bits[2 * w], c.game.word_bits[2 * w + 1], need, green_mask, green):
                    out[count] = w
                    count += 1
        else:
            hints = hints_after(c, played, code)
            for k in range(m):
                if keeps_hints(c.game.letters, c.game.length, L[k], played, hints):
                    out[count] = L[k]
                    count += 1
    else:
        for k in range(m):
            if code_between(c, played, L[k]) == code:
                out[count] = L[k]
                count += 1
    out_m[0] = count
    return out


cdef inline uint32_t absent_key(const uint8_t* word, int length, uint64_t present, uint32_t absent) noexcept nogil:
    """``word``'s letters as the digits of a number in base ``absent`` + 1, each letter
    not in ``present`` written as the digit ``absent``."""
    cdef uint32_t key = 0, letter
    cdef int i
    for i in range(length):
        letter = word[i]
        key = key * (absent + 1) + (letter if (present >> letter) & 1 else absent)
    return key


cdef inline int64_t drop_duplicates(const Ctx* c, const int64_t* S, int64_t n, int64_t* L, int64_t m) noexcept nogil:
    """Hard mode: keeps, in place and in order, the first of the guesses of L that differ
    only in letters no answer of S has, and returns how many it kept (m when no memory was
    left).  Such guesses show every answer of S the same pattern, and hard mode's hints,
    made of S's letters, allow all of them or none: so any subset of S splits alike under
    them, at any depth, and the later ones can never win, and lose ties.  A guess's key
    is :func:`absent_key` with n_symbols as the absent digit: fewer than 65^5 < 2^32 keys
    (hard mode's words have at most five letters); five-letter words take a copy of the
    loop the C compiler unrolls."""
    cdef uint64_t present = symbols_of_set(c, S, n)
    cdef int64_t size = 16, kept = 0, k, w, slot
    cdef uint32_t key, absent = <uint32_t>c.game.n_symbols
    cdef bint five = c.game.length == WORDLE_LENGTH
    cdef uint32_t* table
    while size < 2 * m:
        size *= 2
    table = <uint32_t*>calloc(size, sizeof(uint32_t))
    if table == NULL:
        return m
    for k in range(m):
        w = L[k]
        if five:
            key = absent_key(symbols_of(c, w), WORDLE_LENGTH, present, absent)
        else:
            key = absent_key(symbols_of(c, w), c.game.length, present, absent)
        key += 1  # 0 marks an empty slot
        slot = (key * <uint32_t>0x9E3779B1) & (size - 1)
        while table[slot] != 0 and table[slot] != key:
            slot = (slot + 1) & (size - 1)
        if table[slot] == 0:
            table[slot] = key
            L[kept] = w
            kept += 1
    free(table)
    return kept


cdef inline int64_t* node_list(const Ctx* c, const Node* node, Node* own) noexcept nogil:
    """The list a hard- or possible-mode node searches (malloc'd; NULL when no memory was
    left): the guesses of the parent's list node.L the mode allows after ``played``
    showed ``shown`` (node.L itself at a root, ``played`` < 0), in hard mode without
    duplicates (drop_duplicates), so that the hashes name the node's choices whatever the
    path to it.  ``own``: the node with that list, its length and hashes (played -1)."""
    cdef int64_t* out
    own[0] = node[0]
    if node.played >= 0:
        out = filter_legal(c, node.L, node.m, node.played, node.shown, &own.m)
    else:
        out = <int64_t*>malloc(node.m * sizeof(int64_t) + 8)
        own.m = node.m
        if out != NULL and node.m > 0:
            memcpy(out, node.L, node.m * sizeof(int64_t))
    if out == NULL:
        return NULL
    if c.game.mode == MODE_HARD:
        own.m = drop_duplicates(c, node.S, node.n, out, own.m)
    list_hashes(c, out, own.m, &own.lh1, &own.lh2)
    own.L = out
    own.played = -1
    return out


cdef inline bint searches_given_list(const Ctx* c, const Node* node) noexcept nogil:
    """Whether a node searches the list it is given as it is: a root (``played`` < 0)
    outside hard mode, whose list has no duplicates to drop (node_list otherwise)."""
    return node.played < 0 and c.game.mode != MODE_HARD


cdef inline int64_t last_two_guesses(const Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """d = 2: the first guess of L that separates the node's answers (at least three)
    completely; else -1 when no guess of L does, -2 when some do but the mode allows none
    of them here.

    With ``played`` >= 0 (hard/possible mode), L is the parent's list and only the guesses
    the mode still allows after ``played`` showed ``shown`` count; they are checked one by
    one rather than filtering L first, since the cheap three-answer test rejects most
    guesses.  The mode is checked after the split, so that -1 means the set cannot be
    split from L whatever was played."""
    cdef const int64_t* S = node.S
    cdef const int64_t* L = node.L
    cdef int64_t n = node.n, m = node.m, played = node.played, code = node.shown
    cdef int64_t a0 = S[0], a1 = S[1], a2 = S[2], k, g, found = -1, hints = 0
    cdef code_t c0, c1, c2
    if played < 0 and c.game.mode == MODE_NORMAL and every_guess_in_order(c, L, m):
        return first_splitter(c, node, seen)
    if played >= 0 and c.game.mode == MODE_HARD:
        hints = hints_after(c, played, code)
    for k in range(m):
        g = L[k]
        c0, c1, c2 = cell(c, a0, g), cell(c, a1, g), cell(c, a2, g)
        if c0 == c1 or c0 == c2 or c1 == c2:
            continue  # most guesses fail on the first three answers: no full test
        if not perfect_split(c, g, S, 0, n, seen):
            continue
        if played >= 0 and not allowed_after(c, g, played, code, hints):
            found = -2
            continue
        return g
    return found


cdef inline int64_t first_splitter(const Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """The first guess (in index order) that separates the node's answers (at least
    three) completely, or -1: the vector filter on a chunk of guesses, then the full test
    on its survivors."""
    cdef uint8_t ok[SPLIT_CHUNK]
    cdef const int64_t* S = node.S
    cdef int64_t n = node.n, n_g = c.lists.n_guesses, start, count, j
    cdef const code_t* r0 = c.lists.MT + S[0] * n_g
    cdef const code_t* r1 = c.lists.MT + S[1] * n_g
    cdef const code_t* r2 = c.lists.MT + S[2] * n_g
    cdef const code_t* r3 = c.lists.MT + S[3] * n_g if n >= 4 else NULL
    start = 0
    while start < n_g:
        count = min(<int64_t>SPLIT_CHUNK, n_g - start)
        distinct_columns(r0 + start, r1 + start, r2 + start, r3 + start if r3 != NULL else NULL, count, ok)
        for j in range(count):
            if ok[j] and perfect_split(c, start + j, S, 0, n, seen):
                return start + j
        start += count
    return -1


cdef struct NodeRows:
    # One node's answers against its list L, for the last-two-guesses scans of the classes
    # its candidates make: the scan's three- or four-answer test then reads contiguous
    # rows with the vector filter instead of gathering three matrix cells per guess of L.
    # Row i (the node's i-th answer) is rows[i * m:(i + 1) * m], gathered the first time
    # a scan needs it.
    code_t* rows
    uint8_t* filled
    int32_t* row_of  # answer -> its row (read only for the node's answers)
    const int64_t* L
    int64_t m


cdef inline bint scans_gather(const Ctx* c, const Node* node) noexcept nogil:
    """Whether a node's last-two-guesses scans over its list L read gathered rows: not in
    normal mode over every guess in order, which the scans read as the matrix's own rows;
    nor for weighted answers, which settle by their own scan."""
    cdef bint in_place = c.game.mode == MODE_NORMAL and every_guess_in_order(c, node.L, node.m)
    return c.objective.weights == NULL and not in_place


cdef inline bint node_rows_init(const Ctx* c, NodeRows* r, const Node* node) noexcept nogil:
    """Room for the rows of the node's answers against its list; False (and nothing held)
    when memory is short."""
    cdef int64_t i, n = node.n, m = node.m
    r.L, r.m = node.L, m
    r.rows = <code_t*>malloc(n * m * sizeof(code_t) + 8)
    r.filled = <uint8_t*>calloc(n + 1, 1)
    r.row_of = <int32_t*>malloc(c.lists.n_answers * sizeof(int32_t) + 8)
    if r.rows == NULL or r.filled == NULL or r.row_of == NULL:
        node_rows_free(r)
        return False
    for i in range(n):
        r.row_of[node.S[i]] = <int32_t>i
    return True


cdef inline void node_rows_free(NodeRows* r) noexcept nogil:
    free(r.rows)
    free(r.filled)
    free(r.row_of)
    r.rows, r.filled, r.row_of = NULL, NULL, NULL


cdef inline const code_t* node_row(const Ctx* c, NodeRows* r, int64_t answer) noexcept nogil:
    """The node answer's patterns against L, in L's order."""
    cdef int64_t i = r.row_of[answer], k
    cdef code_t* row = r.rows + i * r.m
    cdef const code_t* source = c.lists.MT + answer * c.lists.n_guesses
    if not r.filled[i]:
        for k in range(r.m):
            row[k] = source[r.L[k]]
        r.filled[i] = 1
    return row


cdef inline int64_t last_two_by_rows(const Ctx* c, const Node* node, NodeRows* r, uint8_t* seen) noexcept nogil:
    """:func:`last_two_guesses` with the same answer, for a class (at least three answers)
    of the node whose rows r holds, its L the parent's r.L: the vector filter on the
    class's first three (four) rows, chunk by chunk, then the full test and the mode's
    rule on the survivors."""
    cdef uint8_t ok[SPLIT_CHUNK]
    cdef const int64_t* S = node.S
    cdef const code_t* r0 = node_row(c, r, S[0])
    cdef const code_t* r1 = node_row(c, r, S[1])
    cdef const code_t* r2 = node_row(c, r, S[2])
    cdef int64_t n = node.n, start = 0, count, j, g, found = -1, hints = 0, played = node.played, code = node.shown
    cdef const code_t* r3 = node_row(c, r, S[3]) if n >= 4 else NULL
    cdef uint64_t word
    if played >= 0 and c.game.mode == MODE_HARD:
        hints = hints_after(c, played, code)
    while start < r.m:
        count = min(<int64_t>SPLIT_CHUNK, r.m - start)
        distinct_columns(r0 + start, r1 + start, r2 + start, r3 + start if r3 != NULL else NULL, count, ok)
        j = 0
        while j < count:
            if j + 8 <= count:
                memcpy(&word, ok + j, 8)
                if word == 0:
                    j += 8  # most guesses fail the filter: eight at a time
                    continue
            if ok[j]:
                g = r.L[start + j]
                if perfect_split(c, g, S, 0, n, seen):
                    if played < 0 or allowed_after(c, g, played, code, hints):
                        return g
                    found = -2
            j += 1
        start += count
    return found


cdef inline bint allowed_after(const Ctx* c, int64_t g, int64_t played, int64_t code, int64_t hints) noexcept nogil:
    """Whether the mode allows g after ``played`` showed ``code`` (``hints``: hard mode's)."""
    if c.game.mode == MODE_HARD:
        if c.game.length == WORDLE_LENGTH:  # a copy the C compiler unrolls
            return keeps_hints(c.game.letters, WORDLE_LENGTH, g, played, hints)
        return keeps_hints(c.game.letters, c.game.length, g, played, hints)
    return code_between(c, played, g) == code
