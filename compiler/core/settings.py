"""The game a Python API call plays, as one frozen value: :class:`Settings`.

The game (its name or :class:`~wordle_runtime.game.Game`), the mode, the word lists, the
depth limit, the objective and how likely each answer is: what ``compile_tree``,
``rank_first_words``, ``analyse`` and ``review`` share.  A Settings value is checked once,
when it is made, and holds names only: the lists (and the weights made for them) are
loaded when a function runs.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from wordle_runtime.game import MASTERMIND, WORDLE, Game, GameError, mastermind_name

from .config import DEFAULT_MAX_DEPTH, MAX_DEPTH_LIMIT, MODES, OBJECTIVES, objective_clash
from .games import game_named, mastermind_named, mode_problem, named_lists
from .weights import Weights, WeightsError, weights_for_answers
from .wordlists import WordLists, game_size_problem, load_word_lists

# A file the API takes by name: a path as text, or any ``os.PathLike`` (``pathlib.Path``).
PathLike = str | os.PathLike[str]
# How likely each answer is: {answer: weight}, a weights file, or integer Weights.
WeightsSpec = Weights | Mapping[str, float] | PathLike
PRIORS = ("frequency",)
MAX_JOBS = 256  # the most threads or processes a call takes, as the command lines' --jobs


def check_whole(name: str, value, low: int, high: int | None = None) -> None:
    """``value`` must be an int (not a bool) in [low, high]: else ``ValueError`` naming the option."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ValueError(f"{name} must be a whole number {span}")


def check_objective(objective: str, deep, max_depth: int) -> None:
    """A known objective, and ``deep`` (2 to ``max_depth``, already checked) exactly with fewest-deep."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective {objective!r} is not one of {', '.join(OBJECTIVES)}")
    if (objective == "fewest-deep") != (deep is not None):
        raise ValueError(objective_clash(objective, deep, max_depth))
    if deep is not None:
        check_whole("deep (K)", deep, 2, max_depth)


def _game(game) -> Game | None:
    """The game ``game`` names; None for the lists' own Wordle game (None or ``"wordle"``)."""
    if game is None or isinstance(game, Game):
        return game
    if not isinstance(game, str):
        raise ValueError(f"game must be a Game or a game's name such as 'mastermind:4x6', not {type(game).__name__}")
    if game.strip().lower() == WORDLE:
        return None
    try:
        return game_named(game)  # a named game ("es"), Mastermind, or one line listing the choices
    except GameError as exc:
        raise ValueError(str(exc)) from None


def _codes(game) -> tuple[Game, bool] | None:
    """The Mastermind ``game`` names and whether its codes are the distinct ones
    (``"mastermind:4x10:distinct"``, ``"bulls-and-cows"``); None for a game of another rule."""
    chosen = _game(game)
    if chosen is None or chosen.rule != MASTERMIND:
        return None
    return mastermind_named(game) if isinstance(game, str) else (chosen, False)


def _list_spec(name: str, value, optional: bool = False):
    """A word list's name or path as text (a path-like object as its path)."""
    if value is None and optional:
        return None
    if isinstance(value, os.PathLike):
        value = os.fspath(value)
    if not isinstance(value, str) or not value.strip():
        raise ValueError(f"{name} must be a word list's name or a file path, not {value!r}")
    return value


def _weights_spec(value):
    """``weights`` as kept: Weights as they are, a mapping as a read-only copy, a path as text."""
    if value is None or isinstance(value, (Weights, str)):
        return value
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    if isinstance(value, Mapping):
        return MappingProxyType(dict(value))
    raise ValueError(
        f"weights must be a mapping {{answer: weight}}, a weights file or Weights, not {type(value).__name__}"
    )


@dataclass(frozen=True)
class Settings:
    """The game an API call plays, checked once (``ValueError`` naming the setting).

    ``game``: None or ``"wordle"`` (the game the word lists play: any length and alphabet), a
    named game such as ``"es"`` (its shipped lists stand for the default ``answers`` and
    ``guesses``: core.games), ``"mastermind:PxC"`` (``"mastermind:PxC:distinct"``,
    ``"bulls-and-cows"``: the codes of different colours) or a :class:`~wordle_runtime.game.Game`
    (a Mastermind's codes are its answers and guesses; a Wordle game must be the one the
    lists play).  ``mode``: normal,
    hard or possible.  ``answers``/``guesses``: a shipped list's name or a file's path
    (``guesses`` None: the list paired with the answers).  ``max_depth``: the guesses every
    game must finish within.  ``objective``: ``"total"`` (the total guesses), ``"depth"``
    (the least worst case first) or ``"fewest-deep"`` with ``deep=K`` (the fewest games of K
    or more guesses first).  ``weights`` ({answer: weight}, a weights file or ``Weights``) or
    ``prior="frequency"``: how likely each answer is (objectives total and depth).

    >>> Settings(mode="hard", max_depth=5).mode
    'hard'
    """

    game: str | Game | None = None
    mode: str = "normal"
    answers: PathLike = "original"
    guesses: PathLike | None = None
    max_depth: int = DEFAULT_MAX_DEPTH
    objective: str = "total"
    deep: int | None = None
    weights: WeightsSpec | None = None
    prior: str | None = None

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # the normal forms of a frozen value, set once here
        set_(self, "answers", _list_spec("answers", self.answers))
        set_(self, "guesses", _list_spec("guesses", self.guesses, optional=True))
        set_(self, "weights", _weights_spec(self.weights))
        game, codes = _game(self.game), _codes(self.game)
        if codes is not None and (self.answers != "original" or self.guesses is not None):
            spec = mastermind_name(*codes)
            raise ValueError(f"game {spec} plays every code as answer and guess: no answers or guesses")
        if self.mode not in MODES:
            raise ValueError(f"mode {self.mode!r} is not one of {', '.join(MODES)}")
        problem = mode_problem(game, self.mode) or game_size_problem(game, codes is not None and codes[1])
        if problem:
            raise ValueError(problem)
        check_whole("max_depth", self.max_depth, 1, MAX_DEPTH_LIMIT)
        check_objective(self.objective, self.deep, self.max_depth)
        if self.weights is not None and self.prior is not None:
            raise ValueError("weights and prior are alternatives: give one")
        if self.prior is not None and self.prior not in PRIORS:
            raise ValueError(f"prior {self.prior!r} is not one of: {', '.join(PRIORS)}")
        if self.prior is not None and game is not None and game.rule == MASTERMIND:
            raise ValueError(
                f"prior {self.prior!r} ranks answers by word frequency, and {game.name}'s codes are not words"
            )
        if self.objective == "fewest-deep" and (self.weights is not None or self.prior is not None):
            raise ValueError("weights do not go with objective fewest-deep, which counts long games, not guesses")

    @property
    def weighted(self) -> bool:
        """Whether the answers are not all equally likely (``weights`` or ``prior`` given)."""
        return self.weights is not None or self.prior is not None

    def agrees(self, name: str, value) -> bool:
        """Whether ``value`` for the setting ``name`` is the one these settings hold."""
        if name == "game":
            return _game(value) == _game(self.game) and _codes(value) == _codes(self.game)
        if name in ("answers", "guesses"):
            value = _list_spec(name, value)
        elif name == "weights":
            value = _weights_spec(value)
        return value == getattr(self, name)

    def lists(self) -> tuple[str, str | None]:
        """The ``answers`` and ``guesses`` specs that load this game's lists."""
        codes = _codes(self.game)
        if codes is not None:
            return mastermind_name(*codes), None
        return named_lists(self.game, self.answers, self.guesses)

    def load_words(self) -> WordLists:
        """The word lists (``ValueError`` for a list that cannot be read or plays another game)."""
        words = load_word_lists(*self.lists())
        self.check_game(words)
        return words

    def check_game(self, words: WordLists) -> None:
        """``ValueError`` when ``game`` names a Wordle game other than the one ``words`` play."""
        game = _game(self.game)
        if game is not None and game != words.game:
            raise ValueError(f"the word lists play {words.game.name}, not {game.name}")

    def answer_weights(self, words: WordLists) -> Weights | None:
        """The integer weights ``weights``/``prior`` give ``words``' answers (None: all equal)."""
        if not self.weighted:
            return None
        try:
            return weights_for_answers(list(words.answers), self.weights, self.prior, language=words.language)
        except WeightsError as exc:
            raise ValueError(str(exc)) from None


def settings_for(settings: Settings | None, **given) -> Settings:
    """``settings``, or the Settings the keywords given (those not None) make.  A keyword given
    with ``settings`` must hold the same value (else one ``ValueError`` naming it)."""
    given = {name: value for name, value in given.items() if value is not None}
    if settings is None:
        return Settings(**given)
    if not isinstance(settings, Settings):
        raise TypeError(f"settings must be a wordle_compiler.Settings, not {type(settings).__name__}")
    for name, value in given.items():
        if not settings.agrees(name, value):
            raise ValueError(
                f"{name}={value!r} disagrees with settings.{name}={getattr(settings, name)!r}: "
                "give each setting once, in the Settings or as a keyword"
            )
    return settings
