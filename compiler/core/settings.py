"""The one configuration every front door hands the engine: :class:`Settings`.

The game (resolved to a :class:`~wordle_runtime.game.Game` once, when the value is made),
the mode, the word lists, the depth limit, the objective and how likely each answer is.
The command lines make one of their options, the Python API of its keywords, the server of
a served tree; it then travels unchanged into ``BuildConfig``, ``Context.load``, ``RankSpec``
and the analyses.  A Settings value is checked once, when it is made, and holds names: the
lists (and the weights made for them) are loaded when a function runs.  The limits every
command shares (:data:`DEFAULT_MAX_DEPTH`, :data:`MAX_DEPTH_LIMIT`, :data:`OBJECTIVES`) live
here too.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType

from wordle_runtime.boards import boards_of, boards_problem, guess_limit
from wordle_runtime.game import MASTERMIND, Game, GameError
from wordle_runtime.meta import MODES  # the runtime's; the command lines take them from here

from .games import CodeListsError, choose_game, mode_problem, named_game
from .weights import Weights, WeightsError, weights_for_answers
from .wordlists import WordLists, game_size_problem, load_word_lists

# A file the API takes by name: a path as text, or any ``os.PathLike`` (``pathlib.Path``).
PathLike = str | os.PathLike[str]
# How likely each answer is: {answer: weight}, a weights file, or integer Weights.
WeightsSpec = Weights | Mapping[str, float] | PathLike
PRIORS = ("frequency",)
# Other names a mode is asked for by: strict hard mode (clones' "ultra hard" or "harder"
# mode: greens stay, every shown letter is used, no letter where it was shown yellow or grey,
# a letter shown grey appears exactly as often as it was shown green or yellow) allows exactly
# the guesses that could still be the answer, possible mode's rule (README, "Modes").
MODE_ALIASES = MappingProxyType({"strict": "possible"})
# Every name --mode takes: the modes, then their other names.
MODE_NAMES = (*MODES, *MODE_ALIASES)
MAX_JOBS = 256  # the most threads or processes a call takes, as the command lines' --jobs
MEMO_MB_RANGE = (1, 1 << 14)  # the megabytes the exact search's memo may be capped at
TIME_LIMIT_RANGE = (0.001, 1e7)  # the seconds an exact build's time limit takes: a millisecond to four months
ABSURDLE_GUESSES_RANGE = (1, 10)  # the guesses still to play an Absurdle search looks for (--max-guesses)

DEFAULT_MAX_DEPTH = 6  # Wordle's six guesses
# The largest --max-depth every command takes.  The exact engine stores a depth in 8 bits
# (up to 255) and recurses once per guess with small frames, so a deep limit costs it
# nothing; imported and hard-mode heuristic trees can run well past 20 guesses, and a
# tree file's meta claiming more than this is read as not given (treefiles.metaview).  It
# stays below the depth-only search's memo offset (ext/feasible.pxi: 128).  A tree needing
# more guesses totals at least the bound of docs/engine.md, "Without a guess cap" (17,105 on
# the 3,158 answers played today), so an optimum within it below that bound is the optimum
# with no cap.
MAX_DEPTH_LIMIT = 127
# What --strategy optimal minimises: the total guesses (every answer equally likely); first
# the worst case, then the total among the trees with that worst case; or first the answers
# that need --deep K guesses or more, then the total.
OBJECTIVES = ("total", "depth", "fewest-deep")
# What a multi-board build minimises: the total guesses with every tuple solved, or first the
# tuples left unsolved within the limit, then the total (docs/games.md, "Several boards").
BOARD_OBJECTIVES = ("total", "win")


def deep_level(max_depth: int, deep: int | None) -> int:
    """The engine's fewest-deep switch (``Solver(deep_level=...)``): the guesses left when
    the ``deep``-th guess is played within ``max_depth``, or 0 when there is no ``deep``."""
    return max_depth - deep + 1 if deep is not None else 0


def objective_clash(objective: str, deep: int | None, max_depth: int) -> str | None:
    """What is wrong with an objective and ``--deep`` together, in one line, or None."""
    if (objective == "fewest-deep") != (deep is not None):
        return "--objective fewest-deep and --deep K go together (K: a game of K or more guesses counts as long)"
    if deep is not None and deep > max_depth:
        return f"--deep {deep} is beyond --max-depth {max_depth}: no game can be that long"
    return None


def check_whole(name: str, value, low: int, high: int | None = None) -> None:
    """``value`` must be an int (not a bool) in [low, high]: else ``ValueError`` naming the option."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ValueError(f"{name} must be a whole number {span}")


def check_memo_mb(name: str, value) -> None:
    """``value``: None (the engine's default) or megabytes in :data:`MEMO_MB_RANGE`, else
    ``ValueError`` naming the option."""
    low, high = MEMO_MB_RANGE
    if value is not None and (
        isinstance(value, bool) or not isinstance(value, int | float) or not low <= value <= high
    ):
        raise ValueError(f"{name} must be a number of megabytes from {low} to {high}")


def check_objective(objective: str, deep, max_depth: int) -> None:
    """A known objective, and ``deep`` (2 to ``max_depth``, already checked) exactly with fewest-deep."""
    if objective not in OBJECTIVES:
        raise ValueError(f"objective {objective!r} is not one of {', '.join(OBJECTIVES)}")
    if (objective == "fewest-deep") != (deep is not None):
        raise ValueError(objective_clash(objective, deep, max_depth))
    if deep is not None:
        check_whole("deep (K)", deep, 2, max_depth)


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


def several_boards(boards: int) -> bool:
    """Whether a game on ``boards`` boards is a multi-board game: the one comparison of a
    board count that chooses between the two kinds of game (``wordle_compiler.kinds``)."""
    return boards > 1


def default_max_depth(boards: int) -> int:
    """The guesses a game on ``boards`` boards allows unless told: K + 5
    (``wordle_runtime.boards.guess_limit``), which on one board is :data:`DEFAULT_MAX_DEPTH`."""
    return guess_limit(boards)


@dataclass(frozen=True)
class Settings:
    """The game played and how it is valued, checked once (``ValueError`` naming the setting).

    ``game``: None or ``"wordle"`` (the game the word lists play: any length and alphabet), a
    named game such as ``"es"`` (its shipped lists stand for the default ``answers`` and
    ``guesses``: core.games), ``"mastermind:PxC"`` (``"mastermind:PxC:distinct"``,
    ``"bulls-and-cows"``: the codes of different colours) or a :class:`~wordle_runtime.game.Game`
    (a Mastermind's codes are its answers and guesses; a Wordle game plays the lists given).
    ``mode``: normal, hard or possible.  ``answers``/``guesses``: a shipped list's name or a
    file's path (``guesses`` None: the list paired with the answers).  ``max_depth``: the
    guesses every game must finish within.  ``objective``: ``"total"`` (the total guesses),
    ``"depth"`` (the least worst case first) or ``"fewest-deep"`` with ``deep=K`` (the fewest
    games of K or more guesses first).  ``weights`` ({answer: weight}, a weights file or
    ``Weights``) or ``prior="frequency"``: how likely each answer is (objectives total and depth).

    Once made, ``game`` holds the :class:`~wordle_runtime.game.Game` played (None: Wordle over
    the lists' own length and symbols), resolved here and nowhere else, ``answers`` and
    ``guesses`` the lists that play it (a named game's; a Mastermind's codes by their name),
    ``boards`` the boards (1: a single-board game) and ``max_depth`` the guesses allowed.

    >>> Settings(mode="hard", max_depth=5).mode
    'hard'
    """

    game: str | Game | None = None  # once made: the Game played, or None (see above)
    mode: str = "normal"
    answers: PathLike = "original"
    guesses: PathLike | None = None
    max_depth: int | None = None  # once made: the guesses allowed (see above)
    objective: str = "total"
    deep: int | None = None
    weights: WeightsSpec | None = None
    prior: str | None = None
    boards: int | None = None  # once made: the boards played, 1 for a single-board game

    def __post_init__(self) -> None:
        set_ = object.__setattr__  # the normal forms of a frozen value, set once here
        answers, guesses = _list_spec("answers", self.answers), _list_spec("guesses", self.guesses, optional=True)
        set_(self, "weights", _weights_spec(self.weights))
        try:
            game, boards = boards_of(self.game, self.boards)  # which boards: wordle_runtime decides, for every door
            chosen = choose_game(game, answers, guesses)  # type: ignore[arg-type]
        except GameError as exc:
            raise ValueError(str(exc)) from None
        set_(self, "mode", MODE_ALIASES.get(self.mode, self.mode))
        if self.mode not in MODES:
            raise ValueError(f"mode {self.mode!r} is not one of {', '.join(MODES)}")
        problem = mode_problem(chosen.game, self.mode) or game_size_problem(chosen.game, chosen.distinct)
        if problem:
            raise ValueError(problem)
        if chosen.refused:
            raise CodeListsError(chosen.answers)
        set_(self, "game", chosen.game)
        set_(self, "answers", chosen.answers)
        set_(self, "guesses", chosen.guesses)
        set_(self, "boards", boards)
        if self.max_depth is None:
            set_(self, "max_depth", default_max_depth(boards))
        check_whole("max_depth", self.max_depth, 1, MAX_DEPTH_LIMIT)
        if several_boards(boards):
            self._check_boards()
            return
        if self.objective == "win":
            raise ValueError("objective 'win' is for multi-board games (boards=K)")
        check_objective(self.objective, self.deep, self.max_depth)
        self._check_weights()

    def _check_boards(self) -> None:
        """What several boards are played with: a Wordle-rule game, normal mode, objective
        total or win, every answer equally likely."""
        problem = boards_problem(self.boards, self.game)
        if problem:
            raise ValueError(problem)
        if self.mode != "normal":
            raise ValueError("multi-board games are played in normal mode")
        if self.objective not in BOARD_OBJECTIVES:
            raise ValueError(f"a multi-board objective is one of {', '.join(BOARD_OBJECTIVES)}, not {self.objective}")
        if self.deep is not None or self.weighted:
            raise ValueError("multi-board games take no deep, weights or prior: every tuple counts alike")

    def _check_weights(self) -> None:
        if self.weights is not None and self.prior is not None:
            raise ValueError("weights and prior are alternatives: give one")
        if self.prior is not None and self.prior not in PRIORS:
            raise ValueError(f"prior {self.prior!r} is not one of: {', '.join(PRIORS)}")
        if self.prior is not None and self.game is not None and self.game.rule == MASTERMIND:
            raise ValueError(
                f"prior {self.prior!r} ranks answers by word frequency, and {self.game.name}'s codes are not words"
            )
        if self.objective == "fewest-deep" and self.weighted:
            raise ValueError("weights do not go with objective fewest-deep, which counts long games, not guesses")

    @property
    def multiboard(self) -> bool:
        """Whether several boards are played at once (``boards`` > 1)."""
        return several_boards(self.boards or 1)

    @property
    def weighted(self) -> bool:
        """Whether the answers are not all equally likely (``weights`` or ``prior`` given)."""
        return self.weights is not None or self.prior is not None

    def deep_level(self) -> int:
        """The guesses left when the K-th guess is played (fewest-deep), else 0 (the engine's switch)."""
        return deep_level(self.max_depth, self.deep)

    def agrees(self, name: str, value) -> bool:
        """Whether ``value`` for the setting ``name`` plays what these settings play (for
        ``answers``, ``"original"`` agrees with the named game's own list that stands for it)."""
        if name == "answers" and value == "original" and self._named_list(self.answers):
            return True
        try:
            return replace(self, **{name: value}) == self
        except ValueError:
            return False

    def _named_list(self, spec) -> bool:
        """Whether ``spec`` names the shipped list of the named game these settings play."""
        named = named_game(spec) if isinstance(spec, str) else None
        return named is not None and named.game == self.game

    def lists(self) -> tuple[str, str | None]:
        """The ``answers`` and ``guesses`` specs that load this game's lists."""
        return str(self.answers), None if self.guesses is None else str(self.guesses)

    def load_words(self) -> WordLists:
        """The word lists, playing ``game`` (``ValueError`` for a list that cannot be read or
        does not fit the game)."""
        return load_word_lists(*self.lists(), self.game)

    def answer_weights(self, words: WordLists) -> Weights | None:
        """The integer weights ``weights``/``prior`` give ``words``' answers (None: all equal)."""
        if not self.weighted:
            return None
        try:
            return weights_for_answers(list(words.answers), self.weights, self.prior, language=words.language)
        except WeightsError as exc:
            raise ValueError(str(exc)) from None

    def with_weights(self, weights: Weights | None) -> Settings:
        """These settings with integer ``weights`` (made for the loaded answers) and no prior."""
        return replace(self, weights=weights, prior=None)

    def weighed(self, words: WordLists) -> Settings:
        """These settings with their weights made for ``words``' answers (:meth:`answer_weights`):
        what a build and a ranking read, integer weights or None, and picklable."""
        if not self.weighted:
            return self
        return self.with_weights(self.answer_weights(words))


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
