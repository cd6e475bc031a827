"""What the game accepts as a guess: the full guess list and the mode's rule.

A tree file (format 1.1) carries both, so the runtime can reject a word the game would
reject (``qqqqq``) and, in hard mode, a guess that ignores earlier feedback.

Guess-list encoding (FORMAT.md, ``guess_list``): a word is the base-26 number of its
letters (a = 0 ... z = 25, first letter most significant), stored as 3 big-endian bytes.
26**5 < 2**24, and numeric order is alphabetical order, so a sorted list can be searched
in place with ``bisect`` without ever decoding it to strings.
"""

from __future__ import annotations

import operator
import sys
from array import array
from bisect import bisect_left

from .feedback import WORD_LENGTH, score_code

CODE_BYTES = 3
N_CODES = 26**WORD_LENGTH
MAX_GUESS_LIST = 1_000_000  # words; the largest real lists have about 15,000
_A = ord("a")
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def word_code(word: str) -> int:
    """The base-26 code of a five-letter lowercase word (caller checked the shape)."""
    code = 0
    for ch in word:
        code = code * 26 + (ord(ch) - _A)
    return code


def code_word(code: int) -> str:
    """The word whose base-26 code is ``code`` (the inverse of :func:`word_code`)."""
    letters = []
    for _ in range(WORD_LENGTH):
        code, digit = divmod(code, 26)
        letters.append(chr(_A + digit))
    return "".join(reversed(letters))


class GuessList:
    """A sorted set of words held as an ``array('I')`` of codes: about 4 bytes a word,
    and ``word in guess_list`` is a binary search."""

    __slots__ = ("codes",)

    def __init__(self, codes: array):
        self.codes = codes

    @classmethod
    def from_words(cls, words) -> GuessList:
        """Sorted and de-duplicated; raises ValueError on anything not five letters a-z."""
        unique = sorted(set(words))
        for word in unique:
            if not (isinstance(word, str) and len(word) == WORD_LENGTH and word.isascii()
                    and word.isalpha() and word.islower()):
                raise ValueError(f"guess list entry {word!r} is not five letters a-z")
        return cls(array("I", map(word_code, unique)))

    @classmethod
    def from_bytes(cls, blob) -> GuessList:
        """Decode and check the stored form; raises ValueError naming the problem.

        All work runs at C speed (slice assignment, ``array``, ``map`` over bounded chunks),
        so a 13,000-word list costs about half a millisecond of a cold start.
        """
        if len(blob) % CODE_BYTES:
            raise ValueError(f"'guess_list' has {len(blob)} bytes, not a multiple of {CODE_BYTES}")
        n = len(blob) // CODE_BYTES
        if not 0 < n <= MAX_GUESS_LIST:
            raise ValueError(f"'guess_list' must hold 1 to {MAX_GUESS_LIST} words, not {n}")
        wide = bytearray(4 * n)  # widen each 3-byte big-endian code to 4 bytes
        for k in range(CODE_BYTES):
            wide[k + 1::4] = blob[k::CODE_BYTES]
        codes = array("I")
        codes.frombytes(wide)
        if sys.byteorder == "little":
            codes.byteswap()
        # Strictly increasing, checked in bounded chunks (overlapping by one) so that the
        # temporary lists of ints stay small whatever the list's length.
        for lo in range(0, n, 4096):
            part = codes[lo:lo + 4097].tolist()
            if not all(map(operator.lt, part, part[1:])):
                raise ValueError("'guess_list' is not in strictly increasing order")
        if codes[-1] >= N_CODES:  # sorted, so the last code is the largest
            raise ValueError("'guess_list' holds a code that is not a five-letter word")
        return cls(codes)

    def to_bytes(self) -> bytes:
        """The stored form: 3 big-endian bytes per code, in order."""
        codes = array("I", self.codes)
        if sys.byteorder == "little":
            codes.byteswap()
        wide = bytearray(codes.tobytes())
        del wide[::4]  # each code's high byte, always zero (codes < 26**5 < 2**24)
        return bytes(wide)

    def __contains__(self, word) -> bool:
        if not (isinstance(word, str) and len(word) == WORD_LENGTH and word.isascii()
                and word.isalpha() and word.islower()):
            return False
        code = word_code(word)
        i = bisect_left(self.codes, code)
        return i < len(self.codes) and self.codes[i] == code

    def __len__(self) -> int:
        return len(self.codes)

    def __iter__(self):
        """The words, alphabetical, decoded one at a time."""
        return map(code_word, self.codes)

    def words(self) -> list[str]:
        """Every word, alphabetical (decodes the whole list: for tools, not the hot path)."""
        return list(self)


def hard_mode_problem(history, word: str) -> str | None:
    """Why ``word`` breaks the real game's hard mode after ``history``, or None.

    Hard mode: every green stays in place, and a letter shown green or yellow n times in
    one earlier guess appears at least n times in every later guess.  Grays may be reused
    and yellows may stay where they were.
    """
    for guess, code in history:
        need: dict[str, int] = {}
        for i in range(WORD_LENGTH):
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


def possible_mode_problem(history, word: str) -> str | None:
    """Why ``word`` could not be the answer after ``history`` (the "possible" mode), or None."""
    for guess, code in history:
        if score_code(guess, word) != code:
            return f"it could not be the answer after {guess!r}"
    return None


def mode_problem(mode: str | None, history, word: str) -> str | None:
    """Why the mode forbids ``word`` after ``history`` (a list of (guess, code)), or None."""
    if mode == "hard":
        return hard_mode_problem(history, word)
    if mode == "possible":
        return possible_mode_problem(history, word)
    return None
