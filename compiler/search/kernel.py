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
  (same classes, same in-set flag) is skipped: it cannot do better and loses ties;
* a set whose biggest endgame group (``.ight``) cannot be told apart within the
  guesses left is infeasible (:mod:`.endgame`), found before the node's full pass.

Reference counts: numba increments and decrements (atomically) the count of every
array a function receives, and an ``inline="always"`` helper pays the same at its call
site.  The helpers called per class of every candidate (:func:`class_bound`,
:func:`settle_without_search`, ``split_classes``) allocate nothing, so they are
compiled with ``_nrt=False``, which drops those counts, and they take a class as a
range ``S[lo:hi]`` of the node's buffer rather than a slice view (another count).
With ``np.argsort`` per candidate replaced by :func:`sort_classes`, this took tarse in
hard mode on the 3158 list from 38.6 s to 27.2 s with the same counters and bytes.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

from ..feedback_matrix import _general_code
from ..kernels import (hard_mode_bit_masks, hard_mode_hints, hard_mode_mask, keeps_hint_masks, keeps_hints,
                       possible_mask)
from .memo import entry_depth, entry_exact, entry_guess, entry_value, memo_find, memo_store
from .candidates import (INF, candidate_keys, class_buffers, nonzero, seen_before, set_add, set_has, sort_group,
                         split_classes)
from .endgame import endgame_infeasible
from .passes import answer_splits_perfectly, perfect_split

MODE_NORMAL, MODE_HARD, MODE_POSSIBLE = 0, 1, 2
STAT_NAMES = ("nodes", "full_passes", "pairs_scored", "memo_entries", "memo_evictions",
              "memo_grows", "memo_hits", "candidates", "duplicate_partitions", "bound_exits", "memo_rows",
              "endgame_cuts", "unsplittable_hits")
(S_NODES, S_PASSES, S_PAIRS, _, _, _, S_HITS, S_CANDIDATES, S_DUPLICATES, S_BOUND_EXITS, _,
 S_ENDGAME, S_UNSPLITTABLE) = range(13)
_D1 = np.uint64(0x9E3779B97F4A7C15)
_D2 = np.uint64(0xC2B2AE3D27D4EB4F)
# The recursive call must have exactly the outer call's argument types: literal 0/1
# would type a second specialisation, and numba's cache crashes loading that pair.
SERIAL, ONE = np.int64(0), np.int64(1)
# A shared node's state (int64[SHARED_WORDS], one per node, zeroed but for the limit):
# SHARED_LIMIT, the best total found + 1 (a participant never evaluates a candidate
# whose bound reaches it); SHARED_NEXT, the first candidate (in key order) nobody has
# claimed: a participant reads it, writes its candidate + 1 and evaluates that one.
# Without atomics two participants can claim the same candidate, or a late write move
# the counter back: both only repeat work, no candidate is ever left out (every write is
# the writer's own position + 1, and it passed every earlier candidate claimed or
# seen claimed).  SHARED_COUNT, the node's candidate count, set by its participants,
# so a thread deciding whether to join sees how many are left.
SHARED_LIMIT, SHARED_NEXT, SHARED_COUNT, SHARED_WORDS = 0, 1, 2, 8


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


@njit(cache=True)
def filter_legal(letters, word_bits, mode, L, played, code, ZG1, ZG2):
    """Legal guesses after ``played`` showed ``code``, with the set's two hashes.

    Hard mode tests each guess with two masks (:func:`hard_mode_bit_masks`): this runs at
    every memo-miss node with three or more guesses left, and was about a quarter of the
    kernel's time on tarse in hard mode on the 3158 list when done letter by letter."""
    keep = np.empty(L.shape[0], dtype=np.bool_)
    if mode == MODE_HARD:
        need, green_mask, green, ok = hard_mode_bit_masks(letters, word_bits, played, code)
        if ok:
            for k in range(L.shape[0]):
                w = L[k]
                keep[k] = keeps_hint_masks(word_bits[w, 0], word_bits[w, 1], need, green_mask, green)
        else:
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


@njit(cache=True, inline="always")
def last_two_guesses(MT, letters, mode, S, lo, hi, L, played, code, seen):
    """d = 2: the first guess of L that separates ``S[lo:hi]`` completely; else -1 when
    no guess of L does, -2 when some do but the mode allows none of them here.

    With ``played`` >= 0 (hard/possible mode), ``L`` is the parent's list and only the
    guesses the mode still allows after ``played`` showed ``code`` count; they are
    checked one by one rather than filtering ``L`` first, since the cheap three-answer
    test rejects most guesses (same guesses, same order, so the same answer; this
    halved tarse in hard mode on the 3158 list).  ``letters`` and ``mode`` are read
    only then.  The mode is checked after the split, so that -1 means the set cannot be
    split from L whatever was played (see :func:`solve_node`'s unsplittable classes)."""
    a0, a1, a2 = S[lo], S[lo + 1], S[lo + 2]
    hints = hard_mode_hints(letters, played, code) if played >= 0 and mode == MODE_HARD else 0
    found = -1
    for k in range(L.shape[0]):
        g = L[k]
        c0, c1, c2 = MT[a0, g], MT[a1, g], MT[a2, g]  # in place: a row view costs two atomics
        if c0 == c1 or c0 == c2 or c1 == c2:
            continue  # most guesses fail on the first three answers: no full test
        if not perfect_split(MT, g, S, lo, hi, seen):
            continue
        if played >= 0:
            if mode == MODE_HARD:
                if not keeps_hints(letters, g, played, hints):
                    found = -2
                    continue
            elif _general_code(letters[played], letters[g]) != code:
                found = -2
                continue
        return g
    return found


@njit(cache=True, inline="always")
def sort_classes(keys, count, out):
    """``out[:count]`` = the indices of ``keys[:count]`` in ascending key order (keys are
    distinct).  An insertion sort in a buffer: a node has few classes, and
    ``np.argsort`` allocated once per candidate."""
    for i in range(count):
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[out[j]] > key:
            out[j + 1] = out[j]
            j -= 1
        out[j + 1] = i


@njit(cache=True, _nrt=False)
def class_bound(MT, a2g, mode, S, lo, hi, c1, c2, lh1, lh2, d, memo, stats, seen, most_parts):
    """Cheap lower bound on the cost of the class ``S[lo:hi]`` with d guesses left (exact
    for 1-2 answers).

    ``most_parts``: the most classes any legal guess makes of the parent set; no guess
    makes more of a subset, so a class of s answers costs at least 3s − most_parts − 1.
    """
    s = hi - lo
    if s == 1:
        return 1
    if s == 2:
        return 3
    if s > most_parts + 1:
        bound = max(2 * s, 3 * s - most_parts - 1)  # too big to split perfectly anyway
    else:
        bound = 2 * s - 1 if answer_splits_perfectly(MT, a2g, S, lo, hi, seen) >= 0 else 2 * s
    if mode == MODE_NORMAL and d >= 3:
        k1, k2 = memo_key(c1, c2, lh1, lh2, d)
        payload = memo_find(memo, stats, k1, k2)
        if payload != np.uint64(0) and entry_value(payload) > bound:
            bound = entry_value(payload)
    return bound


@njit(cache=True, _nrt=False)
def class_bounds(MT, a2g, mode, S, starts, cls_codes, n_cls, ch1, ch2, lh1, lh2, d, memo, stats, seen, most_parts,
                 cap, cls_lb):
    """The classes' :func:`class_bound` into ``cls_lb[code]``, and their sum, stopping as
    soon as the sum reaches ``cap`` (the candidate cannot beat the limit then)."""
    rest_lb = 0
    for j in range(n_cls):
        code = cls_codes[j]
        cls_lb[code] = class_bound(MT, a2g, mode, S, starts[code], starts[code + 1], ch1[code], ch2[code], lh1, lh2, d,
                                   memo, stats, seen, most_parts)
        rest_lb += cls_lb[code]
        if rest_lb >= cap:
            break
    return rest_lb


@njit(cache=True, _nrt=False)
def settle_without_search(MT, letters, a2g, mode, S, lo, hi, L, played, shown, d, beta, stats, seen):
    """The answers ``S[lo:hi]`` when they need neither memo nor candidate loop (one or two
    answers, the 2n − 1 and 2n bounds, a perfect split by an answer, d ≤ 2): (packed
    result or -1, True when they need two more guesses but no guess of L splits them,
    infeasible at d = 2 whatever the parent played).  It counts the node.

    A d = 3 node calls it for its children directly instead of through the recursive
    kernel: those are most of the nodes in hard mode (8.7 M on tarse, 3158 list), and a
    kernel call pays an atomic reference count per array argument on entry and exit (see
    the module docstring).  ``seen`` is 243 False, returned so."""
    stats[S_NODES] += 1
    n = hi - lo
    if d <= 0:
        return pack(INF, 0, -1), False  # no guess left, not even for a single answer
    if n == 1:
        return pack(1, 1, a2g[S[lo]]), False
    if d == 1:
        return pack(INF, 0, -1), False
    if n == 2:
        return pack(3, 2, a2g[S[lo]]), False  # S is sorted, so this is the alphabetically first
    if 2 * n - 1 >= beta:
        stats[S_BOUND_EXITS] += 1
        return pack(2 * n - 1, 0, -1), False
    g = answer_splits_perfectly(MT, a2g, S, lo, hi, seen)
    if g >= 0:
        return pack(2 * n - 1, 2, g), False
    if 2 * n >= beta:
        stats[S_BOUND_EXITS] += 1
        return pack(2 * n, 0, -1), False
    if d == 2:  # hard/possible mode: the parent's list, checked guess by guess
        g = last_two_guesses(MT, letters, mode, S, lo, hi, L, played, shown, seen)
        return (pack(2 * n, 2, g), False) if g >= 0 else (pack(INF, 0, -1), g == -1)
    return -1, False


@njit(cache=True, nogil=True)  # threads of one process search at once (see Solver.lanes)
def solve_node(MT, letters, word_bits, a2g, groups, mode, S, h1, h2, L, lh1, lh2, played, shown, d, beta,
               Z1, Z2, ZG1, ZG2, memo, stats, worker, n_workers, shared, scratch):
    """See the module docstring.

    One long function on purpose: the candidate loop recurses into it, and numba's cache
    crashes loading mutually recursive kernels, so only non-recursive steps are split out.
    With ``n_workers > 1`` this node is shared: calls on it from several threads at once
    (its *participants*, any number, joining at any time) each evaluate the candidates
    they claim (see :data:`SHARED_NEXT`; children are always solved whole) and share
    their best total through ``shared[SHARED_LIMIT]``.  The node's exact optimum is the
    lexicographic best of the participants' results, so nothing partial enters the memo.
    ``worker`` is unused (kept for the export's signature)."""
    seen = np.zeros(243, dtype=np.bool_)
    settled, _ = settle_without_search(MT, letters, a2g, mode, S, 0, S.shape[0], L, played, shown, d, beta, stats,
                                       seen)
    if settled >= 0:
        return settled
    n = S.shape[0]
    if played >= 0:
        # Hard/possible mode: the parent passed its own legal list; filter it only now,
        # since the cases above never read it.
        L, lh1, lh2 = filter_legal(letters, word_bits, mode, L, played, shown, ZG1, ZG2)
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
    elif endgame_infeasible(MT, groups, S, L, d):
        stats[S_ENDGAME] += 1
        memo_store(memo, stats, k1, k2, INF, False, -1, 0)
        return pack(INF, 0, -1)
    order, lower, perfect, most_parts = candidate_keys(MT, letters, a2g, S, L, mode == MODE_NORMAL, beta, stats,
                                                       scratch)
    if perfect >= 0:
        memo_store(memo, stats, k1, k2, 2 * n, True, perfect, 2)
        return pack(2 * n, 2, perfect)
    lower = max(lower, known_lb)
    if lower >= beta:
        memo_store(memo, stats, k1, k2, lower, False, -1, 0)
        return pack(lower, 0, -1)
    if n_workers > 1:
        shared[SHARED_COUNT] = order.shape[0]

    # Candidates in key order; the lexicographic best (total, depth, not in set, index)
    # below beta.  Once a best is known the limit is its total + 1, so ties are evaluated.
    limit = beta
    best_total, best_depth, best_in, best_guess = INF, 0, 0, -1
    ordered, starts, cursor, codes, ch1, ch2, cls_lb, cls_codes, cls_keys, cls_order, sig = class_buffers(S)
    partitions = np.zeros((64, 2), dtype=np.uint64)  # signatures met at this node (normal mode)
    n_partitions = 0
    unsplittable = np.zeros((64, 2), dtype=np.uint64)  # classes no guess of L splits (d = 3)
    n_unsplittable = 0
    group_end = 0
    for c_i in range(order.shape[0]):
        if c_i == group_end:
            if order[c_i] >> 41 >= limit:
                break  # the groups are in ascending bound order
            group_end = sort_group(order, c_i)
        key = order[c_i]
        if n_workers > 1:
            if shared[SHARED_NEXT] > c_i:
                continue  # claimed by another participant
            shared[SHARED_NEXT] = c_i + 1
            limit = min(limit, shared[SHARED_LIMIT])  # another participant may have found a better total
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
        rest_lb = class_bounds(MT, a2g, mode, ordered, starts, cls_codes, n_cls, ch1, ch2, lh1, lh2, d - 1, memo, stats,
                               seen, most_parts, limit - total, cls_lb)
        if total + rest_lb >= limit:
            continue
        sort_classes(cls_keys, n_cls, cls_order)  # largest first: they decide most cut-offs
        failed = False
        depth_c = 1
        child_played = -1 if mode == MODE_NORMAL else g
        for j in range(n_cls):
            code = cls_codes[cls_order[j]]
            rest_lb -= cls_lb[code]
            if n_workers > 1:
                limit = min(limit, shared[SHARED_LIMIT])  # a better total found meanwhile tightens this one now
            budget = limit - total - rest_lb
            if cls_lb[code] >= budget:
                failed = True  # never search a class whose budget cannot cover its bound
                break
            if d == 3:  # the child settles without search: no recursive call (see above)
                lo, hi, c1 = starts[code], starts[code + 1], nonzero(ch1[code])
                if hi - lo >= 3 and set_has(unsplittable, c1, ch2[code]):
                    stats[S_UNSPLITTABLE] += 1
                    r = pack(INF, 0, -1)
                else:
                    r, hopeless = settle_without_search(MT, letters, a2g, mode, ordered, lo, hi, L, child_played,
                                                        code, 2, budget, stats, seen)
                    if hopeless:
                        unsplittable, n_unsplittable = set_add(unsplittable, n_unsplittable, c1, ch2[code])
            else:
                C = ordered[starts[code]:starts[code + 1]].copy()
                r = solve_node(MT, letters, word_bits, a2g, groups, mode, C, ch1[code], ch2[code], L, lh1, lh2,
                               child_played, code, d - 1, budget, Z1, Z2, ZG1, ZG2, memo, stats, SERIAL, ONE,
                               shared, scratch)
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
            if n_workers > 1 and limit < shared[SHARED_LIMIT]:
                shared[SHARED_LIMIT] = limit  # a racing write of a worse limit only costs speed
    if n_workers > 1:
        shared[SHARED_NEXT] = order.shape[0]  # all claimed, or the rest cannot reach the limit
        return pack(best_total, best_depth, best_guess) if best_guess >= 0 else pack(beta, 0, -1)
    if best_guess >= 0:
        memo_store(memo, stats, k1, k2, best_total, True, best_guess, best_depth)
        return pack(best_total, best_depth, best_guess)
    memo_store(memo, stats, k1, k2, beta, False, -1, 0)
    return pack(beta, 0, -1)
