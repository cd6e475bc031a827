"""Word lists: the shipped named sets, loading and validation.

Inside the compiler both lists are sorted alphabetically (byte order), so a
word's index order *is* the alphabetical tie-break every strategy uses.
"""

from __future__ import annotations

import hashlib
import re
import warnings
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

_WORD = re.compile(r"^[a-z]{5}$")

# name -> (answers file, guesses file) inside wordle_compiler/data
NAMED_ANSWERS = {
    "original": "answers-original.txt",
    "nyt": "answers-nyt.txt",
    "improved": "improved-words.txt",
}
NAMED_GUESSES = {
    "original": "allowed-original.txt",
    "nyt": "allowed-nyt.txt",
    "improved": "improved-words.txt",
}


class WordListError(ValueError):
    """A word list could not be read or is malformed (message names file and line)."""


def sha256_of_words(words: list[str]) -> str:
    """Hash of the list as its canonical file: one word per line, LF, final newline."""
    return hashlib.sha256("".join(w + "\n" for w in words).encode("ascii")).hexdigest()


def read_word_file(path: str | Path, label: str | None = None) -> list[str]:
    """Read one word per line; lower-case and strip; validate; de-duplicate with a warning."""
    label = label or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise WordListError(f"cannot read word list {label}: {exc}") from None
    return parse_words(text.splitlines(), label)


def parse_words(lines: list[str], label: str) -> list[str]:
    words: list[str] = []
    seen: set[str] = set()
    duplicates = 0
    for number, raw in enumerate(lines, start=1):
        word = raw.strip().lower()
        if not word:
            continue
        if not _WORD.match(word):
            raise WordListError(
                f"{label}, line {number}: {raw.strip()!r} is not five letters a-z"
            )
        if word in seen:
            duplicates += 1
            continue
        seen.add(word)
        words.append(word)
    if not words:
        raise WordListError(f"{label}: the word list is empty")
    if duplicates:
        warnings.warn(f"{label}: dropped {duplicates} duplicate word(s)", stacklevel=2)
    return words


def _named_file(filename: str) -> Path:
    return Path(str(resources.files("wordle_compiler") / "data" / filename))


@dataclass(frozen=True)
class WordLists:
    """The answers and guesses of one build, both alphabetical."""

    answers: tuple[str, ...]
    guesses: tuple[str, ...]
    answers_name: str
    guesses_name: str

    @property
    def answers_sha256(self) -> str:
        return sha256_of_words(list(self.answers))

    @property
    def guesses_sha256(self) -> str:
        return sha256_of_words(list(self.guesses))

    def answer_index_in_guesses(self) -> np.ndarray:
        """For each answer, its index in the guess list (answers ⊆ guesses)."""
        position = {w: i for i, w in enumerate(self.guesses)}
        return np.array([position[w] for w in self.answers], dtype=np.int32)


def resolve_list(spec: str, named: dict[str, str]) -> tuple[list[str], str]:
    if spec in named:
        return read_word_file(_named_file(named[spec]), spec), spec
    path = Path(spec)
    if not path.exists():
        choices = ", ".join(sorted(named))
        raise WordListError(f"no word list {spec!r}: use one of {choices} or a file path")
    return read_word_file(path), path.name


def load_word_lists(answers: str = "original", guesses: str | None = None) -> WordLists:
    """Resolve ``--answers``/``--guesses`` specs into validated, sorted lists.

    ``answers="all"`` makes every guess a possible answer; ``guesses="answers"``
    restricts guesses to the answers.  Answers missing from the guesses are added
    to the guesses with a warning.
    """
    if guesses is None:
        guesses = answers if answers in NAMED_GUESSES else "original"
    if answers == "all":
        guess_words, guess_name = resolve_list(guesses, NAMED_GUESSES)
        answer_words, answer_name = list(guess_words), f"all:{guess_name}"
    else:
        answer_words, answer_name = resolve_list(answers, NAMED_ANSWERS)
        if guesses == "answers":
            guess_words, guess_name = list(answer_words), "answers"
        else:
            guess_words, guess_name = resolve_list(guesses, NAMED_GUESSES)
    missing = sorted(set(answer_words) - set(guess_words))
    if missing:
        warnings.warn(
            f"{len(missing)} answer(s) are not in the guess list {guess_name}; added them "
            f"(first: {', '.join(missing[:5])})",
            stacklevel=2,
        )
        guess_words = guess_words + missing
    return WordLists(
        answers=tuple(sorted(answer_words)),
        guesses=tuple(sorted(guess_words)),
        answers_name=answer_name,
        guesses_name=guess_name,
    )


def letters_array(words) -> np.ndarray:
    """Words as a ``uint8[n, 5]`` array of letters 0..25, the kernels' input."""
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(-1, 5) - ord("a")).astype(np.uint8)
