"""Position analysis (``position``): the exact value of every move at a position, and a review of
a played game, move by move; the least worst case first (``worst_case``, ``--objective depth``)."""
