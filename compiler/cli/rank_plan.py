"""What ``wordle-rank`` is asked to rank and its plan for it (click definition in :mod:`.rank`):
the request its options make; the words (or first+second pairs) to rank, read and checked
against the guess list; and the plan: spec, lists and matrix, results file and header, the
ranking with any results kept from an earlier run, and the words still to decide in order."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING

import click

from ..core.games import file_name_part, games_file_name
from ..core.settings import default_max_depth
from ..core.wordlists import paired_guesses
from ..kinds import kind_of
from ..util.files import check_destination
from .common import CliError
from .progress import announce_matrix
from .rank_results import starting_contents
from .weights import weights_for

if TYPE_CHECKING:
    from ..core.config import Context
    from ..core.settings import Settings
    from ..ranking.first_words import Ranking, RankSpec

ALL = "all"  # --top all: every word exact


@dataclass(frozen=True)
class RankRequest:
    """What the options ask ``wordle-rank`` to rank, and how, once checked: the game's
    ``settings`` (their weights are the ``weight_options``, read once the lists are loaded)."""

    settings: Settings
    first_words: str | None  # a file of the words to rank
    second_after: str | None  # the fixed first guess, as given: second guesses are ranked
    pairs: str | None  # a file of the openings to rank
    top: int | str | None  # a count, ALL, or None (the default, or --margin)
    margin: int | None
    fmt: str
    start: str  # "new", "force", "resume" or "recheck"
    quiet: bool
    weight_options: dict | None  # the weights options, when they ask for weights


def first_words(ctx: Context, path: str | None, second_after: str | None = None) -> list[str]:
    """The words to rank: the file's, or the whole guess list (without the fixed first guess)."""
    from ..core.wordlists import read_word_file

    if second_after is not None and second_after not in ctx.guess_index:
        raise CliError(f"--second-after {second_after!r} is not in the guess list {ctx.words.guesses_name}")
    if path is None:
        return [w for w in ctx.words.guesses if w != second_after]
    words = read_word_file(path)
    unknown = [w for w in words if w not in ctx.guess_index]
    if unknown:
        raise CliError(f"{len(unknown)} first word(s) are not in the guess list: {', '.join(unknown[:5])}")
    if second_after in words:
        raise CliError(f"--first-words holds {second_after!r}, the fixed first guess: a second guess must differ")
    return words


def pair_keys(ctx: Context, path: str) -> list[str]:
    """``first+second`` keys of the openings in ``path`` (one pair per line: two words,
    separated by a space, a comma or a plus; ``#`` starts a comment), in the file's order,
    each once."""
    from ..ranking.first_words import PAIR_SEPARATOR, pair_key, split_pair
    from ..util.files import OutputError, decode_text, read_regular_file

    try:
        text = decode_text(read_regular_file(path, 1 << 20, "pairs file"), errors="replace")
    except OutputError as exc:
        raise CliError(str(exc)) from None
    keys = []
    for number, line in enumerate(text.splitlines(), start=1):
        pair = [w for w in line.split("#", 1)[0].replace(",", " ").lower().split() if w != PAIR_SEPARATOR]
        if len(pair) == 1:  # "first+second" (a word may hold "+" itself: split_pair)
            pair = list(split_pair(pair[0], ctx.game.length) or pair)
        if not pair:
            continue
        if len(pair) != 2 or pair[0] == pair[1] or not all(w in ctx.guess_index for w in pair):
            raise CliError(
                f"pairs file {path}, line {number}: {line.strip()[:60]!r} is not two different words "
                f"of the guess list {ctx.words.guesses_name}"
            )
        keys.append(pair_key(*pair))
    if not keys:
        raise CliError(f"pairs file {path} holds no pair")
    return list(dict.fromkeys(keys))


def plan_ranking(request: RankRequest, output: str) -> SimpleNamespace:
    """What to rank and how: spec, context, words, results path (``output``) and header, the
    ranking with any kept results, and the words still to decide in their order."""
    from .. import __version__
    from ..ranking.results import results_header

    spec, ctx, words = _spec_and_words(request)
    path = check_destination(output, "results")
    weights = spec.settings.weights
    n_answers = len(ctx.words.answers) if weights is None else sum(weights.values)  # the average's divisor
    header = results_header(ctx.words, spec.settings, __version__, spec.first)
    ranking = _ranking(request, words)
    contents = starting_contents(
        path,
        request.start,
        header,
        words,
        n_answers,
        spec.settings.max_depth,
        spec.settings.objective,
        spec.settings.weights is not None,
    )
    claims = ranking.resume(contents)  # a bound below the cut-off or unchecked: its word stays in todo
    classes, todo = _todo(request, ctx, spec, words, ranking)
    what = "first word" if spec.first is None else f"second word after {spec.first}"
    what = "pair" if request.pairs is not None else what
    return SimpleNamespace(
        spec=spec,
        ctx=ctx,
        words=words,
        path=path,
        header=header,
        ranking=ranking,
        journal=None,  # the class bounds kept beside the results (rank_run.run_plan opens it)
        kept=claims,
        trusted=contents.trusted,
        todo=todo,
        classes=classes,
        n_answers=n_answers,
        what=what,
        resume=request.start in ("resume", "recheck"),
    )


def _spec_and_words(request: RankRequest) -> tuple[RankSpec, Context, list[str]]:
    """The ranking's spec (with the weights, when asked for), its lists and matrix, and the
    words (or pair keys) to rank; one line for a bad list or word."""
    from dataclasses import replace

    from ..core.wordlists import WordListError
    from ..ranking.first_words import RankSpec, context_for

    second_after = request.second_after.strip().lower() if request.second_after else None
    spec = RankSpec(request.settings, first=second_after)
    try:
        ctx = context_for(spec)
        announce_matrix("wordle-rank", ctx.words, request.quiet)
        if request.pairs is not None:
            words = pair_keys(ctx, request.pairs)
        else:
            words = first_words(ctx, request.first_words, second_after)
    except WordListError as exc:
        raise CliError(str(exc)) from None
    if request.weight_options is not None:
        weights = weights_for(list(ctx.words.answers), **request.weight_options, language=ctx.words.language)
        spec = replace(spec, settings=spec.settings.with_weights(weights))
    return spec, ctx, words


def _ranking(request: RankRequest, words: list[str]) -> Ranking:
    """The empty ranking: the K best exact (``--top``, 10 by default), every word within M of
    the best (``--margin``), or every word (``--top all``, pairs and the depth objective by
    default); a warning when ``--top`` covers every word."""
    from ..ranking.first_words import Ranking

    top, margin = request.top, request.margin
    every = (
        top == ALL
        or (request.pairs is not None and top is None and margin is None)
        or request.settings.objective == "depth"
    )
    top = max(1, len(words)) if every else top
    ranking = Ranking(top=top if top is not None else (None if margin is not None else 10), margin=margin)
    if ranking.top is not None and ranking.top >= len(words) > 1 and not (request.quiet or every):
        click.echo(
            f"wordle-rank: warning: --top {ranking.top} covers all {len(words)} words, so each is solved "
            "exactly with no cut-off (a poor word can take minutes); a smaller --top is faster",
            err=True,
        )
    return ranking


def _todo(
    request: RankRequest, ctx: Context, spec: RankSpec, words: list[str], ranking: Ranking
) -> tuple[dict, list[str]]:
    """(the classes of first words equal by the game's symmetry, each representative's
    others; the words still to decide, in the ranking's order)."""
    from ..core.symmetry import symmetry_classes
    from ..ranking.first_words import heuristic_order

    every_first_word = request.first_words is None and request.pairs is None and request.second_after is None
    classes = symmetry_classes(ctx.words, spec.settings.mode, spec.settings.weights, words) if every_first_word else {}
    # a class's other words take its representative's result; a class with a word decided by an
    # earlier run (one over --first-words, or one stopped before the class's rows were written)
    # takes that word's, representative included (rank_run: before the ranking starts)
    shared = {w for others in classes.values() for w in others}
    shared |= {rep for rep, others in classes.items() if any(w in ranking.results for w in others)}
    todo = [w for w in heuristic_order(ctx, spec, [w for w in words if w not in shared]) if w not in ranking.results]
    return classes, todo


def default_output(request: RankRequest) -> str:
    """The results name made of every setting that changes the file: the lists, the mode,
    the depth, what is ranked (the whole list, a first-words or pairs file, second words
    after W), the objective and the weights, so two different rankings never share it."""
    settings = request.settings
    answers, guesses = settings.lists()
    lists = games_file_name(answers) or file_name_part(answers)
    if guesses is not None and guesses != paired_guesses(answers):
        lists += f"-{file_name_part(guesses)}"
    parts = [lists, settings.mode]
    if kind_of(settings).several:
        parts.append(f"boards{settings.boards}")
    if settings.max_depth != default_max_depth(settings.boards):
        parts.append(f"depth{settings.max_depth}")
    if request.second_after:
        parts.append(f"after-{request.second_after.strip().lower()}")
    if request.pairs is not None:
        parts.append(f"pairs-{Path(request.pairs).stem}")
    elif request.first_words is not None:
        parts.append(f"words-{Path(request.first_words).stem}")
    if settings.objective != "total":
        parts.append(settings.objective + (f"{settings.deep}" if settings.deep else ""))
    if request.weight_options is not None:
        parts.append("weighted")
    name = "-".join(part for part in parts if part)
    return f"ranking-{name}.{'csv' if request.fmt == 'csv' else 'txt'}"


JOBS_OR_SCHEDULER = "--jobs and --scheduler are alternatives: the cluster's workers do the work"


def checked_scheduler(jobs: int, scheduler: str | None) -> str | None:
    """The Dask scheduler's address (None without one); one line when ``--jobs`` is given
    too or the address is malformed."""
    if scheduler is None:
        return None
    if jobs != 1:
        raise CliError(JOBS_OR_SCHEDULER)
    from ..concurrency.cluster import scheduler_address

    try:
        return scheduler_address(scheduler)
    except ValueError as exc:
        raise CliError(str(exc)) from None
