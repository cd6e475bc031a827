"""The compile pipeline's entry, under ``wordle-compile`` and ``wordle_compiler.compile_tree``.

:func:`make_config` checks a build's own options the way ``wordle-compile`` does and makes
its :class:`~wordle_compiler.core.config.BuildConfig` around the game's
:class:`~wordle_compiler.core.settings.Settings`.  :func:`build` is the one place a tree gets
compiled: it loads the lists the settings name and their matrix, makes the weights for
their answers, calls the engine
(:func:`.compile.compile_tree`), and when the built tree fails the independent replay,
suspects the matrix cache (a file whose cells were altered and whose checksum was
recomputed passes the cache's own checks), recomputes the matrix without it, says so in
one line, and retries once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from ..core.config import BuildConfig, Context
from ..core.errors import BuildError
from ..core.settings import Settings, check_whole
from ..strategies.table import canonical_name, strategy_named

if TYPE_CHECKING:
    from ..core.wordlists import WordLists
    from ..proof.anytime import Anytime
    from ..proof.checkpoint import Proving
    from .compile import BuildResult

# The engine's message for a tree that fails the replay or its own cost check; either
# can come from a matrix with wrong cells (compile.py, optimal.py).
_INTERNAL_PREFIX = "internal error"


def build(  # noqa: PLR0913 - the API's keywords, each optional
    cfg: BuildConfig,
    jobs: int = 1,
    progress: Callable | None = None,
    stamp: bool = False,
    notify: Callable[[str], None] | None = None,
    memo_mb: float | None = None,
    words: WordLists | None = None,
    anytime: Anytime | None = None,
    proving: Proving | None = None,
) -> BuildResult:
    """Compile ``cfg`` (a ``pipeline.BuildResult``), retrying once on a fresh matrix.

    ``notify(text)`` receives the one-line message about the retry (default: a warning).
    ``words``: the lists ``cfg.settings`` name, already loaded by the caller, so that they
    are read, and their warnings (a duplicate word dropped) given, once.  ``anytime`` and
    ``proving``: :func:`.compile.compile_tree`'s.
    """
    from .compile import compile_tree as engine_compile

    if words is None:
        words = cfg.settings.load_words()
    cfg = replace(cfg, settings=cfg.settings.weighed(words))
    known = set(words.guesses)
    for role, word in [("start", cfg.start)] + [("opening", w) for w in cfg.opening]:
        if word and word not in known:  # the engine checks too; this answers before any work
            raise BuildError(f"{role} word {word!r} is not in the guess list {words.guesses_name}")
    from ..core.matrix_cache import first_matrix_note

    note = first_matrix_note(words)
    if note and notify is not None:
        notify(note)
    # an exact build reads the answer-major layout: checked on a thread while the solver is set up
    ctx = Context.from_words(words, prefetch_by_answer=strategy_named(cfg.strategy).exact)
    try:
        return engine_compile(
            cfg, ctx, jobs=jobs, progress=progress, stamp=stamp, memo_mb=memo_mb, anytime=anytime, proving=proving
        )
    except BuildError as exc:
        if not str(exc).startswith(_INTERNAL_PREFIX):
            raise
        message = (
            "the built tree failed verification, so the cached feedback matrix may be damaged; "
            "recomputing it without the cache and retrying once"
        )
        if notify is None:
            import warnings

            warnings.warn(message, RuntimeWarning, stacklevel=2)
        else:
            notify(message)
    ctx = Context.from_words(words, refresh_cache=True)
    return engine_compile(
        cfg, ctx, jobs=jobs, progress=progress, stamp=stamp, memo_mb=memo_mb, anytime=anytime, proving=proving
    )


def _opening(start: str | None, opening: str | Sequence[str] | None) -> tuple[str | None, tuple[str, ...]]:
    """``start`` and ``opening`` checked and lower-cased: one word, and two different words
    whose first is ``start`` when both are given."""
    if start is not None and (not isinstance(start, str) or not start.strip()):
        raise ValueError("start must be a five-letter word, not empty")
    if isinstance(opening, str):
        opening = opening.split(",")
    opening = tuple(w.strip().lower() for w in (opening or ()))
    if opening and (len(opening) != 2 or not all(opening)):
        raise ValueError("opening takes exactly two words, e.g. ('learn', 'sight')")
    if opening and opening[0] == opening[1]:
        raise ValueError(f"opening plays {opening[0]!r} twice; the second guess must differ")
    start = start.strip().lower() if start else None
    if opening and start and start != opening[0]:
        raise ValueError("start and opening disagree on the first word")
    return start, opening


def strategy_problem(strategy: str, objective: str) -> str | None:
    """Why ``strategy`` cannot be asked for ``objective`` (a heuristic has none), or None;
    ``strategy`` a known name (:func:`make_config` checks that first)."""
    if objective != "total" and not strategy_named(strategy).exact:
        return f"objective {objective} is what --strategy optimal minimises; heuristics have no objective"
    return None


def make_config(
    strategy: str = "entropy",
    settings: Settings | None = None,
    *,
    start: str | None = None,
    opening: str | Sequence[str] | None = None,
    seed: int = 0,
    width: int = 50,
    candidates: int | None = None,
) -> BuildConfig:
    """Validate a build's own options the way ``wordle-compile`` does (``settings``, the game,
    was checked when it was made; default: ``Settings()``); raises ``ValueError`` with one line."""
    settings = Settings() if settings is None else settings
    if not isinstance(settings, Settings):
        raise TypeError(f"settings must be a wordle_compiler.Settings, not {type(settings).__name__}")
    strategy_named(strategy)  # ValueError for a name the table does not hold
    problem = strategy_problem(strategy, settings.objective)
    if problem:
        raise ValueError(problem)
    start, opening = _opening(start, opening)
    check_whole("width", width, 1)
    if candidates is not None:  # None: optimal without a start proves over every first word
        check_whole("candidates", candidates, 1)
    check_whole("seed", seed, -(1 << 63), (1 << 63) - 1)
    return BuildConfig(
        strategy=canonical_name(strategy),
        settings=settings,
        start=start,
        opening=opening,
        seed=seed,
        width=width,
        candidates=candidates,
    )
