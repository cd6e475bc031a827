"""Position analysis: the exact value of a position and its best moves (``position``), of one
move against the best with its exact rank (``moves``), and a review of a played game, move by
move (``review``); the least worst case first (``worst_case``, ``--objective depth``)."""
