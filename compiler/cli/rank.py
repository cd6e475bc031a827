"""``wordle-rank``: prove the best first word over a whole guess list."""

from __future__ import annotations

from .startup import collector_paused, exit_on_interrupt_while_loading, loaded, single_threaded_blas

exit_on_interrupt_while_loading("wordle-rank")  # Ctrl-C while the modules import: 130, one line
single_threaded_blas()  # before any import below loads numpy

with collector_paused():  # see startup: no collections over the libraries' objects
    import sys
    import time
    from pathlib import Path
    from types import SimpleNamespace

    import click

    from ..core.config import DEFAULT_MAX_DEPTH, MODES, OBJECTIVES
    from ..util.files import check_destination
    from .common import (
        CONTEXT,
        CliError,
        FailedError,
        exit_after,
        file_only,
        game_option,
        lists_for_game,
        max_depth_option,
        not_empty,
        split_long_games,
        version_option,
    )
    from .numbers import PlainIntRange
    from .rank_report import plural, report, report_depth
    from .weights import check_weight_numbers, weights_asked, weights_for, weights_options


def _first_words(ctx, path, second_after=None):
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


ALL = "all"


class TopType(click.ParamType):
    """``--top``: a whole number from 1 to 100000, or ``all`` (every word exact)."""

    name = "top"

    def convert(self, value, param, ctx):
        """``all``, or the number checked against its range (one line naming it otherwise)."""
        if isinstance(value, str) and value.strip().lower() == ALL:
            return ALL
        return PlainIntRange(1, 100000).convert(value, param, ctx)


def _pair_keys(ctx, path) -> list[str]:
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


def _default_output(answers, guesses, mode, fmt, ranked: dict) -> str:
    """The results name made of every setting that changes the file: the lists, the mode,
    the depth, what is ranked (the whole list, a first-words or pairs file, second words
    after W), the objective and the weights, so two different rankings never share it."""
    lists = Path(answers).stem if guesses is None else f"{Path(answers).stem}-{Path(guesses).stem}"
    parts = [lists, mode]
    if ranked["max_depth"] != DEFAULT_MAX_DEPTH:
        parts.append(f"depth{ranked['max_depth']}")
    if ranked["second_after"]:
        parts.append(f"after-{ranked['second_after'].strip().lower()}")
    if ranked["pairs"] is not None:
        parts.append(f"pairs-{Path(ranked['pairs']).stem}")
    elif ranked["first_words"] is not None:
        parts.append(f"words-{Path(ranked['first_words']).stem}")
    if ranked["objective"] != "total":
        parts.append(ranked["objective"] + (f"{ranked['deep']}" if ranked["deep"] else ""))
    if ranked["weighted"]:
        parts.append("weighted")
    name = "-".join(part for part in parts if part)
    return f"ranking-{name}.{'csv' if fmt == 'csv' else 'txt'}"


@click.command(
    context_settings=CONTEXT,
    epilog="\b\nExit codes: 0 ranked, 1 no first word finishes within --max-depth, 2 bad input, "
    "3 internal error, 130 interrupted, 143 terminated.",
)
@click.option(
    "--mode", default="normal", show_default=True, type=click.Choice(MODES), help="game rules the trees must follow"
)
@game_option
@click.option(
    "--answers", default="original", show_default=True, help="original | nyt | nyt-extended | improved | all | PATH"
)
@click.option(
    "--guesses",
    default=None,
    help="original | nyt | improved | answers | PATH (default: the allowed list that goes with --answers)",
)
@click.option("--first-words", type=click.Path(dir_okay=False), help="rank only these words (one per line)")
@click.option(
    "--second-after",
    metavar="WORD",
    callback=not_empty,
    help="fix WORD as the first guess and rank second guesses, each played whatever WORD showed",
)
@click.option(
    "--pairs",
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="rank these fixed openings, one 'first second' pair per line (every pair exact by default)",
)
@max_depth_option("every answer must be solved within this many guesses")
@click.option(
    "--objective",
    default="total",
    show_default=True,
    type=click.Choice(OBJECTIVES),
    help="total: the fewest guesses in all; depth: only whether a word solves every answer within "
    "--max-depth (each word proved one way or the other); fewest-deep: the fewest answers "
    "needing --deep K guesses or more, then the fewest in all",
)
@click.option(
    "--deep",
    type=PlainIntRange(2, 64),
    metavar="K",
    help="with --objective fewest-deep: a game of K or more guesses counts as long (e.g. 5)",
)
@weights_options
@click.option(
    "--top",
    default=None,
    type=TopType(),
    metavar="K|all",
    help="exact values for the K best (ties at the K-th included), or for every word [default: 10]",
)
@click.option(
    "--margin",
    default=None,
    type=PlainIntRange(0, 1 << 30),
    help="exact values for every word within M of the best (instead of --top)",
)
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=PlainIntRange(1, 256),
    help="Dask LocalCluster worker processes (1: no Dask, this process)",
)
@click.option("--scheduler", help="a running Dask scheduler, e.g. tcp://host:8786 (instead of --jobs)")
@click.option(
    "-o",
    "--output",
    callback=file_only("the results file is written as words are decided and read back by --resume; give a file name"),
    help="results file, written as words are decided [default: ranking-LISTS-MODE.csv]",
)
@click.option(
    "--format",
    "fmt",
    default="csv",
    show_default=True,
    type=click.Choice(["csv", "selby"]),
    help="csv: word,total,average,status; selby: 'word average total' like the reference solver",
)
@click.option("--resume", is_flag=True, help="go on from the results file: its rows are kept, checked rows trusted")
@click.option("--recheck", is_flag=True, help="with --resume: prove every row again (a file from elsewhere)")
@click.option("--force", is_flag=True, help="replace an existing results file instead of refusing")
@click.option("--json", "as_json", is_flag=True, help="print one JSON object on stdout")
@click.option("--quiet", is_flag=True, help="no progress on stderr")
@click.option("--verbose", is_flag=True, help="Dask's own log lines and its workers' errors on stderr")
@version_option("wordle-rank")
def rank_command(
    mode,
    game,
    answers,
    guesses,
    first_words,
    second_after,
    pairs,
    max_depth,
    objective,
    deep,
    top,
    margin,
    jobs,
    scheduler,
    output,
    fmt,
    resume,
    recheck,
    force,
    as_json,
    quiet,
    verbose,
    **weight_options,
):
    """Prove which first word needs the fewest total guesses, over every first word.

    Each word gets its exact optimum, or a proved lower bound that shows it is not
    among the best; the best word is then proved best over the whole list.  With
    --weights or --prior, the fewest expected guesses under those weights.
    """
    answers, guesses = lists_for_game(game, answers, guesses)
    scheduler = _checked_options(top, margin, jobs, scheduler, output)
    if pairs is not None and (first_words is not None or second_after):
        raise CliError("--pairs names both words of each opening: not with --first-words or --second-after")
    check_weight_numbers(weight_options["prior_width"], weight_options["weight_missing"])
    weighted = weights_asked(**weight_options)
    _check_objective(objective, deep, max_depth, top, margin, fmt, weighted)
    if recheck and not resume:
        raise CliError("--recheck goes with --resume: it proves the resumed rows again")
    if force and resume:
        raise CliError("--force starts over and --resume goes on: give one")
    output = output or _default_output(
        answers,
        guesses,
        mode,
        fmt,
        {
            "max_depth": max_depth,
            "second_after": second_after,
            "pairs": pairs,
            "first_words": first_words,
            "objective": objective,
            "deep": deep,
            "weighted": weighted,
        },
    )
    plan = _plan(
        mode,
        answers,
        guesses,
        first_words,
        second_after,
        pairs,
        max_depth,
        top,
        margin,
        output,
        fmt,
        "recheck" if recheck else "resume" if resume else "force" if force else "new",
        quiet,
        objective,
        deep,
        weight_options if weighted else None,
    )
    began = time.perf_counter()
    fresh, counters, contradicted, peaks, log = _run(plan, jobs, scheduler, fmt, quiet, verbose)
    ranking, path = plan.ranking, plan.path
    if contradicted is not None:
        kept = {r.word: r for r in plan.trusted + fresh}  # every proved row; no unchecked claim
        log.finish([(r.word, r.value, r.exact) for r in kept.values()], complete=False)
        claim, proved = contradicted
        deep = plan.spec.deep
        raise CliError(
            f"results file {path} gives {claim.word} {_claim(claim, deep)}, but the search proves "
            f"{_claim(proved, deep)}; not resuming from it (it now holds only the rows whose checks "
            "hold and this run's results)"
        )
    log.finish(ranking.final_rows())
    seconds = time.perf_counter() - began
    if objective == "depth":
        report_depth(ranking, plan, seconds, counters, peaks, as_json)
    else:
        report(ranking, plan, seconds, counters, peaks, as_json)
    if ranking.results and ranking.best() is None:  # a valid request with no answer, as wordle-compile's
        within = f"{max_depth} guess" if max_depth == 1 else f"{max_depth} guesses"
        raise FailedError(
            f"no {plan.what} solves every answer within {within} "
            f"({len(ranking.results)} proved infeasible; results in {path})"
        )


def _check_objective(objective, deep, max_depth, top, margin, fmt, weighted=False):
    """The options each objective takes (one line naming the clash otherwise)."""
    from ..core.config import objective_clash

    clash = objective_clash(objective, deep, max_depth)
    if clash:
        raise CliError(clash)
    if weighted and (objective != "total" or fmt != "csv"):
        raise CliError("--weights and --prior rank by expected guesses: --objective total and --format csv only")
    if objective == "depth" and (top is not None or margin is not None):
        raise CliError("--objective depth decides every word (fits or not): no --top or --margin")
    if objective != "total" and fmt != "csv":
        raise CliError(f"--format selby has no rows for --objective {objective}: use csv")


def _plan(
    mode,
    answers,
    guesses,
    first_words,
    second_after,
    pairs,
    max_depth,
    top,
    margin,
    output,
    fmt,
    start,
    quiet,
    objective="total",
    deep=None,
    weight_options=None,
) -> SimpleNamespace:
    """What to rank and how: spec, context, words, results path and header, the ranking with
    any kept results, and the words still to decide in their order (``start``: "new",
    "force", "resume" or "recheck"; ``weight_options``: the weights options, when any was
    given)."""
    from dataclasses import replace

    from .. import __version__
    from ..core.symmetry import symmetry_classes
    from ..core.wordlists import WordListError
    from ..ranking.first_words import Ranking, RankSpec, context_for, heuristic_order
    from ..ranking.results import results_header
    from ..ranking.results_log import LogContents

    second_after = second_after.strip().lower() if second_after else None
    spec = RankSpec(
        answers=answers,
        guesses=guesses,
        mode=mode,
        max_depth=max_depth,
        first=second_after,
        objective=objective,
        deep=deep,
    )
    try:
        ctx = context_for(spec)
        words = _pair_keys(ctx, pairs) if pairs is not None else _first_words(ctx, first_words, second_after)
    except WordListError as exc:
        raise CliError(str(exc)) from None
    if weight_options is not None:
        spec = replace(
            spec, weights=weights_for(list(ctx.words.answers), **weight_options, language=ctx.words.language)
        )
    path = check_destination(output, "results")
    n_answers = len(ctx.words.answers) if spec.weights is None else sum(spec.weights.values)  # the average's divisor
    header = results_header(ctx.words, mode, max_depth, __version__, second_after, objective, deep, spec.weights)
    every = top == ALL or (pairs is not None and top is None and margin is None) or objective == "depth"
    top = max(1, len(words)) if every else top
    ranking = Ranking(top=top if top is not None else (None if margin is not None else 10), margin=margin)
    if ranking.top is not None and ranking.top >= len(words) > 1 and not (quiet or every):
        click.echo(
            f"wordle-rank: warning: --top {ranking.top} covers all {len(words)} words, so each is solved "
            "exactly with no cut-off (a poor word can take minutes); a smaller --top is faster",
            err=True,
        )
    if start in ("resume", "recheck"):
        contents = _kept_results(
            path, header, words, n_answers, max_depth, objective, spec.weights is not None, start == "recheck"
        )
    else:
        _refuse_overwrite(path, start)
        contents = LogContents()
    claims = ranking.resume(contents)  # a bound below the cut-off or unchecked: its word stays in todo
    every_first_word = first_words is None and pairs is None and second_after is None
    classes = symmetry_classes(ctx.words, spec.mode, spec.weights is not None, words) if every_first_word else {}
    # a class's other words take its representative's result; one left undecided by a stopped
    # run (its representative decided) is decided on its own
    shared = {w for rep, others in classes.items() if rep not in ranking.results for w in others}
    todo = [w for w in heuristic_order(ctx, spec, [w for w in words if w not in shared]) if w not in ranking.results]
    what = "first word" if second_after is None else f"second word after {second_after}"
    what = "pair" if pairs is not None else what
    return SimpleNamespace(
        spec=spec,
        ctx=ctx,
        words=words,
        path=path,
        header=header,
        ranking=ranking,
        kept=claims,
        trusted=contents.trusted,
        todo=todo,
        classes=classes,
        n_answers=n_answers,
        what=what,
        resume=start in ("resume", "recheck"),
    )


def _run(plan, jobs, scheduler, fmt, quiet, verbose):
    """Decide ``plan.todo`` on the executor, logging each word as it comes: (this run's
    results, summed counters, a contradicted kept claim or None, worker peaks, the log)."""
    from dataclasses import replace

    from ..concurrency.cluster import ClusterLostError, executor_for
    from ..ranking.eta import RankingEta, sample_words
    from ..ranking.first_words import run_ranking, verify_claims
    from ..ranking.results_log import ResultsLog

    ranking, path = plan.ranking, plan.path
    bar = None if quiet else _progress(len(plan.words), len(plan.words) - len(plan.todo), plan.what)
    counters, fresh, log, eta = {}, [], None, None

    def count(result):
        for k, v in result.counters.items():
            counters[k] = counters.get(k, 0) + v

    def on_result(result):
        log.append(result)
        fresh.append(result)
        count(result)
        note = eta.record(result.word, result.seconds)
        for other in plan.classes.get(result.word, ()):  # equivalent by the game's symmetry: the same result
            if other not in ranking.results:
                twin = replace(result, word=other, seconds=0.0, counters={})
                ranking.add(twin)
                log.append(twin)
                fresh.append(twin)
                if bar is not None:
                    bar.update(1)
        if bar is not None:
            best = ranking.best()
            if plan.spec.objective == "depth":
                bar.set_postfix_str(f"{ranking.exact_count()} fit, {note}", refresh=False)
            else:
                shown = best and " ".join(str(v) for v in split_long_games(best.value, plan.spec.deep) if v is not None)
                bar.set_postfix_str(f"best {best.word} {shown}, {note}" if best else note, refresh=False)
            bar.update(1)

    try:
        with executor_for(jobs, scheduler, preload=(run_ranking.__module__,), verbose=verbose) as executor:
            # only now, with the workers up: a cluster that cannot be reached leaves the file alone
            log = ResultsLog(
                path,
                fmt,
                plan.n_answers,
                plan.header,
                plan.spec.objective,
                plan.spec.max_depth,
                plan.spec.weights is not None,
                resume=plan.resume,
            )
            early = sample_words(plan.todo)
            eta = RankingEta(plan.todo, early)  # its clock starts once the workers are up
            run_ranking(plan.spec, plan.todo, ranking, executor, on_result, early=early)
            contradicted = ranking.broken_floor(fresh) or (
                verify_claims(plan.spec, plan.kept, ranking, executor, count) if plan.kept else None
            )
            peaks = executor.worker_peak_rss_mib()
    except ClusterLostError as exc:
        raise CliError(f"{exc}; every word decided so far is in {path}, and --resume goes on") from None
    finally:
        if log is not None:
            log.close()
        if bar is not None:
            bar.close()
    return fresh, counters, contradicted, peaks, log


def _checked_options(top, margin, jobs, scheduler, output):
    """The options that exclude each other or must not be empty; the scheduler's address."""
    if top is not None and margin is not None:
        raise CliError("--top and --margin are alternatives: give one")
    if scheduler is not None and jobs != 1:
        raise CliError("--jobs and --scheduler are alternatives: the cluster's workers do the work")
    if output == "":
        raise CliError("-o needs a file name")
    if scheduler is None:
        return None
    from ..concurrency.cluster import scheduler_address

    try:
        return scheduler_address(scheduler)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _kept_results(path, header, words, n_answers, max_depth, objective, weighted, recheck):
    """The claims of an earlier run of the same ranking (``--resume``), checked line by line."""
    from ..ranking.results import ResultsFileError
    from ..ranking.results_log import read_log

    try:
        return read_log(path, header, set(words), n_answers, max_depth, objective, weighted, recheck)
    except ResultsFileError as exc:
        raise CliError(str(exc)) from None


def _refuse_overwrite(path, start):
    """A results file that holds rows is replaced only with ``--force`` (``--resume`` goes on from it)."""
    from ..ranking.results_log import decided_rows

    rows = decided_rows(path)
    if rows and start != "force":
        raise CliError(
            f"results file {path} already holds {rows} row{'s' if rows != 1 else ''}: --resume goes on "
            "from it, --force replaces it, -o names another file"
        )


def _claim(result, deep=None) -> str:
    """A claim in words: an exact value or a bound, with fewest-deep's two parts apart."""
    if result.value >= 1 << 36:
        return "no tree within the depth limit"
    long, total = split_long_games(result.value, deep)
    value = f"{total}" if long is None else f"{long} long games and {total} guesses"
    return f"{value} exactly" if result.exact else f"at least {value}"


def _progress(total, done, what="first word"):
    from tqdm import tqdm

    from ..ranking.eta import BAR_FORMAT

    unit = "pairs" if what == "pair" else "words"
    return tqdm(
        total=total,
        initial=done,
        unit=unit,
        file=sys.stderr,
        dynamic_ncols=True,
        desc=f"ranking {plural(what)}",
        bar_format=BAR_FORMAT,
    )


def main(argv=None):
    """Entry point of ``wordle-rank``: run it on ``argv`` (default ``sys.argv[1:]``) and exit."""
    exit_after(rank_command, argv, "wordle-rank")


loaded("wordle-rank")

if __name__ == "__main__":
    main()
