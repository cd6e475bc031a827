"""Rebuild a solved subtree as flat arrays, without a Python call per node.

After ``solve_node`` has proved a set's optimum, every node's choice is either an
exact memo entry or one of the cheap closed cases (one or two answers, a word of
the set that splits it perfectly, the last two guesses), recomputed here exactly
as the kernel decides them.  Doing that walk here instead of from Python saved
about a quarter of a salet build (2,400 Python round trips, each splitting and
filtering in numpy).  This function deliberately does not call the recursive
kernel: numba segfaults loading a cached function that calls a recursive one.
When an entry was evicted (memo at its cap), or lost to two threads writing one
row at once, it reports the miss and the caller falls back to solving node by node.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit
from ..jit import List

from .kernel import MODE_NORMAL, filter_legal, last_two_guesses, memo_key
from .memo import entry_exact, entry_guess, memo_find
from .passes import answer_splits_perfectly

ALL_GREEN = 242
NOT_A_TREE = -2  # rebuild_subtree's answer when the memo's choices overrun the depth limit


@njit(cache=True)
def _choice(MT, letters, a2g, S, h1, h2, L, lh1, lh2, d, memo, stats, seen):
    """The kernel's choice at a solved node, or -2 when its memo entry is gone."""
    n = S.shape[0]
    if n <= 2:
        return a2g[S[0]]
    g = answer_splits_perfectly(MT, a2g, S, 0, n, seen)
    if g >= 0:
        return g
    if d == 2:
        return max(-1, last_two_guesses(MT, letters, MODE_NORMAL, S, 0, n, L, -1, 0, seen))  # L is filtered already
    k1, k2 = memo_key(h1, h2, lh1, lh2, d)
    payload = memo_find(memo, stats, k1, k2)
    if payload == np.uint64(0) or not entry_exact(payload):
        return -2
    return entry_guess(payload)


@njit(cache=True)
def rebuild_subtree(MT, letters, word_bits, a2g, mode, S, h1, h2, L, lh1, lh2, d, top, Z1, Z2, ZG1, ZG2, memo, stats):
    """Nodes of a solved optimal subtree in depth-first order, as parallel arrays:
    (guess, parent node or -1, feedback code from the parent, answer solved or -1).
    ``top`` is the root's guess (its choice may come from several threads' shares,
    which the memo does not hold).  Returns empty arrays when some node's memo entry
    was evicted, and a single guess of ``NOT_A_TREE`` when a node would lie beyond the depth
    limit: the choices do not make a tree, which only a matrix that breaks Wordle's rules
    (a tampered cache) can cause; without this check such choices looped for ever."""
    guesses = List()
    parents = List()
    codes = List()
    solved = List()
    stack_sets = List()
    stack_legal = List()
    stack_ints = List()  # (parent, code, d, h1, h2, lh1, lh2) per entry, as int64 bits
    stack_sets.append(S)
    stack_legal.append(L)
    stack_ints.append(np.array([-1, 0, d, np.int64(h1), np.int64(h2), np.int64(lh1), np.int64(lh2)]))
    starts = np.zeros(244, dtype=np.int64)
    seen = np.zeros(243, dtype=np.bool_)
    while len(stack_sets) > 0:
        C = stack_sets.pop()
        CL = stack_legal.pop()
        info = stack_ints.pop()
        left = info[2]
        if left < 1:
            return (np.full(1, NOT_A_TREE, np.int64), np.empty(0, np.int64), np.empty(0, np.int64),
                    np.empty(0, np.int64))
        if len(guesses) == 0:
            g = top
        else:
            g = _choice(MT, letters, a2g, C, np.uint64(info[3]), np.uint64(info[4]), CL, np.uint64(info[5]),
                        np.uint64(info[6]), left, memo, stats, seen)
        if g < 0:
            return np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.int64), np.empty(0, np.int64)
        node = len(guesses)
        guesses.append(g)
        parents.append(info[0])
        codes.append(info[1])
        answer = -1
        starts[:] = 0
        for i in range(C.shape[0]):
            code = MT[C[i], g]
            starts[code + 1] += 1
            if code == ALL_GREEN:
                answer = C[i]
        solved.append(answer)
        for code in range(243):
            starts[code + 1] += starts[code]
        ordered = np.empty_like(C)
        fill = starts[:243].copy()
        for i in range(C.shape[0]):
            code = MT[C[i], g]
            ordered[fill[code]] = C[i]
            fill[code] += 1
        for code in range(ALL_GREEN - 1, -1, -1):  # pushed high to low: popped in code order
            if starts[code + 1] == starts[code]:
                continue
            child = ordered[starts[code]:starts[code + 1]].copy()
            c1 = np.uint64(0)
            c2 = np.uint64(0)
            for a in child:
                c1 += Z1[a]
                c2 += Z2[a]
            child_legal, l1, l2 = CL, np.uint64(info[5]), np.uint64(info[6])
            if mode != MODE_NORMAL:
                child_legal, l1, l2 = filter_legal(letters, word_bits, mode, CL, g, code, ZG1, ZG2)
            stack_sets.append(child)
            stack_legal.append(child_legal)
            stack_ints.append(np.array([node, code, left - 1, np.int64(c1), np.int64(c2),
                                        np.int64(l1), np.int64(l2)]))
    n = len(guesses)
    out = np.empty((4, n), dtype=np.int64)
    for i in range(n):
        out[0, i] = guesses[i]
        out[1, i] = parents[i]
        out[2, i] = codes[i]
        out[3, i] = solved[i]
    return out[0], out[1], out[2], out[3]
