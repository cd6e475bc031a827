# A set's split by every guess of a candidate list, and a position's guess table built from
# its groups' splits (_tuples.pyx; the bounds' argument is in multiboard/exact.py).  A set's
# split is kept (a bounded cache) for the positions that hold the set under the same list:
# the parts below one guess share their sets with many siblings.


cdef class SetSplit:
    """One set split by every guess of a candidate list: ``partition[j]`` names candidate j's
    partition of the set; partition p has ``classes[p]`` classes, ``shut[p]`` tells whether it
    shows a word all correct (a class of one), and its other classes' sizes, largest first,
    are sizes[first[p] : first[p + 1]]."""

    cdef int64_t n_partitions
    cdef int64_t cells
    cdef int32_t *partition
    cdef int32_t *classes
    cdef uint8_t *shut
    cdef int64_t *first
    cdef int32_t *sizes

    def __dealloc__(self):
        free(self.partition)
        free(self.classes)
        free(self.shut)
        free(self.first)
        free(self.sizes)


cdef uint64_t set_labels(TupleSearch s, int64_t m, const code_t *codes, int64_t *label, int64_t *size,
                         int64_t *classes, int64_t *shut) noexcept:
    """Each of a set's ``m`` words labelled by its class under a guess showing it ``codes[p]``
    (the class's first position, plus ``m`` when shown all correct), each class's size at its
    first position (``size``, 0 elsewhere; NULL: not wanted), the classes and the position
    shown all correct (-1); returns the labels' hash."""
    cdef int64_t p, c, first
    cdef uint64_t h = HASH_SEED
    s.stamp += 1
    classes[0], shut[0] = 0, -1
    for p in range(m):
        c = codes[p]
        if s.code_stamp[c] != s.stamp:
            s.code_stamp[c] = s.stamp
            s.code_first[c] = p
            classes[0] += 1
        first = s.code_first[c]
        if size != NULL:
            size[p] = 0
            size[first] += 1
        if c == s.all_correct:
            shut[0] = p
            first += m
        label[p] = first
        h = (h ^ <uint64_t>(first + 1)) * HASH_MULTIPLIER
        h ^= h >> 31
    return h


cdef void gather_codes(TupleSearch s, int32_t number, const int64_t *guesses, int64_t n, code_t *block) noexcept:
    """``block[j * m + p]``: the code guess ``guesses[j]`` shows word p of set ``number`` (read
    a word's row of the transposed matrix at a time)."""
    cdef int64_t m = s.lengths[number], offset = s.offsets[number], p, j
    cdef const code_t *row
    for p in range(m):
        row = &s.by_answer[s.words[offset + p] * s.n_guesses]
        for j in range(n):
            block[j * m + p] = row[guesses[j]]


cdef void sort_descending(int32_t *items, int64_t n) noexcept:
    """Insertion sort, largest first (a partition's class sizes)."""
    cdef int64_t i, j
    cdef int32_t item
    for i in range(1, n):
        item = items[i]
        j = i - 1
        while j >= 0 and items[j] < item:
            items[j + 1] = items[j]
            j -= 1
        items[j + 1] = item


cdef SetSplit split_set(TupleSearch s, int32_t number, Table candidates):
    """Set ``number`` split by every guess of ``candidates`` (see :class:`SetSplit`)."""
    cdef SetSplit split = SetSplit.__new__(SetSplit)
    cdef int64_t n = candidates.size, m = s.lengths[number], slots = 1, j, i, p, g, pid, used = 0
    cdef int64_t capacity = min(max(16, n), 256), size_capacity = 4096, n_classes, shut_at, other_classes, other_shut
    cdef uint64_t h
    cdef bint same
    cdef int64_t chunk = max(1, BLOCK_CELLS // max(1, m)), start = -chunk
    # Each partition's labels, kept to tell a repeated partition from a hash collision (else
    # its representative's labels are made again): when they fit STORED_LABELS.
    cdef bint keep_labels = m * n <= STORED_LABELS and m < 16384
    cdef int16_t *stored = <int16_t *>malloc((capacity * m if keep_labels else 1) * sizeof(int16_t))
    cdef int64_t *representative = <int64_t *>malloc(capacity * sizeof(int64_t))
    split.partition = <int32_t *>malloc(max(1, n) * sizeof(int32_t))
    split.classes = <int32_t *>malloc(capacity * sizeof(int32_t))
    split.shut = <uint8_t *>malloc(capacity * sizeof(uint8_t))
    split.first = <int64_t *>malloc((capacity + 1) * sizeof(int64_t))
    split.sizes = <int32_t *>malloc(size_capacity * sizeof(int32_t))
    try:
        if (not representative or not stored or not split.partition or not split.classes or not split.shut
                or not split.first or not split.sizes):
            raise MemoryError()
        slots = open_slots(s, n)
        split.first[0] = 0
        for j in range(n):
            g = candidates.guesses[j]
            if j >= start + chunk:
                start = j
                gather_codes(s, number, &candidates.guesses[start], min(chunk, n - start), s.block)
            h = set_labels(s, m, &s.block[(j - start) * m], s.label, s.class_size, &n_classes, &shut_at)
            i = h & (slots - 1)
            pid = -1
            while s.slots[i].stamp == s.slot_generation:
                if s.slots[i].hash == h:  # the same labels, unless the hashes collide
                    same = True
                    if keep_labels:
                        for p in range(m):
                            if stored[s.slots[i].owner * m + p] != s.label[p]:
                                same = False
                                break
                    else:
                        gather_codes(s, number, &representative[s.slots[i].owner], 1, s.other_block)
                        set_labels(s, m, s.other_block, s.other_label, NULL, &other_classes, &other_shut)
                        for p in range(m):
                            if s.other_label[p] != s.label[p]:
                                same = False
                                break
                    if same:
                        pid = s.slots[i].owner
                    break
                i = (i + 1) & (slots - 1)
            if pid < 0:
                pid = split.n_partitions
                if s.slots[i].stamp != s.slot_generation:
                    s.slots[i].stamp, s.slots[i].hash, s.slots[i].owner = s.slot_generation, h, pid
                if pid == capacity:
                    capacity *= 2
                    representative = <int64_t *>grow(representative, capacity * sizeof(int64_t))
                    split.classes = <int32_t *>grow(split.classes, capacity * sizeof(int32_t))
                    split.shut = <uint8_t *>grow(split.shut, capacity * sizeof(uint8_t))
                    split.first = <int64_t *>grow(split.first, (capacity + 1) * sizeof(int64_t))
                    if keep_labels:
                        stored = <int16_t *>grow(stored, capacity * m * sizeof(int16_t))
                if used + n_classes > size_capacity:
                    size_capacity = max(2 * size_capacity, used + n_classes)
                    split.sizes = <int32_t *>grow(split.sizes, size_capacity * sizeof(int32_t))
                representative[pid] = g
                if keep_labels:
                    for p in range(m):
                        stored[pid * m + p] = <int16_t>s.label[p]
                split.classes[pid] = n_classes
                split.shut[pid] = shut_at >= 0
                for p in range(m):
                    if s.class_size[p] and p != shut_at:
                        split.sizes[used] = s.class_size[p]
                        used += 1
                sort_descending(&split.sizes[split.first[pid]], used - split.first[pid])
                split.first[pid + 1] = used
                split.n_partitions += 1
            split.partition[j] = pid
        split.cells = n + used + split.n_partitions
        return split
    finally:
        free(representative)
        free(stored)


cdef int64_t open_slots(TupleSearch s, int64_t n) noexcept:
    """The search's hash table of slots emptied for ``n`` entries (a new generation): the slots
    to use, a power of two."""
    cdef int64_t slots = 1
    while slots < 2 * n:
        slots *= 2
    s.slot_generation += 1
    return slots


cdef void *grow(void *block, size_t size) except NULL:
    """``realloc``, raising MemoryError (the block is kept then, freed by its owner)."""
    cdef void *grown = realloc(block, size)
    if grown == NULL:
        raise MemoryError()
    return grown


cdef SetSplit cached_split(TupleSearch s, int32_t number, Table candidates):
    """:func:`split_set`, kept in a bounded cache (emptied when full)."""
    key = candidates.token * (1 << 32) + number
    found = s.splits.get(key)
    if found is None:
        if s.split_cells > SPLIT_CACHE_CELLS:
            s.splits.clear()
            s.split_cells = 0
        found = s.splits[key] = split_set(s, number, candidates)
        s.split_cells += (<SetSplit>found).cells
    return found
