"""Position analysis: a position and a move's exact value (``position``), its best moves
(``best``; with one or two answers left ``few_answers``), one move against the best with its
exact rank (``moves``), and a review of a played game, move by move (``review``); the least
worst case first (``worst_case``, ``--objective depth``); several boards (``boards``, with
one board open ``one_board``); Absurdle's adversary and its least-guesses search
(``absurdle``), and a game of it played, proved or forced to a target (``absurdle_play``)."""
