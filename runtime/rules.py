"""What the game accepts as a guess: the full guess list and the mode's rule.

A tree file (format 1.1 on) carries both, so the runtime can reject a word the game would
reject (``qqqqq``) and, in hard mode, a guess that ignores earlier feedback.

Guess-list encoding (FORMAT.md, ``guess_list``): a word is the base-K number of its
symbols' numbers (K the alphabet's size, the first symbol most significant), stored in as
few big-endian bytes as K**length needs (3 for five letters a-z: 26**5 < 2**24).  Numeric
order is the alphabet's order, so a sorted list can be searched in place with ``bisect``
without ever decoding it to strings.
"""

from __future__ import annotations

import operator
import sys
from array import array
from bisect import bisect_left

from .feedback import WORD_LENGTH
from .game import DEFAULT_GAME, MASTERMIND, Game

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import TypeGuard

CODE_BYTES = 3  # five letters a-z
MAX_GUESS_LIST = 1_000_000  # words; the largest real lists have about 15,000
_A = ord("a")
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def code_bytes(game: Game) -> int:
    """How many bytes one word of ``game`` takes in the stored guess list."""
    return max(1, ((_n_words(game) - 1).bit_length() + 7) // 8)


def _n_words(game: Game) -> int:
    """K**length: every string of ``game``'s length over its alphabet."""
    count: int = len(game.alphabet) ** game.length  # int ** int is typed Any (a float when negative)
    return count


def word_code(word: str, game: Game = DEFAULT_GAME) -> int:
    """The base-K code of a word of ``game`` (caller checked the shape)."""
    code = 0
    if game is DEFAULT_GAME:
        for ch in word:
            code = code * 26 + (ord(ch) - _A)
        return code
    base, index = len(game.alphabet), game.alphabet.index
    for ch in word:
        code = code * base + index(ch)
    return code


def code_word(code: int, game: Game = DEFAULT_GAME) -> str:
    """The word whose base-K code is ``code`` (the inverse of :func:`word_code`)."""
    base, symbols = len(game.alphabet), []
    for _ in range(game.length):
        code, digit = divmod(code, base)
        symbols.append(game.alphabet[digit])
    return "".join(reversed(symbols))


def _is_word(word: object, game: Game) -> TypeGuard[str]:
    if game is DEFAULT_GAME:
        return (
            isinstance(word, str) and len(word) == WORD_LENGTH and word.isascii() and word.isalpha() and word.islower()
        )
    return isinstance(word, str) and game.word_problem(word) is None


class GuessList:
    """A sorted set of words held as an ``array`` of codes: 4 (or 8) bytes a word, and
    ``word in guess_list`` is a binary search."""

    __slots__ = ("codes", "game")

    def __init__(self, codes: array[int], game: Game = DEFAULT_GAME) -> None:
        self.codes, self.game = codes, game

    @classmethod
    def from_words(cls, words: Iterable[str], game: Game = DEFAULT_GAME) -> GuessList:
        """Sorted and de-duplicated; raises ValueError on anything not a word of ``game``."""
        unique = sorted(set(words))
        for word in unique:
            if not _is_word(word, game):
                what = "five letters a-z" if game is DEFAULT_GAME else f"a word of {game.name}"
                raise ValueError(f"guess list entry {word!r} is not {what}")
        return cls(array(_typecode(game), (word_code(w, game) for w in unique)), game)

    @classmethod
    def from_bytes(cls, blob: bytes | memoryview, game: Game = DEFAULT_GAME) -> GuessList:
        """Decode and check the stored form; raises ValueError naming the problem.

        All work runs at C speed (slice assignment, ``array``, ``map`` over bounded chunks),
        so a 13,000-word list costs about half a millisecond of a cold start.
        """
        width = code_bytes(game)
        if len(blob) % width:
            raise ValueError(f"'guess_list' has {len(blob)} bytes, not a multiple of {width}")
        n = len(blob) // width
        if not 0 < n <= MAX_GUESS_LIST:
            raise ValueError(f"'guess_list' must hold 1 to {MAX_GUESS_LIST} words, not {n}")
        codes = array(_typecode(game))
        wide_width = codes.itemsize
        wide = bytearray(wide_width * n)  # widen each big-endian code to the array's width
        for k in range(width):
            wide[wide_width - width + k :: wide_width] = blob[k::width]
        codes.frombytes(wide)
        if sys.byteorder == "little":
            codes.byteswap()
        # Strictly increasing, checked in bounded chunks (overlapping by one) so that the
        # temporary lists of ints stay small whatever the list's length.
        for lo in range(0, n, 4096):
            part = codes[lo : lo + 4097].tolist()
            if not all(map(operator.lt, part, part[1:])):
                raise ValueError("'guess_list' is not in strictly increasing order")
        if codes[-1] >= _n_words(game):  # sorted, so the last code is the largest
            what = "a five-letter word" if game is DEFAULT_GAME else f"a word of {game.name}"
            raise ValueError(f"'guess_list' holds a code that is not {what}")
        return cls(codes, game)

    def to_bytes(self) -> bytes:
        """The stored form: :func:`code_bytes` big-endian bytes per code, in order."""
        codes = array(self.codes.typecode, self.codes)
        if sys.byteorder == "little":
            codes.byteswap()
        wide, step, width = codes.tobytes(), codes.itemsize, code_bytes(self.game)
        narrow = bytearray(width * len(codes))
        for k in range(width):  # keep each code's low ``width`` bytes
            narrow[k::width] = wide[step - width + k :: step]
        return bytes(narrow)

    def __contains__(self, word: object) -> bool:
        if not _is_word(word, self.game):
            return False
        code = word_code(word, self.game)
        i = bisect_left(self.codes, code)
        return i < len(self.codes) and self.codes[i] == code

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self) -> Iterator[str]:
        """The words, in order, decoded one at a time."""
        game = self.game
        return (code_word(code, game) for code in self.codes)

    def words(self) -> list[str]:
        """Every word, in order (decodes the whole list: for tools, not the hot path)."""
        return list(self)


def _typecode(game: Game) -> str:
    """``I`` (4 bytes) while every code fits 32 bits, else ``Q``."""
    return "I" if _n_words(game) < 2**32 else "Q"


def hard_mode_problem(history: Iterable[tuple[str, int]], word: str, game: Game = DEFAULT_GAME) -> str | None:
    """Why ``word`` breaks the real game's hard mode after ``history``, or None.

    Hard mode: every green stays in place, and a letter shown green or yellow n times in
    one earlier guess appears at least n times in every later guess.  Grays may be reused
    and yellows may stay where they were.  (Wordle only: Mastermind has no hard mode.)
    """
    for guess, code in history:
        need: dict[str, int] = {}
        for i in range(game.length):
            digit = (code // 3**i) % 3
            if digit == 2 and word[i] != guess[i]:
                return f"the {_ORDINALS[i]} letter must be {guess[i]!r} (green in {guess!r})"
            if digit:
                need[guess[i]] = need.get(guess[i], 0) + 1
        for letter, count in need.items():
            if word.count(letter) < count:
                times = "" if count == 1 else f" {count} times"
                return f"it must contain {letter!r}{times} (shown in {guess!r})"
    return None


def possible_mode_problem(history: Iterable[tuple[str, int]], word: str, game: Game = DEFAULT_GAME) -> str | None:
    """Why ``word`` could not be the answer after ``history`` (the "possible" mode), or None."""
    for guess, code in history:
        if game.score_code(guess, word) != code:
            return f"it could not be the answer after {guess!r}"
    return None


def mode_problem(
    mode: str | None, history: Iterable[tuple[str, int]], word: str, game: Game = DEFAULT_GAME
) -> str | None:
    """Why the mode forbids ``word`` after ``history`` (a list of (guess, code)), or None."""
    if mode == "hard" and game.rule != MASTERMIND:
        return hard_mode_problem(history, word, game)
    if mode == "possible":
        return possible_mode_problem(history, word, game)
    return None
