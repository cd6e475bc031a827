"""The command lines: ``wordle-compile`` (``compile``, with ``compile_report``), ``wordle-rank``
(``rank``, with ``rank_plan``, ``rank_run``, ``rank_results`` and ``rank_report``) and
``wordle-tree`` (``tree``, with ``tree_build``, ``tree_export``, ``tree_report``, ``analyse`` and
``serve``); their shared error, exit-code and option handling (``common``), files and standard
streams (``streams``), progress bars (``progress``) and start-up policy (``startup``)."""
