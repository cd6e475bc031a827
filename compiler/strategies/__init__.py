"""The heuristic strategies (``heuristic``): one guess-choosing rule per node, scored by the
partition statistics of ``core.guess_stats`` and the letter scores of ``letters``."""
