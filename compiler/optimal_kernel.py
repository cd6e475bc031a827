"""The exact search kernel: branch and bound over guesses with a capped memo.

``_solve(...)`` returns the minimum total number of guesses needed to solve every
answer of the set ``S`` with at most ``d`` more guesses (this one included), when
that minimum is below ``beta``; otherwise it returns a lower bound that is at
least ``beta``.  The result is packed as ``cost << 24 | depth << 16 | (guess + 1)``
so that callers also learn the subtree depth and the chosen guess (0 = none).

Tie-break (exact, not an accident of search order): among guesses of equal total
the search prefers the shallower subtree, then a guess that can still be the
answer, then the alphabetically first word.  This is a proper lexicographic
optimum (total, depth, not-possible, index): each child is solved to its own
(minimum total, then minimum depth among minimum-total trees), and once a best
total T is known the search keeps evaluating candidates that could also reach T.
The result therefore does not depend on the memo's contents or on ``--jobs``.
Candidates are *tried* in the order (lower bound 3n - k - [possible], sum of
squared class sizes, possible first, alphabetical) only to tighten the bound early.

Memo keys are two independent 64-bit Zobrist hashes of (answer set, depth,
legal-guess set), so a false hit needs a 128-bit collision.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import hard_mode_mask, possible_mask

INF = 1 << 36
ALL_GREEN = 242
MODE_NORMAL, MODE_HARD, MODE_POSSIBLE = 0, 1, 2
PROBES = 8
_D1 = np.uint64(0x9E3779B97F4A7C15)
_D2 = np.uint64(0xC2B2AE3D27D4EB4F)


@njit(cache=True, inline="always")
def _pack(cost, depth, guess):
    return (np.int64(cost) << 24) | (np.int64(depth) << 16) | np.int64(guess + 1)


@njit(cache=True)
def _key(h1, h2, lh1, lh2, d):
    k1 = (h1 ^ lh1) + np.uint64(d) * _D1
    k2 = (h2 + lh2) ^ (np.uint64(d) * _D2)
    if k1 == np.uint64(0):
        k1 = np.uint64(1)
    return k1, k2


@njit(cache=True)
def _memo_find(mk1, mk2, k1, k2):
    mask = np.uint64(mk1.shape[0] - 1)
    home = np.int64(k1 & mask)
    size = mk1.shape[0]
    for probe in range(PROBES):
        j = (home + probe) % size
        if mk1[j] == k1 and mk2[j] == k2:
            return j
        if mk1[j] == np.uint64(0):
            return -1
    return -1


@njit(cache=True)
def _memo_store(mk1, mk2, mval, mexact, mguess, mdepth, stats, k1, k2, value, exact, guess, depth):
    mask = np.uint64(mk1.shape[0] - 1)
    home = np.int64(k1 & mask)
    size = mk1.shape[0]
    slot = -1
    for probe in range(PROBES):
        j = (home + probe) % size
        if mk1[j] == k1 and mk2[j] == k2:
            if mexact[j] or (not exact and mval[j] >= value):
                return  # already knows as much
            slot = j
            break
        if mk1[j] == np.uint64(0):
            slot = j
            stats[1] += 1
            break
    if slot < 0:
        slot = home  # full neighbourhood: replace, keeping memory capped
        stats[2] += 1
    mk1[slot] = k1
    mk2[slot] = k2
    mval[slot] = value
    mexact[slot] = exact
    mguess[slot] = guess
    mdepth[slot] = depth


@njit(cache=True)
def _perfect(row, S, seen):
    """True when ``row`` gives every answer of S a different pattern (seen: 243 bools, all False)."""
    ok = True
    n = S.shape[0]
    i = 0
    while i < n:
        code = row[S[i]]
        if seen[code]:
            ok = False
            break
        seen[code] = True
        i += 1
    for j in range(i):
        seen[row[S[j]]] = False
    return ok


@njit(cache=True)
def _filter_legal(letters, mode, L, played, code, ZG1, ZG2):
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
def _solve(M, MT, letters, a2g, mode, S, h1, h2, L, lh1, lh2, played, shown, d, beta,
           Z1, Z2, ZG1, ZG2, mk1, mk2, mval, mexact, mguess, mdepth, stats):
    stats[0] += 1
    n = S.shape[0]
    if d <= 0:
        return _pack(INF, 0, -1)  # no guess left, not even for a single answer
    if n == 1:
        return _pack(1, 1, a2g[S[0]])
    if d == 1:
        return _pack(INF, 0, -1)
    if n == 2:
        return _pack(3, 2, a2g[S[0]])  # S is sorted, so this is the alphabetically first
    seen = np.zeros(243, dtype=np.bool_)
    # A possible answer that separates all others is optimal: 2n - 1 is the lower bound.
    for i in range(n):
        g = a2g[S[i]]
        if _perfect(M[g], S, seen):
            return _pack(2 * n - 1, 2, g)
    if played >= 0:
        # Hard/possible mode: the parent passed its own legal list; filter it only now,
        # since the cases above (1-2 answers, a perfect possible answer) never read it.
        L, lh1, lh2 = _filter_legal(letters, mode, L, played, shown, ZG1, ZG2)
    if d == 2:
        # Most guesses already give two of the first few answers the same pattern:
        # reject those from the answer-major rows (sequential reads) before the full test.
        r0, r1, r2 = MT[S[0]], MT[S[1]], MT[S[2]]
        for k in range(L.shape[0]):
            g = L[k]
            c0, c1, c2 = r0[g], r1[g], r2[g]
            if c0 == c1 or c0 == c2 or c1 == c2:
                continue
            if _perfect(M[g], S, seen):
                return _pack(2 * n, 2, g)
        return _pack(INF, 0, -1)
    k1, k2 = _key(h1, h2, lh1, lh2, d)
    slot = _memo_find(mk1, mk2, k1, k2)
    known_lb = 0
    if slot >= 0:
        if mexact[slot]:
            return _pack(mval[slot], mdepth[slot], mguess[slot])
        if mval[slot] >= beta:
            return _pack(mval[slot], 0, -1)
        known_lb = mval[slot]

    # One pass over the legal guesses: parts, squares, lower bound per guess.
    m = L.shape[0]
    keys = np.empty(m, dtype=np.int64)
    n_cand = 0
    lower = INF
    counts = np.zeros(243, dtype=np.int32)
    # letters present in some remaining answer: a guess with none of them shows all
    # gray to every answer (one class, tells nothing) and is skipped without a scan
    present = 0
    for i in range(n):
        word = letters[a2g[S[i]]]
        for j in range(5):
            present |= 1 << word[j]
    # Gather this node's feedback block guess-major from the answer-major matrix MT:
    # each answer's row is read sequentially, and each guess's n codes end up
    # contiguous.  Reading M[g, S[i]] directly would touch up to n scattered cache
    # lines in every one of the m guess rows.
    block = np.empty((m, n), dtype=np.uint8)
    for i in range(n):
        source = MT[S[i]]
        for idx in range(m):
            block[idx, i] = source[L[idx]]
    for idx in range(m):
        word = letters[L[idx]]
        if ((1 << word[0]) | (1 << word[1]) | (1 << word[2]) | (1 << word[3]) | (1 << word[4])) & present == 0:
            continue
        row = block[idx]
        parts = 0
        sumsq = 0
        for i in range(n):
            code = row[i]
            c = counts[code]
            if c == 0:
                parts += 1
            sumsq += 2 * c + 1
            counts[code] = c + 1
        in_set = 1 if counts[ALL_GREEN] > 0 else 0
        for i in range(n):
            counts[row[i]] = 0
        if parts == n:
            # no possible answer separates everything (checked above), so 2n is the bound
            _memo_store(mk1, mk2, mval, mexact, mguess, mdepth, stats, k1, k2, 2 * n, True, L[idx], 2)
            return _pack(2 * n, 2, L[idx])
        if parts == 1 and in_set == 0:
            continue  # tells nothing
        lb = 3 * n - parts - in_set
        if lb < lower:
            lower = lb
        if lb < beta:
            sq = min(sumsq, (1 << 24) - 1)  # only orders candidates; must not spill into lb
            keys[n_cand] = ((np.int64(lb) << 24 | sq) << 1 | (1 - in_set)) << 16 | idx
            n_cand += 1
    if known_lb > lower:
        lower = known_lb
    if lower >= beta:
        _memo_store(mk1, mk2, mval, mexact, mguess, mdepth, stats, k1, k2, lower, False, -1, 0)
        return _pack(lower, 0, -1)
    order = np.sort(keys[:n_cand])

    # Lexicographic best: (total, subtree depth, not a possible answer, index).  Once a
    # best is known, the limit is its total + 1 so that ties are still evaluated.
    limit = beta
    best_total = INF
    best_depth = 0
    best_in = 0
    best_guess = -1
    ordered = np.empty(n, dtype=S.dtype)
    starts = np.zeros(244, dtype=np.int64)
    ch1 = np.zeros(243, dtype=np.uint64)
    ch2 = np.zeros(243, dtype=np.uint64)
    cls_lb = np.zeros(243, dtype=np.int64)
    for c_i in range(n_cand):
        key = order[c_i]
        lb = key >> 41
        if lb >= limit:
            break
        in_set_c = 1 - ((key >> 16) & 1)
        g = L[key & 0xFFFF]
        row = M[g]
        # counting sort of S by pattern (stable, so every class stays sorted)
        for code in range(244):
            starts[code] = 0
        for i in range(n):
            starts[row[S[i]] + 1] += 1
        for code in range(243):
            starts[code + 1] += starts[code]
            ch1[code] = 0
            ch2[code] = 0
        fill = starts[:243].copy()
        for i in range(n):
            a = S[i]
            code = row[a]
            ordered[fill[code]] = a
            fill[code] += 1
            ch1[code] += Z1[a]
            ch2[code] += Z2[a]
        # classes, largest first: they decide most cut-offs
        n_cls = 0
        cls_codes = np.empty(243, dtype=np.int64)
        cls_keys = np.empty(243, dtype=np.int64)
        rest_lb = 0
        for code in range(ALL_GREEN):
            size = starts[code + 1] - starts[code]
            if size > 0:
                cls_codes[n_cls] = code
                cls_keys[n_cls] = -size * 256 + code
                n_cls += 1
                bound = 2 * size - 1
                if mode == MODE_NORMAL and size > 2 and d > 3:
                    # a class met before has a memo entry: exact, or a bound from a cut-off
                    ck1, ck2 = _key(ch1[code], ch2[code], lh1, lh2, d - 1)
                    known = _memo_find(mk1, mk2, ck1, ck2)
                    if known >= 0 and mval[known] > bound:
                        bound = mval[known]
                cls_lb[code] = bound
                rest_lb += bound
        total = n
        if total + rest_lb >= limit:
            continue
        cls_order = np.argsort(cls_keys[:n_cls])
        failed = False
        depth_c = 1
        for j in range(n_cls):
            code = cls_codes[cls_order[j]]
            lo = starts[code]
            hi = starts[code + 1]
            rest_lb -= cls_lb[code]
            budget = limit - total - rest_lb
            C = ordered[lo:hi].copy()
            child_played = -1 if mode == MODE_NORMAL else g
            r = _solve(M, MT, letters, a2g, mode, C, ch1[code], ch2[code], L, lh1, lh2, child_played,
                       code, d - 1, budget,
                       Z1, Z2, ZG1, ZG2, mk1, mk2, mval, mexact, mguess, mdepth, stats)
            v = r >> 24
            if v >= budget:
                failed = True
                break
            total += v
            child_depth = (r >> 16) & 0xFF
            if child_depth + 1 > depth_c:
                depth_c = child_depth + 1
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
            best_total = total
            best_depth = depth_c
            best_in = in_set_c
            best_guess = g
            limit = total + 1
    if best_guess >= 0:
        _memo_store(mk1, mk2, mval, mexact, mguess, mdepth, stats, k1, k2, best_total, True,
                    best_guess, best_depth)
        return _pack(best_total, best_depth, best_guess)
    _memo_store(mk1, mk2, mval, mexact, mguess, mdepth, stats, k1, k2, beta, False, -1, 0)
    return _pack(beta, 0, -1)
