# One candidate's classes at a node, and what a node's candidates share.
#
# * split_classes splits the node's answers by one candidate's feedback into Classes, and
#   sort_classes orders them largest first;
# * Split is one candidate's record, Frame what a node's candidates share while the node
#   is searched (frame_init, frame_gather_rows, frame_free), class_node a class as a Node;
# * PairSet is the small hash set of 64-bit pairs that finds candidates whose partition an
#   earlier one already made (the search also keeps its unsplittable classes in one).

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

from context cimport INF, Ctx, Node, cell
from legal cimport NodeRows, node_rows_free, node_rows_init, scans_gather
from rules cimport MAX_CODES

cdef enum:
    PARTITION_SLOTS = 1 << 15  # pairs remembered per node: 16,384 (512 KiB at most)


cdef inline uint64_t mix(uint64_t x) noexcept nogil:
    x ^= x >> 31
    x *= 0x9E3779B97F4A7C15ULL
    x ^= x >> 29
    return x


cdef inline uint64_t nonzero(uint64_t word) noexcept nogil:
    """``word``, or 1 for 0 (0 marks an empty row of a pair set)."""
    return word if word != 0 else 1


cdef struct PairSet:
    uint64_t* table  # rows of (s0, s1); s0 == 0: empty
    int64_t rows
    int64_t count


cdef inline bint pair_set_init(PairSet* s) noexcept nogil:
    s.rows = 64
    s.count = 0
    s.table = <uint64_t*>calloc(2 * s.rows, sizeof(uint64_t))
    return s.table != NULL


cdef inline int64_t pair_slot(const uint64_t* table, int64_t rows, uint64_t s0, uint64_t s1,
                              bint* found) noexcept nogil:
    cdef int64_t mask = rows - 1
    cdef int64_t j = <int64_t>(s0 & <uint64_t>mask)  # s0 is a sum of mixed words: its low bits are spread
    while True:
        if table[2 * j] == 0:
            found[0] = False
            return j
        if table[2 * j] == s0 and table[2 * j + 1] == s1:
            found[0] = True
            return j
        j = (j + 1) & mask


cdef inline bint pair_set_has(const PairSet* s, uint64_t s0, uint64_t s1) noexcept nogil:
    cdef bint found
    pair_slot(s.table, s.rows, s0, s1, &found)
    return found


cdef inline void pair_set_add(PairSet* s, uint64_t s0, uint64_t s1) noexcept nogil:
    """Record (s0, s1), known to be absent.  The table doubles when half full, up to
    PARTITION_SLOTS rows, after which new pairs go unrecorded (only work is lost)."""
    cdef uint64_t* bigger
    cdef int64_t i, k
    cdef bint found
    if 2 * (s.count + 1) > s.rows:
        if s.rows >= PARTITION_SLOTS:
            return
        bigger = <uint64_t*>calloc(4 * s.rows, sizeof(uint64_t))
        if bigger == NULL:
            return  # unrecorded: only work is lost
        for i in range(s.rows):
            if s.table[2 * i] != 0:
                k = pair_slot(bigger, 2 * s.rows, s.table[2 * i], s.table[2 * i + 1], &found)
                bigger[2 * k] = s.table[2 * i]
                bigger[2 * k + 1] = s.table[2 * i + 1]
        free(s.table)
        s.table = bigger
        s.rows *= 2
    k = pair_slot(s.table, s.rows, s0, s1, &found)
    s.table[2 * k] = s0
    s.table[2 * k + 1] = s1
    s.count += 1


cdef inline bint seen_before(PairSet* s, const uint64_t* sig) noexcept nogil:
    """Whether an earlier candidate at this node had the same partition; records it if not."""
    cdef uint64_t s0 = nonzero(sig[0])
    if pair_set_has(s, s0, sig[1]):
        return True
    pair_set_add(s, s0, sig[1])
    return False

cdef struct Classes:
    # Scratch for splitting one node's answers by its candidates, allocated once per node:
    # class ``code`` is ordered[starts[code]:starts[code + 1]] for the codes that occur.
    int64_t* ordered
    int64_t starts[MAX_CODES + 1]
    int64_t cursor[MAX_CODES]   # zeros between calls
    int64_t codes[MAX_CODES]
    uint64_t ch1[MAX_CODES]     # the classes' hashes
    uint64_t ch2[MAX_CODES]
    int64_t lb[MAX_CODES]       # the classes' bounds, by code
    int64_t cls_codes[MAX_CODES]
    int64_t cls_keys[MAX_CODES]
    int64_t cls_order[MAX_CODES]
    uint64_t sig[2]       # the partition's signature


cdef inline void class_node(const Node* parent, const Classes* k, int64_t code, int64_t played,
                            Node* child) noexcept nogil:
    """``child``: the class ``code`` of k (split_classes) that a guess leaves at
    ``parent``, with the parent's list and one guess fewer; ``played``: the guess, or -1
    when the mode does not narrow the list by it.  Its beta is the caller's to set."""
    child.S, child.n = k.ordered + k.starts[code], k.starts[code + 1] - k.starts[code]
    child.h1, child.h2 = k.ch1[code], k.ch2[code]
    child.L, child.m, child.lh1, child.lh2 = parent.L, parent.m, parent.lh1, parent.lh2
    child.played, child.shown, child.d, child.beta, child.workers = played, code, parent.d - 1, INF, 1
    child.only = NULL


cdef struct Split:
    # One candidate guess at a node, and what its classes cost so far.
    int64_t guess               # g
    int64_t in_set              # 1 when g is one of the node's answers
    int64_t n_cls               # its classes other than its all-correct one (split_classes)
    int64_t here                # what playing g costs the node's answers (n or W, plus the deep charge)
    int64_t rest_lb             # the sum of the lower bounds of its classes not yet solved
    int64_t depth               # its subtree's depth, once its classes are solved


cdef struct Frame:
    # What one node's candidates share while the node is searched (frame_init, frame_free).
    Classes* classes            # the current candidate's classes (split_classes)
    uint8_t* seen               # MAX_CODES flags, zero between uses
    PairSet partitions          # the partitions its candidates made (normal mode skips a repeat)
    PairSet unsplittable        # d = 3: its classes that no guess of L splits
    NodeRows gathered           # d = 3: its answers' rows against L (frame_gather_rows)
    NodeRows* rows              # &gathered once gathered, else NULL
    int64_t most_parts          # P: the most classes any guess of L makes of its set


cdef inline bint frame_init(Frame* f, const Node* node, uint8_t* seen, int64_t most_parts) noexcept nogil:
    """Room for the node's candidates' classes and its pair sets; False when memory is
    short (frame_free releases whatever was held either way)."""
    f.seen, f.most_parts, f.rows = seen, most_parts, NULL
    f.partitions.table = NULL
    f.unsplittable.table = NULL
    f.classes = <Classes*>malloc(sizeof(Classes))
    if f.classes == NULL:
        return False
    memset(f.classes.cursor, 0, sizeof(f.classes.cursor))
    f.classes.ordered = <int64_t*>malloc(node.n * sizeof(int64_t) + 8)
    return f.classes.ordered != NULL and pair_set_init(&f.partitions) and pair_set_init(&f.unsplittable)


cdef inline void frame_gather_rows(const Ctx* c, Frame* f, const Node* node) noexcept nogil:
    """With three guesses left, the node's answers' rows against its L for its children's
    last-two-guesses scans (legal.NodeRows), when the scans read gathered rows and memory
    allows."""
    if node.d == 3 and scans_gather(c, node) and node_rows_init(c, &f.gathered, node):
        f.rows = &f.gathered


cdef inline void frame_free(Frame* f) noexcept nogil:
    if f.classes != NULL:
        free(f.classes.ordered)
    free(f.classes)
    free(f.partitions.table)
    free(f.unsplittable.table)
    if f.rows != NULL:
        node_rows_free(f.rows)
    f.classes, f.rows = NULL, NULL
    f.partitions.table, f.unsplittable.table = NULL, NULL


cdef inline int64_t split_classes(const Ctx* c, const Node* node, Split* split, Classes* k) noexcept nogil:
    """Counting sort of the node's answers by the split's guess's pattern (stable: classes
    stay sorted), the classes' hashes, their codes with a largest-first sort key, and the
    partition's signature.  Returns the number of classes other than the guess's own (all
    correct), also split.n_cls.  Only the codes that occur are touched (a Wordle node has
    ~20 answers but 243 codes, and this runs once per candidate)."""
    cdef const int64_t* S = node.S
    cdef int64_t n = node.n, g = split.guess, in_set = split.in_set
    cdef int64_t i, j, found = 0, offset = 0, size, n_cls = 0, a, code, cc
    for i in range(n):
        code = cell(c, S[i], g)
        if k.cursor[code] == 0:
            k.codes[found] = code
            found += 1
            k.ch1[code] = 0
            k.ch2[code] = 0
        k.cursor[code] += 1
    if found <= 32:  # few classes: insertion sort of the codes that occur
        for i in range(1, found):
            cc = k.codes[i]
            j = i - 1
            while j >= 0 and k.codes[j] > cc:
                k.codes[j + 1] = k.codes[j]
                j -= 1
            k.codes[j + 1] = cc
    else:
        found = 0
        for code in range(c.game.n_codes):
            if k.cursor[code] > 0:
                k.codes[found] = code
                found += 1
    for i in range(found):
        code = k.codes[i]
        size = k.cursor[code]
        k.starts[code] = offset
        k.cursor[code] = offset  # from here on, where the class's next answer goes
        offset += size
        k.starts[code + 1] = offset  # the next occurring code, if code + 1, starts here too
    for i in range(n):
        a = S[i]
        code = cell(c, a, g)
        k.ordered[k.cursor[code]] = a
        k.cursor[code] += 1
        k.ch1[code] += c.lists.Z1[a]
        k.ch2[code] += c.lists.Z2[a]
    k.sig[0] = 0x632BE59BD9B4E019ULL if in_set else 0
    k.sig[1] = k.sig[0]
    for i in range(found):
        code = k.codes[i]
        k.cursor[code] = 0
        if code == c.game.all_correct:
            continue
        k.cls_codes[n_cls] = code
        k.cls_keys[n_cls] = -(k.starts[code + 1] - k.starts[code]) * MAX_CODES + code
        n_cls += 1
        k.sig[0] += mix(k.ch1[code])
        k.sig[1] += mix(k.ch2[code] ^ 0xC2B2AE3D27D4EB4FULL)
    split.n_cls = n_cls
    return n_cls


cdef inline void sort_classes(const int64_t* keys, int64_t count, int64_t* out) noexcept nogil:
    """out[:count] = the indices of keys[:count] in ascending key order (keys are distinct):
    an insertion sort, since a node has few classes."""
    cdef int64_t i, j, key
    for i in range(count):
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[out[j]] > key:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = i
