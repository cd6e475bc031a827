"""``wordle-tree absurdle``: Absurdle's adversary replayed over the guesses given, a shortest
line that wins from there, and (``--prove``) the least number of guesses from the start,
proved for every tie rule, and challenge mode (``analysis.absurdle_play``)."""

from __future__ import annotations

import json
import time

import click

from ..core.settings import ABSURDLE_GUESSES_RANGE, TIME_LIMIT_RANGE
from .common import CliError, FailedError, json_option, quiet_option
from .numbers import PlainFloatRange, PlainIntRange
from .progress import AnalyseProgress, announce_matrix

TIE_RULE = "the largest class; ties: fewest greens, then fewest yellows, then reading order (grey, yellow, green)"


@click.command(short_help="Absurdle: the adversary's patterns and the least guesses to win.")
@click.argument("guesses", nargs=-1)
@click.option("--answers", default="original", show_default=True, help="the answers the adversary keeps")
@click.option("--guesses", "guess_list", default=None, help="the guesses allowed (default: the answers' own list)")
@click.option(
    "--max-guesses",
    default=5,
    show_default=True,
    type=PlainIntRange(*ABSURDLE_GUESSES_RANGE),
    help="the most guesses still to play that the search looks for",
)
@click.option(
    "--time-limit",
    default=120.0,
    show_default=True,
    type=PlainFloatRange(*TIME_LIMIT_RANGE),
    help="seconds for the search",
)
@click.option("--prove", is_flag=True, help="from the start: prove the least number of guesses for every tie rule")
@click.option(
    "--target",
    default=None,
    metavar="WORD",
    help="challenge mode: the answer to force the adversary to keep; prints a shortest line that does",
)
@click.option(
    "--all-targets",
    is_flag=True,
    help="challenge mode for every answer: the least guesses forcing each, with its line (a table)",
)
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=PlainIntRange(1, 64),
    help="threads that score the guesses at each set (the result does not depend on it)",
)
@json_option()
@quiet_option()
def absurdle_command(  # noqa: PLR0913 - a click command takes its options as parameters
    guesses, answers, guess_list, max_guesses, time_limit, prove, target, all_targets, jobs, as_json, quiet
):
    """Play Absurdle (qntm's adversarial Wordle: after each guess the adversary keeps the
    largest class of the answers still possible; ties: fewest greens, then fewest yellows,
    then reading order with grey before yellow before green). Prints the pattern each of
    GUESSES is shown and the answers kept, then a shortest line that wins from there.
    With --target (qntm's challenge mode), a shortest line that forces the adversary to keep
    that answer to the end; every shorter length is searched through first. With
    --all-targets, that least number for every answer (--max-guesses and --time-limit bound
    each target's search past four guesses).

    Exit codes: 0 done, 1 no win within --max-guesses or --time-limit (or a guess given rules
    out the --target; with --all-targets, a target left unsettled), 2 bad input."""
    from dataclasses import asdict

    from ..analysis.absurdle import SearchStopped
    from ..analysis.absurdle_play import NoWinError, TargetRuledOut, play

    if all_targets and (guesses or prove or target is not None):
        raise CliError("--all-targets is a table from the start: give no guesses, --target or --prove with it")
    ctx = _context(answers, guess_list, quiet)
    if all_targets:
        _table(ctx, max_guesses, time_limit, jobs, as_json, quiet)
        return
    progress = AnalyseProgress(quiet)
    began = time.perf_counter()
    try:
        result = play(
            ctx,
            list(guesses),
            max_guesses=max_guesses,
            time_limit=time_limit,
            prove=prove,
            target=target,
            jobs=jobs,
            report=_reporter(progress),
        )
    except ValueError as exc:
        raise CliError(str(exc)) from None
    except TargetRuledOut as exc:
        raise FailedError(str(exc)) from None
    except NoWinError as exc:
        raise FailedError(f"{exc}: raise --max-guesses") from None
    except SearchStopped:
        raise FailedError(f"no win found within the time limit ({time_limit:g} s): raise --time-limit") from None
    finally:
        progress.close()
    doc = {
        "steps": [{"guess": guess, "pattern": pattern, "kept": kept} for guess, pattern, kept in result.steps],
        "answers_left": result.answers_left,
        "won": result.won,
        "target": result.target,
        "tie_rule": TIE_RULE,
        "line": result.line,
        "proof": None if result.proof is None else asdict(result.proof),
        "seconds": round(time.perf_counter() - began, 3),
    }
    stopped = result.proof is not None and result.proof.stopped
    failure = f"no four-guess line without ties found within the time limit ({time_limit:g} s): raise --time-limit"
    if as_json and stopped:
        raise FailedError(failure, details=doc)
    click.echo(json.dumps(doc) if as_json else "\n".join(_lines(doc)))
    if stopped:
        raise FailedError(failure)


def _table(ctx, max_guesses: int, time_limit: float, jobs: int, as_json: bool, quiet: bool) -> None:
    """``--all-targets``: the challenge table, a row per answer, then how many need each number."""
    from collections import Counter
    from dataclasses import asdict

    from ..analysis.absurdle_table import challenge_table

    progress = AnalyseProgress(quiet)
    labels = {"sets": ("the first guess's kept sets", "sets"), "targets": ("targets past four guesses", "targets")}

    def report(phase: str, done: int, total: int) -> None:
        if done == 1:
            progress.start(total, *labels[phase], eta=True)
        progress(1)

    began = time.perf_counter()
    try:
        rows = challenge_table(ctx, limit=max_guesses, seconds=time_limit, jobs=jobs, report=report)
    finally:
        progress.close()
    counts = Counter(row.least for row in rows if row.least is not None)
    unsettled = [row for row in rows if row.least is None]
    words = ctx.words
    doc = {
        "answers": {"name": words.answers_name, "count": len(words.answers), "sha256": words.answers_sha256},
        "guesses": {"name": words.guesses_name, "count": len(words.guesses), "sha256": words.guesses_sha256},
        "max_guesses": max_guesses,
        "targets": [asdict(row) for row in rows],
        "least_counts": {str(k): counts[k] for k in sorted(counts)},
        "unsettled": len(unsettled),
        "tie_rule": TIE_RULE,
        "seconds": round(time.perf_counter() - began, 3),
    }
    failure = f"{len(unsettled)} targets unsettled: raise --max-guesses or --time-limit"
    if as_json and unsettled:
        raise FailedError(failure, details=doc)
    if as_json:
        click.echo(json.dumps(doc))
    else:
        for row in rows:
            shown = " ".join(row.line) if row.line else f"at least {row.at_least}: no line within the limits"
            click.echo(f"{row.target}  {row.least or '-'}  {shown}")
        summary = ", ".join(f"{k}: {counts[k]}" for k in sorted(counts))
        click.echo(f"least guesses over {len(rows)} targets: {summary}; unsettled: {len(unsettled)}")
        click.echo(f"adversary: {TIE_RULE}; {doc['seconds']:.1f} s")
    if unsettled:
        raise FailedError(failure)


def _context(answers: str, guess_list: str | None, quiet: bool):
    from ..core.config import Context
    from ..core.settings import Settings
    from ..core.wordlists import WordListError

    try:
        ctx = Context.load(Settings(answers=answers, guesses=guess_list))
    except (ValueError, WordListError) as exc:
        raise CliError(str(exc)) from None
    announce_matrix("wordle-tree", ctx.words, quiet)
    return ctx


def _reporter(progress: AnalyseProgress):
    def report(done: int, total: int) -> None:
        if done == 1:  # a level of the search, or the proof's classes, begins
            progress.start(total, "searching", "guesses")
        progress(1)

    return report


def _lines(doc: dict) -> list[str]:
    lines = [f"{step['guess']} {step['pattern']}  ({step['kept']} kept)" for step in doc["steps"]]
    proof = doc["proof"]
    if doc["won"]:
        lines.append(f"won in {len(doc['steps'])} guesses")
    elif proof is not None:
        lines.append(
            "no play wins within three guesses under any tie rule: every first guess leaves a largest class of at "
            f"least {proof['smallest_largest_class']} answers, and no second guess tells apart any of the "
            f"{proof['largest_classes_checked']} largest classes small enough to try"
            if not proof["largest_classes_told_apart"]
            else f"{proof['largest_classes_told_apart']} largest classes are told apart by a second guess"
        )
        if proof["stopped"]:
            lines.append("the search for a four-guess line without ties stopped at the time limit")
        if proof["least_guesses"] == 4:
            lines.append(f"four guesses win under every tie rule (no tie on the way): {' '.join(proof['line'])}")
            lines.append("the least number of guesses is 4")
    else:
        line = doc["line"]
        forcing = "" if doc["target"] is None else f" forcing {doc['target']}"
        lines.append(
            f"{doc['answers_left']} answers kept; a shortest win{forcing} from here, {len(line)} more guesses "
            f"({len(doc['steps']) + len(line)} in all): {' '.join(line)}"
        )
    lines.append(f"adversary: {doc['tie_rule']}; {doc['seconds']:.1f} s")
    return lines
