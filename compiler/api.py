"""The build layer under both command lines and the Python API (``wordle_compiler``).

:func:`build` is the one place a tree gets compiled: it loads the lists and matrix,
calls the engine (``pipeline.compile_tree``), and when the built tree fails the
independent replay, suspects the matrix cache (a file whose cells were altered and
whose checksum was recomputed passes the cache's own checks), recomputes the matrix
without it, says so in one line, and retries once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from os import PathLike
from typing import TYPE_CHECKING, Union

from .core.config import MAX_DEPTH_LIMIT, MODES, OBJECTIVES, BuildConfig

if TYPE_CHECKING:  # for the signatures only: importing the package stays cheap
    from wordle_runtime.format import TreeData

    from .analysis.position import Analysis, MoveReport, ReviewRow
    from .core.weights import Weights
    from .core.wordlists import WordLists
    from .pipeline.compile import BuildResult
    from .treefiles.verification import Verdict

# What the API takes as a history: any notation ``wordle-next`` reads, one string or steps.
History = Union[str, Sequence]
Path_ = Union[str, "PathLike[str]"]

# The engine's message for a tree that fails the replay or its own cost check; either
# can come from a matrix with wrong cells (pipeline/compile.py, pipeline/optimal.py).
_INTERNAL_PREFIX = "internal error"


def build(
    cfg: BuildConfig,
    jobs: int = 1,
    progress: Callable | None = None,
    stamp: bool = False,
    notify: Callable[[str], None] | None = None,
    memo_mb: int | None = None,
    words: WordLists | None = None,
) -> BuildResult:
    """Compile ``cfg`` (a ``pipeline.BuildResult``), retrying once on a fresh matrix.

    ``notify(text)`` receives the one-line message about the retry (default: a warning).
    ``words``: ``cfg.answers`` and ``cfg.guesses`` already loaded by the caller, so that
    they are read, and their warnings (a duplicate word dropped) given, once.
    """
    from .core.errors import BuildError
    from .core.config import Context
    from .pipeline.compile import compile_tree as engine_compile
    from .core.wordlists import load_word_lists

    if words is None:
        words = load_word_lists(cfg.answers, cfg.guesses)
    known = set(words.guesses)
    for role, word in [("start", cfg.start)] + [("opening", w) for w in cfg.opening]:
        if word and word not in known:  # the engine checks too; this answers before any work
            raise BuildError(f"{role} word {word!r} is not in the guess list {words.guesses_name}")
    # an exact build reads the answer-major layout: checked on a thread while the solver is set up
    ctx = Context.from_words(words, prefetch_by_answer=cfg.strategy == "optimal")
    try:
        return engine_compile(cfg, ctx, jobs=jobs, progress=progress, stamp=stamp, memo_mb=memo_mb)
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
    return engine_compile(cfg, ctx, jobs=jobs, progress=progress, stamp=stamp, memo_mb=memo_mb)


@dataclass
class CompileResult:
    """A compiled, verified tree: pass it to :func:`save`, or read its numbers.

    ``data`` is the tree (``wordle_runtime.format.TreeData``), ``stats`` the measured
    stats also stored in ``data.meta["stats"]`` (answers, total_guesses, average,
    max_depth, histogram, ...), ``exceeding_max_depth`` the answers that need more than
    ``max_depth`` guesses (empty for a tree that keeps the guarantee).
    """

    data: TreeData
    stats: dict
    start: str
    proved_optimal: bool
    optimality: str
    exceeding_max_depth: list
    seconds: float

    @property
    def ok(self) -> bool:
        """True when every answer is solved within ``max_depth`` guesses."""
        return not self.exceeding_max_depth


def _check_whole(name: str, value, low: int, high: int | None = None) -> None:
    """``value`` must be an int (not a bool) in [low, high]: else ``ValueError`` naming the option."""
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise ValueError(f"{name} must be a whole number {span}")


MAX_JOBS = 256  # as the command lines' --jobs


def _check_objective(objective: str, deep, max_depth: int) -> None:
    """A known objective, and ``deep`` (2 to ``max_depth``, already checked) exactly with fewest-deep."""
    from .core.config import objective_clash

    if objective not in OBJECTIVES:
        raise ValueError(f"objective {objective!r} is not one of {', '.join(OBJECTIVES)}")
    if (objective == "fewest-deep") != (deep is not None):
        raise ValueError(objective_clash(objective, deep, max_depth))
    if deep is not None:
        _check_whole("deep (K)", deep, 2, max_depth)


def make_config(
    strategy: str = "entropy",
    *,
    start: str | None = None,
    opening: str | Sequence[str] | None = None,
    mode: str = "normal",
    answers: str = "original",
    guesses: str | None = None,
    max_depth: int = 6,
    seed: int = 0,
    width: int = 50,
    candidates: int | None = None,
    objective: str = "total",
    deep: int | None = None,
    weights: Weights | None = None,
) -> BuildConfig:
    """Validate settings the way ``wordle-compile`` does; raises ``ValueError`` with one line.
    ``weights``: the answers' :class:`~wordle_compiler.core.weights.Weights` (see :func:`compile_tree`)."""
    from .strategies.heuristic import DESCRIPTIONS, canonical_name

    if canonical_name(strategy) not in DESCRIPTIONS:
        raise ValueError(f"unknown strategy {strategy!r}: use one of {', '.join(sorted(DESCRIPTIONS))}")
    if objective not in OBJECTIVES:
        raise ValueError(f"objective {objective!r} is not one of {', '.join(OBJECTIVES)}")
    if objective != "total" and canonical_name(strategy) != "optimal":
        raise ValueError(f"objective {objective} is what --strategy optimal minimises; heuristics have no objective")
    if mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
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
    checked = [("max_depth", max_depth, 1, MAX_DEPTH_LIMIT), ("width", width, 1, None)]
    if candidates is not None:  # None: optimal without a start proves over every first word
        checked.append(("candidates", candidates, 1, None))
    for name, value, low, high in checked:
        _check_whole(name, value, low, high)
    _check_objective(objective, deep, max_depth)
    if weights is not None and objective == "fewest-deep":
        raise ValueError("weights do not go with objective fewest-deep, which counts long games, not guesses")
    _check_whole("seed", seed, -(1 << 63), (1 << 63) - 1)
    return BuildConfig(
        strategy=canonical_name(strategy),
        mode=mode,
        answers=answers,
        guesses=guesses,
        start=start,
        opening=opening,
        max_depth=max_depth,
        seed=seed,
        width=width,
        candidates=candidates,
        objective=objective,
        deep=deep,
        weights=weights,
    )


def compile_tree(
    strategy: str = "entropy",
    *,
    start: str | None = None,
    opening: str | Sequence[str] | None = None,
    mode: str = "normal",
    answers: str = "original",
    guesses: str | None = None,
    max_depth: int = 6,
    seed: int = 0,
    width: int = 50,
    candidates: int | None = None,
    objective: str = "total",
    deep: int | None = None,
    jobs: int = 1,
    stamp: bool = False,
    progress: Callable | None = None,
    weights: Weights | Mapping[str, float] | Path_ | None = None,
    prior: str | None = None,
) -> CompileResult:
    """Build and verify one decision tree; the keywords are ``wordle-compile``'s options.

    ``weights`` (a mapping {answer: weight}, the path of a weights file, or ``Weights``) or
    ``prior="frequency"``: how likely each answer is; ``optimal`` then minimises the
    expected guesses under them, and the heuristics score with them.

    >>> result = compile_tree("minimax", start="salet")          # doctest: +SKIP
    >>> result.stats["total_guesses"], result.ok
    (8158, True)

    Raises ``ValueError`` for bad settings (an unknown strategy, a word not in the guess
    list, a bad word list) and ``wordle_compiler.InfeasibleError`` when ``strategy="optimal"``
    finds no tree within ``max_depth``.  A heuristic tree deeper than ``max_depth`` is
    returned with ``ok`` False, as ``wordle-compile --allow-deeper`` would write it.
    """
    cfg = make_config(
        strategy,
        start=start,
        opening=opening,
        mode=mode,
        answers=answers,
        guesses=guesses,
        max_depth=max_depth,
        seed=seed,
        width=width,
        candidates=candidates,
        objective=objective,
        deep=deep,
        weights=_answer_weights(answers, guesses, weights, prior),
    )
    _check_whole("jobs", jobs, 1, MAX_JOBS)
    result = build(cfg, jobs=jobs, progress=progress, stamp=stamp)
    meta = result.data.meta
    return CompileResult(
        result.data,
        dict(meta["stats"]),
        meta["config"]["start"],
        result.proved_optimal,
        result.optimality,
        list(result.report.exceeding_max_depth),
        result.seconds,
    )


def _answer_weights(
    answers: str, guesses: str | None, weights: Weights | Mapping[str, float] | Path_ | None, prior: str | None
) -> Weights | None:
    """The integer weights ``compile_tree``'s ``weights``/``prior`` ask for, checked against the answers."""
    if weights is None and prior is None:
        return None
    from .core.weights import WeightsError, weights_for_answers
    from .core.wordlists import load_word_lists

    try:
        return weights_for_answers(list(load_word_lists(answers, guesses).answers), weights, prior)
    except WeightsError as exc:
        raise ValueError(str(exc)) from None


def save(tree: CompileResult | TreeData, path: Path_) -> int:
    """Write a tree (a :class:`CompileResult`, a build result or ``TreeData``) to ``path``
    atomically; returns the number of bytes.  Refuses a symlink, FIFO or device as target."""
    from wordle_runtime.format import TreeData, pack_tree

    from .util.files import write_atomic

    data = tree if isinstance(tree, TreeData) else getattr(tree, "data", None)
    if not isinstance(data, TreeData):
        raise TypeError(f"save() takes a compile result or TreeData, not {type(tree).__name__}")
    payload = pack_tree(data)
    write_atomic(path, payload)
    return len(payload)


def verify(
    tree: Path_ | bytes | TreeData | CompileResult,
    *,
    mode: str | None = None,
    max_depth: int | None = None,
    guesses: str | None = None,
) -> Verdict:
    """Replay a tree with the reference ``score`` and check every claim in its ``meta``.

    ``tree``: a path or shipped tree name, file bytes, ``TreeData`` or a compile result.
    ``mode``/``max_depth`` default to the file's own; ``guesses`` (a list name, a path or
    ``"answers"``) to the list stored in the file.  Returns a ``Verdict`` with ``ok``,
    ``problems``, ``notes`` and ``report`` (the measured stats).
    """
    from .treefiles.verification import verify_any

    return verify_any(tree, mode=mode, max_depth=max_depth, guesses=guesses)


def analyse(
    history: History = (),
    *,
    top: int = 5,
    move: str | None = None,
    rank: bool = False,
    mode: str = "normal",
    answers: str = "original",
    guesses: str | None = None,
    max_depth: int = 6,
    jobs: int = 1,
    objective: str = "total",
    deep: int | None = None,
    weights: Weights | Mapping[str, float] | Path_ | None = None,
    prior: str | None = None,
) -> Analysis | tuple[Analysis, MoveReport]:
    """Exact analysis of the position ``history`` reaches (any notation ``wordle-next``
    takes): an ``Analysis`` with ``best_total``, ``n`` (answers left), ``moves`` (the
    ``top`` best, exact) and ``position.words``.  With ``move``, ``(analysis, report)``
    where ``report`` has the move's exact value and its ``loss`` against the best, found
    with the move's value as the search's cut-off; ``rank`` also counts every strictly
    better move exactly (``report.rank``; None without it), on ``jobs`` threads.
    ``objective="depth"``: ``analysis.worst`` is the least worst case from here and the
    moves are the least totals within it (``report.move.worst``: the move's own);
    ``objective="fewest-deep", deep=K``: totals are ``DEEP_COST * long games + total``
    (``divmod(total, wordle_compiler.search.DEEP_COST)``).  Neither at the opening.
    ``weights``/``prior`` as for :func:`compile_tree` (objective "total"): totals are
    Σ weight × guesses, and ``analysis.weight`` what they divide by for expected guesses."""
    from .analysis.position import analyse_move, analyse_position
    from .analysis.worst_case import analyse_worst_case
    from .core.config import Context

    _check_whole("max_depth", max_depth, 1, MAX_DEPTH_LIMIT)
    _check_objective(objective, deep, max_depth)
    if objective != "total" and not history:
        raise ValueError(
            f"the opening under objective {objective!r} is a ranking of every first word: "
            "rank_first_words(objective=...)"
        )
    if rank and (move is None or objective == "depth"):
        raise ValueError("rank needs a move, and counts better moves by their total (not with objective 'depth')")
    answer_weights = _answer_weights(answers, guesses, weights, prior)
    if answer_weights is not None and objective != "total":
        raise ValueError("weights value moves by expected guesses: objective 'total' only")
    ctx = Context.load(answers, guesses)
    if objective == "depth":
        return analyse_worst_case(ctx, mode, history, top, max_depth, move)
    if move is None:
        return analyse_position(ctx, mode, history, top, max_depth, deep=deep, weights=answer_weights)
    return analyse_move(
        ctx, mode, history, move, top, max_depth, rank=rank, jobs=jobs, deep=deep, weights=answer_weights
    )


def review(
    history: History,
    *,
    mode: str = "normal",
    answers: str = "original",
    guesses: str | None = None,
    max_depth: int = 6,
    weights: Weights | Mapping[str, float] | Path_ | None = None,
    prior: str | None = None,
) -> list[ReviewRow]:
    """One ``ReviewRow`` per move of a game: best value, the move's value, loss and luck
    (under ``weights``/``prior``, in expected guesses; ``weight_before`` divides the totals)."""
    from .analysis.position import review_game
    from .core.config import Context

    return review_game(
        Context.load(answers, guesses),
        mode,
        history,
        max_depth,
        weights=_answer_weights(answers, guesses, weights, prior),
    )


def _pair_keys(pairs) -> list[str]:
    """``first+second`` keys of two-word openings, each pair checked to be two different words."""
    from .ranking.first_words import pair_key

    keys = []
    for pair in pairs:
        if isinstance(pair, str) or len(pair) != 2 or not all(isinstance(w, str) for w in pair):
            raise ValueError(f"pairs must hold (first, second) word pairs, not {pair!r}")
        first, second = (w.strip().lower() for w in pair)
        if first == second:
            raise ValueError(f"pairs: {first!r} twice; the second guess must differ")
        keys.append(pair_key(first, second))
    return list(dict.fromkeys(keys))


def rank_first_words(
    *,
    mode: str = "normal",
    answers: str = "original",
    guesses: str | None = None,
    first_words: Iterable[str] | None = None,
    top: int | str | None = 10,
    margin: int | None = None,
    max_depth: int = 6,
    jobs: int = 1,
    scheduler: str | None = None,
    second_after: str | None = None,
    pairs: Iterable[tuple[str, str]] | None = None,
    objective: str = "total",
    deep: int | None = None,
    weights: Weights | Mapping[str, float] | Path_ | None = None,
    prior: str | None = None,
) -> list[tuple[str, int | tuple[int, int] | None, bool]]:
    """``wordle-rank`` in Python: ``[(word, total, exact), ...]`` in canonical order, every
    non-exact word at the proved cut-off, and ``total`` None for a word that cannot finish
    within ``max_depth`` when no word can (``jobs`` > 1 or ``scheduler`` use Dask).  With
    ``second_after``, that first guess is fixed and the words ranked are second guesses,
    each played whatever it showed (``--second-after``); with ``pairs``, those fixed openings,
    each as ``"first+second"`` in the rows (``--pairs``).  ``top="all"``: every word exact.
    ``objective="depth"`` (``--objective depth``) decides only whether each word solves
    every answer within ``max_depth``: ``(word, max_depth, True)`` when it does,
    ``(word, None, False)`` when it cannot (no ``top`` or ``margin`` then);
    ``objective="fewest-deep", deep=K``: ``(word, (answers needing K or more, total), exact)``.
    ``weights``/``prior`` as for :func:`compile_tree`: ``total`` is then Σ weight × guesses
    (the integer weights' sum divides it into expected guesses).
    Raises ``ValueError`` naming the setting that is wrong."""
    from .concurrency.cluster import executor_for
    from .ranking.first_words import PAIR_SEPARATOR, Ranking, RankSpec, context_for, heuristic_order, run_ranking
    from .search import DEEP_COST, INF

    if mode not in MODES:
        raise ValueError(f"mode {mode!r} is not one of {', '.join(MODES)}")
    _check_whole("max_depth", max_depth, 1, MAX_DEPTH_LIMIT)
    _check_whole("jobs", jobs, 1, MAX_JOBS)
    _check_objective(objective, deep, max_depth)
    if objective == "depth" and (margin is not None or top not in (10, None)):
        raise ValueError("objective 'depth' decides every word: no top or margin")
    if margin is not None:
        _check_whole("margin", margin, 0)
        if top != 10 and top is not None:
            raise ValueError("top and margin are alternatives: give one")
    elif top != "all":
        _check_whole("top", top, 1)
    if scheduler is not None and jobs != 1:
        raise ValueError("jobs and scheduler are alternatives: the cluster's workers do the work")
    if scheduler is not None:
        from .concurrency.cluster import scheduler_address

        scheduler = scheduler_address(scheduler)
    if isinstance(first_words, str) or (first_words is not None and not all(isinstance(w, str) for w in first_words)):
        raise ValueError("first_words must be a list of words, e.g. ['salet', 'crane']")
    if second_after is not None and (not isinstance(second_after, str) or not second_after.strip()):
        raise ValueError("second_after must be a word, e.g. 'parse'")
    second_after = second_after.strip().lower() if second_after is not None else None
    answer_weights = _answer_weights(answers, guesses, weights, prior)
    if answer_weights is not None and objective != "total":
        raise ValueError("weights rank by expected guesses: objective 'total' only")
    spec = RankSpec(
        answers=answers,
        guesses=guesses,
        mode=mode,
        max_depth=max_depth,
        first=second_after,
        objective=objective,
        deep=deep,
        weights=answer_weights,
    )
    ctx = context_for(spec)
    if second_after is not None and second_after not in ctx.guess_index:
        raise ValueError(f"second_after: {second_after!r} is not in the guess list")
    if pairs is not None:
        if first_words is not None or second_after is not None:
            raise ValueError("pairs names both words of each opening: not with first_words or second_after")
        first_words = _pair_keys(pairs)
    words = (
        [w.strip().lower() for w in first_words]
        if first_words is not None
        else [w for w in ctx.words.guesses if w != second_after]
    )
    unknown = [w for w in words if any(part not in ctx.guess_index for part in w.split(PAIR_SEPARATOR))]
    if unknown:
        raise ValueError(f"first_words: {len(unknown)} not in the guess list: {', '.join(unknown[:5])}")
    if second_after in words:
        raise ValueError(f"first_words holds {second_after!r}, the fixed first guess: a second guess must differ")
    top = max(1, len(words)) if top == "all" or objective == "depth" else top
    ranking = Ranking(top=None if margin is not None else top, margin=margin)
    with executor_for(jobs, scheduler, preload=(run_ranking.__module__,)) as executor:
        run_ranking(spec, heuristic_order(ctx, spec, list(dict.fromkeys(words))), ranking, executor)
    return [
        (word, None if total >= INF else divmod(total, DEEP_COST) if deep else total, exact)
        for word, total, exact in ranking.final_rows()
    ]
