# The search memo: an open-addressing table of rows (k1, k2 ^ payload, payload) that grows
# with the problem.  The table is allocated at its cap as virtual memory (zero pages map
# lazily); the search uses a prefix of stats[S_ROWS] rows that starts at 4096 and doubles,
# rehashed in place, when half full, so the pages touched follow the problem.  At the cap
# a full probe window replaces its home slot: an entry only ever saves work.
#
# Threads share one table without locks (--jobs): a reader accepts a row only when
# row[1] ^ row[2] == k2, reading each word once, so a row caught half-written reads as a
# miss (but for a 64-bit key collision, the risk every entry carries).  Growth rehashes in
# place, so it happens only when one thread owns the table (search.Solver.lanes).

from libc.stdint cimport int64_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy, memset

from context cimport Ctx, S_ENTRIES, S_EVICTIONS, S_GROWS, S_ROWS, STOP_NO_MEMORY

cdef enum:
    MEMO_PROBES = 16  # the rows a look-up reads from a key's home row on
    VALUE_SHIFT = 26
    DEPTH_SHIFT = 18
    EXACT_SHIFT = 17

cdef inline uint64_t pack_entry(int64_t value, bint exact, int64_t guess, int64_t depth) noexcept nogil:
    """One payload: value, depth (8 bits), exact flag, and guess + 1 (-1, no guess, stores 0)."""
    return ((<uint64_t>value << VALUE_SHIFT) | (<uint64_t>depth << DEPTH_SHIFT)
            | (<uint64_t>(1 if exact else 0) << EXACT_SHIFT) | <uint64_t>(guess + 1))


cdef inline int64_t entry_value(uint64_t payload) noexcept nogil:
    return <int64_t>(payload >> VALUE_SHIFT)


cdef inline bint entry_exact(uint64_t payload) noexcept nogil:
    return (payload >> EXACT_SHIFT) & 1


cdef inline int64_t entry_guess(uint64_t payload) noexcept nogil:
    return <int64_t>(payload & ((1 << 17) - 1)) - 1


cdef inline int64_t entry_depth(uint64_t payload) noexcept nogil:
    return <int64_t>((payload >> DEPTH_SHIFT) & 0xFF)


cdef inline void memo_key(uint64_t h1, uint64_t h2, uint64_t lh1, uint64_t lh2, int64_t d, uint64_t* k1,
                          uint64_t* k2) noexcept nogil:
    k1[0] = (h1 ^ lh1) + <uint64_t>d * 0x9E3779B97F4A7C15ULL
    k2[0] = (h2 + lh2) ^ (<uint64_t>d * 0xC2B2AE3D27D4EB4FULL)
    if k1[0] == 0:
        k1[0] = 1


cdef inline uint64_t memo_find(const uint64_t* memo, const int64_t* stats, uint64_t k1, uint64_t k2) noexcept nogil:
    """Payload stored under (k1, k2), or 0 (no entry: payloads are never 0)."""
    cdef uint64_t mask = <uint64_t>(stats[S_ROWS] - 1), key, check, payload
    cdef uint64_t j = k1 & mask
    cdef int _probe
    for _probe in range(MEMO_PROBES):
        key = memo[j * 3]
        if key == k1:
            check = memo[j * 3 + 1]
            payload = memo[j * 3 + 2]
            if check ^ payload == k2:
                return payload
        elif key == 0:
            return 0
        j = (j + 1) & mask
    return 0


cdef inline void write_row(uint64_t* memo, uint64_t j, uint64_t k1, uint64_t k2, uint64_t payload) noexcept nogil:
    memo[j * 3] = k1
    memo[j * 3 + 1] = k2 ^ payload
    memo[j * 3 + 2] = payload


cdef inline int insert(uint64_t* memo, int64_t rows, uint64_t k1, uint64_t k2, uint64_t payload,
                       bint evict) noexcept nogil:
    """Place an entry in the first ``rows`` rows: 1 new slot, 0 update, -1 eviction of the
    home slot (when ``evict``), -2 nothing written (a full probe window)."""
    cdef uint64_t mask = <uint64_t>(rows - 1)
    cdef uint64_t home = k1 & mask, j = home, key
    cdef int _probe
    for _probe in range(MEMO_PROBES):
        key = memo[j * 3]
        if key == k1 and memo[j * 3 + 1] ^ memo[j * 3 + 2] == k2:
            write_row(memo, j, k1, k2, payload)
            return 0
        if key == 0:
            write_row(memo, j, k1, k2, payload)
            return 1
        j = (j + 1) & mask
    if not evict:
        return -2
    write_row(memo, home, k1, k2, payload)
    return -1


cdef inline bint rehash(uint64_t* memo, int64_t* stats, int64_t rows) noexcept nogil:
    """Make the active prefix ``rows`` rows and reinsert the old prefix's entries (only the
    old prefix is written); False when no memory was left for the copy."""
    cdef int64_t old_rows = stats[S_ROWS], entries = 0, j
    cdef uint64_t* old = <uint64_t*>malloc(old_rows * 3 * sizeof(uint64_t))
    if old == NULL:
        return False
    memcpy(old, memo, old_rows * 3 * sizeof(uint64_t))
    memset(memo, 0, old_rows * 3 * sizeof(uint64_t))
    stats[S_ROWS] = rows
    for j in range(old_rows):
        if old[j * 3] != 0:
            if insert(memo, rows, old[j * 3], old[j * 3 + 1] ^ old[j * 3 + 2], old[j * 3 + 2], True) == 1:
                entries += 1
    free(old)
    stats[S_ENTRIES] = entries
    stats[S_GROWS] += 1
    return True


cdef inline void memo_store(Ctx* c, uint64_t k1, uint64_t k2, int64_t value, bint exact, int64_t guess,
                            int64_t depth) noexcept nogil:
    """Record an exact value, or a lower bound; never weaken what is known.  Nothing is
    stored once the search is stopping (its values are then not proved)."""
    if c.control.stopped:
        return
    cdef uint64_t* memo = c.memo.rows
    cdef int64_t* stats = c.work.stats
    cdef uint64_t old = memo_find(memo, stats, k1, k2), payload
    cdef int placed
    if old != 0:
        if entry_exact(old) or (not exact and entry_value(old) >= value):
            return
    if 2 * (stats[S_ENTRIES] + 1) > stats[S_ROWS] and stats[S_ROWS] < c.memo.cap:
        if not rehash(memo, stats, stats[S_ROWS] * 2):
            c.control.stopped = STOP_NO_MEMORY
            return
    payload = pack_entry(value, exact, guess, depth)
    placed = insert(memo, stats[S_ROWS], k1, k2, payload, stats[S_ROWS] >= c.memo.cap)
    while placed == -2:
        # Linear probing makes runs longer than the probe window well before half load:
        # below the cap, grow rather than evict (an evicted entry is work done again).
        if not rehash(memo, stats, stats[S_ROWS] * 2):
            c.control.stopped = STOP_NO_MEMORY
            return
        placed = insert(memo, stats[S_ROWS], k1, k2, payload, stats[S_ROWS] >= c.memo.cap)
    if placed == 1:
        stats[S_ENTRIES] += 1
    elif placed < 0:
        stats[S_EVICTIONS] += 1
