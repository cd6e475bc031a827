"""``wordle-compile``: build, verify and write one tree file.

Errors, exit codes and ``--json`` failures follow :mod:`.common` (README, "Errors and
exit codes").  The output path is checked before the build starts, so a bad ``-o``
costs nothing; the file is written atomically by :mod:`..util.files`.
"""

from __future__ import annotations

import math

from .startup import collector_paused, exit_on_interrupt_while_loading, loaded, single_threaded_blas

exit_on_interrupt_while_loading("wordle-compile")  # Ctrl-C while numpy imports: 130, one line
single_threaded_blas()  # before any import below loads numpy

with collector_paused():  # see startup: no collections over the libraries' objects
    import json
    import re
    import shlex
    import sys
    from pathlib import Path

    import click

    from ..core.config import MODES, OBJECTIVES, BuildConfig
    from ..core.wordlists import ANSWER_SPECIALS, GUESS_SPECIALS, NAMED_ANSWERS, NAMED_GUESSES, paired_guesses
    from ..strategies.heuristic import ALIASES, DESCRIPTIONS
    from ..util.files import check_folder
    from .common import (
        CONTEXT,
        STDIO,
        CliError,
        FailedError,
        check_tree_destination,
        exit_after,
        game_option,
        json_option,
        lists_for_game,
        max_depth_option,
        one_line,
        quiet_option,
        quiet_warnings,
        shorten,
        version_option,
        write_output,
    )
    from .numbers import PlainFloatRange, PlainIntRange
    from .weights import check_weight_numbers, weights_asked, weights_for, weights_options

STRATEGY_NAMES = sorted(DESCRIPTIONS) + sorted(ALIASES)
PROG = "wordle-compile"


def _slug(spec: str) -> str:
    """A word list spec as a file-name part: a name as is, a path by its stem."""
    stem = Path(spec).stem if ("/" in spec or "." in spec) else spec
    return re.sub(r"[^A-Za-z0-9_.]+", "_", stem) or "list"


def default_output(cfg: BuildConfig, start: str) -> str:
    """A name that encodes every setting that changes the tree, so a build never
    overwrites a different tree: strategy, start (or opening), best-of-K for optimal
    without a start, mode, lists when not the defaults, and depth when not 6."""
    parts = [cfg.strategy, *(cfg.opening or (start,))]
    if cfg.strategy == "optimal" and not cfg.start and not cfg.opening:
        parts.append("global" if cfg.candidates is None else f"best-of-{cfg.candidates}")
    if cfg.objective != "total":
        parts.append(f"objective-{cfg.objective}" + (f"-{cfg.deep}" if cfg.deep is not None else ""))
    parts.append(cfg.mode)
    if cfg.answers != "original":
        parts.append(f"answers-{_slug(cfg.answers)}")
    if cfg.guesses and cfg.guesses != paired_guesses(cfg.answers):
        parts.append(f"guesses-{_slug(cfg.guesses)}")
    if cfg.max_depth != 6:
        parts.append(f"depth-{cfg.max_depth}")
    if cfg.weights is not None:
        parts.append(f"weights-{cfg.weights.sha256[:8]}")
    if cfg.strategy == "random" and cfg.seed:
        parts.append(f"seed-{cfg.seed}")
    if cfg.strategy == "lookahead" and cfg.width != 50:
        parts.append(f"width-{cfg.width}")
    return "-".join(parts) + ".wtree"


class Progress:
    """A tqdm bar on stderr, counting answers whose subtrees are done; silent if quiet."""

    def __init__(self, quiet: bool):
        self.quiet, self.bar = quiet, None

    def start(self, total: int, label: str, unit: str = "answer") -> None:
        """Start a bar of ``total`` ``unit`` labelled ``label`` (closing any earlier one); no-op if
        quiet.  A bar of words (the ranking) shows the ranking's own estimate of the time
        left (:meth:`note`) instead of a rate."""
        if not self.quiet:
            from tqdm import tqdm

            from ..ranking.eta import BAR_FORMAT

            self.close()
            self.bar = tqdm(
                total=total,
                unit=unit,
                file=sys.stderr,
                leave=False,
                mininterval=0.5,
                delay=1.0,
                desc=label,
                bar_format=BAR_FORMAT if unit == "words" else None,
            )

    def note(self, text: str) -> None:
        """Show ``text`` after the bar (the ranking's estimate)."""
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        """Close and clear the bar, if one is shown."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None


def summary_lines(result, output, cfg, written: bool) -> list[str]:
    """The human-readable build report: settings, totals, depth histogram, time and ``output``
    (or "(not written)"), and when ``written``, the commands to try next."""
    stats = result.data.meta["stats"]
    start = result.data.meta["config"]["start"]
    claim = {
        "total": result.optimality,
        "depth": f"{result.optimality}: least worst case, then total",
        "fewest-deep": f"{result.optimality}: fewest answers needing {cfg.deep} or more, then total",
    }[cfg.objective]
    opening = f"opening {','.join(cfg.opening)}" if cfg.opening else f"start {start}"
    lines = [
        f"strategy {result.data.meta['strategy']}  mode {cfg.mode}  {opening}",
        (
            f"answers {stats['answers']}  total {stats['total_guesses']}  average {stats['average']:.4f}  "
            f"max depth {stats['max_depth']}  ({claim})"
        ),
        "guesses  answers",
    ]
    if cfg.weights is not None:
        lines.insert(
            2,
            f"expected guesses {_expected(result, cfg):.4f} under the weights "
            f"({cfg.weights.source}; {cfg.weights.summary()['effective_answers']} effective answers)",
        )
    for depth, count in stats["histogram"].items():
        lines.append(f"{depth:>7}  {count:>7}")
    shown = "standard output" if output == STDIO else output
    lines.append(f"{result.seconds:.2f} s -> {shown if written else '(not written)'}")
    if written and output != STDIO:
        quoted = shlex.quote(str(output))
        lines.append(f"next: wordle-next --tree {quoted} {start} PATTERN   (or: wordle-tree verify {quoted})")
    return lines


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


def _expected(result, cfg) -> float:
    """The tree's expected guesses under the build's weights."""
    return cfg.weights.expected_guesses(result.report.depths)


def _json_doc(result, cfg, output, deep) -> dict:
    meta, stats = result.data.meta, result.data.meta["stats"]
    weighted = (
        {}
        if cfg.weights is None
        else {"weights": cfg.weights_meta(), "expected_guesses": round(_expected(result, cfg), 6)}
    )
    return {
        "strategy": meta["strategy"],
        "mode": cfg.mode,
        "start": meta["config"]["start"],
        "opening": list(cfg.opening),
        "answers": stats["answers"],
        "total_guesses": stats["total_guesses"],
        "average": stats["average"],
        "max_depth": stats["max_depth"],
        "histogram": stats["histogram"],
        "exceeding_max_depth": len(deep),
        "proved_optimal": result.proved_optimal,
        "optimality": result.optimality,
        "seconds": round(result.seconds, 3),
        "output": output,
        "counters": result.counters,
        **weighted,
    }


def _too_deep(deep, cfg, result, hint: bool = True) -> str:
    """The one line about answers deeper than --max-depth, with the ways out."""
    text = f"{len(deep)} answer(s) need more than {cfg.max_depth} guesses: {shorten(deep)}"
    if not hint:
        return text
    if cfg.strategy == "optimal":
        return f"{text}; use --max-depth {result.report.max_depth} or --allow-deeper"
    return (
        f"{text}; try --strategy optimal (the fewest guesses within {cfg.max_depth}), "
        f"--max-depth {result.report.max_depth}, or --allow-deeper to write it anyway"
    )


def _build(cfg, jobs, quiet, stamp, memo_mb=None, words=None):
    """Build and verify ``cfg`` (``words``: its lists, when already loaded); an infeasible
    request is exit 1, any other build failure one line with exit 2."""
    from ..core.errors import BuildError
    from ..pipeline.optimal import InfeasibleError
    from ..pipeline.run import build

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
                notify=lambda text: click.echo(f"{PROG}: {one_line(text)}", err=True),
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
    type=click.Choice(OBJECTIVES),
    default="total",
    show_default=True,
    help="optimal: total = the fewest guesses in all; depth = the least worst case, then the fewest; "
    "fewest-deep = the fewest answers needing --deep K guesses or more, then the fewest",
)
@click.option(
    "--deep",
    type=PlainIntRange(2, 64),
    metavar="K",
    help="with --objective fewest-deep: a game of K or more guesses counts as long (e.g. 5)",
)
@weights_options
@click.option(
    "--mode",
    default="normal",
    show_default=True,
    type=click.Choice(MODES),
    help="normal; hard (greens stay, found letters reused); possible (every guess could be the answer)",
)
@game_option
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
    help="shortlist size for --strategy lookahead",
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
    type=PlainIntRange(1, 256),
    help="optimal: search threads sharing one memo, each class's candidates split between them; "
    "heuristics: worker processes (output does not depend on it)",
)
@click.option(
    "--threads",
    default=1,
    show_default=True,
    type=PlainIntRange(1, 256),
    help="threads sharing the heuristic strategies' larger scoring passes (a pass never waits "
    "for a thread the machine has paused)",
)
@click.option(
    "--memo-mb",
    default=192,
    show_default=True,
    type=PlainFloatRange(1, 1 << 14),
    help="cap on the optimal search's memo (it starts small and grows only as needed)",
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
def compile_command(
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
    show_stats,
    output,
    as_json,
    stamp,
    quiet,
):
    """Compile a full Wordle decision tree, verify it, and write one msgpack file.

    With --weights or --prior, answers are not equally likely: optimal minimises the
    expected guesses under those weights, and the heuristics score with them."""
    from ..pipeline.run import make_config

    answers, guesses = lists_for_game(game, answers, guesses)
    check_weight_numbers(prior_width, weight_missing)
    words = weights = None
    if weights_asked(weights_file, weight_missing, prior):
        words = _word_lists(answers, guesses, quiet)  # read once: the build takes them as they are
        weights = weights_for(
            list(words.answers), weights_file, weight_missing, prior, prior_width, prior_common, words.language
        )
    try:
        cfg = make_config(
            strategy,
            start=start,
            opening=opening,
            objective=objective,
            mode=mode,
            answers=answers,
            guesses=guesses,
            max_depth=max_depth,
            seed=seed,
            width=width,
            candidates=candidates,
            deep=deep,
            weights=weights,
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if math.isnan(memo_mb):  # NaN passes click's range check
        raise CliError("--memo-mb must be a number of megabytes from 1 to 16384")
    if output is None:
        check_folder(".", "the current folder")  # for the default name
    else:
        check_tree_destination(output, as_json)  # before the work, not after it
    from ..core.guess_stats import set_threads

    set_threads(threads)
    result = _build(cfg, jobs, quiet, stamp, memo_mb, words)
    if show_stats and result.counters:
        click.echo(f"{PROG}: search: " + ", ".join(f"{k} {v:,}" for k, v in result.counters.items()), err=True)
    start_word = result.data.meta["config"]["start"]
    output = output or default_output(cfg, start_word)
    deep = result.report.exceeding_max_depth
    written = not deep or allow_deeper
    if written:
        from wordle_runtime.format import pack_tree

        write_output(output, pack_tree(result.data))  # a swallowed Ctrl-C still leaves the old file alone
    doc = _json_doc(result, cfg, output if written else None, deep)
    if as_json and written:
        click.echo(json.dumps(doc))
    elif not as_json and not (output == STDIO and quiet):
        # with -o -, standard output carries the tree file and the report goes to stderr
        click.echo("\n".join(summary_lines(result, output, cfg, written)), err=output == STDIO)
    if deep and written and not quiet:
        click.echo(f"{PROG}: warning: {_too_deep(deep, cfg, result, hint=False)} (written: --allow-deeper)", err=True)
    elif deep and not written:
        raise FailedError(_too_deep(deep, cfg, result), details=doc)


def _word_lists(answers: str, guesses: str | None, quiet: bool):
    """The build's word lists, loaded before the build for the weights to be read against
    (one CliError line for a bad list; its warnings shown once, none with ``--quiet``)."""
    from ..core.wordlists import load_word_lists

    try:
        with quiet_warnings(quiet):
            return load_word_lists(answers, guesses)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def main(argv=None):
    """Entry point of ``wordle-compile``: run it on ``argv`` (default ``sys.argv[1:]``) and exit."""
    exit_after(compile_command, argv, PROG)


loaded(PROG)

if __name__ == "__main__":
    main()
