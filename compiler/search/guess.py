"""One given guess's exact value at a node, in one kernel call (``Solver.guess_value``).

``solve_node`` finds a node's best guess; ranking a move (``wordle-tree analyse --move``)
and the optimal strategy's ``--candidates`` need the value of one guess named in
advance, thousands of times.  Done in Python, each evaluation split the set, checked
every class for an endgame refusal, bounded each class by 2s − 1 and called the kernel
once per class searched: on ``salet:bbbbb --move crane`` (12,972 guesses evaluated) 5.6
kernel calls and 250 us of Python per guess, 3.25 s of 11.5 s, all of it under the GIL,
so a second thread barely helped.  This kernel is one step of ``solve_node``'s candidate loop
for a fixed guess, with the loop's class bounds (a member that splits the class
perfectly, the memo's bound, ``most_parts``) and its settling of d = 3 children.
"""

from __future__ import annotations

import numpy as np

from ..jit import njit
from .candidates import INF, class_buffers, split_classes
from .endgame import MIN_GROUP, endgame_infeasible
from .kernel import (MODE_NORMAL, ONE, SERIAL, class_bounds, filter_legal, pack, settle_without_search, sort_classes,
                     solve_node)


@njit(cache=True)
def _refused_by_endgame(MT, letters, word_bits, groups, mode, ordered, starts, cls_codes, n_cls, L, g, d, ZG1, ZG2):
    """Whether a class after ``g`` is shown infeasible with ``d`` guesses left, before any
    search (so a refused guess costs no full pass); as ``Solver.refuted_by_endgame``."""
    if d < 2:
        return False
    for j in range(n_cls):
        code = cls_codes[j]
        size = starts[code + 1] - starts[code]
        if size < max(MIN_GROUP, d + 1):
            continue  # a group of m members needs m > d to be refused (and m >= MIN_GROUP)
        follow = L
        if mode != MODE_NORMAL:
            follow, _, _ = filter_legal(letters, word_bits, mode, L, g, code, ZG1, ZG2)
        if endgame_infeasible(MT, groups, ordered[starts[code]:starts[code + 1]].copy(), follow, d):
            return True
    return False


@njit(cache=True, nogil=True)  # threads rank moves at once (analyse --move --jobs)
def guess_value_node(MT, letters, word_bits, a2g, groups, mode, S, L, lh1, lh2, g, d, beta, most_parts,
                     Z1, Z2, ZG1, ZG2, memo, stats, shared, scratch):
    """Packed (cost, depth, guess) of playing ``g`` first at the node ``S`` (sorted answer
    indices) with ``d`` guesses left, then playing optimally: exact when the cost is below
    ``beta``, else a lower bound >= ``beta`` with guess -1 (INF: infeasible).

    ``L`` is the node's legal guesses with their hashes ``lh1``/``lh2``; ``most_parts``
    bounds the classes any guess makes of ``S`` (``len(S)`` is always valid)."""
    n = S.shape[0]
    in_set = 0
    for i in range(n):
        if a2g[S[i]] == g:
            in_set = 1
    ordered, starts, cursor, codes, ch1, ch2, cls_lb, cls_codes, cls_keys, cls_order, sig = class_buffers(S)
    seen = np.zeros(243, dtype=np.bool_)
    n_cls = split_classes(MT, Z1, Z2, S, g, in_set, ordered, starts, cursor, codes, ch1, ch2, cls_codes, cls_keys,
                          sig)
    if _refused_by_endgame(MT, letters, word_bits, groups, mode, ordered, starts, cls_codes, n_cls, L, g, d - 1, ZG1,
                           ZG2):
        return pack(INF, 0, -1)
    total = n
    rest_lb = class_bounds(MT, a2g, mode, ordered, starts, cls_codes, n_cls, ch1, ch2, lh1, lh2, d - 1, memo, stats,
                           seen, most_parts, beta - total, cls_lb)
    if total + rest_lb >= beta:
        return pack(min(total + rest_lb, INF), 0, -1)
    sort_classes(cls_keys, n_cls, cls_order)  # largest first: they decide most cut-offs
    depth = 1
    child_played = -1 if mode == MODE_NORMAL else g
    for j in range(n_cls):
        code = cls_codes[cls_order[j]]
        rest_lb -= cls_lb[code]
        budget = beta - total - rest_lb
        if cls_lb[code] >= budget:  # never search a class whose budget cannot cover its bound
            return pack(min(total + rest_lb + cls_lb[code], INF), 0, -1)
        if d - 1 == 2:  # the child settles without search, as in solve_node's loop
            r, _ = settle_without_search(MT, letters, a2g, mode, ordered, starts[code], starts[code + 1], L,
                                         child_played, code, 2, budget, stats, seen)
        else:
            C = ordered[starts[code]:starts[code + 1]].copy()
            r = solve_node(MT, letters, word_bits, a2g, groups, mode, C, ch1[code], ch2[code], L, lh1, lh2,
                           child_played, code, d - 1, budget, Z1, Z2, ZG1, ZG2, memo, stats, SERIAL, ONE, shared,
                           scratch)
        v = r >> 24
        if v >= budget:
            return pack(min(total + rest_lb + v, INF), 0, -1)
        total += v
        depth = max(depth, ((r >> 16) & 0xFF) + 1)
    return pack(total, depth, g)
