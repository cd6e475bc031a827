"""Word lists: the shipped named sets, loading and validation.

Inside the compiler both lists are sorted alphabetically (byte order), so a
word's index order *is* the alphabetical tie-break every strategy uses.
"""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from ..util.files import OutputError, decode_text, read_regular_file

try:  # the interpreter's own SHA-256, as the standard library's ``random`` takes its SHA-512:
    from _sha256 import sha256  # ``hashlib`` first loads OpenSSL, 2.8 ms of every process
except ImportError:  # Python 3.12+ names the module _sha2; a build without it has hashlib's
    try:
        from _sha2 import sha256
    except ImportError:
        from hashlib import sha256

_WORD = re.compile(r"^[a-z]{5}$")

# Size limits, checked before anything is allocated (README, "Word lists").  The largest
# shipped list has 14855 words; 30,000 leaves room for any real five-letter dictionary.
# The feedback matrix is guesses x answers bytes, so it is capped as well (400 MB).
MAX_WORDS = 30_000
MAX_LIST_BYTES = 1024 * 1024  # 30,000 words take 180 kB; the rest is room for blank lines
MAX_MATRIX_CELLS = 400_000_000

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


class WordListError(ValueError):
    """A word list could not be read or is malformed (message names file and line)."""


def sha256_of_words(words: list[str]) -> str:
    """Hash of the list as its canonical file: one word per line, LF, final newline."""
    return sha256("".join(w + "\n" for w in words).encode("ascii")).hexdigest()


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
    every shipped list is, and :func:`parse_words` takes 7 ms per 13,000 words.  None
    sends the text through :func:`parse_words`, which accepts the same words and more.

    Every sixth character a newline, there and nowhere else, and a-z or newline
    throughout, checked by slicing: a regular expression that repeats a group per word
    would grow a backtracking stack as long as the list."""
    count = len(text) // 6
    if (not count or len(text) != 6 * count or text[5::6] != "\n" * count or text.count("\n") != count
            or not _LETTERS_AND_NEWLINES.fullmatch(text)):
        return None
    words = text.split("\n")[:-1]
    if len(words) > MAX_WORDS or len(set(words)) != len(words):
        return None
    return words


def parse_words(lines: list[str], label: str) -> list[str]:
    """Validate, lower-case and de-duplicate; refuse an empty list or one over ``MAX_WORDS``."""
    words: list[str] = []
    seen: set[str] = set()
    duplicates = 0
    for number, raw in enumerate(lines, start=1):
        word = raw.strip().lower()
        if not word:
            continue
        if not _WORD.match(word):
            shown = raw.strip()
            shown = repr(shown) if len(shown) <= 20 else f"{shown[:12]!r}… ({len(shown):,} characters)"
            raise WordListError(f"{label}, line {number}: {shown} is not five letters a-z")
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
    # beside this module, not importlib.resources (3 ms of imports per process): the
    # package is always installed as files (the compiled kernels are files too)
    return Path(__file__).resolve().parents[1] / "data" / filename


@dataclass(frozen=True)
class WordLists:
    """The answers and guesses of one build, both alphabetical."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    answers_name: str
    guesses_name: str

    @cached_property  # the lists never change (frozen), and a build asks several times
    def answers_sha256(self) -> str:
        return sha256_of_words(list(self.answers))

    @cached_property
    def guesses_sha256(self) -> str:
        return sha256_of_words(list(self.guesses))

    def answer_index_in_guesses(self):
        """For each answer, its index in the guess list (answers ⊆ guesses), as ``int32``."""
        import numpy as np

        position = {w: i for i, w in enumerate(self.guesses)}
        return np.array([position[w] for w in self.answers], dtype=np.int32)


# The special names besides the shipped files, per option (for the unknown-list message).
ANSWER_SPECIALS = ("all",)
GUESS_SPECIALS = ("answers",)


def resolve_list(spec: str, named: dict[str, str], specials=()) -> tuple[list[str], str]:
    """A shipped list by name, or a file by path; ``specials`` only name the choices."""
    if not isinstance(spec, str) or not spec.strip():
        raise WordListError("a word list name or path is empty")
    if spec in named:
        return read_word_file(_named_file(named[spec]), spec), spec
    path = Path(spec)
    try:
        exists = path.exists()
    except (OSError, ValueError):  # e.g. a NUL byte in the name
        exists = False
    if not exists:
        choices = ", ".join(list(named) + list(specials))
        raise WordListError(f"no word list {spec!r}: use one of {choices}, or a file path")
    return read_word_file(path), path.name


def paired_guesses(answers: str) -> str:
    """The guess list ``--guesses`` defaults to for this ``--answers``."""
    return DEFAULT_GUESSES.get(answers, answers if answers in NAMED_GUESSES else "original")


def load_word_lists(answers: str = "original", guesses: str | None = None) -> WordLists:
    """Resolve ``--answers``/``--guesses`` specs into validated, sorted lists.

    ``answers="all"`` makes every guess a possible answer; ``guesses="answers"``
    restricts guesses to the answers.  Answers missing from the guesses are added
    to the guesses with a warning.
    """
    if guesses is None:
        guesses = paired_guesses(answers)
    if answers == "all" and guesses == "answers":
        raise WordListError("--answers all takes its words from --guesses, so --guesses answers means nothing")
    if answers == "all":
        guess_words, guess_name = resolve_list(guesses, NAMED_GUESSES, GUESS_SPECIALS)
        answer_words, answer_name = list(guess_words), f"all:{guess_name}"
    else:
        answer_words, answer_name = resolve_list(answers, NAMED_ANSWERS, ANSWER_SPECIALS)
        if guesses == "answers":
            guess_words, guess_name = list(answer_words), "answers"
        else:
            guess_words, guess_name = resolve_list(guesses, NAMED_GUESSES, GUESS_SPECIALS)
    missing = sorted(set(answer_words) - set(guess_words))
    if missing:
        warnings.warn(
            f"{len(missing)} answer(s) are not in the guess list {guess_name}; added them "
            f"(first: {', '.join(missing[:5])})",
            stacklevel=2,
        )
        guess_words = guess_words + missing
    cells = len(guess_words) * len(answer_words)
    if cells > MAX_MATRIX_CELLS:
        raise WordListError(
            f"{len(guess_words):,} guesses x {len(answer_words):,} answers would need a "
            f"{cells / 1e6:,.0f} MB feedback matrix, over the {MAX_MATRIX_CELLS / 1e6:,.0f} MB limit")
    return WordLists(
        answers=tuple(sorted(answer_words)),
        guesses=tuple(sorted(guess_words)),
        answers_name=answer_name,
        guesses_name=guess_name,
    )


def letters_array(words):
    """Words as a ``uint8[n, 5]`` array of letters 0..25, the kernels' input."""
    import numpy as np

    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(-1, 5) - ord("a")).astype(np.uint8)
