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

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:  # the names' types for checkers; at run time each loads on first use
    from .feedback import ALL_GREEN as ALL_GREEN
    from .feedback import format_pattern as format_pattern
    from .feedback import parse_pattern as parse_pattern
    from .feedback import score as score
    from .feedback import score_code as score_code
    from .format import FORMAT_VERSION as FORMAT_VERSION
    from .format import TreeFormatError as TreeFormatError
    from .history import HistoryError as HistoryError
    from .history import NoAnswerError as NoAnswerError
    from .history import format_history as format_history
    from .history import parse_history as parse_history
    from .tree import Position as Position
    from .tree import Tree as Tree
    from .tree import load as load
    from .tree import shipped_trees as shipped_trees

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
__all__ = list(_EXPORTS)


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'wordle_runtime' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(f"{__name__}.{module}"), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted(list(globals()) + __all__)
