"""The one history parser: every notation a player might type or a program might pass.

``wordle-next``, ``Tree.next_guess`` / ``Tree.position`` and the compiler's
``wordle-tree export --path`` all go through :func:`parse_history`.
"""

from __future__ import annotations

import re

from .feedback import ALL_GREEN, WORD_LENGTH, format_pattern, parse_pattern
from .game import DEFAULT_GAME, MASTERMIND, Game, normalise_word
from .structure import MAX_DEPTH

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import NoReturn

    # What parse_history reads: one string, or tokens and (guess, pattern) pairs, mixed.
    History = str | Iterable[str | Sequence[str | int]] | None

_SEPARATORS = (":", "=")
# No game is longer than the deepest tree the format can store; the cap keeps the cost of a
# history (each off-tree step filters the answers again) bounded for a server taking input.
MAX_STEPS = MAX_DEPTH


class HistoryError(ValueError):
    """The history is malformed, breaks the game's rules, or fits no answer (one line)."""


class NoAnswerError(HistoryError):
    """The history is well formed but no answer fits it (``wordle-next`` exits 1)."""


def step_word(text: object, step: int, game: Game = DEFAULT_GAME) -> str:
    """The guess of history step ``step`` (numbered from 1) as ``game``'s word, or one
    :class:`HistoryError` line."""
    if game is DEFAULT_GAME:
        if not (isinstance(text, str) and len(text) == WORD_LENGTH and text.isascii() and text.isalpha()):
            raise HistoryError(f"step {step}: {text!r} is not a five-letter word")
        return text.lower()
    word = normalise_word(text) if isinstance(text, str) else None
    problem = "is not text" if word is None else game.word_problem(word)
    if problem or word is None:
        raise HistoryError(f"step {step}: {text!r} {problem} ({game.name})")
    return word


def step_code(pattern: object, step: int, game: Game = DEFAULT_GAME) -> int:
    """The pattern of history step ``step`` (a code, or any text form ``game`` reads) as
    ``game``'s code, or one :class:`HistoryError` line."""
    if isinstance(pattern, int) and not isinstance(pattern, bool):
        if game.possible_code(pattern):
            return pattern
        if game is DEFAULT_GAME:
            raise HistoryError(f"step {step}: pattern code {pattern} is outside 0..{ALL_GREEN}")
        raise HistoryError(f"step {step}: pattern code {pattern} is not a score of {game.name} (0..{game.n_codes - 1})")
    if not isinstance(pattern, str):
        raise HistoryError(f"step {step}: a pattern must be text, not {type(pattern).__name__}")
    try:
        return parse_pattern(pattern) if game is DEFAULT_GAME else game.parse_code(pattern)
    except ValueError as exc:
        raise HistoryError(f"step {step}: {exc}") from None


# Mastermind's "2,1" score: a comma between two lone digits belongs to the score.
_STEP_COMMA = re.compile(r"(?<!\b\d),|,(?!\d\b)")


def _tokens(text: str, game: Game = DEFAULT_GAME) -> list[str]:
    """Split a history string on white space and commas (``salet:bbbbb,courd:bbbyb``);
    in Mastermind a comma between two lone digits stays (``1122 2,1``)."""
    if game.rule == MASTERMIND:
        return _STEP_COMMA.sub(" ", text).split()
    return text.replace(",", " ").split()


def _no_pattern(word: str, pairs: list[tuple[object, object]]) -> NoReturn:
    raise HistoryError(f"step {len(pairs) + 1}: guess {word!r} has no feedback pattern after it")


def _too_long() -> HistoryError:
    return HistoryError(f"the history has more than {MAX_STEPS} steps; no game is that long")


def _from_tokens(items: Iterable[object], pairs: list[tuple[object, object]], game: Game = DEFAULT_GAME) -> None:
    """Turn word / pattern / word:pattern tokens (and ready-made pairs) into raw pairs,
    stopping at the first step beyond :data:`MAX_STEPS`."""
    pending = None
    for item in items:
        if len(pairs) > MAX_STEPS:
            raise _too_long()
        if isinstance(item, (tuple, list)):
            if pending is not None:
                _no_pattern(pending, pairs)
            if len(item) != 2:
                raise HistoryError(f"step {len(pairs) + 1}: a step is (guess, pattern), not {item!r}")
            pairs.append((item[0], item[1]))
            continue
        if not isinstance(item, str):
            raise HistoryError(f"step {len(pairs) + 1}: {item!r} is neither text nor a (guess, pattern) pair")
        for token in _tokens(item, game):
            if len(pairs) > MAX_STEPS:
                raise _too_long()
            pending = _from_token(token, pending, pairs, game)
    if pending is not None:
        _no_pattern(pending, pairs)


def _from_token(
    token: str, pending: str | None, pairs: list[tuple[object, object]], game: Game = DEFAULT_GAME
) -> str | None:
    """Add the pair that ``token`` completes to ``pairs``; return the guess still waiting
    for its pattern (``pending``: the one before the token), or None.  A separator that is
    a symbol of the game (Nerdle's ``=``) is part of the word, not a separator."""
    sep = next((s for s in _SEPARATORS if s in token and s not in game.alphabet), None)
    if sep is None:
        if pending is None:
            return token
        pairs.append((pending, token))
        return None
    word, pattern = token.split(sep, 1)
    if pending is not None and word:
        _no_pattern(pending, pairs)  # "salet crane:bbbbb"
    if pending is None:
        pending = word
    if pattern:
        pairs.append((pending, pattern))
        return None
    return pending


def parse_history(history: History, game: Game = DEFAULT_GAME) -> list[tuple[str, int]]:
    """Normalise a game history to a list of ``(word, code)`` pairs, ``code`` in 0..242
    (``game``: any other game's words and notations, :meth:`.game.Game.parse_code`).

    Accepted shapes (they may be mixed):

    - a string: ``"salet bbbbb courd:bbbyb"``, ``"salet:bbbbb,courd=00120"``;
    - a list of tokens as on a command line: ``["salet", "bbbbb"]``, ``["salet:bbbbb"]``;
    - a list of pairs: ``[("salet", "bbbbb"), ("courd", 9)]`` (a pattern may be a code).

    Patterns: g/y/b letters (any case), digits 2/1/0, ``_ . -`` for gray, or the emoji
    🟩 🟨 ⬛ ⬜.  Words are five letters a-z (returned in lower case).  A game ends at
    all green, so a step after ``ggggg`` is an error.  Raises :class:`HistoryError`
    with one line naming the step.  Whether a word is in the guess list, or allowed by
    the mode, is the tree's business (:meth:`Tree.position`).
    """
    if history is None:
        return []
    raw: list[tuple[object, object]] = []
    _from_tokens([history] if isinstance(history, str) else history, raw, game)
    if len(raw) > MAX_STEPS:
        raise _too_long()
    steps: list[tuple[str, int]] = []
    done = ALL_GREEN if game is DEFAULT_GAME else game.all_correct
    for step, (word, pattern) in enumerate(raw, start=1):
        if steps and steps[-1][1] == done:
            last = steps[-1][0]
            raise HistoryError(
                f"step {step}: the game ended at step {step - 1} "
                f"({last} {_shown(done, game)}), so nothing may follow it"
            )
        steps.append((step_word(word, step, game), step_code(pattern, step, game)))
    return steps


def _shown(code: int, game: Game) -> str:
    return format_pattern(code) if game is DEFAULT_GAME else game.format_code(code)


def format_history(steps: Iterable[tuple[str, int]], game: Game = DEFAULT_GAME) -> str:
    """``salet bbbbb courd bbbyb``: the canonical notation, which parse_history reads back."""
    return " ".join(f"{word} {_shown(code, game)}" for word, code in steps)
