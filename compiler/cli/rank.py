"""``wordle-rank``: prove the best first word over a whole guess list."""

from __future__ import annotations

from .startup import collector_paused, exit_on_interrupt_while_loading, loaded, single_threaded_blas

exit_on_interrupt_while_loading("wordle-rank")  # Ctrl-C or SIGTERM while the modules import: one line
single_threaded_blas()  # before any import below loads numpy

with collector_paused():  # see startup: no collections over the libraries' objects
    import time
    from dataclasses import replace

    import click

    from ..core.settings import OBJECTIVES
    from .common import (
        CONTEXT,
        CliError,
        FailedError,
        boards_option,
        exit_after,
        game_option,
        game_settings,
        given_max_depth,
        max_depth_option,
        mode_option,
        not_empty,
        version_option,
    )
    from .numbers import PlainIntRange
    from .rank_plan import ALL, RankRequest, default_output, plan_ranking
    from .rank_report import report, report_depth
    from .rank_results import refuse_contradicted
    from .rank_run import run_plan
    from .streams import file_only
    from .weights import check_weight_numbers, weights_asked, weights_options


class TopType(click.ParamType):
    """``--top``: a whole number from 1 to 100000, or ``all`` (every word exact)."""

    name = "top"

    def convert(self, value, param, ctx):
        """``all``, or the number checked against its range (one line naming it otherwise)."""
        if isinstance(value, str) and value.strip().lower() == ALL:
            return ALL
        return PlainIntRange(1, 100000).convert(value, param, ctx)


@click.command(
    context_settings=CONTEXT,
    epilog="\b\nExit codes: 0 ranked, 1 no first word finishes within --max-depth, 2 bad input (or --boards: "
    "more tuples than the exact ranking takes), "
    "3 internal error, 130 interrupted, 143 terminated.",
)
@mode_option("game rules the trees must follow (strict: possible)")
@game_option
@boards_option(": every first guess exact, for small lists")
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
    type=click.Choice([*OBJECTIVES, "win"]),
    help="total: the fewest guesses in all; depth: only whether a word solves every answer within "
    "--max-depth (each word proved one way or the other); fewest-deep: the fewest answers "
    "needing --deep K guesses or more, then the fewest in all; win (--boards): the fewest "
    "tuples unsolved within --max-depth, then the fewest in all",
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
def rank_command(  # noqa: PLR0913 - a click command takes its options as parameters
    mode,
    game,
    boards,
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
    --weights or --prior, the fewest expected guesses under those weights.  With
    --boards K (or --game quordle), every first guess of the multi-board game exact.
    """
    ctx = click.get_current_context()
    settings = game_settings(game, mode, answers, guesses, given_max_depth(ctx), boards=boards)
    from ..kinds import kind_of

    if kind_of(settings).several:
        from .rank_boards import run_boards_ranking

        run_boards_ranking(ctx, settings)
        return
    if objective == "win":
        raise CliError("--objective win is for multi-board games (--boards K)")
    scheduler = _checked_options(top, margin, jobs, scheduler, output)
    ranked = {"pairs": pairs, "first_words": first_words, "second_after": second_after}
    weighted = _checked_ranked(ranked, objective, deep, max_depth, (top, margin, fmt), weight_options)
    start = _checked_start(resume, recheck, force)
    request = RankRequest(
        settings=replace(settings, objective=objective, deep=deep),  # checked with the command's words
        first_words=first_words,
        second_after=second_after,
        pairs=pairs,
        top=top,
        margin=margin,
        fmt=fmt,
        start=start,
        quiet=quiet,
        weight_options=weight_options if weighted else None,
    )
    plan = plan_ranking(request, output or default_output(request))
    began = time.perf_counter()
    fresh, counters, contradicted, peaks, log = run_plan(plan, jobs, scheduler, fmt, quiet, verbose)
    ranking, path = plan.ranking, plan.path
    if contradicted is not None:
        refuse_contradicted(plan, fresh, log, contradicted)
    log.finish(ranking.final_rows())
    if plan.journal is not None:
        plan.journal.remove()  # every word is in the results file: no class bound is needed
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


def _checked_ranked(ranked: dict, objective: str, deep, max_depth: int, shown: tuple, weight_options: dict) -> bool:
    """Whether the weights options ask for weights; what is ranked (``ranked``: ``--pairs``,
    ``--first-words``, ``--second-after``), the weights' numbers and the options each
    objective takes (``shown``: ``--top``, ``--margin``, ``--format``), refused before any
    work when they clash."""
    if ranked["pairs"] is not None and (ranked["first_words"] is not None or ranked["second_after"]):
        raise CliError("--pairs names both words of each opening: not with --first-words or --second-after")
    check_weight_numbers(weight_options["prior_width"], weight_options["weight_missing"])
    weighted = weights_asked(**weight_options)
    _check_objective(objective, deep, max_depth, *shown, weighted)
    return weighted


def _checked_start(resume: bool, recheck: bool, force: bool) -> str:
    """How the run starts with its results file: "recheck", "resume", "force" or "new"."""
    if recheck and not resume:
        raise CliError("--recheck goes with --resume: it proves the resumed rows again")
    if force and resume:
        raise CliError("--force starts over and --resume goes on: give one")
    return "recheck" if recheck else "resume" if resume else "force" if force else "new"


def _check_objective(objective, deep, max_depth, top, margin, fmt, weighted=False):
    """The options each objective takes (one line naming the clash otherwise)."""
    from ..core.settings import objective_clash

    clash = objective_clash(objective, deep, max_depth)
    if clash:
        raise CliError(clash)
    if weighted and (objective != "total" or fmt != "csv"):
        raise CliError("--weights and --prior rank by expected guesses: --objective total and --format csv only")
    if objective == "depth" and (top is not None or margin is not None):
        raise CliError("--objective depth decides every word (fits or not): no --top or --margin")
    if objective != "total" and fmt != "csv":
        raise CliError(f"--format selby has no rows for --objective {objective}: use csv")


def _checked_options(top, margin, jobs, scheduler, output):
    """The options that exclude each other or must not be empty; the scheduler's address."""
    from .rank_plan import JOBS_OR_SCHEDULER, checked_scheduler

    if top is not None and margin is not None:
        raise CliError("--top and --margin are alternatives: give one")
    if scheduler is not None and jobs != 1:
        raise CliError(JOBS_OR_SCHEDULER)
    if output == "":
        raise CliError("-o needs a file name")
    return checked_scheduler(jobs, scheduler)


def main(argv=None):
    """Entry point of ``wordle-rank``: run it on ``argv`` (default ``sys.argv[1:]``) and exit."""
    exit_after(rank_command, argv, "wordle-rank")


loaded("wordle-rank")

if __name__ == "__main__":
    main()
