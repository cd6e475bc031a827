"""What ``wordle-compile`` reports about a build (click definition in :mod:`.compile`): the
human-readable summary, the ``--json`` document and the one line about answers deeper than
``--max-depth``, with the ways out."""

from __future__ import annotations

import shlex
from typing import TYPE_CHECKING

import click

from ..core.games import file_name_part, games_file_name
from ..core.wordlists import paired_guesses
from ..strategies.table import strategy_named
from ..treefiles.metaview import mode_label
from .common import CliError, shorten
from .streams import STDIO

if TYPE_CHECKING:
    from ..core.config import BuildConfig
    from ..pipeline.compile import BuildResult


def summary_lines(result: BuildResult, output: str, cfg: BuildConfig, written: bool) -> list[str]:
    """The human-readable build report: settings, totals, depth histogram, time and ``output``
    (or "(not written)"), and when ``written``, the commands to try next."""
    stats, settings = result.data.meta["stats"], cfg.settings
    start = result.data.meta["config"]["start"]
    claim = {
        "total": result.optimality,
        "depth": f"{result.optimality}: least worst case, then total",
        "fewest-deep": f"{result.optimality}: fewest answers needing {settings.deep} or more, then total",
    }[settings.objective]
    opening = f"opening {','.join(cfg.opening)}" if cfg.opening else f"start {start}"
    mode = mode_label(result.data.game, settings.mode)
    lines = [
        f"strategy {result.data.meta['strategy']}  {'' if mode is None else f'mode {mode}  '}{opening}",
        (
            f"answers {stats['answers']}  total {stats['total_guesses']}  average {stats['average']:.4f}  "
            f"max depth {stats['max_depth']}  ({claim})"
        ),
        "guesses  answers",
    ]
    if settings.weights is not None:
        lines.insert(
            2,
            f"expected guesses {_expected(result, cfg):.4f} under the weights "
            f"({settings.weights.source}; {settings.weights.summary()['effective_answers']} effective answers)",
        )
    for depth, count in stats["histogram"].items():
        lines.append(f"{depth:>7}  {count:>7}")
    shown = "standard output" if output == STDIO else output
    lines.append(f"{result.seconds:.2f} s -> {shown if written else '(not written)'}")
    if written and output != STDIO:
        quoted = shlex.quote(str(output))
        lines.append(f"next: wordle-next --tree {quoted} {start} PATTERN   (or: wordle-tree verify {quoted})")
    return lines


def _expected(result: BuildResult, cfg: BuildConfig) -> float:
    """The tree's expected guesses under the build's weights."""
    return cfg.settings.weights.expected_guesses(result.report.depths)


def json_doc(result: BuildResult, cfg: BuildConfig, output: str | None, deep: list) -> dict:
    """What ``--json`` prints for a build: its settings, stats, claim, time and counters, the
    file written (``output``; None when not written) and, under weights, the expected guesses."""
    meta, stats = result.data.meta, result.data.meta["stats"]
    weighted = (
        {}
        if cfg.settings.weights is None
        else {"weights": cfg.weights_meta(), "expected_guesses": round(_expected(result, cfg), 6)}
    )
    return {
        "strategy": meta["strategy"],
        "mode": cfg.settings.mode,
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
        "lower_bound": result.lower_bound,
        "seconds": round(result.seconds, 3),
        "output": output,
        "counters": result.counters,
        **weighted,
    }


def too_deep(deep: list, cfg: BuildConfig, result: BuildResult, hint: bool = True) -> str:
    """The one line about answers deeper than --max-depth, with the ways out."""
    text = f"{len(deep)} answer(s) need more than {cfg.settings.max_depth} guesses: {shorten(deep)}"
    if not hint:
        return text
    if strategy_named(cfg.strategy).exact:
        return f"{text}; use --max-depth {result.report.max_depth} or --allow-deeper"
    return (
        f"{text}; try --strategy optimal (the fewest guesses within {cfg.settings.max_depth}), "
        f"--max-depth {result.report.max_depth}, or --allow-deeper to write it anyway"
    )


def anytime_for(cfg: BuildConfig, anytime: str | None, time_limit: float | None):
    """:func:`..proof.anytime.anytime_for`, its refusal one CliError line."""
    from ..proof.anytime import anytime_for as pipeline_anytime_for

    try:
        return pipeline_anytime_for(cfg, anytime, time_limit)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def proving_for(
    cfg: BuildConfig, checkpoint: str | None, resume: bool, scheduler: str | None, workers: int | None, quiet: bool
):
    """:func:`..proof.checkpoint.proving_for`, its refusal one CliError line; a resume says
    in one line on stderr what it took (unless ``quiet``)."""
    from ..proof.checkpoint import proving_for as pipeline_proving_for

    notify = None if quiet else lambda text: click.echo(f"wordle-compile: {text}", err=True)
    try:
        return pipeline_proving_for(cfg, checkpoint, resume, scheduler, workers, notify)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def report_stop(prog: str, result: BuildResult, stop, quiet: bool, weights=None) -> None:
    """After an anytime search stopped early: one line on stderr with the tree's total and its
    proved lower bound (unless ``quiet``; under ``weights``, both as expected guesses); after
    Ctrl-C or SIGTERM, the stop is raised again, so the command ends as an interrupted one
    does (130, 143), its tree written."""
    if stop is None or stop.stopped is None:
        return
    if not quiet:
        if weights is None:
            total, bound = result.report.total_guesses, stop.lower_bound
            shown = f"this tree {total:,}, proved lower bound {bound:,}"
        else:
            total, bound = weights.expected_guesses(result.report.depths), stop.lower_bound / sum(weights.values)
            shown = f"this tree {total:.4f} guesses expected, proved lower bound {bound:.4f}"
        gap = (total - bound) / max(bound, 1)
        click.echo(
            f"{prog}: stopped ({stop.stopped}) before the proof: {shown} "
            f"(gap {gap:.2%}; {stop.proved_classes} of {stop.classes} classes proved)",
            err=True,
        )
    if stop.stopped == "interrupted":
        raise stop.stop_exception


def default_output(cfg: BuildConfig, start: str) -> str:
    """A name that encodes every setting that changes the tree, so a build never
    overwrites a different tree: the named game first (as the shipped trees' names), then
    strategy, start (or opening), best-of-K for optimal without a start, mode, lists when
    not the game's own, and depth when not 6."""
    settings = cfg.settings
    answers, guesses = settings.lists()
    game = games_file_name(answers)
    parts = [*([game] if game else []), cfg.strategy, *(cfg.opening or (start,))]
    entry = strategy_named(cfg.strategy)
    if entry.exact and not cfg.start and not cfg.opening:
        parts.append("global" if cfg.candidates is None else f"best-of-{cfg.candidates}")
    if settings.objective != "total":
        parts.append(f"objective-{settings.objective}" + (f"-{settings.deep}" if settings.deep is not None else ""))
    parts.append(settings.mode)
    if game is None and answers != "original":
        parts.append(f"answers-{file_name_part(answers)}")
    if guesses and guesses != paired_guesses(answers):
        parts.append(f"guesses-{file_name_part(guesses)}")
    if settings.max_depth != 6:
        parts.append(f"depth-{settings.max_depth}")
    if settings.weights is not None:
        parts.append(f"weights-{settings.weights.sha256[:8]}")
    if entry.seeded and cfg.seed:
        parts.append(f"seed-{cfg.seed}")
    if entry.width and cfg.width != 50:
        parts.append(f"width-{cfg.width}")
    return "-".join(parts) + ".wtree"
