# A group's placements under a guess and the parts below a guess, as C arrays (_tuples.pyx;
# the glossary is there).  A part is one choice of a placement per group, named by the
# choice's mixed-radix number (the last group's placement the fastest digit, as
# itertools.product orders them); it becomes a Sets only when it is bounded or searched.


cdef class Ways:
    """A group's placements under one guess: way w holds the groups first[w] .. first[w+1]-1
    of (numbers, counts), stands for ``weight[w]`` board assignments, and its groups hold
    ``tuples[w]`` tuples over ``boards[w]`` open boards, the largest share of a word being
    share[w] / share_size[w]."""

    cdef int64_t n
    cdef int64_t *first
    cdef int32_t *numbers
    cdef int32_t *counts
    cdef int64_t *weight
    cdef int64_t *tuples
    cdef int64_t *boards
    cdef int64_t *share
    cdef int64_t *share_size

    def __dealloc__(self):
        free(self.first)
        free(self.numbers)
        free(self.counts)
        free(self.weight)
        free(self.tuples)
        free(self.boards)
        free(self.share)
        free(self.share_size)


cdef Ways ways_of(TupleSearch s, list out):
    """:class:`Ways` of placements given as (((number, boards), ...), weight)."""
    cdef Ways ways = Ways.__new__(Ways)
    cdef int64_t n = len(out), groups = sum(len(placed) for placed, _ in out), w, g = 0, size, t
    ways.n = n
    ways.first = <int64_t *>malloc((n + 1) * sizeof(int64_t))
    ways.numbers = <int32_t *>malloc(max(1, groups) * sizeof(int32_t))
    ways.counts = <int32_t *>malloc(max(1, groups) * sizeof(int32_t))
    ways.weight = <int64_t *>malloc(max(1, n) * sizeof(int64_t))
    ways.tuples = <int64_t *>malloc(max(1, n) * sizeof(int64_t))
    ways.boards = <int64_t *>malloc(max(1, n) * sizeof(int64_t))
    ways.share = <int64_t *>malloc(max(1, n) * sizeof(int64_t))
    ways.share_size = <int64_t *>malloc(max(1, n) * sizeof(int64_t))
    if (not ways.first or not ways.numbers or not ways.counts or not ways.weight or not ways.tuples or not ways.boards
            or not ways.share or not ways.share_size):
        raise MemoryError()
    for w in range(n):
        placed, weight = out[w]
        ways.first[w], ways.weight[w] = g, weight
        ways.tuples[w], ways.boards[w], ways.share[w], ways.share_size[w] = 1, 0, 0, 1
        for number, count in placed:
            ways.numbers[g], ways.counts[g] = number, count
            size = s.lengths[number]
            for t in range(count):
                ways.tuples[w] *= size - t
            ways.boards[w] += count
            if count * ways.share_size[w] > ways.share[w] * size:
                ways.share[w], ways.share_size[w] = count, size
            g += 1
    ways.first[n] = g
    return ways


cdef struct Part:
    # One part below a guess: its choice's number, weight, tuples, open boards and hits.
    int64_t choice
    int64_t weight
    int64_t tuples
    int64_t boards
    int64_t hits


cdef inline bint part_before(Part *a, Part *b) noexcept:
    return a.tuples * a.weight > b.tuples * b.weight


cdef void sort_parts(Part *items, Part *scratch, int64_t n) noexcept:
    """Merge sort, most tuples (times weight) first, stable."""
    cdef int64_t width = 1, lo, mid, hi, i, j, t
    cdef Part *src = items
    cdef Part *dst = scratch
    cdef Part *swap
    while width < n:
        lo = 0
        while lo < n:
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, t = lo, mid, lo
            while i < mid and j < hi:
                if part_before(&src[j], &src[i]):
                    dst[t] = src[j]
                    j += 1
                else:
                    dst[t] = src[i]
                    i += 1
                t += 1
            while i < mid:
                dst[t] = src[i]
                i += 1
                t += 1
            while j < hi:
                dst[t] = src[j]
                j += 1
                t += 1
            lo += 2 * width
        swap = src
        src = dst
        dst = swap
        width *= 2
    if src != items:
        memcpy(items, src, n * sizeof(Part))


cdef class Parts:
    """The unfinished parts below a guess (``items[:count]``, most tuples first when sorted)
    and the placements they choose from (one :class:`Ways` per group of the position)."""

    cdef Part *items
    cdef int64_t count
    cdef list options

    def __dealloc__(self):
        free(self.items)


cdef Parts parts_below(TupleSearch s, Sets sets, int64_t guess, bint ordered):
    """The unfinished parts below ``guess`` with their figures, most tuples first when ``ordered``."""
    cdef Parts parts = Parts.__new__(Parts)
    parts.options = [placements(s, sets.numbers[i], sets.counts[i], guess) for i in range(sets.n_groups)]
    cdef int n = sets.n_groups, i
    cdef Ways ways
    cdef int64_t digit[MAX_GROUPS]
    cdef int64_t n_ways[MAX_GROUPS]
    cdef int64_t *way_tuples[MAX_GROUPS]
    cdef int64_t *way_boards[MAX_GROUPS]
    cdef int64_t *way_weight[MAX_GROUPS]
    cdef int64_t *way_share[MAX_GROUPS]
    cdef int64_t *way_share_size[MAX_GROUPS]
    cdef int64_t total = 1, choice, w, tuples, boards, share, share_size, weight, count = 0
    for i in range(n):  # the placements' arrays (parts.options keeps them alive)
        ways = parts.options[i]
        n_ways[i], way_tuples[i], way_boards[i], way_weight[i] = ways.n, ways.tuples, ways.boards, ways.weight
        way_share[i], way_share_size[i] = ways.share, ways.share_size
        total *= ways.n
        digit[i] = 0
    parts.items = <Part *>malloc(max(1, total) * sizeof(Part))
    if not parts.items:
        raise MemoryError()
    for choice in range(total):
        tuples, boards, share, share_size, weight = 1, 0, 0, 1, 1
        for i in range(n):
            w = digit[i]
            tuples *= way_tuples[i][w]
            boards += way_boards[i][w]
            weight *= way_weight[i][w]
            if way_share[i][w] * share_size > share * way_share_size[i][w]:
                share, share_size = way_share[i][w], way_share_size[i][w]
        if boards:
            parts.items[count].choice = choice
            parts.items[count].weight = weight
            parts.items[count].tuples = tuples
            parts.items[count].boards = boards
            parts.items[count].hits = tuples // share_size * share
            count += 1
        i = n - 1
        while i >= 0:  # the next choice: the last group's placement is the fastest digit
            digit[i] += 1
            if digit[i] < n_ways[i]:
                break
            digit[i] = 0
            i -= 1
    parts.count = count
    if ordered and count > 1:
        scratch = <Part *>malloc(count * sizeof(Part))
        if not scratch:
            raise MemoryError()
        sort_parts(parts.items, scratch, count)
        free(scratch)
    return parts


cdef Sets part_sets(TupleSearch s, Parts parts, int64_t index):
    """Part ``index`` as a position."""
    cdef int32_t numbers[MAX_GROUPS]
    cdef int32_t counts[MAX_GROUPS]
    cdef int64_t choice = parts.items[index].choice, w, g
    cdef int n = 0, i
    cdef Ways ways
    for i in range(len(parts.options) - 1, -1, -1):
        ways = parts.options[i]
        w = choice % ways.n
        choice //= ways.n
        for g in range(ways.first[w], ways.first[w + 1]):
            numbers[n], counts[n] = ways.numbers[g], ways.counts[g]
            n += 1
    return make_sets(s, numbers, counts, n)
