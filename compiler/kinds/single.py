"""The entries of a single-board game: what ``compile_tree``, ``analyse``, ``review`` and
``rank_first_words`` do once :func:`~wordle_compiler.kinds.kind_of` has found one board.
Each takes the chosen :class:`~wordle_compiler.core.settings.Settings` and the API's other
keywords by name; the API documents them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..core.settings import MAX_JOBS, check_memo_mb, check_whole

if TYPE_CHECKING:
    from ..analysis.position import Analysis
    from ..analysis.review import ReviewRow
    from ..core.settings import PathLike, Settings
    from ..pipeline.compile_result import CompileResult
    from ..ranking.ranked import RankedWord


def build(  # noqa: PLR0913 - the API's keywords, one by one
    chosen: Settings,
    strategy: str,
    *,
    start: str | None,
    opening: str | Sequence[str] | None,
    seed: int,
    width: int,
    candidates: int | None,
    jobs: int,
    stamp: bool,
    progress: Callable[..., object] | None,
    memo_mb: float | None,
    time_limit: float | None,
    anytime: str | None,
    checkpoint: PathLike | None,
    resume: bool,
    workers: int | None,
    scheduler: str | None,
) -> CompileResult:
    """Build and verify one decision tree (``wordle_compiler.compile_tree``)."""
    from ..pipeline.compile_result import CompileResult
    from ..pipeline.run import build, make_config
    from ..proof.anytime import anytime_for
    from ..proof.checkpoint import proving_for

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


def analyse(chosen: Settings, history: Any, *, top: int, move: str | None, rank: bool, jobs: int) -> Analysis:
    """The exact analysis of the position ``history`` reaches (``wordle_compiler.analyse``)."""
    from ..analysis.request import LoadedGame
    from ..core.config import Context

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


def review(chosen: Settings, history: Any) -> list[ReviewRow]:
    """One row per move of a game (``wordle_compiler.review``)."""
    from ..analysis.request import LoadedGame
    from ..core.config import Context

    if chosen.objective != "total":
        raise ValueError(
            f"review values moves by their total guesses: objective 'total' only, not {chosen.objective!r}"
        )
    words = chosen.load_words()
    return LoadedGame(Context.from_words(words), chosen.weighed(words)).review(history).rows


def rank(
    chosen: Settings,
    *,
    first_words: Iterable[str] | None,
    top: int | str | None,
    margin: int | None,
    jobs: int,
    scheduler: str | None,
    second_after: str | None,
    pairs: Iterable[tuple[str, str]] | None,
) -> list[RankedWord]:
    """Every first word ranked (``wordle_compiler.rank_first_words``), ``second_after``
    already checked."""
    from ..concurrency.cluster import executor_for
    from ..ranking.first_words import Ranking, RankSpec, context_for, heuristic_order, run_ranking, split_pair
    from ..ranking.ranked import pair_keys, ranked_words

    if scheduler is not None:
        from ..concurrency.cluster import scheduler_address

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
