"""The Python API (``wordle_compiler``): compile, save and verify trees, analyse positions
and games, and rank first words.

The game a call plays (its lists, mode, depth limit, objective and weights) is one
:class:`~wordle_compiler.core.settings.Settings` value, given as ``settings=`` or as the
same keywords; each function returns one type.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from .core.settings import MAX_JOBS, PathLike, Settings, WeightsSpec, check_memo_mb, check_whole, settings_for

if TYPE_CHECKING:  # for the signatures only: importing the package stays cheap
    from wordle_runtime.format import TreeData
    from wordle_runtime.game import Game

    from .analysis.position import Analysis
    from .analysis.review import ReviewRow
    from .multiboard.build import BoardsResult
    from .multiboard.position import BoardsAnalysis
    from .multiboard.rank import BoardsRankedWord
    from .ranking.ranked import RankedWord
    from .treefiles.verification import Verdict

# What the API takes as a history: any notation ``wordle-next`` reads, one string or steps.
History = str | Sequence[Any]


SETTING_NAMES = tuple(Settings.__dataclass_fields__)


def _given(names: dict[str, Any]) -> dict[str, Any]:
    """The settings among a function's arguments ``names`` (its ``locals()``), for
    :func:`settings_for`: each of :class:`Settings`' fields the function takes as a keyword."""
    return {name: names[name] for name in SETTING_NAMES if name in names}


@dataclass
class CompileResult:
    """A compiled, verified tree: pass it to :func:`save`, or read its numbers.

    ``data`` is the tree (``wordle_runtime.format.TreeData``), ``stats`` the measured
    stats also stored in ``data.meta["stats"]`` (answers, total_guesses, average,
    max_depth, histogram, ...), ``exceeding_max_depth`` the answers that need more than
    ``max_depth`` guesses (empty for a tree that keeps the guarantee).  An exact build
    stopped by its ``time_limit`` has ``stopped`` ``"time limit"`` and ``lower_bound``, the
    proved lower bound of the total (or of the weighted sum); both are None otherwise.
    """

    data: TreeData
    stats: dict[str, Any]
    start: str
    proved_optimal: bool
    optimality: str
    exceeding_max_depth: list[str]
    seconds: float
    stopped: str | None = None
    lower_bound: int | None = None

    @classmethod
    def of_build(cls, result: Any, stop: Any = None) -> CompileResult:
        """The result of a pipeline build (``pipeline.BuildResult``) and its ``Anytime``, if any."""
        data = cast("TreeData", result.data)
        stopped = None if stop is None else stop.stopped
        return cls(
            data,
            dict(data.meta["stats"]),
            data.meta["config"]["start"],
            result.proved_optimal,
            result.optimality,
            list(result.report.exceeding_max_depth),
            result.seconds,
            stopped,
            None if stopped is None else stop.lower_bound,
        )

    @property
    def ok(self) -> bool:
        """True when every answer is solved within ``max_depth`` guesses."""
        return not self.exceeding_max_depth


def compile_tree(  # noqa: PLR0913 - the API takes each Settings field as a keyword too, made into one Settings at once
    strategy: str = "entropy",
    *,
    settings: Settings | None = None,
    start: str | None = None,
    opening: str | Sequence[str] | None = None,
    seed: int = 0,
    width: int = 50,
    candidates: int | None = None,
    jobs: int = 1,
    stamp: bool = False,
    progress: Callable[..., object] | None = None,
    memo_mb: float | None = None,
    time_limit: float | None = None,
    anytime: str | None = None,
    checkpoint: PathLike | None = None,
    resume: bool = False,
    workers: int | None = None,
    scheduler: str | None = None,
    game: str | Game | None = None,
    mode: str | None = None,
    answers: PathLike | None = None,
    guesses: PathLike | None = None,
    max_depth: int | None = None,
    objective: str | None = None,
    deep: int | None = None,
    weights: WeightsSpec | None = None,
    prior: str | None = None,
    boards: int | None = None,
) -> CompileResult | BoardsResult:
    """Build and verify one decision tree; the keywords are ``wordle-compile``'s options.

    ``settings``: the game (see :class:`Settings`); ``game`` to ``prior`` are its fields as
    keywords, None for not given (a keyword given with ``settings`` must agree with it).
    Under ``weights`` or ``prior``, ``optimal`` minimises the expected guesses and the
    heuristics score with them.

    The exact search's long runs (``optimal`` from one ``start``, objective ``"total"``):
    ``memo_mb`` caps its memo (192 MB by default); ``time_limit`` (seconds, in the main
    thread) stops it with the best tree so far (``anytime``: the heuristic of the quick tree
    that stands in for the classes not proved, most-parts by default), its proved lower
    bound in the result; ``checkpoint`` keeps each class below the first guess in a file as
    it is proved, and ``resume=True`` goes on from that file; ``workers`` (a Dask
    LocalCluster of that many processes) or ``scheduler`` (a running cluster's address)
    prove the classes there, one class per task.  Ctrl-C raises ``KeyboardInterrupt`` as
    usual, with the classes proved so far kept in the checkpoint.

    >>> result = compile_tree("minimax", start="salet")          # doctest: +SKIP
    >>> result.stats["total_guesses"], result.ok
    (8158, True)

    Raises ``ValueError`` for bad settings (an unknown strategy, a word not in the guess
    list, a bad word list) and ``wordle_compiler.InfeasibleError`` when ``strategy="optimal"``
    finds no tree within ``max_depth``.  A heuristic tree deeper than ``max_depth`` is
    returned with ``ok`` False, as ``wordle-compile --allow-deeper`` would write it.

    Several boards (``boards`` > 1, or ``game="quordle"``): the exact tree, ``optimal`` only
    (``start`` may fix the first guess), as ``wordle-compile --boards K``: a ``BoardsResult``
    (``lost``, ``total_guesses``, ``average``, ``histogram``, ``tree``; ``document()`` is
    the JSON tree file); ``ValueError`` when it cannot be built (too many tuples, or under
    objective ``"total"`` a tuple that cannot be solved within ``max_depth``).
    """
    from .pipeline.anytime import anytime_for
    from .pipeline.checkpoint import proving_for
    from .pipeline.run import build, make_config

    chosen = settings_for(settings, **_given(locals()))
    if chosen.multiboard:
        return _compile_boards(chosen, strategy, start, opening, candidates)
    cfg = make_config(strategy, chosen, start=start, opening=opening, seed=seed, width=width, candidates=candidates)
    check_whole("jobs", jobs, 1, MAX_JOBS)
    check_memo_mb("memo_mb", memo_mb)
    stop = anytime_for(cfg, anytime, time_limit)
    proving = proving_for(cfg, checkpoint, resume, scheduler, workers)
    words = chosen.load_words()
    result = build(cfg, jobs, progress, stamp, memo_mb=memo_mb, words=words, anytime=stop, proving=proving)
    if stop is not None and stop.stopped == "interrupted" and stop.stop_exception is not None:
        raise stop.stop_exception
    return CompileResult.of_build(result, stop)


def _compile_boards(
    chosen: Settings, strategy: str, start: str | None, opening: object, candidates: int | None
) -> BoardsResult:
    """:func:`compile_tree` on several boards: the exact tree, or one ``ValueError`` line."""
    from .multiboard.build import build_for

    if strategy != "optimal":
        raise ValueError(f"a multi-board build is exact: strategy 'optimal', not {strategy!r}")
    if opening is not None or candidates is not None:
        raise ValueError("opening and candidates are for single-board builds (start fixes a multi-board first guess)")
    return build_for(chosen, start)


def save(tree: CompileResult | TreeData, path: PathLike) -> int:
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
    tree: PathLike | bytes | TreeData | CompileResult,
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


def analyse(  # noqa: PLR0913 - the API takes each Settings field as a keyword too, made into one Settings at once
    history: History = (),
    *,
    top: int = 5,
    move: str | None = None,
    rank: bool = False,
    jobs: int = 1,
    settings: Settings | None = None,
    game: str | Game | None = None,
    mode: str | None = None,
    answers: PathLike | None = None,
    guesses: PathLike | None = None,
    max_depth: int | None = None,
    objective: str | None = None,
    deep: int | None = None,
    weights: WeightsSpec | None = None,
    prior: str | None = None,
    boards: int | None = None,
) -> Analysis | BoardsAnalysis:
    """Exact analysis of the position ``history`` reaches (any notation ``wordle-next``
    takes): an ``Analysis`` with ``best_total``, ``n`` (answers left), ``moves`` (the
    ``top`` best, exact), ``position.words`` and ``report``.  ``report`` is None unless
    ``move`` is given; then it holds the move's exact value (``report.move``) and its
    ``loss`` against the best, found with the move's value as the search's cut-off;
    ``rank`` also counts every strictly better move exactly (``report.rank``), on ``jobs``
    threads.  ``settings`` and the keywords after it: as for :func:`compile_tree`.
    Objective ``"depth"``: ``analysis.worst`` is the least worst case from here and the
    moves are the least totals within it (``report.move.worst``: the move's own);
    ``"fewest-deep"``: the totals count the long games first, and ``analysis.split(total)``
    gives (long games, guesses).  Neither at the opening.  Under ``weights``/``prior``
    (objective ``"total"``) totals are Σ weight × guesses, and ``analysis.weight`` is what
    they divide by for expected guesses.

    Several boards (``boards`` > 1, or ``game="quordle"``): ``history`` in the multi-board
    notation (``"salet bbygb,gbbyb,bbbbb,ybbbb"``, or steps as (word, patterns) pairs) and a
    ``BoardsAnalysis``, as ``wordle-tree analyse --game quordle``: the ``top`` best moves
    exactly (``exact``) when the position's tuples are few enough, else the policy's move,
    labelled heuristic (``exact`` False); ``played``: ``move``'s exact value."""
    from .analysis.request import LoadedGame
    from .core.config import Context

    chosen = settings_for(settings, **_given(locals()))
    check_whole("top", top, 1)
    check_whole("jobs", jobs, 1, MAX_JOBS)
    if chosen.multiboard:
        return _analyse_boards(chosen, history, top, move, rank)
    if chosen.objective != "total" and not history:
        raise ValueError(
            f"the opening under objective {chosen.objective!r} is a ranking of every first word: "
            "rank_first_words(objective=...)"
        )
    if rank and (move is None or chosen.objective == "depth"):
        raise ValueError("rank needs a move, and counts better moves by their total (not with objective 'depth')")
    if chosen.weighted and chosen.objective != "total":
        raise ValueError("weights value moves by expected guesses: objective 'total' only")
    words = chosen.load_words()
    loaded = LoadedGame(Context.from_words(words), chosen.weighed(words))
    return loaded.analyse(history, top=top, move=move, rank=rank, jobs=jobs)


def _analyse_boards(chosen: Settings, history: History, top: int, move: str | None, rank: bool) -> BoardsAnalysis:
    """:func:`analyse` on several boards."""
    from .analysis.boards import analyse_boards

    if rank:
        raise ValueError("rank is for single-board analyses")
    if isinstance(history, str):
        tokens = history.split()
    else:
        tokens = [step if isinstance(step, str) else ":".join(map(str, step)) for step in history]
    return analyse_boards(chosen, tokens, top, move)


def review(  # noqa: PLR0913 - the API takes each Settings field as a keyword too, made into one Settings at once
    history: History,
    *,
    settings: Settings | None = None,
    game: str | Game | None = None,
    mode: str | None = None,
    answers: PathLike | None = None,
    guesses: PathLike | None = None,
    max_depth: int | None = None,
    weights: WeightsSpec | None = None,
    prior: str | None = None,
    boards: int | None = None,
) -> list[ReviewRow]:
    """One ``ReviewRow`` per move of a game: best value, the move's value, loss and luck
    (under ``weights``/``prior``, in expected guesses; ``weight_before`` divides the totals).
    ``settings`` and the keywords after it: as for :func:`compile_tree` (objective "total",
    one board)."""
    from .analysis.request import LoadedGame
    from .core.config import Context

    chosen = settings_for(settings, **_given(locals()))
    if chosen.multiboard:
        raise ValueError("review is for single-board games: analyse values a multi-board position")
    if chosen.objective != "total":
        raise ValueError(
            f"review values moves by their total guesses: objective 'total' only, not {chosen.objective!r}"
        )
    words = chosen.load_words()
    return LoadedGame(Context.from_words(words), chosen.weighed(words)).review(history).rows


def rank_first_words(  # noqa: PLR0913 - the API takes each Settings field as a keyword too, made into one Settings at once
    *,
    settings: Settings | None = None,
    first_words: Iterable[str] | None = None,
    top: int | str | None = 10,
    margin: int | None = None,
    jobs: int = 1,
    scheduler: str | None = None,
    second_after: str | None = None,
    pairs: Iterable[tuple[str, str]] | None = None,
    game: str | Game | None = None,
    mode: str | None = None,
    answers: PathLike | None = None,
    guesses: PathLike | None = None,
    max_depth: int | None = None,
    objective: str | None = None,
    deep: int | None = None,
    weights: WeightsSpec | None = None,
    prior: str | None = None,
    boards: int | None = None,
) -> list[RankedWord] | list[BoardsRankedWord]:
    """``wordle-rank`` in Python: one ``RankedWord`` (``word``, ``total``, ``long_games``,
    ``status``; ``exact``) per word, in canonical order: the exact ones best first, then every
    other word at the proved cut-off (``status`` ``"bound"``) or ``"infeasible"`` (``jobs`` > 1
    or ``scheduler`` use Dask).  With ``second_after``, that first guess is fixed and the words
    ranked are second guesses, each played whatever it showed (``--second-after``); with
    ``pairs``, those fixed openings, each as ``"first+second"`` (``--pairs``).  ``top="all"``:
    every word exact.  Objective ``"depth"`` decides only whether each word solves every
    answer within ``max_depth`` (``status`` ``"feasible"`` or ``"infeasible"``; no ``top`` or
    ``margin``); ``"fewest-deep"`` ranks by ``long_games``, then ``total``.  ``settings`` and
    the keywords after ``pairs``: as for :func:`compile_tree`; under ``weights``/``prior``,
    ``total`` is Σ weight × guesses.  Raises ``ValueError`` naming the setting that is wrong.

    Several boards (``boards`` > 1, or ``game="quordle"``): every first guess (or each of
    ``first_words``) valued exactly, as ``wordle-rank --boards K``: one ``BoardsRankedWord``
    (``word``, ``total``, ``lost``, ``status``) each, the fewest tuples lost first, then the
    fewest guesses, then the guess list's order; ``ValueError`` for lists of more tuples
    than the exact ranking takes (``multiboard.rank.MAX_RANKED_TUPLES``)."""
    from .concurrency.cluster import executor_for
    from .ranking.first_words import Ranking, RankSpec, context_for, heuristic_order, run_ranking, split_pair
    from .ranking.ranked import check_rank_options, pair_keys, ranked_words

    chosen = settings_for(settings, **_given(locals()))
    second_after = check_rank_options(chosen, first_words, top, margin, jobs, scheduler, second_after)
    if chosen.multiboard:
        return _rank_boards(chosen, first_words, (margin, jobs, scheduler, second_after, pairs))
    if scheduler is not None:
        from .concurrency.cluster import scheduler_address

        scheduler = scheduler_address(scheduler)
    played = chosen.weighed(chosen.load_words()) if chosen.weighted else chosen
    spec = RankSpec(played, first=second_after)
    ctx = context_for(spec)
    if second_after is not None and second_after not in ctx.guess_index:
        raise ValueError(f"second_after: {second_after!r} is not in the guess list")
    if pairs is not None:
        if first_words is not None or second_after is not None:
            raise ValueError("pairs names both words of each opening: not with first_words or second_after")
        first_words = pair_keys(pairs)
    words = (
        [w.strip().lower() for w in first_words]
        if first_words is not None
        else [w for w in ctx.words.guesses if w != second_after]
    )
    unknown = [w for w in words if any(part not in ctx.guess_index for part in split_pair(w, ctx.game.length) or (w,))]
    if unknown:
        raise ValueError(f"first_words: {len(unknown)} not in the guess list: {', '.join(unknown[:5])}")
    if second_after in words:
        raise ValueError(f"first_words holds {second_after!r}, the fixed first guess: a second guess must differ")
    count = top if isinstance(top, int) and chosen.objective != "depth" else max(1, len(words))
    ranking = Ranking(top=None if margin is not None else count, margin=margin)
    with executor_for(jobs, scheduler, preload=(run_ranking.__module__,)) as executor:
        run_ranking(spec, heuristic_order(ctx, spec, list(dict.fromkeys(words))), ranking, executor)
    return ranked_words(ranking.final_rows(), chosen.objective)


def _rank_boards(
    chosen: Settings, first_words: Iterable[str] | None, others: tuple[object, ...]
) -> list[BoardsRankedWord]:
    """:func:`rank_first_words` on several boards (``others``: margin, jobs, scheduler,
    second_after and pairs, which it does not take)."""
    from .multiboard.rank import rank_boards

    if others != (None, 1, None, None, None):
        raise ValueError("margin, jobs, scheduler, second_after and pairs are for single-board rankings")
    return list(rank_boards(chosen, first_words).rows)
