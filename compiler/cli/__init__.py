"""The command lines: ``wordle-compile`` (``compile``), ``wordle-rank`` (``rank``) and
``wordle-tree`` (``tree``, with ``tree_build``, ``tree_report`` and ``analyse``); their shared
error, exit-code and input handling (``common``) and start-up policy (``startup``)."""
