"""Exact Wordle feedback: the pure-Python reference and the pattern notations.

Integer encoding (documented once, in FORMAT.md): position i (0 = first letter)
contributes ``digit * 3**i`` where gray = 0, yellow = 1, green = 2.  So the codes
run from 0 (all gray) to 242 (all green), and the first letter is the least
significant base-3 digit.
"""

from __future__ import annotations

WORD_LENGTH = 5
N_PATTERNS = 3**WORD_LENGTH  # 243
ALL_GREEN = N_PATTERNS - 1  # 242

GRAY, YELLOW, GREEN = 0, 1, 2
_DIGIT_LETTER = "byg"
_POWERS: tuple[int, ...] = tuple(3**i for i in range(WORD_LENGTH))

# Every notation a user might paste, mapped to a base-3 digit (any word length).
SYMBOL_DIGITS = _SYMBOLS = {
    "b": GRAY,
    "B": GRAY,
    "0": GRAY,
    "_": GRAY,
    ".": GRAY,
    "-": GRAY,
    "\u2b1b": GRAY,  # ⬛ black large square (dark theme)
    "\u2b1c": GRAY,  # ⬜ white large square (light theme)
    "y": YELLOW,
    "Y": YELLOW,
    "1": YELLOW,
    "\U0001f7e8": YELLOW,  # 🟨
    "g": GREEN,
    "G": GREEN,
    "2": GREEN,
    "\U0001f7e9": GREEN,  # 🟩
}
ACCEPTED_NOTATIONS = _ACCEPTED = "g/y/b letters (any case), digits 2/1/0, '_' '.' '-' for gray, or 🟩 🟨 ⬛ ⬜"
# parse_pattern is on the runtime's hot path; remember what was already parsed.
_PARSE_CACHE: dict[str, int] = {}


def score(guess: str, answer: str) -> str:
    """Return the feedback for ``guess`` against ``answer`` as five of ``g``/``y``/``b``.

    Greens first; then, left to right, a non-green guess letter is yellow while the
    answer still has an unused, non-green copy of that letter; otherwise gray.
    """
    return format_pattern(score_code(guess, answer))


def score_code(guess: str, answer: str) -> int:
    """The same rule as :func:`score`, returning the integer code (0..242)."""
    if len(guess) != WORD_LENGTH or len(answer) != WORD_LENGTH:
        raise ValueError(f"words must have {WORD_LENGTH} letters: {guess!r}, {answer!r}")
    code = 0
    unused, pending = [], []  # the answer's non-green letters; the guess's non-green positions
    for i in range(WORD_LENGTH):
        if guess[i] == answer[i]:
            code += 2 * _POWERS[i]
        else:
            unused.append(answer[i])
            pending.append(i)
    for i in pending:  # left to right, each yellow uses up one unused copy of its letter
        letter = guess[i]
        if letter in unused:
            unused.remove(letter)
            code += _POWERS[i]
    return code


def parse_pattern(text: str) -> int:
    """Parse a pasted feedback pattern into its integer code (0..242).

    Raises ``ValueError`` naming the accepted notations when ``text`` is not one.
    """
    cached = _PARSE_CACHE.get(text)
    if cached is not None:
        return cached
    if not isinstance(text, str):
        raise ValueError(f"a pattern must be text, not {type(text).__name__}")
    symbols = [ch for ch in text.strip() if ch != "\ufe0f"]  # drop emoji variation selectors
    if len(symbols) != WORD_LENGTH or any(ch not in _SYMBOLS for ch in symbols):
        raise ValueError(f"bad feedback pattern {text!r}: expected {WORD_LENGTH} of {_ACCEPTED}")
    code = sum(_SYMBOLS[ch] * _POWERS[i] for i, ch in enumerate(symbols))
    if len(_PARSE_CACHE) < 100_000:
        _PARSE_CACHE[text] = code
    return code


def format_pattern(code: int) -> str:
    """Format an integer code as the canonical ``g``/``y``/``b`` string."""
    if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < N_PATTERNS:
        raise ValueError(f"a pattern code is an integer from 0 to {ALL_GREEN}, not {code!r}")
    letters = []
    for _ in range(WORD_LENGTH):
        code, digit = divmod(code, 3)
        letters.append(_DIGIT_LETTER[digit])
    return "".join(letters)


def pattern_digits(code: int) -> str:
    """Format a code as 0/1/2 digits (gray/yellow/green), first letter first."""
    return format_pattern(code).translate(str.maketrans("byg", "012"))
