"""The problem every stage shares: word lists (``wordlists``) and the named games (``games``),
the feedback matrix (``matrix``) and its cache file (``matrix_cache``), the one configuration
every front door makes, the game resolved (``settings``), the frozen build configuration and
loaded context made from it (``config``), the game modes (``modes``), feedback classes
and the tree node (``partition``), the partition statistics of many guesses at once
(``guess_stats``), and how likely each answer is (``weights``)."""
