"""The search memo: an open-addressing table that grows with the problem.

One entry is one row of a ``uint64[capacity, 3]`` table: two independent 64-bit
Zobrist keys and a packed payload (value, depth, exact flag, guess).  The table
is allocated at its hard cap but only as *virtual* memory (``np.zeros`` maps
zero pages lazily); the search uses a prefix of ``stats[S_ROWS]`` rows that
starts at 4096 and doubles, rehashed in place, when half full.  So the pages
touched, and the RSS, follow the problem: a salet build touches well under 1 MB
where the old fixed 170 MB table, written at random, faulted in all of it (12.7%
of that build's time went to zeroing pages).  At the cap a full probe window
replaces its home slot, so memory stays bounded and the search stays correct: an
entry only ever saves work.  (A ``numba.typed.List`` holding a swappable table
would also work, but building one costs 0.1-0.4 s per process.)

Threads share one table without locks (``--jobs``): a row is written as
``(k1, k2 ^ payload, payload)`` and a reader accepts it only when
``row[1] ^ row[2] == k2``, reading each word once.  A row caught half-written
(another thread inserting, updating or evicting it) then fails the check and reads
as a miss, except with the probability of a 64-bit key collision, the risk every
entry already carries.  Two threads filling the same empty slot at once can leave
a row that matches neither key; it only costs a probe.  Growth rehashes in place,
so it happens only when one thread owns the table (see :func:`memo_store`).
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

PROBES = 16
INITIAL_BITS = 12
ENTRY_BYTES = 24
# stats slots, shared with the kernel (see kernel.STAT_NAMES)
S_ENTRIES, S_EVICTIONS, S_GROWS, S_ROWS = 3, 4, 5, 10

_VALUE_SHIFT, _DEPTH_SHIFT, _EXACT_SHIFT = 26, 18, 17
_GUESS_MASK = np.uint64((1 << 17) - 1)


@njit(cache=True, inline="always")
def pack_entry(value, exact, guess, depth):
    """One payload: value, depth (8 bits), exact flag, and guess + 1 (-1, no guess, stores 0)."""
    return ((np.uint64(value) << np.uint64(_VALUE_SHIFT)) | (np.uint64(depth) << np.uint64(_DEPTH_SHIFT))
            | (np.uint64(1 if exact else 0) << np.uint64(_EXACT_SHIFT)) | np.uint64(guess + 1))


@njit(cache=True, inline="always")
def entry_value(payload):
    """The total stored in ``payload``: exact, or a lower bound."""
    return np.int64(payload >> np.uint64(_VALUE_SHIFT))


@njit(cache=True, inline="always")
def entry_exact(payload):
    """True when ``payload``'s value is exact, False when it is only a lower bound."""
    return (payload >> np.uint64(_EXACT_SHIFT)) & np.uint64(1) == np.uint64(1)


@njit(cache=True, inline="always")
def entry_guess(payload):
    """The best guess stored in ``payload``, or -1 for none."""
    return np.int64(payload & _GUESS_MASK) - 1


@njit(cache=True, inline="always")
def entry_depth(payload):
    """The subtree depth stored in ``payload``, in guesses (0 with a bare lower bound)."""
    return np.int64((payload >> np.uint64(_DEPTH_SHIFT)) & np.uint64(0xFF))


@njit(cache=True)
def memo_find(memo, stats, k1, k2):
    """Payload stored under (k1, k2), or 0 (no entry: payloads are never 0)."""
    mask = stats[S_ROWS] - 1
    j = np.int64(k1 & np.uint64(mask))
    for _ in range(PROBES):
        key = memo[j, 0]
        if key == k1:
            check = memo[j, 1]
            payload = memo[j, 2]
            if check ^ payload == k2:
                return payload
        elif key == np.uint64(0):
            return np.uint64(0)
        j = (j + 1) & mask
    return np.uint64(0)


@njit(cache=True)
def _insert(memo, rows, k1, k2, payload, evict):
    """Place an entry in the first ``rows`` rows: 1 new slot, 0 update, -1 eviction of
    the home slot (when ``evict``), -2 nothing written (a full probe window)."""
    mask = rows - 1
    home = np.int64(k1 & np.uint64(mask))
    j = home
    for _ in range(PROBES):
        key = memo[j, 0]
        if key == k1 and memo[j, 1] ^ memo[j, 2] == k2:
            _write_row(memo, j, k1, k2, payload)
            return 0
        if key == np.uint64(0):
            _write_row(memo, j, k1, k2, payload)
            return 1
        j = (j + 1) & mask
    if not evict:
        return -2
    _write_row(memo, home, k1, k2, payload)
    return -1


@njit(cache=True, inline="always")
def _write_row(memo, j, k1, k2, payload):
    memo[j, 0] = k1
    memo[j, 1] = k2 ^ payload
    memo[j, 2] = payload


@njit(cache=True)
def _rehash(memo, stats, rows):
    """Make the active prefix ``rows`` rows and reinsert the old prefix's entries.  Only the
    old prefix is written: rows past it are untouched zero pages until an entry lands."""
    old_rows = stats[S_ROWS]
    old = memo[:old_rows].copy()
    memo[:old_rows] = 0
    stats[S_ROWS] = rows
    entries = 0
    for j in range(old_rows):
        if old[j, 0] != np.uint64(0):
            if _insert(memo, rows, old[j, 0], old[j, 1] ^ old[j, 2], old[j, 2], True) == 1:
                entries += 1
    stats[S_ENTRIES] = entries
    stats[S_GROWS] += 1


@njit(cache=True)
def _grow(memo, stats):
    """Double the active prefix, rehashed in place."""
    _rehash(memo, stats, stats[S_ROWS] * 2)


@njit(cache=True)
def memo_store(memo, stats, k1, k2, value, exact, guess, depth):
    """Record an exact value, or a lower bound; never weaken what is known."""
    old = memo_find(memo, stats, k1, k2)
    if old != np.uint64(0):
        if entry_exact(old) or (not exact and entry_value(old) >= value):
            return
    if 2 * (stats[S_ENTRIES] + 1) > stats[S_ROWS] and stats[S_ROWS] < memo.shape[0]:
        _grow(memo, stats)
    payload = pack_entry(value, exact, guess, depth)
    placed = _insert(memo, stats[S_ROWS], k1, k2, payload, stats[S_ROWS] >= memo.shape[0])
    while placed == -2:
        # Linear probing makes runs longer than the probe window well before half load
        # (15 evictions at 38% load on prest hard, each a lost entry that the rebuild
        # then had to re-solve node by node): below the cap, grow rather than evict.
        _grow(memo, stats)
        placed = _insert(memo, stats[S_ROWS], k1, k2, payload, stats[S_ROWS] >= memo.shape[0])
    if placed == 1:
        stats[S_ENTRIES] += 1
    elif placed < 0:
        stats[S_EVICTIONS] += 1


@njit(cache=True)
def memo_reserve(memo, stats, rows):
    """Grow the active prefix to ``rows`` (a power of two; at most the cap) before threads
    share it, in one rehash (doubling a fresh solver's prefix up to 2^18 rows wrote 12 MB
    first; one rehash writes only the old prefix)."""
    rows = min(rows, memo.shape[0])
    if stats[S_ROWS] < rows:
        _rehash(memo, stats, rows)


def count_entries(table) -> int:
    """Occupied rows: the entry gauge after threads, which count only their own inserts."""
    return int(np.count_nonzero(table[:, 0]))


def new_memo(max_rows: int):
    """A memo table of ``max_rows`` rows, reserved but not touched (zero pages map lazily)."""
    return np.zeros((max_rows, 3), dtype=np.uint64)


def rows_for_megabytes(megabytes: float) -> int:
    """The largest power-of-two row count whose table fits in ``megabytes`` (at least 4096)."""
    rows = 1 << INITIAL_BITS
    while rows * 2 * ENTRY_BYTES <= megabytes * 2**20:
        rows *= 2
    return rows
