"""The exact search kernel: branch and bound over guesses, with a growing memo.

``solve_node(...)`` returns the minimum total number of guesses that solves every
answer of ``S`` with at most ``d`` more guesses (this one included) when that
minimum is below ``beta``; otherwise a lower bound that is at least ``beta``.
The result is packed as ``cost << 24 | depth << 16 | (guess + 1)``.

Tie-break (exact, not an accident of search order): among guesses of equal total,
the shallower subtree, then a guess that can still be the answer, then the
alphabetically first word.  Each child is solved to its own (total, depth)
optimum, and once a best total T is known the search still evaluates candidates
that could reach T, so the result does not depend on the memo's contents.

Bounds, cheapest first (each is exact information, never a heuristic):

* a set of n answers costs at least 2n − 1, and at least 2n unless one of its own
  words splits it perfectly; a node returns at once when that reaches ``beta``;
* a guess with k classes costs at least 3n − k − [it is in the set];
* each class of a candidate is charged its own 1/3/2s−1/2s bound, raised to a
  memo entry when one exists (normal mode), and a class is never searched when
  its budget cannot cover that bound;
* in normal mode a candidate whose partition equals an earlier candidate's
  (same classes, same in-set flag) is skipped: it cannot do better and loses ties.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernels import hard_mode_mask, possible_mask
from .memo import entry_depth, entry_exact, entry_guess, entry_value, memo_find, memo_store
from .passes import PAIRS_MAX_N, answer_splits_perfectly, perfect_split, score_by_histogram, score_by_pairs

INF = 1 << 36
ALL_GREEN = 242
MODE_NORMAL, MODE_HARD, MODE_POSSIBLE = 0, 1, 2
STAT_NAMES = ("nodes", "full_passes", "pairs_scored", "memo_entries", "memo_evictions",
              "memo_grows", "memo_hits", "candidates", "duplicate_partitions", "bound_exits", "memo_rows")
(S_NODES, S_PASSES, S_PAIRS, _, _, _, S_HITS, S_CANDIDATES, S_DUPLICATES, S_BOUND_EXITS, _) = range(11)
_D1 = np.uint64(0x9E3779B97F4A7C15)
_D2 = np.uint64(0xC2B2AE3D27D4EB4F)
_GREEN_SALT = np.uint64(0x632BE59BD9B4E019)
# The recursive call must have exactly the outer call's argument types: literal 0/1
# would type a second specialisation, and numba's cache crashes loading that pair.
SERIAL, ONE = np.int64(0), np.int64(1)
PARTITION_SLOTS = 1 << 15  # partitions remembered per node: 16,384 (512 KiB at most)


@njit(cache=True, inline="always")
def pack(cost, depth, guess):
    return (np.int64(cost) << 24) | (np.int64(depth) << 16) | np.int64(guess + 1)


@njit(cache=True)
def memo_key(h1, h2, lh1, lh2, d):
    k1 = (h1 ^ lh1) + np.uint64(d) * _D1
    k2 = (h2 + lh2) ^ (np.uint64(d) * _D2)
    if k1 == np.uint64(0):
        k1 = np.uint64(1)
    return k1, k2


@njit(cache=True, inline="always")
def _mix(x):
    x ^= x >> np.uint64(31)
    x *= _D1
    x ^= x >> np.uint64(29)
    return x


@njit(cache=True)
def filter_legal(letters, mode, L, played, code, ZG1, ZG2):
    """Legal guesses after ``played`` showed ``code``, with the set's two hashes."""
    keep = np.empty(L.shape[0], dtype=np.bool_)
    if mode == MODE_HARD:
        hard_mode_mask(letters, L, played, code, keep)
    else:
        possible_mask(letters, L, played, code, keep)
    out = L[keep]
    lh1 = np.uint64(0)
    lh2 = np.uint64(0)
    for x in out:
        lh1 += ZG1[x]
        lh2 += ZG2[x]
    return out, lh1, lh2


@njit(cache=True)
def last_two_guesses(MT, S, L, seen):
    """d = 2: the first guess of L that separates S completely, or -1."""
    r0, r1, r2 = MT[S[0]], MT[S[1]], MT[S[2]]
    for k in range(L.shape[0]):
        g = L[k]
        c0, c1, c2 = r0[g], r1[g], r2[g]
        if c0 == c1 or c0 == c2 or c1 == c2:
            continue  # most guesses fail on the first three answers: no full test
        if perfect_split(MT, g, S, seen):
            return g
    return -1


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


@njit(cache=True)
def class_bound(MT, a2g, mode, C, c1, c2, lh1, lh2, d, memo, stats, seen, most_parts):
    """Cheap lower bound on a class's cost with d guesses left (exact for 1-2 answers).

    ``most_parts``: the most classes any legal guess makes of the parent set; no guess
    makes more of a subset, so a class of s answers costs at least 3s − most_parts − 1.
    """
    s = C.shape[0]
    if s == 1:
        return 1
    if s == 2:
        return 3
    if s > most_parts + 1:
        bound = max(2 * s, 3 * s - most_parts - 1)  # too big to split perfectly anyway
    else:
        bound = 2 * s - 1 if answer_splits_perfectly(MT, a2g, C, seen) >= 0 else 2 * s
    if mode == MODE_NORMAL and d >= 3:
        k1, k2 = memo_key(c1, c2, lh1, lh2, d)
        payload = memo_find(memo, stats, k1, k2)
        if payload != np.uint64(0) and entry_value(payload) > bound:
            bound = entry_value(payload)
    return bound


@njit(cache=True)
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
        sig[1] += _mix(ch2[code] ^ _D2)
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
def seen_before(table, count, sig):
    """Whether an earlier candidate at this node had the same partition; records it if
    not.  Returns (seen, table, count): the table doubles when half full, up to
    PARTITION_SLOTS rows, after which new partitions go unrecorded (only work is lost).
    A hash set, not a scan: on the 3158 list a node can meet thousands of partitions."""
    s0 = sig[0] if sig[0] != np.uint64(0) else np.uint64(1)
    j, found = _partition_slot(table, s0, sig[1])
    if found:
        return True, table, count
    if 2 * (count + 1) > table.shape[0]:
        if table.shape[0] >= PARTITION_SLOTS:
            return False, table, count
        bigger = np.zeros((table.shape[0] * 2, 2), dtype=np.uint64)
        for i in range(table.shape[0]):
            if table[i, 0] != np.uint64(0):
                k, _ = _partition_slot(bigger, table[i, 0], table[i, 1])
                bigger[k, 0] = table[i, 0]
                bigger[k, 1] = table[i, 1]
        table = bigger
        j, _ = _partition_slot(table, s0, sig[1])
    table[j, 0] = s0
    table[j, 1] = sig[1]
    return False, table, count + 1


@njit(cache=True, nogil=True)  # threads of one process search at once (see Solver.lanes)
def solve_node(MT, letters, a2g, mode, S, h1, h2, L, lh1, lh2, played, shown, d, beta,
               Z1, Z2, ZG1, ZG2, memo, stats, worker, n_workers, shared, scratch):
    """See the module docstring.

    One long function on purpose: the candidate loop recurses into it, and numba's cache
    crashes loading mutually recursive kernels, so only non-recursive steps are split out.
    With ``n_workers > 1`` this call evaluates only the candidates ``worker, worker +
    n_workers, ...`` of this node (children are always solved whole) and shares its best
    total through ``shared[0]``, a limit the other workers' calls on the same node read;
    the node's exact optimum is the lexicographic best of the workers' results, so
    nothing partial enters the memo."""
    stats[S_NODES] += 1
    n = S.shape[0]
    if d <= 0:
        return pack(INF, 0, -1)  # no guess left, not even for a single answer
    if n == 1:
        return pack(1, 1, a2g[S[0]])
    if d == 1:
        return pack(INF, 0, -1)
    if n == 2:
        return pack(3, 2, a2g[S[0]])  # S is sorted, so this is the alphabetically first
    if 2 * n - 1 >= beta:
        stats[S_BOUND_EXITS] += 1
        return pack(2 * n - 1, 0, -1)
    seen = np.zeros(243, dtype=np.bool_)
    g = answer_splits_perfectly(MT, a2g, S, seen)
    if g >= 0:
        return pack(2 * n - 1, 2, g)
    if 2 * n >= beta:
        stats[S_BOUND_EXITS] += 1
        return pack(2 * n, 0, -1)
    if played >= 0:
        # Hard/possible mode: the parent passed its own legal list; filter it only now,
        # since the cases above never read it.
        L, lh1, lh2 = filter_legal(letters, mode, L, played, shown, ZG1, ZG2)
    if d == 2:
        g = last_two_guesses(MT, S, L, seen)
        return pack(2 * n, 2, g) if g >= 0 else pack(INF, 0, -1)
    k1, k2 = memo_key(h1, h2, lh1, lh2, d)
    payload = memo_find(memo, stats, k1, k2)
    known_lb = 0
    if payload != np.uint64(0):
        stats[S_HITS] += 1
        if entry_exact(payload):
            return pack(entry_value(payload), entry_depth(payload), entry_guess(payload))
        if entry_value(payload) >= beta:
            return pack(entry_value(payload), 0, -1)
        known_lb = entry_value(payload)
    order, lower, perfect, most_parts = candidate_keys(MT, letters, a2g, S, L, mode == MODE_NORMAL, beta, stats,
                                                       scratch)
    if perfect >= 0:
        memo_store(memo, stats, k1, k2, 2 * n, True, perfect, 2)
        return pack(2 * n, 2, perfect)
    lower = max(lower, known_lb)
    if lower >= beta:
        memo_store(memo, stats, k1, k2, lower, False, -1, 0)
        return pack(lower, 0, -1)

    # Candidates in key order; the lexicographic best (total, depth, not in set, index)
    # below beta.  Once a best is known the limit is its total + 1, so ties are evaluated.
    limit = beta
    best_total, best_depth, best_in, best_guess = INF, 0, 0, -1
    ordered = np.empty(n, dtype=S.dtype)
    starts = np.zeros(244, dtype=np.int64)
    cursor = np.zeros(243, dtype=np.int64)
    codes = np.empty(243, dtype=np.int64)
    ch1 = np.zeros(243, dtype=np.uint64)
    ch2 = np.zeros(243, dtype=np.uint64)
    cls_lb = np.zeros(243, dtype=np.int64)
    cls_codes = np.empty(243, dtype=np.int64)
    cls_keys = np.empty(243, dtype=np.int64)
    sig = np.empty(2, dtype=np.uint64)
    partitions = np.zeros((64, 2), dtype=np.uint64)  # signatures met at this node (normal mode)
    n_partitions = 0
    group_end = 0
    for c_i in range(order.shape[0]):
        if c_i == group_end:
            if order[c_i] >> 41 >= limit:
                break  # the groups are in ascending bound order
            group_end = sort_group(order, c_i)
        key = order[c_i]
        if n_workers > 1:
            if c_i % n_workers != worker:
                continue
            limit = min(limit, shared[0])  # another worker may have found a better total
        if key >> 41 >= limit:
            break
        in_set_c = 1 - ((key >> 16) & 1)
        g = L[key & 0xFFFF]
        stats[S_CANDIDATES] += 1
        n_cls = split_classes(MT, Z1, Z2, S, g, in_set_c, ordered, starts, cursor, codes, ch1, ch2, cls_codes,
                              cls_keys, sig)
        if mode == MODE_NORMAL:
            duplicate, partitions, n_partitions = seen_before(partitions, n_partitions, sig)
            if duplicate:
                stats[S_DUPLICATES] += 1
                continue
        total = n
        rest_lb = 0
        for j in range(n_cls):
            code = cls_codes[j]
            C = ordered[starts[code]:starts[code + 1]]
            cls_lb[code] = class_bound(MT, a2g, mode, C, ch1[code], ch2[code], lh1, lh2, d - 1, memo, stats,
                                       seen, most_parts)
            rest_lb += cls_lb[code]
            if total + rest_lb >= limit:
                break
        if total + rest_lb >= limit:
            continue
        cls_order = np.argsort(cls_keys[:n_cls])  # largest first: they decide most cut-offs
        failed = False
        depth_c = 1
        child_played = -1 if mode == MODE_NORMAL else g
        for j in range(n_cls):
            code = cls_codes[cls_order[j]]
            rest_lb -= cls_lb[code]
            budget = limit - total - rest_lb
            if cls_lb[code] >= budget:
                failed = True  # never search a class whose budget cannot cover its bound
                break
            C = ordered[starts[code]:starts[code + 1]].copy()
            r = solve_node(MT, letters, a2g, mode, C, ch1[code], ch2[code], L, lh1, lh2, child_played,
                           code, d - 1, budget, Z1, Z2, ZG1, ZG2, memo, stats, SERIAL, ONE, shared,
                           scratch)
            v = r >> 24
            if v >= budget:
                failed = True
                break
            total += v
            depth_c = max(depth_c, ((r >> 16) & 0xFF) + 1)
        if failed:
            continue
        better = best_guess < 0 or total < best_total
        if not better and total == best_total:
            if depth_c != best_depth:
                better = depth_c < best_depth
            elif in_set_c != best_in:
                better = in_set_c > best_in
            else:
                better = g < best_guess
        if better:
            best_total, best_depth, best_in, best_guess = total, depth_c, in_set_c, g
            limit = total + 1
            if n_workers > 1 and limit < shared[0]:
                shared[0] = limit  # a racing write of a worse limit only costs speed
    if n_workers > 1:
        return pack(best_total, best_depth, best_guess) if best_guess >= 0 else pack(beta, 0, -1)
    if best_guess >= 0:
        memo_store(memo, stats, k1, k2, best_total, True, best_guess, best_depth)
        return pack(best_total, best_depth, best_guess)
    memo_store(memo, stats, k1, k2, beta, False, -1, 0)
    return pack(beta, 0, -1)
