"""The search memo's table (the kernels that use it are in ``ext/memo.pxd``).

One entry is one row of a ``uint64[capacity, 3]`` table.  The table is allocated at its
hard cap but only as *virtual* memory (``np.zeros`` maps zero pages lazily); the search
uses a prefix of ``stats[memo_rows]`` rows that starts at 4096 and doubles, rehashed in
place, when half full, so the pages touched, and the RSS, follow the problem.
"""

from __future__ import annotations

import numpy as np

from ..ext._search import memo_reserve

__all__ = ["ENTRY_BYTES", "INITIAL_BITS", "count_entries", "memo_reserve", "new_memo", "rows_for_megabytes"]

INITIAL_BITS = 12
ENTRY_BYTES = 24


def count_entries(table) -> int:
    """Occupied rows: the entry gauge after threads, which count only their own inserts."""
    return int(np.count_nonzero(table[:, 0]))


def new_memo(max_rows: int):
    """A memo table of ``max_rows`` rows, reserved but not touched (zero pages map lazily)."""
    return np.zeros((max_rows, 3), dtype=np.uint64)


def rows_for_megabytes(megabytes: float) -> int:
    """The largest power-of-two row count whose table fits in ``megabytes`` (at least 4096)."""
    rows = 1 << INITIAL_BITS
    while rows * 2 * ENTRY_BYTES <= megabytes * 2**20:
        rows *= 2
    return rows
