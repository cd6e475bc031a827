"""Position analysis (``position``): the exact value of every move at a position, and a review of
a played game, move by move."""
