"""Word lists: the shipped named sets, loading and validation, and the game they play.

Inside the compiler both lists are sorted (by code point: alphabetical for a-z), so a
word's index order *is* the alphabetical tie-break every strategy uses.  A list file
holds words of one length over any alphabet (normalised by
:func:`wordle_runtime.game.normalise_word`); the game (:class:`wordle_runtime.game.Game`)
is read from the lists: their length, and the symbols they use (``alphabet_of``).
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from wordle_runtime.game import (
    DEFAULT_GAME,
    MASTERMIND,
    MAX_LENGTH,
    MAX_SYMBOLS,
    MIN_LENGTH,
    WORDLE,
    Game,
    GameError,
    alphabet_of,
    code_count,
    mastermind_codes,
    mastermind_name,
    normalise_word,
)

from ..util.files import OutputError, decode_text, read_regular_file
from .games import NAMED_GAMES, language_of_lists

if TYPE_CHECKING:
    from ..ext import KernelBuild

try:  # the interpreter's own SHA-256, as the standard library's ``random`` takes its SHA-512:
    from _sha256 import sha256  # ``hashlib`` first loads OpenSSL, which every process would pay for
except ImportError:  # Python 3.12+ names the module _sha2; a build without it has hashlib's
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256


# Size limits, checked before anything is allocated (README, "Word lists").  The largest
# game has 32,768 words (Super Mastermind's codes); 40,000 leaves room for any real
# dictionary of one length.  The feedback matrix has a cell per guess and answer (one byte,
# two in games of over 256 codes), so it is capped as well: Super Mastermind's takes 1,074 MB.
MAX_WORDS = 40_000
MAX_LIST_BYTES = 1024 * 1024  # 40,000 five-letter words take 240 kB; the rest is room for blank lines
MAX_MATRIX_BYTES = 1_200_000_000

# name -> (answers file, guesses file) inside wordle_compiler/data
NAMED_ANSWERS = {
    "original": "answers-original.txt",
    "nyt": "answers-nyt.txt",
    "nyt-extended": "answers-nyt-extended.txt",
    "improved": "improved-words.txt",
}
# answer lists whose natural guess list has another name
DEFAULT_GUESSES = {"nyt-extended": "nyt"}
NAMED_GUESSES = {
    "original": "allowed-original.txt",
    "nyt": "allowed-nyt.txt",
    "improved": "improved-words.txt",
}
# the named games' lists (``--game NAME``, core.games) go by the game's name
NAMED_ANSWERS.update({name: named.answers for name, named in NAMED_GAMES.items()})
NAMED_GUESSES.update({name: named.guesses for name, named in NAMED_GAMES.items()})


class WordListError(ValueError):
    """A word list could not be read or is malformed (message names file and line)."""


def sha256_of_words(words: list[str]) -> str:
    """Hash of the list as its canonical file: one word per line, LF, final newline."""
    return sha256("".join(w + "\n" for w in words).encode("utf-8")).hexdigest()


def read_word_file(path: str | Path, label: str | None = None) -> list[str]:
    """Read one word per line (UTF-8, a leading byte-order mark skipped); lower-case and
    strip; validate; de-duplicate with a warning.

    Only a regular file of at most ``MAX_LIST_BYTES`` is read (a FIFO or ``/dev/zero``
    is refused at once), and at most ``MAX_WORDS`` words are accepted.
    """
    label = label or str(path)
    try:
        text = decode_text(read_regular_file(path, MAX_LIST_BYTES, "word list"))
    except OutputError as exc:
        raise WordListError(str(exc)) from None
    except UnicodeDecodeError:
        raise WordListError(f"cannot read word list {label}: it is not UTF-8 text") from None
    words = _canonical_words(text)
    return words if words is not None else parse_words(text.splitlines(), label)


_LETTERS_AND_NEWLINES = re.compile(r"[a-z\n]*")


def _canonical_words(text: str) -> list[str] | None:
    """The words of a list already in canonical form (lowercase five-letter words, one per
    line, LF, a final newline, no duplicates, within ``MAX_WORDS``), checked at C speed:
    every shipped list is, and :func:`parse_words` goes word by word in Python.  None
    sends the text through :func:`parse_words`, which accepts the same words and more.

    Every sixth character a newline, there and nowhere else, and a-z or newline
    throughout, checked by slicing: a regular expression that repeats a group per word
    would grow a backtracking stack as long as the list."""
    count = len(text) // 6
    if (
        not count
        or len(text) != 6 * count
        or text[5::6] != "\n" * count
        or text.count("\n") != count
        or not _LETTERS_AND_NEWLINES.fullmatch(text)
    ):
        return None
    words = text.split("\n")[:-1]
    if len(words) > MAX_WORDS or len(set(words)) != len(words):
        return None
    return words


def _word_problem(word: str, length: int | None) -> str | None:
    """Why ``word`` (normalised) cannot be a word of a list whose words have ``length``
    symbols (None: the first word), or None."""
    if not MIN_LENGTH <= len(word) <= MAX_LENGTH:
        return f"is not a word of {MIN_LENGTH} to {MAX_LENGTH} symbols"
    if any(ch.isspace() or not ch.isprintable() for ch in word):
        return "holds a blank or control character"
    if length is not None and len(word) != length:
        return f"has {len(word)} symbols, where the list's words have {length}"
    return None


def parse_words(lines: list[str], label: str) -> list[str]:
    """Normalise (``normalise_word``), validate and de-duplicate; refuse an empty list, one
    over ``MAX_WORDS``, and words of different lengths."""
    words: list[str] = []
    seen: set[str] = set()
    duplicates = 0
    length = None
    for number, raw in enumerate(lines, start=1):
        word = normalise_word(raw)
        if not word:
            continue
        problem = _word_problem(word, length)
        if problem:
            shown = raw.strip()
            shown = repr(shown) if len(shown) <= 20 else f"{shown[:12]!r}… ({len(shown):,} characters)"
            raise WordListError(f"{label}, line {number}: {shown} {problem}")
        length = len(word)
        if word in seen:
            duplicates += 1
            continue
        seen.add(word)
        words.append(word)
        if len(words) > MAX_WORDS:
            raise WordListError(f"{label} has more than {MAX_WORDS:,} words, the limit for a word list")
    if not words:
        raise WordListError(f"{label}: the word list is empty")
    if duplicates:
        warnings.warn(f"{label}: dropped {duplicates} duplicate word(s)", stacklevel=2)
    return words


def _named_file(filename: str) -> Path:
    # beside this module, not importlib.resources (whose imports every process would pay for): the
    # package is always installed as files (the compiled kernels are files too)
    return Path(__file__).resolve().parents[1] / "data" / filename


@dataclass(frozen=True)
class WordLists:
    """The answers and guesses of one build, both alphabetical, and the game they play."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    answers_name: str
    guesses_name: str
    game: Game = DEFAULT_GAME

    @cached_property  # the lists never change (frozen), and a build asks several times
    def answers_sha256(self) -> str:
        return sha256_of_words(list(self.answers))

    @cached_property
    def guesses_sha256(self) -> str:
        return sha256_of_words(list(self.guesses))

    @cached_property
    def kernel_build(self) -> KernelBuild:
        """The compiled kernels whose codes fit the game's, chosen once for the lists
        (``ext.kernel_build``; ``ValueError`` when no build plays the game)."""
        from ..ext import kernel_build

        return kernel_build(self.game)

    @property
    def language(self) -> str | None:
        """The language of the words (wordfreq's code) for ``--prior frequency``: a named
        game's, English for other lists, None for Nerdle's equations and Mastermind's codes."""
        if self.game.rule != WORDLE:
            return None
        return language_of_lists(self.answers_name, self.guesses_name)

    def answer_index_in_guesses(self):
        """For each answer, its index in the guess list (answers ⊆ guesses), as ``int32``."""
        import numpy as np

        position = {w: i for i, w in enumerate(self.guesses)}
        return np.array([position[w] for w in self.answers], dtype=np.int32)


EMPTY_LIST = "a word list name or path is empty"
# The special names besides the shipped files, per option (for the unknown-list message).
ANSWER_SPECIALS = ("all",)
GUESS_SPECIALS = ("answers",)


def resolve_list(spec: str, named: dict[str, str], specials=()) -> tuple[list[str], str]:
    """A shipped list by name, or a file by path; ``specials`` only name the choices."""
    if not isinstance(spec, str) or not spec.strip():
        raise WordListError(EMPTY_LIST)
    if spec in named:
        return read_word_file(_named_file(named[spec]), spec), spec
    path = Path(spec)
    try:
        exists = path.exists()
    except (OSError, ValueError):  # e.g. a NUL byte in the name
        exists = False
    if not exists:
        games = [name for name in named if name in NAMED_GAMES]
        choices = ", ".join([name for name in named if name not in NAMED_GAMES] + list(specials))
        listed = f", a named game's ({', '.join(games)})" if games else ""
        raise WordListError(f"no word list {spec!r}: use one of {choices}{listed}, or a file path")
    return read_word_file(path), path.name


def paired_guesses(answers: str) -> str:
    """The guess list ``--guesses`` defaults to for this ``--answers``."""
    return DEFAULT_GUESSES.get(answers, answers if answers in NAMED_GUESSES else "original")


def load_word_lists(answers: str = "original", guesses: str | None = None, game: Game | None = None) -> WordLists:
    """Resolve ``--answers``/``--guesses`` specs into validated, sorted lists playing ``game``.

    ``answers="all"`` makes every guess a possible answer; ``guesses="answers"``
    restricts guesses to the answers.  Answers missing from the guesses are added
    to the guesses with a warning.  Without ``guesses``, a file of answers that are not
    five letters a-z is its own guess list.  ``game`` (resolved by ``core.settings``, never
    from the lists' names here): every word must fit it; a Mastermind game's codes are its
    lists (``answers`` ``original``, ``all`` or the codes' name ``mastermind:PxC``, with
    ``:distinct`` the codes of P different colours) unless files are named.  Without it, the
    game is Wordle over the lists' length and symbols (one line if the two lists disagree).
    """
    if game is not None and game.rule == MASTERMIND:
        return _mastermind_lists(game, answers, guesses)
    if answers == "all" and guesses == "answers":
        raise WordListError("--answers all takes its words from --guesses, so --guesses answers means nothing")
    if answers == "all":
        guess_words, guess_name = resolve_list(guesses or "original", NAMED_GUESSES, GUESS_SPECIALS)
        answer_words, answer_name = list(guess_words), f"all:{guess_name}"
    else:
        answer_words, answer_name = resolve_list(answers, NAMED_ANSWERS, ANSWER_SPECIALS)
        if guesses is None and answers not in NAMED_ANSWERS and not _default_game_words(answer_words):
            guesses = "answers"
        guesses = paired_guesses(answers) if guesses is None else guesses
        if guesses == "answers":
            guess_words, guess_name = list(answer_words), "answers"
        else:
            guess_words, guess_name = resolve_list(guesses, NAMED_GUESSES, GUESS_SPECIALS)
    found = _game_of(answer_words, answer_name, guess_words, guess_name, game)
    missing = sorted(set(answer_words) - set(guess_words))
    if missing:
        warnings.warn(
            f"{len(missing)} answer(s) are not in the guess list {guess_name}; added them "
            f"(first: {', '.join(missing[:5])})",
            stacklevel=2,
        )
        guess_words = guess_words + missing
    return _checked_lists(answer_words, guess_words, answer_name, guess_name, found)


def _default_game_words(words: list[str]) -> bool:
    """Whether ``words`` are five letters a-z (the default game's words)."""
    return all(len(w) == 5 and w.isascii() and w.isalpha() and w.islower() for w in words)


def _game_of(answer_words, answer_name, guess_words, guess_name, game: Game | None) -> Game:
    """The game both lists play: ``game``, which must take every word, else Wordle over
    their common length and the symbols they use."""
    length, other = len(answer_words[0]), len(guess_words[0])
    if length != other:
        raise WordListError(
            f"the answers ({answer_name}) have {length} symbols and the guesses ({guess_name}) "
            f"{other}: one game needs words of one length"
        )
    if game is None or (game.rule == WORDLE and game.length != length):
        alphabet = alphabet_of(answer_words + guess_words)
        if len(alphabet) > MAX_SYMBOLS:
            raise WordListError(f"the lists use {len(alphabet)} symbols; a game has at most {MAX_SYMBOLS}")
        try:
            own = Game(WORDLE, length, alphabet)
        except GameError as exc:
            raise WordListError(str(exc)) from None
        if game is None:
            return own
        raise WordListError(f"the word lists play {own.name}, not {game.name}")
    for words, name in ((answer_words, answer_name), (guess_words, guess_name)):
        for word in words:
            problem = game.word_problem(word)
            if problem:
                raise WordListError(f"{name}: {word!r} {problem} ({game.name})")
    return game


def game_size_problem(game: Game | None, distinct: bool = False) -> str | None:
    """Why a Mastermind game has too many codes for the word and matrix limits, or None;
    from the count of its codes (colours ** pegs, or the ``distinct`` ones), before any of
    them is made."""
    if game is None or game.rule != MASTERMIND:
        return None
    codes, name = code_count(game, distinct), mastermind_name(game, distinct)
    size = codes * codes * (1 if game.byte_codes else 2)
    if codes > MAX_WORDS:
        return f"{name} has {codes:,} codes, over the limit of {MAX_WORDS:,} words a game may have"
    if size > MAX_MATRIX_BYTES:
        return (
            f"{name}'s {codes:,} codes would need a {size / 1e6:,.0f} MB feedback matrix, "
            f"over the {MAX_MATRIX_BYTES / 1e6:,.0f} MB limit"
        )
    return None


def _mastermind_lists(game: Game, answers: str, guesses: str | None) -> WordLists:
    """Every code of ``game`` as answers and guesses (of different colours when ``answers``
    names the distinct codes), unless files are named (then checked)."""
    spec = answers.strip().lower()
    distinct = spec == mastermind_name(game, True)
    codes_named = spec in ("original", "all", mastermind_name(game, False), mastermind_name(game, True))
    if isinstance(guesses, str) and guesses.strip().lower() == mastermind_name(game, distinct):
        guesses = None  # the codes name themselves as both lists (a tree's meta, an openings entry)
    problem = game_size_problem(game, distinct)
    if problem:
        raise WordListError(problem)
    codes, name = mastermind_codes(game, distinct), mastermind_name(game, distinct)
    answer_words, answer_name = (codes, name) if codes_named else resolve_list(answers, {}, ANSWER_SPECIALS)
    guess_words, guess_name = (
        (codes, name)
        if guesses in (None, "original")
        else (list(answer_words), "answers")
        if guesses == "answers"
        else resolve_list(guesses, {}, GUESS_SPECIALS)
    )
    _game_of(answer_words, answer_name, guess_words, guess_name, game)
    missing = sorted(set(answer_words) - set(guess_words))
    return _checked_lists(answer_words, guess_words + missing, answer_name, guess_name, game)


def _checked_lists(answer_words, guess_words, answer_name, guess_name, game: Game) -> WordLists:
    """The lists sorted, within the matrix size limit."""
    size = len(guess_words) * len(answer_words) * (1 if game.byte_codes else 2)
    if size > MAX_MATRIX_BYTES:
        raise WordListError(
            f"{len(guess_words):,} guesses x {len(answer_words):,} answers would need a "
            f"{size / 1e6:,.0f} MB feedback matrix, over the {MAX_MATRIX_BYTES / 1e6:,.0f} MB limit"
        )
    return WordLists(
        answers=tuple(sorted(answer_words)),
        guesses=tuple(sorted(guess_words)),
        answers_name=answer_name,
        guesses_name=guess_name,
        game=game,
    )


def letters_array(words, game: Game = DEFAULT_GAME):
    """Words as a ``uint8[n, length]`` array of symbol numbers (``game.alphabet``'s order:
    0..25 for a-z), the kernels' input."""
    import numpy as np

    if (
        game.alphabet.startswith("abcdefghijklmnopqrstuvwxyz")
        and all(w.isascii() for w in words[:1])
        and "".join(words).isascii()
    ):
        raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
        return (raw.reshape(-1, game.length) - ord("a")).astype(np.uint8)
    return np.array([game.symbols(w) for w in words], dtype=np.uint8).reshape(-1, game.length)
