"""Typed reads of a tree file's ``meta``, which may hold anything a JSON-like map can.

The loader checks the container; a file we did not write can still put a list where we
expect a map, or ``"/etc/passwd"`` where we expect a list name.  ``info`` and ``verify``
read ``meta`` only through these helpers, so a wrong type is "not given" (and reported
as a note where it matters), never a crash, and a value in ``meta`` is never used to
open a file.
"""

from __future__ import annotations

from ..core.settings import MAX_DEPTH_LIMIT, MODES  # a bigger max_depth claim is treated as absent


def get(meta, *keys, kind=None, default=None):
    """``meta[k1][k2]…`` when every step is a map and the value has type ``kind``."""
    value = meta
    for key in keys:
        if not isinstance(value, dict) or key not in value:
            return default
        value = value[key]
    if kind is not None:
        if kind is int and isinstance(value, bool):
            return default  # True is an int to Python, but not a depth
        if not isinstance(value, kind):
            return default
    return value


def shown(value, limit: int = 60) -> str:
    """A meta value for display: one line, cut at ``limit`` characters."""
    text = value if isinstance(value, str) else repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def mode_of(meta, notes: list) -> str:
    """The file's mode, ``normal`` when absent; an unknown value is noted, not trusted."""
    value = get(meta, "config", "mode")
    if value is None:
        value = get(meta, "mode")
    if value is None:
        return "normal"
    if value not in MODES:
        notes.append(
            f"meta names mode {shown(value)}, which is not one of {', '.join(MODES)}; checked as normal (use --mode)"
        )
        return "normal"
    return value


def max_depth_of(meta, notes: list) -> int:
    """The file's ``max_depth``, 6 when absent; a non-integer or out-of-range value is noted."""
    value = get(meta, "config", "max_depth")
    if value is None:
        value = get(meta, "max_depth")
    if value is None:
        return 6
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_DEPTH_LIMIT:
        notes.append(
            f"meta names max_depth {shown(value)}, not a number from 1 to {MAX_DEPTH_LIMIT}; "
            "checked with 6 (use --max-depth)"
        )
        return 6
    return value


def mode_label(game, mode: str) -> str | None:
    """How a report names ``mode`` in ``game``: None for Mastermind's normal mode (any code at
    every step: Mastermind has no hard mode, so there is nothing to tell it from but possible
    mode, which is named), else the mode itself."""
    from wordle_runtime.game import WORDLE

    return None if mode == "normal" and getattr(game, "rule", WORDLE) != WORDLE else mode
