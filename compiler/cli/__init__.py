"""The command lines: ``wordle-compile`` (``compile``, with ``compile_report``, and
``compile_boards`` for several boards), ``wordle-rank`` (``rank``, with ``rank_plan``,
``rank_run``, ``rank_watch``, ``rank_results`` and ``rank_report``, and ``rank_boards`` for
several boards) and ``wordle-tree`` (``tree``, with ``tree_build``, ``tree_export``,
``tree_report``, ``tree_boards`` for multi-board tree files, ``analyse`` with
``analyse_boards``, ``tree_absurdle`` and ``serve``); their shared error, exit-code and option handling
(``common``, ``numbers``, ``weights``), files and standard streams (``streams``), progress
bars (``progress``), Ctrl-C and SIGTERM (``interrupts``) and start-up policy (``startup``)."""
