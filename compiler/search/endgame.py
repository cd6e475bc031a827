"""Endgames: answers that share four letters in place (``.ight``, ``ma.es``) and so can
only be told apart one letter at a time.  The groups are found here; the check that uses
them runs in the search kernel (``ext/endgame.pxd``).

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
classes, so it holds for any feedback pattern.)  The count treats every later guess as
still legal; when it comes close to refusing, the kernel searches the group's members
alone (the depth-only search), which sees the legal list narrow guess by guess.

Groups come from the answer list: every answer belongs to up to five, one per position
left open; only groups of at least ``MIN_GROUP`` answers are kept, since a smaller one
can never be the reason a set needs more than three guesses.
"""

from __future__ import annotations

import numpy as np

from ..ext._search import SMALLEST_GROUP as MIN_GROUP


def endgame_groups(answers) -> np.ndarray:
    """``groups[a, p]``: the id of answer ``a``'s group with position ``p`` open, or -1
    when fewer than ``MIN_GROUP`` answers share its other four letters.  Ids are numbered
    in order of first appearance, answers in order and positions within each answer.

    Vectorised, since every exact build computes it (a dict over 5n keys in Python costs
    milliseconds): a group is a key (open position, the other four letters as base-32 digits)."""
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
