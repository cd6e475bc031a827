"""Endgames: answers that share four letters in place (``.ight``, ``ma.es``) and so can
only be told apart one letter at a time.

A set holding m members of one such group, with d guesses left, is infeasible when no
d − 1 guesses can separate all but one of those m members.  The argument: fix, for every
legal guess t, its largest feedback class X(t) among the group's members here, and let
D(t) = m − |X(t)|.  Whatever guesses t1 .. t(d−1) a tree plays along the path on which
the answer stays in X(t1), X(t2), ..., at least m − D(t1) − ... − D(t(d−1)) members
still share every feedback when the last guess is played, and a last guess can solve
only one of them.  Later guesses are legal here too (hard and possible modes only ever
narrow the list), so the d − 1 largest D(t) over this node's legal guesses bound every
path: when m minus their sum is 2 or more, no tree exists, and the search returns
"cannot be done" without its full pass over the guesses.  It is exact information, so
no result changes, only the work.  (The same cut-off as the reference solver's
"endgame" analysis; the per-guess count here is the largest class, not the number of
classes, so it holds for any feedback pattern.)

Groups come from the answer list: every answer belongs to up to five, one per position
left open; only groups of at least ``MIN_GROUP`` answers are kept, since a smaller one
can never be the reason a set needs more than three guesses.
"""

from __future__ import annotations

import numpy as np
from ..jit import njit

MIN_GROUP = 4
MAX_LEFT = 8  # guesses remembered per node (d − 1 <= the depth limit, at most 8 in practice)


def endgame_groups(answers) -> np.ndarray:
    """``groups[a, p]``: the id of answer ``a``'s group with position ``p`` open, or -1
    when fewer than ``MIN_GROUP`` answers share its other four letters.  Ids are numbered
    in order of first appearance, answers in order and positions within each answer.

    Vectorised (a dict over 5n keys in Python took 15 ms of each exact build): a group is
    a key (open position, the other four letters as base-32 digits)."""
    n = len(answers)
    groups = np.full((n, 5), -1, dtype=np.int64)
    if n == 0:
        return groups
    letters = np.frombuffer("".join(answers).encode("ascii"), dtype=np.uint8).reshape(n, 5).astype(np.int64) - 97
    keys = np.empty((n, 5), dtype=np.int64)
    for p in range(5):
        rest = np.delete(letters, p, axis=1)
        keys[:, p] = (((p * 32 + rest[:, 0]) * 32 + rest[:, 1]) * 32 + rest[:, 2]) * 32 + rest[:, 3]
    flat = keys.reshape(-1)
    unique, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True, return_counts=True)
    big = counts >= MIN_GROUP
    ids = np.full(len(unique), -1, dtype=np.int64)
    by_appearance = np.flatnonzero(big)[np.argsort(first[big], kind="stable")]
    ids[by_appearance] = np.arange(len(by_appearance))
    groups.reshape(-1)[:] = ids[inverse.reshape(-1)]
    return groups


@njit(cache=True)
def biggest_group(groups, S):
    """(group id, members of S in it) for the group with most members in S; (-1, 0)
    when S meets no group (ties: the lowest id)."""
    ids = np.empty(5 * S.shape[0], dtype=np.int64)
    k = 0
    for i in range(S.shape[0]):
        for p in range(5):
            g = groups[S[i], p]
            if g >= 0:
                ids[k] = g
                k += 1
    if k == 0:
        return -1, 0
    ids = np.sort(ids[:k])
    best, best_count, run = ids[0], 1, 1
    for j in range(1, k):
        run = run + 1 if ids[j] == ids[j - 1] else 1
        if run > best_count:
            best, best_count = ids[j], run
    return best, best_count


@njit(cache=True)
def endgame_infeasible(MT, groups, S, L, d):
    """True when S's biggest endgame group cannot be split down to one member within
    ``d`` guesses from ``L`` (see the module docstring); False means "not shown"."""
    group, m = biggest_group(groups, S)
    left = d - 1
    if group < 0 or left < 1 or m - 1 <= left or left > MAX_LEFT:
        return False  # (the middle case: d − 1 guesses that each split off one member would do)
    members = np.empty(m, dtype=np.int64)
    k = 0
    for i in range(S.shape[0]):
        for p in range(5):
            if groups[S[i], p] == group:
                members[k] = S[i]
                k += 1
                break
    top = np.zeros(MAX_LEFT, dtype=np.int64)  # the ``left`` largest D(t) so far, descending
    sizes = np.zeros(243, dtype=np.int64)
    for j in range(L.shape[0]):
        t = L[j]
        largest = 0
        for i in range(m):
            c = MT[members[i], t]
            sizes[c] += 1
            if sizes[c] > largest:
                largest = sizes[c]
        for i in range(m):
            sizes[MT[members[i], t]] = 0
        split_off = m - largest
        if split_off <= top[left - 1]:
            continue
        pos = left - 1
        while pos > 0 and top[pos - 1] < split_off:
            top[pos] = top[pos - 1]
            pos -= 1
        top[pos] = split_off
        if top[:left].sum() >= m - 1:
            return False
    return True
