"""wordle_runtime: exact Wordle feedback and a safe, tiny tree-file walker.

Imports only msgpack and the standard library (a test enforces it).
"""

from .feedback import ALL_GREEN, format_pattern, parse_pattern, score, score_code
from .format import FORMAT_VERSION, TreeFormatError
from .tree import HistoryError, Position, Tree, load

__version__ = "0.1.0"
__all__ = [
    "ALL_GREEN", "FORMAT_VERSION", "HistoryError", "Position", "Tree", "TreeFormatError",
    "format_pattern", "load", "parse_pattern", "score", "score_code",
]
