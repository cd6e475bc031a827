"""The compile pipeline (``compile``): configuration, strategy, tree (``builder``; the exact
strategy in ``optimal`` and ``first_level``), verification, artifact.  ``shipped`` rebuilds
the trees shipped with the package."""
