"""wordle_runtime: exact Wordle feedback and a safe, tiny tree-file walker.

Imports only msgpack and the standard library (a test enforces it).  The public names
below are loaded on first use (PEP 562), so ``import wordle_runtime`` is nearly free and
``wordle-next`` can install its Ctrl-C handler before anything heavy is imported.

    >>> import wordle_runtime
    >>> tree = wordle_runtime.load()              # the shipped proved-optimal salet tree
    >>> tree.next_guess("salet bbbbb")            # or [("salet", "bbbbb")], ["salet", "bbbbb"]
    'courd'
"""

__version__ = "0.1.0"

# public name -> submodule that defines it
_EXPORTS = {
    "ALL_GREEN": "feedback",
    "format_pattern": "feedback",
    "parse_pattern": "feedback",
    "score": "feedback",
    "score_code": "feedback",
    "FORMAT_VERSION": "format",
    "TreeFormatError": "format",
    "HistoryError": "history",
    "NoAnswerError": "history",
    "parse_history": "history",
    "format_history": "history",
    "Position": "tree",
    "Tree": "tree",
    "load": "tree",
    "shipped_trees": "tree",
}
__all__ = sorted(_EXPORTS)


def __getattr__(name):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'wordle_runtime' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__():
    return sorted(list(globals()) + __all__)
