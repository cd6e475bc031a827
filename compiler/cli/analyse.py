"""``wordle-tree analyse``: exact analysis of a position, a move, or a whole game."""

from __future__ import annotations

import importlib
import json
import time

import click

from ..core.config import MODES, OBJECTIVES
from .common import (
    CliError,
    FailedError,
    game_option,
    json_option,
    lists_for_game,
    max_depth_option,
    not_empty,
    quiet_option,
    split_long_games,
)
from .numbers import PlainIntRange
from .progress import AnalyseProgress
from .weights import check_weight_numbers, weights_asked, weights_for, weights_options

ENGINE_MODULES = ("..analysis.moves", "..analysis.position", "..analysis.worst_case")


def _lists_help(role):
    from ..core.wordlists import ANSWER_SPECIALS, GUESS_SPECIALS, NAMED_ANSWERS, NAMED_GUESSES

    names = [*NAMED_ANSWERS, *ANSWER_SPECIALS] if role == "answers" else [*NAMED_GUESSES, *GUESS_SPECIALS]
    return " | ".join([*names, "PATH"])


def _avg(total, n):
    return total / n if n else 0.0


def _move_doc(move, n, deep=None):
    long, total = split_long_games(move.total, deep)
    doc = {
        "word": move.word,
        "total": total,
        "average": round(_avg(total, n), 5),
        "exact": move.exact,
        "possible": move.possible,
    }
    if long is not None:
        doc["long_games"] = long
    if move.worst is not None:
        doc["worst"] = move.worst
    return doc


def _value_text(value, n, deep, worst=None, weighted=False):
    """A value in words: the total and its average, after the long games (fewest-deep) or
    the worst case (depth) that come first; under weights, the expected guesses (``n``: the
    answers' weight)."""
    long, total = split_long_games(value, deep)
    said = f"needs {total} guesses in all, {_avg(total, n):.4f} on average"
    if weighted:
        return f"expects {_avg(total, n):.4f} guesses under the weights (weighted total {total})"
    if long is not None:
        return f"has {long} long game{'s' if long != 1 else ''} ({deep} or more guesses in the whole game), then {said}"
    return said if worst is None else f"needs at most {worst} guesses for any answer, then {said[6:]}"


def _position_lines(analysis, seconds, deep=None):
    position, n, per = analysis.position, analysis.n, analysis.weight
    weighted = position.weights is not None
    shown = f": {' '.join(position.words)}" if n <= 20 else ""
    where = "opening (from the proved ranking shipped with the trees)" if analysis.from_table else "position"
    kind = "weighted totals, expected guesses" if weighted else f"exact{' long games and' if deep else ''} totals"
    lines = [
        f"{n} answer{'s' if n != 1 else ''} left{shown}",
        (
            f"{where}: best play {_value_text(analysis.best_total, per, deep, analysis.worst, weighted)} "
            "from here (this guess included)"
        ),
        f"best moves ({kind}; * = can be the answer):",
    ]
    for i, move in enumerate(analysis.moves, start=1):
        long, total = split_long_games(move.total, deep)
        lines.append(
            f"  {i:>2}. {move.word}{'*' if move.possible else ' '} {'' if long is None else f'{long:>5} '}"
            f"{total:>6}  {_avg(total, per):.4f}"
        )
    lines.append(f"({seconds:.2f} s)")
    return lines


def _review_lines(rows, seconds):
    header = (
        f"{'step':>4}  {'guess':5} {'pattern':7} {'left':>5} {'best avg':>8} {'played':>8} {'loss':>6} "
        f"{'class':>5} {'expected':>8} {'luck':>6}"
    )
    lines = [header, "-" * len(header)]
    for r in rows:
        n, per = r.answers_before, r.weight_before
        lines.append(
            f"{r.step:>4}  {r.word:5} {r.pattern:7} {n:>5} {_avg(r.best_total, per):8.4f} "
            f"{_avg(r.move_total, per):8.4f} {r.loss:6.3f} {r.actual_class:>5} {r.expected_class:8.1f} "
            f"{r.luck:+6.2f}"
        )
    lines.append(
        f"total loss {sum(r.loss for r in rows):.3f} guesses, luck {sum(r.luck for r in rows):+.2f} ({seconds:.2f} s)"
    )
    return lines


@click.command(name="analyse", short_help="Exact value of a position, a move, or every move of a game.")
@click.argument("history", nargs=-1)
@click.option(
    "--top",
    default=None,
    type=PlainIntRange(1, 1000),
    help="how many best moves to show [default: 5, or 1 with --move: its loss needs only the best]",
)
@click.option("--move", callback=not_empty, help="the exact value of this move here and its loss against the best")
@click.option(
    "--rank",
    "with_rank",
    is_flag=True,
    help="with --move: also its exact rank (counts every better move exactly: for a poor move, minutes)",
)
@click.option("--review", is_flag=True, help="one row per move of the game in HISTORY (also implied by ggggg)")
@click.option(
    "--mode",
    default="normal",
    show_default=True,
    type=click.Choice(MODES),
    help="game rules: hard and possible mode positions allow only the moves the rules allow",
)
@game_option
@click.option("--answers", default="original", show_default=True, help=_lists_help("answers"))
@click.option("--guesses", default=None, help=_lists_help("guesses") + " [default: goes with --answers]")
@max_depth_option("every answer must be solved within this many guesses")
@click.option(
    "--objective",
    default="total",
    show_default=True,
    type=click.Choice(OBJECTIVES),
    help="total: the fewest guesses in all; depth: the least worst case, then the fewest in all; "
    "fewest-deep: the fewest answers needing --deep K guesses or more, then the fewest in all",
)
@click.option(
    "--deep",
    type=PlainIntRange(2, 64),
    metavar="K",
    help="with --objective fewest-deep: a game of K or more guesses counts as long",
)
@click.option(
    "--jobs",
    default=1,
    show_default=True,
    type=PlainIntRange(1, 64),
    help="threads that count the better moves for --rank (the result does not depend on it)",
)
@weights_options
@json_option()
@quiet_option("no progress on stderr")
def analyse_command(
    history,
    top,
    move,
    with_rank,
    review,
    mode,
    game,
    answers,
    guesses,
    max_depth,
    objective,
    deep,
    jobs,
    as_json,
    quiet,
    **weight_options,
):
    """Analyse HISTORY exactly (e.g. salet bbybb crony bybbg, or salet:bbybb, salet=00100, emoji).

    With no HISTORY: the opening.  Totals count every guess from the position on
    (this one included); the average is total / answers left.  A search that takes
    over a second shows its progress on stderr (--quiet: none).  With --weights or
    --prior, totals are Σ weight × guesses and averages the expected guesses.
    """
    from wordle_runtime.history import HistoryError, NoAnswerError, parse_history

    from .startup import collector_paused

    with collector_paused():  # numpy imports here: see startup
        for module in ENGINE_MODULES:  # what _analysed imports
            importlib.import_module(module, __package__)
        from ..analysis.review import review_game
        from ..core.config import Context
        from ..core.wordlists import WordListError

    _check_options(history, review, move, with_rank)
    _check_objective(objective, deep, max_depth, review or bool(history and history[-1].lower() == "ggggg"), with_rank)
    weighted = _checked_weights(objective, weight_options)
    _check_opening(objective, deep, history)
    began = time.perf_counter()
    progress = AnalyseProgress(quiet)
    try:
        ctx = Context.load(*lists_for_game(game, answers, guesses))
        steps = parse_history(list(history), ctx.game)
        weights = (
            weights_for(list(ctx.words.answers), **weight_options, language=ctx.words.language) if weighted else None
        )
        if review or (steps and steps[-1][1] == ctx.game.all_correct):
            rows = review_game(ctx, mode, steps, max_depth, progress, weights)
            _print_review(rows, time.perf_counter() - began, as_json)
            return
        asked = {"top": top, "move": move.strip().lower() if move else None, "rank": with_rank, "jobs": jobs}
        analysis, report = _analysed(ctx, mode, steps, max_depth, objective, deep, weights, asked, progress)
    except NoAnswerError as exc:
        raise FailedError(str(exc)) from None
    except (HistoryError, WordListError) as exc:
        raise CliError(str(exc)) from None
    finally:
        progress.close()
    _print_analysis(analysis, report, time.perf_counter() - began, as_json, deep)


def _analysed(ctx, mode: str, steps: list, max_depth: int, objective: str, deep, weights, asked: dict, progress):
    """(the position's analysis, the report on the move asked about or None), by the least
    search the objective allows (``asked``: the ``top``, ``move``, ``rank`` and ``jobs`` options)."""
    from ..analysis.moves import analyse_move
    from ..analysis.position import analyse_position
    from ..analysis.worst_case import analyse_worst_case

    top, move = asked["top"], asked["move"]
    if objective == "depth":
        found = analyse_worst_case(ctx, mode, steps, top or (1 if move else 5), max_depth, move, progress)
        return found if move else (found, None)
    if move:
        return analyse_move(
            ctx,
            mode,
            steps,
            move,
            top or 1,
            max_depth,
            rank=asked["rank"],
            jobs=asked["jobs"],
            progress=progress,
            deep=deep,
            weights=weights,
        )
    return analyse_position(ctx, mode, steps, top or 5, max_depth, progress, deep, weights), None


def _checked_weights(objective: str, weight_options: dict) -> bool:
    """Whether the weights options ask for weights; their numbers, and weights under another
    objective than the total, refused before any work."""
    check_weight_numbers(weight_options["prior_width"], weight_options["weight_missing"])
    weighted = weights_asked(**weight_options)
    if weighted and objective != "total":
        raise CliError("--weights and --prior value moves by expected guesses: --objective total only")
    return weighted


def _check_opening(objective: str, deep: int | None, history: tuple) -> None:
    """The opening under another objective than the total, refused before any work: it is a
    ranking of every first word, whose command the line names."""
    if objective != "total" and not history:
        option = f"--objective {objective}{f' --deep {deep}' if deep else ''}"
        raise CliError(
            f"the opening under {option} is a ranking of every first word: wordle-rank {option} "
            f"(or, for one word, wordle-compile --strategy optimal --start WORD {option})"
        )


def _check_options(history: tuple, review: bool, move: str | None, with_rank: bool) -> None:
    """The requests that make no sense, refused before any work."""
    if any(not token.strip() for token in history):
        raise CliError("the history has an empty word or pattern")
    if review and not history:
        raise CliError("--review needs the game's HISTORY, e.g. salet bbybb crony ggggg")
    if with_rank and not move:
        raise CliError("--rank ranks the move given with --move WORD")


def _check_objective(objective: str, deep: int | None, max_depth: int, review: bool, with_rank: bool) -> None:
    """The options each objective takes, refused before any work."""
    from ..core.config import objective_clash

    clash = objective_clash(objective, deep, max_depth)
    if clash:
        raise CliError(clash)
    if review and objective != "total":
        raise CliError("--review reports loss and luck in guesses: --objective total only")
    if with_rank and objective == "depth":
        raise CliError("--rank counts better moves by their total: not with --objective depth")


def _print_review(rows: list, seconds: float, as_json: bool) -> None:
    """One row per move of the game, as a table or one JSON object."""
    if as_json:
        click.echo(json.dumps({"review": [r.__dict__ for r in rows], "seconds": round(seconds, 3)}))
    else:
        click.echo("\n".join(_review_lines(rows, seconds)))


def _print_analysis(analysis, report, seconds: float, as_json: bool, deep=None) -> None:
    """The position, its best moves and, with ``report``, the move asked about (averages
    are over the answers' weight under weights: expected guesses)."""
    n, per = analysis.n, analysis.weight
    weighted = analysis.position.weights is not None
    best_long, best_total = split_long_games(analysis.best_total, deep)
    if as_json:
        doc = {
            "answers_left": n,
            "answers": analysis.position.words if n <= 20 else None,
            "best_total": best_total,
            "best_average": round(_avg(best_total, per), 5),
            "from_table": analysis.from_table,
            "moves": [_move_doc(m, per, deep) for m in analysis.moves],
            "seconds": round(seconds, 3),
        }
        if weighted:
            doc["weights"] = {**analysis.position.weights.summary(), "weight_left": per}
        doc.update({k: v for k, v in (("best_long_games", best_long), ("best_worst", analysis.worst)) if v is not None})
        if report:
            loss = (split_long_games(report.move.total, deep)[1] - best_total) / max(per, 1)
            doc["move"] = {
                **_move_doc(report.move, per, deep),
                "rank": report.rank,
                "rank_at_least": report.rank_at_least,
                "loss": round(loss, 5),
            }
        click.echo(json.dumps(doc))
        return
    lines = _position_lines(analysis, seconds, deep)
    if report:
        rank = "" if report.rank is None else f"rank {'>= ' if report.rank_at_least else ''}{report.rank}, "
        long, total = split_long_games(report.move.total, deep)
        more = "" if long is None else f"{long - best_long:+d} long games, "
        said = f"{total} guesses in all ({_avg(total, n):.4f} on average)"
        if long is not None or report.move.worst is not None or weighted:
            said = _value_text(report.move.total, per, deep, report.move.worst, weighted)
        lines.insert(
            -1,
            f"move {report.move.word}: {said}, {rank}{more}loses {(total - best_total) / max(per, 1):.4f} "
            "guesses on average against the best",
        )
    click.echo("\n".join(lines))
