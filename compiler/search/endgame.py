"""Endgames: answers that share every letter in place but one (``.ight``, ``ma.es``) and so
can only be told apart one letter at a time.  The groups are found here; the check that
uses them runs in the search kernel (``ext/endgame.pxd``).

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

Groups come from the answer list: every answer belongs to one per position, the group of
the answers that share all its other symbols in place; only groups of at least
``MIN_GROUP`` answers are kept, since a smaller one can never be the reason a set needs
more than three guesses.  The argument above holds for any set of answers and any
feedback, and the groups serve Wordle of any length.  Mastermind has none: a group there
is the K codes that differ in one peg (K colours), and a score counts colours, so one
guess splits off half of them (3 of 6 on the classic 4x6 game, whichever group): the count
can then refuse a group only with two guesses left, where the search never asks it.  On
4x6 it refused nothing (from 1122 or 1123 within 5 to 8 guesses: no cut, the same full
passes) and only cost time.
"""

from __future__ import annotations

import numpy as np

from wordle_runtime.game import DEFAULT_GAME, MASTERMIND, Game

from ..core.wordlists import letters_array
from ..ext._search import MIN_GROUP

SYMBOL_BITS = 6  # a symbol number in a group's key (at most 64 symbols)


def endgame_groups(answers, game: Game = DEFAULT_GAME) -> np.ndarray:
    """``groups[a, p]``: the id of answer ``a``'s group with position ``p`` open, or -1
    when fewer than ``MIN_GROUP`` answers share its other symbols (always for Mastermind,
    see the module's docstring).  Ids are numbered in order of first appearance, answers
    in order and positions within each answer.

    Vectorised, since every exact build computes it (a dict over 5n keys in Python costs
    milliseconds): a group is a key, the open position and then the other symbols as
    digits of SYMBOL_BITS bits (at most 3 + 7 x 6 bits for Mastermind's eight pegs)."""
    n, length = len(answers), game.length
    groups = np.full((n, length), -1, dtype=np.int64)
    if n == 0 or game.rule == MASTERMIND:
        return groups
    letters = letters_array(answers, game).astype(np.int64)
    keys = np.empty((n, length), dtype=np.int64)
    for p in range(length):
        key = np.full(n, p, dtype=np.int64)
        for column in np.delete(letters, p, axis=1).T:
            key = (key << SYMBOL_BITS) | column
        keys[:, p] = key
    flat = keys.reshape(-1)
    unique, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True, return_counts=True)
    big = counts >= MIN_GROUP
    ids = np.full(len(unique), -1, dtype=np.int64)
    by_appearance = np.flatnonzero(big)[np.argsort(first[big], kind="stable")]
    ids[by_appearance] = np.arange(len(by_appearance))
    groups.reshape(-1)[:] = ids[inverse.reshape(-1)]
    return groups
