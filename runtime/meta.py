"""The schema of a tree file's ``meta`` map, in one place (FORMAT.md documents it).

The loader checks ``meta`` against :data:`SCHEMA` so that code reading it (``wordle-next
--list-trees``, ``wordle-tree info`` and ``verify``) never meets a wrong type: a known
key holds exactly the type listed, an enum one of the listed values.  Unknown keys are
allowed (a newer compiler may add some) but may hold only JSON-like values.

``meta`` is descriptive.  Nothing in it may be used to name a file to open: the word lists
a reader needs come from the tree file itself (``answers``, ``guesses``, ``guess_list``) or
from the user's own command line, never from ``meta.config.answers`` or ``word_lists``.
"""

from __future__ import annotations

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from typing import Any, TypeGuard

    from .game import Game

    # A spec is (kind, *arguments); what the arguments are depends on the kind.
    Spec = tuple[Any, ...]

MODES = ("normal", "hard", "possible")
# The compiler's strategy names (tests/test_runtime_meta.py checks they stay in step),
# its one alias, and "imported" for trees rebuilt by `wordle-tree import`.
STRATEGIES = (
    "entropy",
    "expected-size",
    "first",
    "letter-entropy",
    "located-letters",
    "lookahead",
    "max-eliminations",
    "minimax",
    "most-parts",
    "optimal",
    "random",
    "rollout",
    "unique-letters",
    "imported",
)
IMPORT_FORMATS = ("selby", "csv", "olson")
FIXED_OPTIMALITY = (
    "heuristic",
    "proved optimal for the fixed first guess",
    "proved optimal for the fixed opening",
    "global",
)
STOPPED_OPTIMALITY = "stopped before the proof, lower bound "  # then the proved bound: an anytime build
OPTIMALITY = (
    *FIXED_OPTIMALITY,
    "best of K first words",
    STOPPED_OPTIMALITY + "N",
    "imported from " + "|".join(IMPORT_FORMATS),
)

# Bounds on the whole map: what a hostile file can make the loader build stays small.
MAX_META_BYTES = 16 * 1024  # encoded; a compiler's meta is about 800 bytes
MAX_META_CONTAINERS = 256  # maps and lists together
MAX_META_DEPTH = 12
MAX_TEXT = 1024  # characters in any one string
INT64_MIN, UINT64_MAX = -(2**63), 2**64 - 1

# A spec is a tuple: (kind, *arguments).
_COUNT = ("int", 0, 2**32 - 1)
_LIST_INFO = ("map", {"name": ("text", MAX_TEXT), "count": _COUNT, "sha256": ("hex", 64)})
SCHEMA = (
    "map",
    {
        "strategy": ("enum", STRATEGIES),
        "mode": ("enum", MODES),
        "max_depth": ("int", 1, 255),
        "optimality": ("optimality",),
        "built_at": ("text", 64),
        "compiler": ("map", {"name": ("text", 64), "version": ("text", 64)}),
        "config": (
            "map",
            {
                "strategy": ("enum", STRATEGIES),
                "mode": ("enum", MODES),
                "answers": ("text", MAX_TEXT),
                "guesses": ("text", MAX_TEXT),
                "start": ("word",),
                "opening": ("words", 2),
                "max_depth": ("int", 1, 255),
                "seed": ("int", INT64_MIN, UINT64_MAX),
                "width": ("int", 1, 2**32 - 1),
                "candidates": ("int", 1, 2**32 - 1),
            },
        ),
        "word_lists": ("map", {"answers": _LIST_INFO, "guesses": _LIST_INFO}),
        "stats": (
            "map",
            {
                "answers": _COUNT,
                "total_guesses": _COUNT,
                "average": ("number", 0, 255),
                "max_depth": ("int", 0, 255),
                "histogram": ("histogram",),
                "exceeding_max_depth": _COUNT,
                "proved_optimal": ("bool",),
                "expected_guesses": ("number", 0, 255),  # under the tree's weights (format 1.2)
            },
        ),
        # Where the tree's weights came from (format 1.2): descriptive, like everything here;
        # ``wordle-tree verify`` compares the fingerprint with the file's ``weights``.
        "weights": (
            "map",
            {
                "source": ("text", MAX_TEXT),
                "sha256": ("hex", 64),
                "effective_answers": ("number", 0, 1_000_000),  # at most the number of answers
            },
        ),
    },
)


class MetaError(ValueError):
    """``meta`` breaks the schema; the message names the key path."""


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _optimality_ok(value: str) -> bool:
    if value in FIXED_OPTIMALITY:
        return True
    if value.startswith("best of ") and value.endswith(" first words"):
        count = value[len("best of ") : -len(" first words")]
        return count.isascii() and count.isdigit() and len(count) <= 9
    if value.startswith(STOPPED_OPTIMALITY):
        bound = value[len(STOPPED_OPTIMALITY) :]
        return bound.isascii() and bound.isdigit() and len(bound) <= 20
    return value.startswith("imported from ") and value[len("imported from ") :] in IMPORT_FORMATS


def _word_ok(value: object, game: Game | None = None) -> bool:
    """A word of ``game`` (None: five letters a-z, the game of every 1.x file)."""
    if game is not None:
        return isinstance(value, str) and game.word_problem(value) is None
    return isinstance(value, str) and len(value) == 5 and value.isascii() and value.isalpha() and value.islower()


def _check_scalar(spec: Spec, value: object, game: Game | None = None) -> str | None:
    """None if ``value`` fits a non-map ``spec``, else what was expected."""
    kind = spec[0]
    if kind == "text":
        return None if isinstance(value, str) and len(value) <= spec[1] else f"text of at most {spec[1]} characters"
    if kind == "int":
        return None if _is_int(value) and spec[1] <= value <= spec[2] else f"an integer from {spec[1]} to {spec[2]}"
    if kind == "number":
        ok = (_is_int(value) or isinstance(value, float)) and spec[1] <= value <= spec[2]
        return None if ok else f"a number from {spec[1]} to {spec[2]}"
    if kind == "bool":
        return None if isinstance(value, bool) else "true or false"
    if kind == "enum":
        return None if isinstance(value, str) and value in spec[1] else "one of " + ", ".join(spec[1])
    if kind == "optimality":
        return None if isinstance(value, str) and _optimality_ok(value) else "one of " + "; ".join(OPTIMALITY)
    if kind == "hex":
        ok = (
            isinstance(value, str)
            and len(value) == spec[1]
            and value.isascii()
            and all(ch in "0123456789abcdef" for ch in value)
        )
        return None if ok else f"{spec[1]} lowercase hex digits"
    if kind == "word":
        what = "five letters a-z" if game is None else f"a word of {game.name}"
        return None if value is None or _word_ok(value, game) else f"{what}, or nil"
    if kind == "words":
        ok = isinstance(value, list) and len(value) <= spec[1] and all(_word_ok(w, game) for w in value)
        return None if ok else f"a list of at most {spec[1]} {'five-letter words' if game is None else 'words'}"
    if kind == "histogram":
        ok = (
            isinstance(value, dict)
            and len(value) <= 256
            and all(
                k.isascii() and k.isdigit() and len(k) <= 3 and _is_int(v) and 0 <= v < 2**32 for k, v in value.items()
            )
        )
        return None if ok else "a map of guess counts (digits) to answer counts"
    raise AssertionError(f"unknown schema kind {kind!r}")


def _generic_problem(value: object) -> str | None:
    """Unknown keys may hold only JSON-like values (containers are walked by the caller)."""
    if value is None or isinstance(value, (str, bool, float, list, dict)):
        return (
            None if not isinstance(value, str) or len(value) <= MAX_TEXT else f"text of at most {MAX_TEXT} characters"
        )
    if _is_int(value):
        return None
    return f"a JSON-like value, not {type(value).__name__}"


def check_meta(meta: object, game: Game | None = None) -> None:
    """Raise :class:`MetaError` unless ``meta`` fits :data:`SCHEMA` (``game``: the words it
    names are that game's; None: five letters a-z).

    The walk is iterative (a stack, not recursion) and bounded by the loader's caps on
    ``meta``'s size; it also enforces :data:`MAX_META_DEPTH`.
    """
    if not isinstance(meta, dict):
        raise MetaError("'meta' must be a map")
    # (path, value, spec or None for free-form, depth)
    stack: list[tuple[str, object, Spec | None, int]] = [("meta", meta, SCHEMA, 0)]
    while stack:
        path, value, spec, depth = stack.pop()
        if depth > MAX_META_DEPTH:
            raise MetaError(f"{path} is nested more than {MAX_META_DEPTH} deep")
        if spec is not None and spec[0] != "map":
            expected = _check_scalar(spec, value, game)
            if expected:
                raise MetaError(f"{path} must be {expected}, not {_show(value)}")
            continue
        if spec is not None and not isinstance(value, dict):
            raise MetaError(f"{path} must be a map, not {_show(value)}")
        problem = _generic_problem(value)
        if problem:
            raise MetaError(f"{path} must be {problem}")
        if isinstance(value, dict):
            known = spec[1] if spec is not None else {}
            for key, item in value.items():
                if not isinstance(key, str):
                    raise MetaError(f"{path} has a non-text key")
                stack.append((f"{path}.{key}", item, known.get(key), depth + 1))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                stack.append((f"{path}[{i}]", item, None, depth + 1))


def _show(value: object) -> str:
    """A short, one-line rendering of a bad value for an error message."""
    if isinstance(value, (dict, list)):
        return f"a {type(value).__name__} of {len(value)} item(s)"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
