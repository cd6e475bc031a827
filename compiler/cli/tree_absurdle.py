"""``wordle-tree absurdle``: Absurdle's adversary replayed over the guesses given, a shortest
line that wins from there, and (``--prove``) the least number of guesses from the start,
proved for every tie rule (``analysis.absurdle``)."""

from __future__ import annotations

import json
import time

import click

from ..core.settings import TIME_LIMIT_RANGE
from .common import CliError, FailedError, json_option, quiet_option
from .numbers import PlainFloatRange, PlainIntRange
from .progress import AnalyseProgress, announce_matrix

MAX_GUESSES_RANGE = (1, 10)
TIE_RULE = "the largest class; ties: fewest greens, then fewest yellows, then reading order (grey, yellow, green)"


@click.command(short_help="Absurdle: the adversary's patterns and the least guesses to win.")
@click.argument("guesses", nargs=-1)
@click.option("--answers", default="original", show_default=True, help="the answers the adversary keeps")
@click.option("--guesses", "guess_list", default=None, help="the guesses allowed (default: the answers' own list)")
@click.option(
    "--max-guesses",
    default=5,
    show_default=True,
    type=PlainIntRange(*MAX_GUESSES_RANGE),
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
@json_option()
@quiet_option()
def absurdle_command(guesses, answers, guess_list, max_guesses, time_limit, prove, as_json, quiet):
    """Play Absurdle (qntm's adversarial Wordle: after each guess the adversary keeps the
    largest class of the answers still possible; ties: fewest greens, then fewest yellows,
    then reading order with grey before yellow before green). Prints the pattern each of
    GUESSES is shown and the answers kept, then a shortest line that wins from there.

    Exit codes: 0 done, 1 no win within --max-guesses or --time-limit, 2 bad input."""
    from ..analysis.absurdle import Absurdle, SearchStopped

    if prove and guesses:
        raise CliError("--prove proves the least number of guesses from the start: give no guesses with it")
    ctx = _context(answers, guess_list, quiet)
    game = Absurdle.from_context(ctx)
    kept, steps = game.all_answers(), []
    won_code = ctx.game.format_code(ctx.game.all_correct)
    for word in guesses:
        if steps and steps[-1]["pattern"] == won_code:
            raise CliError(f"the game was won at guess {len(steps)}: no guess after it")
        code, kept = game.keep(_guess_index(ctx, word), kept)
        steps.append({"guess": word.strip().lower(), "pattern": ctx.game.format_code(code), "kept": len(kept)})
    won = bool(steps) and steps[-1]["pattern"] == won_code
    doc: dict = {"steps": steps, "answers_left": len(kept), "won": won, "tie_rule": TIE_RULE}
    progress = AnalyseProgress(quiet)
    game.report = _reporter(progress)
    game.deadline = time.monotonic() + time_limit
    began = time.perf_counter()
    try:
        if prove:
            doc["proof"] = _prove(game, ctx)
        elif not won:
            line = game.least_guesses(kept, max_guesses)
            doc["line"] = None if line is None else [ctx.words.guesses[g] for g in line]
    except SearchStopped:
        raise FailedError(f"no win found within the time limit ({time_limit:g} s): raise --time-limit") from None
    finally:
        progress.close()
    if not won and not prove and doc["line"] is None:
        more = f"{max_guesses} more guess" + ("es" if max_guesses != 1 else "")
        raise FailedError(f"no win within {more}: raise --max-guesses")
    doc["seconds"] = round(time.perf_counter() - began, 3)
    click.echo(json.dumps(doc) if as_json else "\n".join(_lines(doc)))


def _context(answers: str, guess_list: str | None, quiet: bool):
    from ..core.config import Context
    from ..core.settings import Settings
    from ..core.wordlists import WordListError

    try:
        ctx = Context.load(Settings(answers=answers, guesses=guess_list))
    except (ValueError, WordListError) as exc:
        raise CliError(str(exc)) from None
    if ctx.game.rule != "wordle":
        raise CliError(f"Absurdle plays Wordle's patterns, not {ctx.game.name}'s")
    announce_matrix("wordle-tree", ctx.words, quiet)
    return ctx


def _reporter(progress: AnalyseProgress):
    def report(done: int, total: int) -> None:
        if done == 1:  # a level of the search, or the proof's classes, begins
            progress.start(total, "searching", "guesses")
        progress(1)

    return report


def _guess_index(ctx, word: str) -> int:
    index = ctx.guess_index.get(word.strip().lower())
    if index is None:
        raise CliError(f"{word.strip()!r} is not in the guess list")
    return index


def _prove(game, ctx) -> dict:
    """The least number of guesses from the start for every tie rule, when no play wins within
    three under any and a line of four meets no tie; else what was found."""
    start = game.all_answers()
    refuted = game.refute_three(start)
    game.untied_only = True
    line = game.least_guesses(start, 4) if not refuted.winning else None
    words = None if line is None else [ctx.words.guesses[g] for g in line]
    return {
        "least_guesses": len(line) if line is not None and len(line) == 4 else None,
        "smallest_largest_class": refuted.smallest_largest,
        "largest_classes_checked": refuted.checked,
        "largest_classes_told_apart": len(refuted.winning),
        "line": words,
    }


def _lines(doc: dict) -> list[str]:
    lines = [f"{step['guess']} {step['pattern']}  ({step['kept']} kept)" for step in doc["steps"]]
    if doc["won"]:
        lines.append(f"won in {len(doc['steps'])} guesses")
    elif "proof" in doc:
        proof = doc["proof"]
        lines.append(
            f"no play wins within three guesses under any tie rule: every first guess leaves a largest class of at "
            f"least {proof['smallest_largest_class']} answers, and no second guess tells apart any of the "
            f"{proof['largest_classes_checked']} largest classes small enough to try"
            if not proof["largest_classes_told_apart"]
            else f"{proof['largest_classes_told_apart']} largest classes are told apart by a second guess"
        )
        if proof["least_guesses"] == 4:
            lines.append(f"four guesses win under every tie rule (no tie on the way): {' '.join(proof['line'])}")
            lines.append("the least number of guesses is 4")
    else:
        left = len(doc["steps"])
        line = doc["line"]
        lines.append(
            f"{doc['answers_left']} answers kept; a shortest win from here, {len(line)} more guesses "
            f"({left + len(line)} in all): {' '.join(line)}"
        )
    lines.append(f"adversary: {doc['tie_rule']}; {doc['seconds']:.1f} s")
    return lines
