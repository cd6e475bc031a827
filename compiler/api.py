"""The Python API (``wordle_compiler``): compile, save and verify trees, analyse positions
and games, and rank first words.

The game a call plays (its lists, mode, depth limit, objective and weights) is one
:class:`~wordle_compiler.core.settings.Settings` value, given as ``settings=`` or as the
same keywords; each function returns one type.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from .core.settings import ABSURDLE_GUESSES_RANGE, MAX_JOBS, PathLike, Settings, WeightsSpec, check_whole, settings_for
from .kinds import kind_of
from .pipeline.compile_result import CompileResult

if TYPE_CHECKING:  # for the signatures only: importing the package stays cheap
    from wordle_runtime.format import TreeData
    from wordle_runtime.game import Game

    from .analysis.absurdle_play import AbsurdleResult
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
    objective ``"total"`` a tuple that cannot be solved within ``max_depth``).  A keyword
    of single-board builds given with several boards is refused: ``ValueError("jobs is for
    single-board builds")`` (``wordle_compiler.kinds`` lists what each kind takes).
    """
    chosen = settings_for(settings, **_given(locals()))
    return cast("CompileResult | BoardsResult", _entry("build", chosen, locals(), compile_tree))


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
    labelled heuristic (``exact`` False); ``played``: ``move``'s exact value; ``rank`` and
    ``jobs`` are refused (single-board analyses)."""
    chosen = settings_for(settings, **_given(locals()))
    check_whole("top", top, 1)
    check_whole("jobs", jobs, 1, MAX_JOBS)
    return cast("Analysis | BoardsAnalysis", _entry("analyse", chosen, locals(), analyse))


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
    chosen = settings_for(settings, **_given(locals()))
    return cast("list[ReviewRow]", _entry("review", chosen, locals(), review))


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
    than the exact ranking takes (``multiboard.rank.MAX_RANKED_TUPLES``), and for any of
    ``margin``, ``second_after`` and ``pairs`` (single-board rankings); ``jobs`` and
    ``scheduler`` spread the first words over Dask workers, the same rows for any number."""
    from .ranking.ranked import check_rank_options

    chosen = settings_for(settings, **_given(locals()))
    second_after = check_rank_options(chosen, first_words, top, margin, jobs, scheduler, second_after)
    return cast("list[RankedWord] | list[BoardsRankedWord]", _entry("rank", chosen, locals(), rank_first_words))


def absurdle(  # noqa: PLR0913 - the API takes the lists as keywords too, made into one Settings at once
    history: str | Sequence[str] = (),
    *,
    prove: bool = False,
    target: str | None = None,
    jobs: int = 1,
    max_guesses: int = 5,
    time_limit: float | None = None,
    settings: Settings | None = None,
    answers: PathLike | None = None,
    guesses: PathLike | None = None,
) -> AbsurdleResult:
    """Absurdle (``wordle-tree absurdle``): the guesses of ``history`` (words, or one string
    of them) replayed against the adversary, then a shortest win from there within
    ``max_guesses`` more (``line``), or with ``prove`` (no history) the least number of
    guesses from the start under every tie rule (``proof``); with ``target`` (challenge mode),
    a shortest line that forces the adversary to keep that answer; ``jobs`` threads score
    the guesses (the result does not depend on it).  The lists: ``settings``' or
    ``answers``/``guesses`` (a Wordle game).  Raises ``ValueError`` for a bad word or
    setting, ``NoWinError`` when no win is within ``max_guesses``, ``SearchStopped`` past
    ``time_limit`` seconds (``wordle_compiler.analysis.absurdle_play`` and ``.absurdle``)."""
    from .analysis.absurdle_play import play
    from .core.config import Context

    chosen = settings_for(settings, answers=answers, guesses=guesses)
    check_whole("max_guesses", max_guesses, *ABSURDLE_GUESSES_RANGE)
    check_whole("jobs", jobs, 1, 64)
    words = history.split() if isinstance(history, str) else list(history)
    return play(
        Context.load(chosen),
        words,
        max_guesses=max_guesses,
        time_limit=time_limit,
        prove=prove,
        target=target,
        jobs=jobs,
    )


def _entry(what: str, chosen: Settings, names: dict[str, Any], function: Callable[..., Any]) -> Any:
    """Entry ``what`` of the kind of game ``chosen`` plays, called with ``function``'s other
    arguments (``names``: its ``locals()``); ``ValueError`` (one line) for an option that
    kind does not take."""
    kind = kind_of(chosen)
    params = inspect.signature(function).parameters
    options = {name: names[name] for name in params if name not in SETTING_NAMES and name != "settings"}
    given = [name for name, value in options.items() if value != params[name].default]
    refusal = kind.refusal(what, given)
    if refusal:
        raise ValueError(refusal)
    return kind.entry(what)(chosen, **options)
