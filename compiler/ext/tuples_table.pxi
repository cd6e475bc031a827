# The sets of a tuple search and a position's guess table (_tuples.pyx; the glossary is
# there, the bounds' argument in multiboard/exact.py).

cdef int grow_arena(TupleSearch s, int64_t needed) except -1:
    cdef int64_t capacity = max(needed, 2 * s.capacity)
    cdef int32_t *words = <int32_t *>realloc(s.words, capacity * sizeof(int32_t))
    if not words:
        raise MemoryError()
    s.words, s.capacity = words, capacity
    return 0


cdef int grow_sets(TupleSearch s) except -1:
    cdef int64_t capacity = 2 * s.sets_capacity
    cdef int64_t *offsets = <int64_t *>realloc(s.offsets, capacity * sizeof(int64_t))
    if not offsets:
        raise MemoryError()
    s.offsets = offsets
    cdef int64_t *lengths = <int64_t *>realloc(s.lengths, capacity * sizeof(int64_t))
    if not lengths:
        raise MemoryError()
    s.lengths, s.sets_capacity = lengths, capacity
    return 0


cdef Sets make_sets(TupleSearch s, const int32_t *numbers, const int32_t *counts, int n):
    """The position of groups (set ``numbers[i]``, ``counts[i]`` boards), ordered by number."""
    cdef Sets sets = Sets.__new__(Sets)
    cdef int i, j
    cdef int32_t number, count
    for i in range(n):  # insertion sort by number
        number, count = numbers[i], counts[i]
        j = i - 1
        while j >= 0 and sets.numbers[j] > number:
            sets.numbers[j + 1], sets.counts[j + 1] = sets.numbers[j], sets.counts[j]
            j -= 1
        sets.numbers[j + 1], sets.counts[j + 1] = number, count
    sets.n_groups = n
    cdef int64_t tuples = 1, boards = 0, share = 0, share_size = 1, size, t
    for i in range(n):
        size, count = s.lengths[sets.numbers[i]], sets.counts[i]
        for t in range(count):
            tuples *= size - t
        boards += count
        if count * share_size > share * size:
            share, share_size = count, size
    sets.tuples, sets.boards = tuples, boards
    sets.hits = tuples // share_size * share if n else 0
    cdef int64_t packed[MAX_GROUPS]
    for i in range(n):
        packed[i] = sets.numbers[i] * KEY_BOARDS + sets.counts[i]
    sets.key = PyBytes_FromStringAndSize(<const char *>packed, n * sizeof(int64_t))
    sets.forced = -2
    return sets


cdef int64_t guess_of(TupleSearch s, int64_t answer) noexcept:
    """The index of ``answer`` in the guess list (the first guess showing it all correct), -1 if none."""
    cdef int64_t g
    if s.answer_guess[answer] == -2:
        s.answer_guess[answer] = -1
        for g in range(s.n_guesses):
            if s.codes[g, answer] == s.all_correct:
                s.answer_guess[answer] = g
                break
    return s.answer_guess[answer]


cdef int64_t held_by_all(TupleSearch s, Sets sets) noexcept:
    """The first guess (in the guess list) that every tuple holds, -1 if none: a word of a set
    shared by as many boards as it has words."""
    cdef int i
    cdef int64_t p, g, best
    if sets.forced == -2:
        best = -1
        for i in range(sets.n_groups):
            if s.lengths[sets.numbers[i]] == sets.counts[i]:
                for p in range(s.lengths[sets.numbers[i]]):
                    g = guess_of(s, s.words[s.offsets[sets.numbers[i]] + p])
                    if g >= 0 and (best < 0 or g < best):
                        best = g
        sets.forced = best
    return sets.forced


cdef Ways placements(TupleSearch s, int32_t number, int32_t count, int64_t guess):
    """A group's ways to place its ``count`` boards in the classes of ``guess``: each way's
    open groups (set number, boards; a board shown all correct is closed) and how many board
    assignments give it; a class holds at most as many boards as words.  Cached."""
    key = (number * s.n_guesses + guess) * (MAX_GROUPS + 1) + count
    found = s.placed.get(key)
    if found is not None:
        return found
    if len(s.placed) >= SPLITS_CACHE:
        s.placed.clear()
    cdef int64_t m = s.lengths[number], offset = s.offsets[number], p, c, n_classes = 0, start
    s.stamp += 1
    for p in range(m):  # the classes in the order of their least word, each class's size
        c = s.codes[guess, s.words[offset + p]]
        if s.code_stamp[c] != s.stamp:
            s.code_stamp[c] = s.stamp
            s.code_first[c] = n_classes
            s.class_size[n_classes] = 0
            s.other_label[n_classes] = c
            n_classes += 1
        s.class_size[s.code_first[c]] += 1
    start = 0
    for c in range(n_classes):  # class c's words go to bucket[label[c] : label[c] + size]
        s.label[c] = start
        start += s.class_size[c]
    for p in range(m):
        c = s.code_first[s.codes[guess, s.words[offset + p]]]
        s.bucket[s.label[c]] = s.words[offset + p]
        s.label[c] += 1
    named = []
    start = 0
    for c in range(n_classes):
        shut = s.other_label[c] == s.all_correct
        named.append((shut, s.intern_words(&s.bucket[start], s.class_size[c]), s.class_size[c]))
        start += s.class_size[c]
    out = []
    if count == 1:
        for shut, child, _ in named:
            out.append(((), 1) if shut else (((child, 1),), 1))
    else:
        for combo in itertools.combinations_with_replacement(range(len(named)), count):
            placed = {}
            for c in combo:
                placed[c] = placed.get(c, 0) + 1
            if any(boards > named[c][2] for c, boards in placed.items()):
                continue
            weight = math.factorial(count)
            for boards in placed.values():
                weight //= math.factorial(boards)
            out.append((tuple((named[c][1], boards) for c, boards in placed.items() if not named[c][0]), weight))
    found = s.placed[key] = ways_of(s, out)
    return found


cdef struct GroupSplit:
    # A group's split as make_table reads it: the group's open boards and set size, and its SetSplit's arrays.
    int64_t count
    int64_t size
    int32_t *partition
    int32_t *classes
    uint8_t *shut
    int64_t *first
    int32_t *sizes
    int64_t partitions


cdef void read_split(GroupSplit *group, SetSplit split, int64_t count, int64_t size) noexcept:
    """``group``: a group of ``count`` boards over a set of ``size`` words, and its split's arrays."""
    group.count, group.size, group.partitions = count, size, split.n_partitions
    group.partition, group.classes, group.shut = split.partition, split.classes, split.shut
    group.first, group.sizes = split.first, split.sizes


cdef bint seen_partitions(TupleSearch s, GroupSplit *groups, int n_groups, const int64_t *pid, uint64_t h,
                          int64_t slots, Ranked *ranked, int64_t kept) noexcept:
    """Whether a kept guess has the partitions ``pid`` (hash ``h``) already; if not, it is the
    ``kept``-th kept guess, entered in the search's hash table (``ranked[i].index``: the
    candidate index of kept guess i)."""
    cdef int64_t q = h & (slots - 1)
    cdef int i
    cdef bint same
    while s.slots[q].stamp == s.slot_generation:
        if s.slots[q].hash == h:  # the same partitions, unless the hashes collide
            same = True
            for i in range(n_groups):
                if groups[i].partition[ranked[s.slots[q].owner].index] != pid[i]:
                    same = False
                    break
            if same:
                return True
            return False  # a collision: kept apart, not entered
        q = (q + 1) & (slots - 1)
    s.slots[q].stamp, s.slots[q].hash, s.slots[q].owner = s.slot_generation, h, kept
    return False


cdef Table make_table(TupleSearch s, Sets sets, int64_t r, Table candidates):
    """The kept guesses among ``candidates`` (the first of every class of equivalent guesses;
    none that neither splits a set nor closes a board), their bounds and their order: least
    bound first, then most parts, then a guess closing a board, then the earlier guess."""
    cdef int64_t n_cand = candidates.size, slots = 1, i, j, kept = 0, holding, held, q
    cdef int64_t pid[MAX_GROUPS]
    cdef int64_t at[MAX_GROUPS]
    cdef int64_t cum[MAX_GROUPS]
    cdef double cum_d[MAX_GROUPS]
    cdef GroupSplit groups[MAX_GROUPS]
    cdef SetSplit split
    cdef uint64_t h
    cdef bint useful
    cdef double parts, volume = 1.0, cells = 1.0
    cdef int64_t cell
    splits = []  # keeps the splits alive while their arrays are read
    for i in range(sets.n_groups):
        split = cached_split(s, sets.numbers[i], candidates)
        splits.append(split)
        read_split(&groups[i], split, sets.counts[i], s.lengths[sets.numbers[i]])
        for j in range(sets.counts[i]):
            volume *= groups[i].size
    cdef bint exact = volume < 4.0e18
    slots = open_slots(s, n_cand)
    cdef Ranked *ranked = s.ranked_scratch
    cdef Table table = Table.__new__(Table)
    table.token = s.next_token
    s.next_token += 1
    for i in range(sets.n_groups):
        cells *= groups[i].partitions
    cdef bint direct = cells <= DIRECT_CELLS  # a table of every combination of partitions, else a hash table
    s.direct_generation += 1
    for j in range(n_cand):
        useful = False
        h, cell = HASH_SEED, 0
        for i in range(sets.n_groups):
            pid[i] = groups[i].partition[j]
            if groups[i].classes[pid[i]] > 1 or groups[i].shut[pid[i]]:
                useful = True
            if direct:
                cell = cell * groups[i].partitions + pid[i]
            else:
                h = (h ^ <uint64_t>(pid[i] + 1)) * HASH_MULTIPLIER
                h ^= h >> 31
        if not useful:
            continue
        if direct:
            if s.direct_stamp[cell] == s.direct_generation:
                continue
            s.direct_stamp[cell] = s.direct_generation
        elif seen_partitions(s, groups, sets.n_groups, pid, h, slots, ranked, kept):
            continue
        parts, holding = 1.0, 0
        for i in range(sets.n_groups):
            for q in range(groups[i].count):
                parts *= groups[i].classes[pid[i]]
            if groups[i].shut[pid[i]]:
                holding += sets.tuples // groups[i].size * groups[i].count
        held = held_of(sets, groups, pid, at, cum, cum_d, exact)
        ranked[kept].bound = guess_bound(sets, r, held, holding)
        ranked[kept].parts = parts
        ranked[kept].opens = 0 if holding else 1
        ranked[kept].guess = candidates.guesses[j]
        ranked[kept].index = j  # the candidate's index, until the sort: then the kept guess's
        kept += 1
    table.size = kept
    table.guesses = <int64_t *>malloc(max(1, kept) * sizeof(int64_t))
    table.bounds = <int64_t *>malloc(max(1, kept) * sizeof(int64_t))
    table.ranked = <Ranked *>malloc(max(1, kept) * sizeof(Ranked))  # sorted when its order is asked for
    if not table.guesses or not table.bounds or not table.ranked:
        raise MemoryError()
    for i in range(kept):
        table.guesses[i] = ranked[i].guess
        table.bounds[i] = ranked[i].bound
        ranked[i].index = i
    memcpy(table.ranked, ranked, kept * sizeof(Ranked))
    return table


cdef inline bint ranked_before(Ranked *a, Ranked *b) noexcept:
    if a.bound != b.bound:
        return a.bound < b.bound
    if a.parts != b.parts:
        return a.parts > b.parts
    if a.opens != b.opens:
        return a.opens < b.opens
    return a.guess < b.guess


cdef void sort_ranked(Ranked *items, Ranked *scratch, int64_t n) noexcept:
    """Merge sort by :func:`ranked_before`."""
    cdef int64_t width = 1, lo, mid, hi, i, j, t
    cdef Ranked *src = items
    cdef Ranked *dst = scratch
    cdef Ranked *swap
    while width < n:
        lo = 0
        while lo < n:
            mid = min(lo + width, n)
            hi = min(lo + 2 * width, n)
            i, j, t = lo, mid, lo
            while i < mid and j < hi:
                if ranked_before(&src[j], &src[i]):
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
        memcpy(items, src, n * sizeof(Ranked))


cdef int64_t *table_order(Table table) except NULL:
    """The table's order (sorted from its keys when first asked for)."""
    cdef int64_t i
    cdef Ranked *scratch
    if table.order == NULL:
        table.order = <int64_t *>malloc(max(1, table.size) * sizeof(int64_t))
        scratch = <Ranked *>malloc(max(1, table.size) * sizeof(Ranked))
        if not table.order or not scratch:
            free(scratch)
            raise MemoryError()
        sort_ranked(table.ranked, scratch, table.size)
        for i in range(table.size):
            table.order[i] = table.ranked[i].index
        free(scratch)
        free(table.ranked)
        table.ranked = NULL
    return table.order
