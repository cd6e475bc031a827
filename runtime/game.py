"""The game being played: its word length, its alphabet and its feedback rule.

One frozen value, :class:`Game`, that the compiler's pipeline, its search, the tree
files and this runtime all read.  Two rules:

``wordle``
    Each position shows green (the right symbol there), yellow (the symbol is in the
    answer elsewhere, as many times as the answer has unused copies of it) or gray.  The
    code of a pattern is base 3, position 0 the least significant digit: ``digit * 3**i``
    with gray 0, yellow 1, green 2, so five-letter Wordle's codes run from 0 to 242 (all
    green).  Any length from 2 to :data:`MAX_LENGTH` and any alphabet of at most
    :data:`MAX_SYMBOLS` symbols.
``mastermind``
    Black and white pegs: ``B`` positions hold the right colour, ``W`` more colours are
    right but misplaced (Sørensen's ``BnWm`` scores); positions are not told.  The code is
    ``B * (P + 1) + W`` for P pegs, so the all-correct code is ``P * (P + 1)``.  Codes
    over K colours are written as digits ``1``..``K`` (``1122``), over ten colours as
    ``0``..``9``; every code is a secret and a guess.  ``mastermind:4x6`` is the classic
    game, ``mastermind:5x8`` Super Mastermind.  ``mastermind:PxC:distinct`` plays the same
    game over the codes of P different colours only (``mastermind:4x10:distinct`` is Bulls
    and Cows): the rule is Mastermind's, the codes are the word lists'.

Words are compared symbol by symbol, as Python strings: lists are normalised to NFC and
lower case without changing a word's length (``ß`` stays one letter; a symbol whose lower
case would be two characters keeps its case), see :func:`normalise_word`.

Standard library only, cheap to import: ``wordle-next`` reads it on every start.
"""

from __future__ import annotations

import itertools
import math
import unicodedata

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:
    from collections.abc import Iterable

WORDLE, MASTERMIND = "wordle", "mastermind"
RULES = (WORDLE, MASTERMIND)
ENGLISH_ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MIN_LENGTH = 2
MAX_LENGTH = 10  # 3**10 codes fit the engine's 16-bit feedback matrix
MAX_SYMBOLS = 64  # hard mode's letter masks are 64 bits wide
MAX_PEGS, MAX_COLOURS = 8, 10  # colours are the digits 1-9, ten colours the digits 0-9
DISTINCT = "distinct"  # mastermind:PxC:distinct: codes of P different colours
# Other names of generated games: Bulls and Cows is Mastermind over four different digits of ten.
GAME_ALIASES = {"bulls-and-cows": f"{MASTERMIND}:4x10:{DISTINCT}"}
BYTE_CODES = 256  # a game with at most this many codes keeps one byte per matrix cell

_WORDLE_DIGITS = "byg"  # gray, yellow, green


class GameError(ValueError):
    """A game that cannot be played: the message is one line naming the problem."""


def normalise_word(raw: str) -> str:
    """A word as the game compares it: stripped, NFC, each symbol in lower case unless its
    lower case is longer than one character (so the word's length never changes)."""
    word = unicodedata.normalize("NFC", raw.strip())
    return "".join(lower if len(lower := ch.lower()) == 1 else ch for ch in word)


class Game:
    """One game's word length, alphabet and rule (frozen; equal games compare equal).

    ``alphabet``: the symbols in the order their numbers follow (symbol ``alphabet[i]`` is
    number ``i`` inside the engine), at most :data:`MAX_SYMBOLS`, no repeats, in code point
    order (so the words' sort order is the order of their numbers)."""

    __slots__ = ("_index", "all_correct", "alphabet", "length", "n_codes", "rule")
    rule: str
    length: int
    alphabet: str
    n_codes: int
    all_correct: int
    _index: dict[str, int]

    def __new__(cls, rule: str = WORDLE, length: int = 5, alphabet: str = ENGLISH_ALPHABET) -> Game:
        """Five-letter Wordle over a-z is one object (:data:`DEFAULT_GAME`), so the hot paths
        can ask ``game is DEFAULT_GAME``."""
        default: Game | None = globals().get("DEFAULT_GAME")
        if default is not None and (rule, length, alphabet) == DEFAULT_KEY:
            return default
        return super().__new__(cls)

    def __init__(self, rule: str = WORDLE, length: int = 5, alphabet: str = ENGLISH_ALPHABET) -> None:
        if globals().get("DEFAULT_GAME") is self:
            return
        problem = _game_problem(rule, length, alphabet)
        if problem:
            raise GameError(problem)
        set_ = object.__setattr__
        set_(self, "rule", rule)
        set_(self, "length", int(length))
        set_(self, "alphabet", alphabet)
        codes = 3**length if rule == WORDLE else (length + 1) ** 2
        set_(self, "n_codes", codes)
        set_(self, "all_correct", codes - 1 if rule == WORDLE else length * (length + 1))
        set_(self, "_index", {symbol: i for i, symbol in enumerate(alphabet)})

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("a Game is frozen")

    def __reduce__(self) -> tuple[type[Game], tuple[str, int, str]]:
        """Pickled as its key, made again by :meth:`__new__` (a worker process gets the same game)."""
        return Game, self.key()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Game({self.rule!r}, {self.length}, {self.alphabet!r})"

    def key(self) -> tuple[str, int, str]:
        """(rule, length, alphabet): what makes two games the same."""
        return self.rule, self.length, self.alphabet

    @property
    def is_default(self) -> bool:
        """Five-letter Wordle over a-z: the game every tree file without a game field plays."""
        return self.key() == DEFAULT_KEY

    @property
    def name(self) -> str:
        """``wordle`` (five letters a-z), ``wordle:6``, ``wordle:5:<alphabet>`` or ``mastermind:4x6``."""
        if self.rule == MASTERMIND:
            return f"mastermind:{self.length}x{len(self.alphabet)}"
        if self.alphabet == ENGLISH_ALPHABET:
            return WORDLE if self.length == 5 else f"wordle:{self.length}"
        return f"wordle:{self.length}:{self.alphabet}"

    @property
    def byte_codes(self) -> bool:
        """Whether every code fits one byte (the feedback matrix is then ``uint8``)."""
        return self.n_codes <= BYTE_CODES

    def word_problem(self, word: str) -> str | None:
        """Why ``word`` (normalised) is not a word of this game, or None."""
        if len(word) != self.length:
            return f"is not {self.length} symbols long"
        strange = [ch for ch in word if ch not in self._index]
        if strange:
            return f"holds {strange[0]!r}, which is not in the game's alphabet"
        return None

    def symbols(self, word: str) -> list[int]:
        """The numbers of ``word``'s symbols (KeyError for one outside the alphabet)."""
        return [self._index[ch] for ch in word]

    def score_code(self, guess: str, answer: str) -> int:
        """The feedback code of ``guess`` against ``answer`` by this game's rule."""
        if len(guess) != self.length or len(answer) != self.length:
            raise ValueError(f"words must have {self.length} symbols: {guess!r}, {answer!r}")
        if self.rule == MASTERMIND:
            return _mastermind_code(guess, answer)
        return _wordle_code(guess, answer)

    def format_code(self, code: int) -> str:
        """A code in the game's canonical notation: ``gybbg`` (Wordle), ``B2W1`` (Mastermind)."""
        self._check_code(code)
        if self.rule == MASTERMIND:
            black, white = divmod(code, self.length + 1)
            return f"B{black}W{white}"
        letters = []
        for _ in range(self.length):
            code, digit = divmod(code, 3)
            letters.append(_WORDLE_DIGITS[digit])
        return "".join(letters)

    def parse_code(self, text: object) -> int:
        """A pasted feedback pattern as its code; ValueError naming the accepted notations.

        Wordle: one symbol per position, ``g``/``y``/``b`` (any case), ``2``/``1``/``0``,
        ``_ . -`` for gray or the emoji 🟩 🟨 ⬛ ⬜.  Mastermind: ``B2W1`` (any case),
        ``2,1`` (blacks, whites) or ``2A1B`` (Bulls and Cows' bulls and cows); a score no
        guess can get is refused."""
        if not isinstance(text, str):
            raise ValueError(f"a pattern must be text, not {type(text).__name__}")
        if self.rule == MASTERMIND:
            return self._parse_pegs(text)
        from .feedback import ACCEPTED_NOTATIONS, SYMBOL_DIGITS

        symbols = [ch for ch in text.strip() if ch != "\ufe0f"]  # drop emoji variation selectors
        if len(symbols) != self.length or any(ch not in SYMBOL_DIGITS for ch in symbols):
            raise ValueError(f"bad feedback pattern {text!r}: expected {self.length} of {ACCEPTED_NOTATIONS}")
        code: int = sum(SYMBOL_DIGITS[ch] * 3**i for i, ch in enumerate(symbols))  # int ** int is typed Any
        return code

    def _parse_pegs(self, text: str) -> int:
        """``B2W1``, ``2,1`` or Bulls and Cows' ``2A1B`` (bulls A, cows B) as a Mastermind code."""
        raw = text.strip().upper().replace(" ", "")
        black = white = None
        if raw.startswith("B") and "W" in raw:
            black, _, white = raw[1:].partition("W")
        elif raw.count(",") == 1:
            black, _, white = raw.partition(",")
        elif raw.endswith("B") and raw.count("A") == 1:
            black, _, white = raw[:-1].partition("A")
        if not (black and white and black.isascii() and black.isdigit() and white.isascii() and white.isdigit()):
            raise ValueError(f"bad feedback pattern {text!r}: expected black and white pegs as B2W1, 2,1 or 2A1B")
        code = int(black) * (self.length + 1) + int(white)
        if int(black) > self.length or int(white) > self.length or not self.possible_code(code):
            raise ValueError(
                f"bad feedback pattern {text!r}: no guess of {self.length} pegs scores "
                f"{int(black)} black and {int(white)} white"
            )
        return code

    def possible_code(self, code: int) -> bool:
        """Whether some guess and answer can show ``code`` (Mastermind: B + W <= P, and
        never P - 1 blacks with one white)."""
        if not 0 <= code < self.n_codes:
            return False
        if self.rule == WORDLE:
            return True
        black, white = divmod(code, self.length + 1)
        return black + white <= self.length and not (black == self.length - 1 and white == 1)

    def _check_code(self, code: object) -> None:
        if isinstance(code, bool) or not isinstance(code, int) or not 0 <= code < self.n_codes:
            raise ValueError(f"a feedback code of {self.name} is an integer from 0 to {self.n_codes - 1}, not {code!r}")

    def to_fields(self) -> dict[str, str | int]:
        """The game as a tree file records it (FORMAT.md, ``meta.game``)."""
        return {"rule": self.rule, "length": self.length, "alphabet": self.alphabet}


DEFAULT_KEY = (WORDLE, 5, ENGLISH_ALPHABET)


def _game_problem(rule: object, length: object, alphabet: object) -> str | None:
    """Why (rule, length, alphabet) is not a playable game, or None."""
    if rule not in RULES:
        return f"unknown feedback rule {rule!r}: {' or '.join(RULES)}"
    if isinstance(length, bool) or not isinstance(length, int):
        return f"a word length is a whole number, not {length!r}"
    if not isinstance(alphabet, str) or not alphabet:
        return "the alphabet is empty"
    if len(set(alphabet)) != len(alphabet):
        return "the alphabet repeats a symbol"
    if list(alphabet) != sorted(alphabet):
        return "the alphabet's symbols must be in code point order (the words' sort order)"
    if len(alphabet) > MAX_SYMBOLS:
        return f"the alphabet has {len(alphabet)} symbols; at most {MAX_SYMBOLS} are supported"
    if any(ch.isspace() or not ch.isprintable() for ch in alphabet):
        return "the alphabet holds a blank or control character"
    if rule == WORDLE and not MIN_LENGTH <= length <= MAX_LENGTH:
        return f"a word length is from {MIN_LENGTH} to {MAX_LENGTH}, not {length}"
    if rule == MASTERMIND and not (2 <= length <= MAX_PEGS and 2 <= len(alphabet) <= MAX_COLOURS):
        return f"Mastermind takes 2-{MAX_PEGS} pegs and 2-{MAX_COLOURS} colours, not {length}x{len(alphabet)}"
    return None


def _wordle_code(guess: str, answer: str) -> int:
    """Greens first; then, left to right, a non-green guess symbol is yellow while the answer
    still has an unused, non-green copy of it; otherwise gray."""
    code, power = 0, 1
    unused: list[str] = []
    pending: list[tuple[int, int]] = []
    for i, (g, a) in enumerate(zip(guess, answer, strict=True)):
        if g == a:
            code += 2 * power
        else:
            unused.append(a)
            pending.append((i, power))
        power *= 3
    for i, weight in pending:
        if guess[i] in unused:
            unused.remove(guess[i])
            code += weight
    return code


def _mastermind_code(guess: str, answer: str) -> int:
    """``B * (P + 1) + W``: blacks are right colours in the right place, whites the rest of
    the colours the two have in common."""
    black = sum(g == a for g, a in zip(guess, answer, strict=True))
    common = sum(min(guess.count(ch), answer.count(ch)) for ch in set(guess))
    return black * (len(guess) + 1) + common - black


def mastermind(pegs: int, colours: int) -> Game:
    """Mastermind with ``pegs`` positions and ``colours`` colours written ``1``..``K``
    (ten colours: ``0``..``9``)."""
    if isinstance(colours, bool) or not isinstance(colours, int) or not 2 <= colours <= MAX_COLOURS:
        raise GameError(f"Mastermind takes 2-{MAX_COLOURS} colours, not {colours!r}")
    return Game(MASTERMIND, pegs, "0123456789" if colours == 10 else "123456789"[:colours])


def mastermind_codes(game: Game, distinct: bool = False) -> list[str]:
    """Every code of a Mastermind game, in order (``1111``, ``1112``, …); ``distinct``: only
    the codes whose colours all differ (``0123``, ``0124``, …)."""
    if distinct:
        return ["".join(code) for code in itertools.permutations(game.alphabet, game.length)]
    codes = [""]
    for _ in range(game.length):
        codes = [code + colour for code in codes for colour in game.alphabet]
    return codes


def code_count(game: Game, distinct: bool = False) -> int:
    """How many codes :func:`mastermind_codes` makes (``C ** P``, or ``C! / (C - P)!``
    distinct), counted without making them."""
    colours = len(game.alphabet)
    return math.perm(colours, game.length) if distinct else colours**game.length


def mastermind_name(game: Game, distinct: bool) -> str:
    """The spec that names ``game``'s codes: ``mastermind:4x6`` or ``mastermind:4x10:distinct``."""
    return f"{game.name}:{DISTINCT}" if distinct else game.name


def parse_mastermind(text: str) -> tuple[Game, bool]:
    """``mastermind:PxC`` or ``mastermind:PxC:distinct`` as (game, whether its codes are the
    distinct ones); GameError, one line, for anything else."""
    name = str(text).strip().lower()
    if not name.startswith(MASTERMIND + ":"):
        raise GameError(f"unknown game {str(text)[:40]!r}: wordle or mastermind:PxC (e.g. mastermind:4x6)")
    size, colon, variant = name.split(":", 1)[1].partition(":")
    pegs, _, colours = size.partition("x")
    if not (pegs.isascii() and pegs.isdigit() and colours.isascii() and colours.isdigit()):
        raise GameError(f"unknown game {str(text)[:40]!r}: wordle or mastermind:PxC (e.g. mastermind:4x6)")
    if colon and variant != DISTINCT:
        raise GameError(f"unknown Mastermind variant {variant[:20]!r}: mastermind:PxC or mastermind:PxC:{DISTINCT}")
    short = max(len(pegs.lstrip("0")), len(colours.lstrip("0"))) <= 2  # no int() of 5,000 digits
    if not (short and 2 <= int(pegs) <= MAX_PEGS and 2 <= int(colours) <= MAX_COLOURS):
        shown = f"{int(pegs)}x{int(colours)}" if short else f"{size[:20]}…"
        raise GameError(f"Mastermind takes 2-{MAX_PEGS} pegs and 2-{MAX_COLOURS} colours, not {shown}")
    if variant and int(colours) < int(pegs):
        raise GameError(
            f"mastermind:{int(pegs)}x{int(colours)}:{DISTINCT} needs at least as many colours as pegs "
            f"(no code of {int(pegs)} different colours out of {int(colours)})"
        )
    return mastermind(int(pegs), int(colours)), bool(variant)


def parse_game(text: str) -> Game:
    """``wordle``, ``mastermind:PxC`` (pegs x colours) or ``mastermind:PxC:distinct`` as a game
    (the variant names its codes, :func:`parse_mastermind`); GameError otherwise."""
    if str(text).strip().lower() == WORDLE:
        return DEFAULT_GAME
    return parse_mastermind(text)[0]


def game_from_fields(fields: object) -> Game:
    """The game a tree file records (``meta.game``), checked; GameError for a bad one."""
    if not isinstance(fields, dict) or set(fields) != {"rule", "length", "alphabet"}:
        raise GameError("meta.game must be a map of rule, length and alphabet")
    return Game(fields["rule"], fields["length"], fields["alphabet"])


def alphabet_of(words: Iterable[str]) -> str:
    """The alphabet a Wordle game over ``words`` plays with: when the words use a-z and
    otherwise only letters, a-z first (so English lists of any length share one numbering)
    and then the other letters in code point order; else every symbol found, in code point
    order (a Cyrillic list, Nerdle's digits and operators)."""
    found = set("".join(words))  # one pass at C speed: every list load asks
    english = set(ENGLISH_ALPHABET)
    extra = sorted(found - english)
    if found & english and all(ch.isalpha() for ch in extra):
        return ENGLISH_ALPHABET + "".join(extra)
    return "".join(sorted(found))


DEFAULT_GAME = Game()
