"""A node's candidate guesses: scored and ordered, split into classes, deduplicated.

The non-recursive steps of :func:`kernel.solve_node`'s candidate loop (the kernel
itself must stay one function, see its docstring):

* :func:`candidate_keys` scores every legal guess in one full pass and returns the
  candidates' keys grouped by bound; :func:`sort_group` sorts a group only when the
  search reaches it;
* :func:`split_classes` splits the node's answers by one candidate's feedback (into
  :func:`class_buffers`);
* :func:`seen_before` finds candidates whose partition an earlier one already made;
  :func:`set_has` / :func:`set_add` are the small hash set of 64-bit pairs under it
  (the kernel also keeps its unsplittable classes in one).
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from .passes import PAIRS_MAX_N, score_by_histogram, score_by_pairs

INF = 1 << 36  # above any total: "no bound yet" / "cannot be done"
ALL_GREEN = 242
S_PASSES, S_PAIRS = 1, 2  # stats slots, shared with the kernel (see kernel.STAT_NAMES)
PARTITION_SLOTS = 1 << 15  # partitions remembered per node: 16,384 (512 KiB at most)
# mixing constants of partition signatures (the kernel's memo keys use the same two)
_M1 = np.uint64(0x9E3779B97F4A7C15)
_M2 = np.uint64(0xC2B2AE3D27D4EB4F)
_GREEN_SALT = np.uint64(0x632BE59BD9B4E019)


@njit(cache=True, inline="always")
def _mix(x):
    x ^= x >> np.uint64(31)
    x *= _M1
    x ^= x >> np.uint64(29)
    return x


@njit(cache=True)
def candidate_keys(MT, letters, a2g, S, L, identity, beta, stats, scratch):
    """One full pass: (keys grouped by bound, node lower bound, perfect guess or -1,
    most parts).

    Key = (lower bound 3n − k − in, Σc², not in set, index into L), so candidates are
    tried cheapest-bound first; only the order, never the result, depends on it.  The
    keys come back grouped by bound, ascending (:func:`group_by_bound`); the search
    sorts each group only when it reaches it (:func:`sort_group`), since it usually
    stops long before the last: on the 3158 list 10% of the keys, on trace 1.4%.
    """
    n = S.shape[0]
    m = L.shape[0]
    parts = np.empty(m, dtype=np.int64)
    sumsq = np.empty(m, dtype=np.int64)
    in_set = np.empty(m, dtype=np.int64)
    if n <= PAIRS_MAX_N:
        score_by_pairs(MT, a2g, S, L, identity, parts, sumsq, in_set, scratch)
    else:
        score_by_histogram(MT, letters, a2g, S, L, parts, sumsq, in_set, scratch)
    stats[S_PASSES] += 1
    stats[S_PAIRS] += n * m
    keys = np.empty(m, dtype=np.int64)
    n_cand = 0
    lower = INF
    most_parts = 1
    for idx in range(m):
        p = parts[idx]
        if p == n:
            # no word of S splits it perfectly (checked before), so 2n is optimal
            return keys[:0], 2 * n, L[idx], n
        most_parts = max(most_parts, p)
        if p == 1 and in_set[idx] == 0:
            continue  # tells nothing
        lb = 3 * n - p - in_set[idx]
        if lb < lower:
            lower = lb
        if lb < beta:
            sq = min(sumsq[idx], (1 << 24) - 1)  # only orders candidates; must not spill into lb
            keys[n_cand] = ((np.int64(lb) << 24 | sq) << 1 | (1 - in_set[idx])) << 16 | idx
            n_cand += 1
    return group_by_bound(keys[:n_cand]), lower, -1, most_parts


@njit(cache=True)
def group_by_bound(keys):
    """The keys grouped by their bound (the top bits), groups ascending: a counting sort
    on the bound alone, O(keys + range of bounds)."""
    n = keys.shape[0]
    if n == 0:
        return keys
    lo = keys[0] >> 41
    hi = lo
    for i in range(n):
        b = keys[i] >> 41
        lo = min(lo, b)
        hi = max(hi, b)
    counts = np.zeros(hi - lo + 2, dtype=np.int64)
    for i in range(n):
        counts[(keys[i] >> 41) - lo + 1] += 1
    for b in range(1, counts.shape[0]):
        counts[b] += counts[b - 1]
    out = np.empty_like(keys)
    for i in range(n):
        b = (keys[i] >> 41) - lo
        out[counts[b]] = keys[i]
        counts[b] += 1
    return out


@njit(cache=True)
def sort_group(order, start):
    """Sort, in place, the group of equal bounds that starts at ``start``; its end."""
    bound = order[start] >> 41
    end = start + 1
    while end < order.shape[0] and order[end] >> 41 == bound:
        end += 1
    order[start:end] = np.sort(order[start:end])
    return end


@njit(cache=True, inline="always")
def class_buffers(S):
    """Scratch for splitting the node ``S`` by its candidates (:func:`split_classes`) and
    for the loop over one candidate's classes, allocated once per node: ``ordered``,
    ``starts``, ``cursor``, ``codes``, the classes' hashes ``ch1``/``ch2``, their bounds
    ``cls_lb``, ``cls_codes``, ``cls_keys``, ``cls_order`` and the signature ``sig``."""
    return (np.empty(S.shape[0], dtype=S.dtype), np.zeros(244, dtype=np.int64), np.zeros(243, dtype=np.int64),
            np.empty(243, dtype=np.int64), np.zeros(243, dtype=np.uint64), np.zeros(243, dtype=np.uint64),
            np.zeros(243, dtype=np.int64), np.empty(243, dtype=np.int64), np.empty(243, dtype=np.int64),
            np.empty(243, dtype=np.int64), np.empty(2, dtype=np.uint64))


@njit(cache=True, _nrt=False)  # allocates nothing: no reference counts (see kernel.py)
def split_classes(MT, Z1, Z2, S, g, in_set, ordered, starts, cursor, codes, ch1, ch2, cls_codes, cls_keys, sig):
    """Counting sort of S by g's pattern (stable: classes stay sorted), the classes'
    hashes, their codes with a largest-first sort key, and the partition's signature.
    Returns the number of non-green classes.

    Only the codes that occur are touched (a node has ~20 answers but 243 codes, and
    this runs once per candidate): class ``code`` is ``ordered[starts[code]:starts[code
    + 1]]`` for those codes alone, other entries of ``starts`` are stale.  ``cursor``
    (243 zeros) is returned to zeros; ``codes`` is scratch."""
    n = S.shape[0]
    k = 0
    for i in range(n):
        code = MT[S[i], g]
        if cursor[code] == 0:
            codes[k] = code
            k += 1
            ch1[code] = 0
            ch2[code] = 0
        cursor[code] += 1
    if k <= 32:  # few classes: insertion sort of the codes that occur
        for i in range(1, k):
            c = codes[i]
            j = i - 1
            while j >= 0 and codes[j] > c:
                codes[j + 1] = codes[j]
                j -= 1
            codes[j + 1] = c
    else:
        k = 0
        for code in range(243):
            if cursor[code] > 0:
                codes[k] = code
                k += 1
    offset = 0
    for i in range(k):
        code = codes[i]
        size = cursor[code]
        starts[code] = offset
        cursor[code] = offset  # from here on, where the class's next answer goes
        offset += size
        starts[code + 1] = offset  # the next occurring code, if code + 1, starts here too
    for i in range(n):
        a = S[i]
        code = MT[a, g]
        ordered[cursor[code]] = a
        cursor[code] += 1
        ch1[code] += Z1[a]
        ch2[code] += Z2[a]
    n_cls = 0
    sig[0] = _GREEN_SALT if in_set else np.uint64(0)
    sig[1] = sig[0]
    for i in range(k):
        code = codes[i]
        cursor[code] = 0
        if code == ALL_GREEN:
            continue
        cls_codes[n_cls] = code
        cls_keys[n_cls] = -(starts[code + 1] - starts[code]) * 256 + code
        n_cls += 1
        sig[0] += _mix(ch1[code])
        sig[1] += _mix(ch2[code] ^ _M2)
    return n_cls


@njit(cache=True)
def _partition_slot(table, s0, s1):
    """(slot, found) for a partition signature in an open-addressing table (row 0 = empty)."""
    mask = table.shape[0] - 1
    j = np.int64(s0 & np.uint64(mask))  # s0 is a sum of mixed words: its low bits are spread
    while True:
        if table[j, 0] == np.uint64(0):
            return j, False
        if table[j, 0] == s0 and table[j, 1] == s1:
            return j, True
        j = (j + 1) & mask


@njit(cache=True)
def set_has(table, s0, s1):
    """Whether the pair (s0, s1) is in the hash set ``table`` (s0 never 0: see :func:`nonzero`)."""
    _, found = _partition_slot(table, s0, s1)
    return found


@njit(cache=True)
def set_add(table, count, s0, s1):
    """Record (s0, s1), known to be absent, in the hash set ``table`` holding ``count``
    pairs; returns (table, count).  The table doubles when half full, up to
    PARTITION_SLOTS rows, after which new pairs go unrecorded (only work is lost)."""
    if 2 * (count + 1) > table.shape[0]:
        if table.shape[0] >= PARTITION_SLOTS:
            return table, count
        bigger = np.zeros((table.shape[0] * 2, 2), dtype=np.uint64)
        for i in range(table.shape[0]):
            if table[i, 0] != np.uint64(0):
                k, _ = _partition_slot(bigger, table[i, 0], table[i, 1])
                bigger[k, 0] = table[i, 0]
                bigger[k, 1] = table[i, 1]
        table = bigger
    j, _ = _partition_slot(table, s0, s1)
    table[j, 0] = s0
    table[j, 1] = s1
    return table, count + 1


@njit(cache=True, inline="always")
def nonzero(word):
    """``word``, or 1 for 0 (0 marks an empty row of a hash set)."""
    return word if word != np.uint64(0) else np.uint64(1)


@njit(cache=True)
def seen_before(table, count, sig):
    """Whether an earlier candidate at this node had the same partition; records it if
    not.  Returns (seen, table, count).  A hash set, not a scan: on the 3158 list a node
    can meet thousands of partitions."""
    s0 = nonzero(sig[0])
    if set_has(table, s0, sig[1]):
        return True, table, count
    table, count = set_add(table, count, s0, sig[1])
    return False, table, count
