"""The compile pipeline (``compile``): configuration (``run``), strategy, tree (a heuristic's
from ``strategies.builder``, the exact strategy's from ``proof``), verification, artifact
(``compile_result``).  ``shipped`` rebuilds the trees shipped with the package."""
