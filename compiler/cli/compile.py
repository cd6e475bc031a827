"""``wordle-compile``: build, verify and write one tree file.

Errors, exit codes and ``--json`` failures follow :mod:`.common` (README, "Errors and
exit codes").  The output path is checked before the build starts, so a bad ``-o``
costs nothing; the file is written atomically by :mod:`..util.files`.
"""

from __future__ import annotations

from .startup import collector_paused, exit_on_interrupt_while_loading, loaded, single_threaded_blas

exit_on_interrupt_while_loading("wordle-compile")  # Ctrl-C or SIGTERM while numpy imports: one line
single_threaded_blas()  # before any import below loads numpy

with collector_paused():  # see startup: no collections over the libraries' objects
    import json

    import click

    from ..core.config import BuildConfig
    from ..core.settings import MAX_JOBS, MEMO_MB_RANGE, OBJECTIVES, TIME_LIMIT_RANGE, check_memo_mb
    from ..core.wordlists import ANSWER_SPECIALS, GUESS_SPECIALS, NAMED_ANSWERS, NAMED_GUESSES
    from ..kinds import kind_of
    from ..strategies.table import ALIASES, DESCRIPTIONS, FALLBACK_STRATEGIES, FALLBACK_STRATEGY
    from ..util.files import check_folder
    from .common import (
        CONTEXT,
        CliError,
        FailedError,
        boards_option,
        exit_after,
        game_option,
        game_settings,
        given_max_depth,
        json_option,
        max_depth_option,
        mode_option,
        one_line,
        quiet_option,
        quiet_warnings,
        version_option,
    )
    from .compile_boards import run_boards
    from .compile_report import anytime_for, default_output, json_doc, proving_for, report_stop, summary_lines, too_deep
    from .numbers import PlainFloatRange, PlainIntRange
    from .progress import Progress
    from .streams import STDIO, check_tree_destination, write_output
    from .weights import check_weight_numbers, weights_asked, weights_for, weights_options

STRATEGY_NAMES = sorted(DESCRIPTIONS) + sorted(ALIASES)
PROG = "wordle-compile"


def _word_option(ctx, param, value):
    """``--start ''`` is an error, not "no start"."""
    if value is None:
        return None
    if not value.strip():
        raise click.BadParameter("must be a five-letter word, not empty")
    return value.strip().lower()


def _opening_option(ctx, param, value):
    """``--opening W1,W2``: the two words, lower-case; anything else is one plain line
    quoting what was given."""
    if value is None:
        return None
    words = tuple(word.strip().lower() for word in value.split(","))
    if len(words) != 2 or not all(words) or words[0] == words[1]:
        raise CliError(f"--opening takes two different words, W1,W2: got {value!r}")
    return words


def _build(cfg, jobs, quiet, stamp, memo_mb=None, words=None, anytime=None, proving=None):
    """Build and verify ``cfg`` (``words``: its lists, when already loaded); an infeasible
    request is exit 1, any other build failure one line with exit 2."""
    from ..core.errors import BuildError
    from ..pipeline.run import build
    from ..proof.optimal import InfeasibleError

    progress = Progress(quiet)

    try:
        with quiet_warnings(quiet):
            result = build(
                cfg,
                jobs=jobs,
                progress=progress,
                stamp=stamp,
                memo_mb=memo_mb,
                words=words,
                anytime=anytime,
                proving=proving,
                notify=None if quiet else lambda text: click.echo(f"{PROG}: {one_line(text)}", err=True),
            )
    except InfeasibleError as exc:
        # a valid request with no answer: like a broken depth guarantee, exit 1
        raise FailedError(str(exc)) from None
    except BuildError as exc:
        raise CliError(str(exc)) from None
    finally:
        progress.close()
    return result


@click.command(
    context_settings=CONTEXT,
    # \b keeps click from re-wrapping: one line per strategy
    epilog="\b\nStrategies (ties: a possible answer first, then alphabetical):\n"
    + "\n".join(f"  {k:16} {v}" for k, v in sorted(DESCRIPTIONS.items()))
    + "\n\n\bExit codes: 0 written, 1 infeasible or deeper than --max-depth, "
    "2 bad input, 3 internal error, 130 interrupted, 143 terminated.",
)
@click.option(
    "--strategy",
    default="entropy",
    show_default=True,
    type=click.Choice(STRATEGY_NAMES),
    help="how to choose each guess (listed below)",
)
@click.option("--start", callback=_word_option, help="fix the first guess")
@click.option(
    "--opening", callback=_opening_option, help="fix the first two guesses, e.g. learn,sight (two different words)"
)
@click.option(
    "--objective",
    type=click.Choice([*OBJECTIVES, "win"]),
    default="total",
    show_default=True,
    help="optimal: total = the fewest guesses in all; depth = the least worst case, then the fewest; "
    "fewest-deep = the fewest answers needing --deep K guesses or more, then the fewest; "
    "win (--boards) = the most games solved within --max-depth, then the fewest",
)
@click.option(
    "--deep",
    type=PlainIntRange(2, 64),
    metavar="K",
    help="with --objective fewest-deep: a game of K or more guesses counts as long (e.g. 5)",
)
@weights_options
@mode_option(
    "normal; hard (greens stay, found letters reused); possible (every guess could be the answer); strict"
    " (hard, and no letter where it showed yellow or grey: the same rules as possible)"
)
@game_option
@boards_option(": the exact tree (optimal, small lists), or on 2 boards a policy's whole tree")
@click.option(
    "--answers", default="original", show_default=True, help=" | ".join([*NAMED_ANSWERS, *ANSWER_SPECIALS, "PATH"])
)
@click.option(
    "--guesses",
    default=None,
    help=" | ".join([*NAMED_GUESSES, *GUESS_SPECIALS, "PATH"])
    + " [default: the allowed list that goes with --answers]",
)
@max_depth_option("guarantee to check: every answer solved within this many guesses")
@click.option("--allow-deeper", is_flag=True, help="write the tree even if it breaks --max-depth")
@click.option(
    "--seed",
    default=0,
    show_default=True,
    type=PlainIntRange(-(1 << 63), (1 << 63) - 1),
    help="seed for --strategy random",
)
@click.option(
    "--width",
    default=50,
    show_default=True,
    type=PlainIntRange(1, 100000),
    help="shortlist size for --strategy lookahead and rollout",
)
@click.option(
    "--candidates",
    default=None,
    type=PlainIntRange(1, 100000),
    help="optimal without --start: only the K best-ranked first words (a labelled heuristic) "
    "[default: prove the best over every first word, as wordle-rank does]",
)
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=PlainIntRange(1, MAX_JOBS),
    help="optimal: search threads sharing one memo, each class's candidates split between them; "
    "heuristics: worker processes (output does not depend on it)",
)
@click.option(
    "--threads",
    default=1,
    show_default=True,
    type=PlainIntRange(1, MAX_JOBS),
    help="threads sharing the heuristic strategies' larger scoring passes (a pass never waits "
    "for a thread the machine has paused)",
)
@click.option(
    "--memo-mb",
    default=192,
    show_default=True,
    type=PlainFloatRange(*MEMO_MB_RANGE),
    help="cap on the optimal search's memo (it starts small and grows only as needed)",
)
@click.option(
    "--anytime",
    is_flag=False,
    flag_value=FALLBACK_STRATEGY,
    type=click.Choice(FALLBACK_STRATEGIES),
    metavar="[HEURISTIC]",
    help=f"optimal from --start: a quick tree first by HEURISTIC ({FALLBACK_STRATEGY}; rollout: better, slower), "
    "so a stop (Ctrl-C, SIGTERM, --time-limit) writes the best tree so far with its proved lower bound",
)
@click.option(
    "--time-limit",
    type=PlainFloatRange(*TIME_LIMIT_RANGE),
    metavar="SECONDS",
    help="optimal from --start: stop the exact search after this long and write the best tree so far "
    "(implies --anytime)",
)
@click.option(
    "--checkpoint",
    metavar="FILE",
    help="optimal from --start: keep each class below the first guess in FILE as it is proved, "
    "so that a stopped build goes on with --resume and proves none of them again",
)
@click.option("--resume", is_flag=True, help="with --checkpoint: take the classes FILE holds (each replayed first)")
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="optimal from --start: prove the classes below the first guess on a running Dask cluster, "
    "one class per task, e.g. tcp://host:8786",
)
@click.option(
    "--workers",
    type=PlainIntRange(1, MAX_JOBS),
    metavar="N",
    help="optimal from --start: prove the classes below the first guess on a Dask LocalCluster "
    "of N worker processes, one class per task (instead of --jobs threads)",
)
@click.option(
    "--stats", "show_stats", is_flag=True, help="print the optimal search's work counters on stderr (also in --json)"
)
@click.option(
    "-o",
    "--output",
    help="tree file to write, or - for stdout (the report then goes to stderr) "
    "[default: a name made of the settings, e.g. optimal-salet-normal.wtree]",
)
@json_option()
@click.option("--stamp", is_flag=True, help="record the build time in meta")
@quiet_option()
@version_option(PROG)
def compile_command(  # noqa: PLR0913 - a click command takes its options as parameters
    strategy,
    start,
    opening,
    objective,
    deep,
    weights_file,
    weight_missing,
    prior,
    prior_width,
    prior_common,
    mode,
    game,
    boards,
    answers,
    guesses,
    max_depth,
    allow_deeper,
    seed,
    width,
    candidates,
    jobs,
    threads,
    memo_mb,
    anytime,
    time_limit,
    checkpoint,
    resume,
    scheduler,
    workers,
    show_stats,
    output,
    as_json,
    stamp,
    quiet,
):
    """Compile a full Wordle decision tree, verify it, and write one msgpack file.

    With --weights or --prior, answers are not equally likely: optimal minimises the
    expected guesses under those weights, and the heuristics score with them."""
    settings = game_settings(game, mode, answers, guesses, given_max_depth(click.get_current_context()), boards=boards)
    if kind_of(settings).several:
        run_boards(click.get_current_context(), settings)
        return
    if objective == "win":
        raise CliError("--objective win is for multi-board games (--boards K)")
    options = {"start": start, "opening": opening, "seed": seed, "width": width, "candidates": candidates}
    weight_options = {
        "weights_file": weights_file,
        "weight_missing": weight_missing,
        "prior": prior,
        "prior_width": prior_width,
        "prior_common": prior_common,
    }
    cfg, words = _checked_config(strategy, settings, (objective, deep), options, weight_options, quiet)
    _check_memo_and_destination(memo_mb, output, as_json)
    from ..core.guess_stats import set_threads

    set_threads(threads)
    stop = anytime_for(cfg, anytime, time_limit)
    proving = proving_for(cfg, checkpoint, resume, scheduler, workers, quiet)
    result = _build(cfg, jobs, quiet, stamp, memo_mb, words, stop, proving)
    if show_stats and result.counters:
        click.echo(f"{PROG}: search: " + ", ".join(f"{k} {v:,}" for k, v in result.counters.items()), err=True)
    _write_and_report(result, cfg, output, allow_deeper, as_json, quiet, stop)
    report_stop(PROG, result, stop, quiet, cfg.settings.weights)


def _checked_config(strategy: str, settings, objective: tuple, options: dict, weight_options: dict, quiet: bool):
    """(the build's frozen configuration, checked as the API checks it; its word lists when
    the weights were read against them, else None): one CliError line for a bad setting.
    ``settings``: the game the options make; ``objective``: (``--objective``, ``--deep``),
    which join them once the weights are known; ``options``: :func:`..pipeline.run.make_config`'s
    keywords."""
    from dataclasses import replace

    from ..pipeline.run import make_config, strategy_problem

    check_weight_numbers(weight_options["prior_width"], weight_options["weight_missing"])
    words = weights = None
    if weights_asked(**weight_options):
        # read once: the build takes them as they are
        words = _word_lists(settings, quiet)
        weights = weights_for(list(words.answers), **weight_options, language=words.language)
    try:
        problem = strategy_problem(strategy, objective[0])  # before the objective's own checks
        if problem:
            raise ValueError(problem)
        played = replace(settings, objective=objective[0], deep=objective[1]).with_weights(weights)
        return make_config(strategy, played, **options), words
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _check_memo_and_destination(memo_mb: float, output, as_json: bool) -> None:
    """``--memo-mb`` and the place the tree file will go, checked before any work."""
    try:
        check_memo_mb("--memo-mb", memo_mb)  # NaN passes click's range check
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if output is None:
        check_folder(".", "the current folder")  # for the default name
    else:
        check_tree_destination(output, as_json)  # before the work, not after it


def _write_and_report(result, cfg: BuildConfig, output, allow_deeper: bool, as_json: bool, quiet: bool, stop) -> None:
    """Write the tree file (unless it breaks ``--max-depth`` without ``--allow-deeper``: exit 1)
    and report the build: the summary (on stderr when the tree goes to stdout) or ``--json``."""
    output = output or default_output(cfg, result.data.meta["config"]["start"])
    deep = result.report.exceeding_max_depth
    written = not deep or allow_deeper
    if written:
        from wordle_runtime.format import pack_tree

        # a swallowed Ctrl-C still leaves the old file alone, unless an anytime search kept a tree
        write_output(output, pack_tree(result.data), after_stop=stop is not None and stop.stopped is not None)
    doc = json_doc(result, cfg, output if written else None, deep)
    if as_json and written:
        click.echo(json.dumps(doc))
    elif not as_json and not (output == STDIO and quiet):
        # with -o -, standard output carries the tree file and the report goes to stderr
        click.echo("\n".join(summary_lines(result, output, cfg, written)), err=output == STDIO)
    if deep and written and not quiet:
        click.echo(f"{PROG}: warning: {too_deep(deep, cfg, result, hint=False)} (written: --allow-deeper)", err=True)
    elif deep and not written:
        raise FailedError(too_deep(deep, cfg, result), details=doc)


def _word_lists(settings, quiet: bool):
    """The build's word lists, loaded before the build for the weights to be read against
    (one CliError line for a bad list; its warnings shown once, none with ``--quiet``)."""
    try:
        with quiet_warnings(quiet):
            return settings.load_words()
    except ValueError as exc:
        raise CliError(str(exc)) from None


def main(argv=None):
    """Entry point of ``wordle-compile``: run it on ``argv`` (default ``sys.argv[1:]``) and exit."""
    exit_after(compile_command, argv, PROG)


loaded(PROG)

if __name__ == "__main__":
    main()
