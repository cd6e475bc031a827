"""The states through which several threads search one node at once: one row per shared
node (:func:`shared_states`), each on its own cache line, and each thread's counters
padded onto lines of their own (:func:`padded_copy`).  ``Solver.solve(shared=row)`` makes
a call one participant of such a node (``first_level.solve_first_level``)."""

from __future__ import annotations

import numpy as np

from ..ext._search import INF, SHARED_COUNT, SHARED_LIMIT, SHARED_NEXT, SHARED_WORDS


def padded_copy(counters: np.ndarray) -> np.ndarray:
    """A copy of ``counters`` alone on its cache lines: threads bump their counters
    millions of times, and two small arrays side by side in memory would share a line
    that the two cores then take from each other on every write."""
    padded = np.zeros(len(counters) + 32, dtype=counters.dtype)  # 128 bytes either side
    view = padded[16 : 16 + len(counters)]
    view[:] = counters
    return view


def shared_states(count: int) -> np.ndarray:
    """``count`` fresh states of shared nodes, one row each (``Solver.solve(shared=row)``):
    no limit yet, no candidate claimed.  Each row is one 64-byte cache line of its own, so
    threads claiming candidates of two different nodes never write to one line."""
    line = 64 // np.dtype(np.int64).itemsize  # == SHARED_WORDS
    buffer = np.zeros(count * SHARED_WORDS + line, dtype=np.int64)
    skip = (-buffer.ctypes.data % 64) // buffer.itemsize
    states = buffer[skip : skip + count * SHARED_WORDS].reshape(count, SHARED_WORDS)
    states[:, SHARED_LIMIT] = INF
    return states


def stop_shared(states) -> None:
    """Stop every participant of the shared nodes ``states`` (rows, or one row) at its next
    candidate (their outcomes then prove nothing): the build's answer once some class is
    infeasible, or once it is stopped."""
    states[..., SHARED_LIMIT] = 0


def unclaimed(state) -> int:
    """Candidates of a shared node that no participant has claimed yet (0 before its
    first participant has ranked them, or once they are all claimed or cut off)."""
    count, claimed = int(state[SHARED_COUNT]), int(state[SHARED_NEXT])
    return max(0, count - claimed)
