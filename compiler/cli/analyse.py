"""``wordle-tree analyse``: exact analysis of a position, a move, or a whole game."""

from __future__ import annotations

import importlib
import json
import time

import click

from ..analysis.request import DEEP_RANGE, TOP_RANGE, Review, answer_json
from ..core.settings import OBJECTIVES
from .common import (
    CliError,
    FailedError,
    boards_option,
    game_option,
    game_settings,
    json_option,
    max_depth_option,
    mode_option,
    not_empty,
    quiet_option,
    split_long_games,
)
from .numbers import PlainIntRange
from .progress import AnalyseProgress, announce_matrix
from .weights import check_weight_numbers, weights_asked, weights_for, weights_options

ENGINE_MODULES = ("..analysis.moves", "..analysis.position", "..analysis.review", "..analysis.worst_case")


def _lists_help(role):
    from ..core.wordlists import ANSWER_SPECIALS, GUESS_SPECIALS, NAMED_ANSWERS, NAMED_GUESSES

    names = [*NAMED_ANSWERS, *ANSWER_SPECIALS] if role == "answers" else [*NAMED_GUESSES, *GUESS_SPECIALS]
    return " | ".join([*names, "PATH"])


def _avg(total, n):
    return total / n if n else 0.0


def _value_text(value, n, deep, worst=None, weighted=False):
    """A value in words: the total and its average, after the long games (fewest-deep) or
    the worst case (depth) that come first; under weights, the expected guesses (``n``: the
    answers' weight)."""
    long, total = split_long_games(value, deep)
    said = f"needs {_guesses(total)} in all, {_avg(total, n):.4f} on average"
    if weighted:
        return f"expects {_avg(total, n):.4f} guesses under the weights (weighted total {total})"
    if long is not None:
        return f"has {long} long game{'s' if long != 1 else ''} ({deep} or more guesses in the whole game), then {said}"
    return said if worst is None else f"needs at most {_guesses(worst)} for any answer, then {said[6:]}"


def _guesses(k: int) -> str:
    """``k`` guesses in words: 1 guess, 2 guesses."""
    return f"{k} guess{'es' if k != 1 else ''}"


def _tie_value(total: int, per: int, deep) -> str:
    """A value as the lines after the list say it: the total, its average, the long games first."""
    long, guesses = split_long_games(total, deep)
    value = f"{guesses} ({_avg(guesses, per):.4f} on average)"
    return value if long is None else f"{long} long game{'s' if long != 1 else ''}, then {value}"


def _only_answer_line(analysis) -> list[str]:
    """With one answer left: that guessing it is proved best (nothing else can be the answer)."""
    if analysis.n != 1 or not analysis.moves or not analysis.moves[0].possible:
        return []
    return [f"play {analysis.moves[0].word}, the only answer left: proved best, solved in 1 more guess"]


def _others_line(analysis, deep) -> list[str]:
    """With one or two answers left: the guesses that cannot be the answer in one line
    (``analysis.others``: how many, the best of them) instead of listed as ties."""
    others = analysis.others
    if others is None:
        return []
    each = "each needs" if analysis.n == 1 else "the best of them needs"
    which = f"the other {others.count:,} guess{'es' if others.count != 1 else ''}"
    return [f"  {which} cannot be the answer: {each} {_tie_value(others.total, analysis.weight, deep)}"]


def _position_lines(analysis, seconds, deep=None, shown_moves=None):
    """The position, its best moves (at most ``shown_moves``, then one line counting the moves
    tied with the last one shown) and the time taken."""
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
        *_only_answer_line(analysis),
        f"best moves ({kind}; * = can be the answer):",
    ]
    moves = analysis.moves[:shown_moves]
    for i, move in enumerate(moves, start=1):
        long, total = split_long_games(move.total, deep)
        lines.append(
            f"  {i:>2}. {move.word}{'*' if move.possible else ' '} {'' if long is None else f'{long:>5} '}"
            f"{total:>6}  {_avg(total, per):.4f}"
        )
    if len(analysis.moves) > len(moves):
        value = _tie_value(moves[-1].total, per, deep)
        lines.append(f"  … and {len(analysis.moves) - len(moves):,} more tied at {value}; --json lists every tie")
    lines += _others_line(analysis, deep)
    lines.append(f"({seconds:.2f} s)")
    return lines


REVIEW_COLUMNS = (  # (header, right-aligned)
    ("step", True),
    ("guess", False),
    ("pattern", False),
    ("left", True),
    ("best move", False),
    ("best avg", True),
    ("played", True),
    ("loss", True),
    ("class", True),
    ("expected", True),
    ("luck", True),
)


def _review_lines(rows, seconds):
    """The review as a table whose columns are as wide as their widest cell (guesses of any
    length: Nerdle's 8 symbols, Mastermind's codes), a rule of dashes under each header."""
    cells = [
        [
            str(r.step),
            r.word,
            r.pattern,
            str(r.answers_before),
            r.best_move,
            f"{_avg(r.best_total, r.weight_before):.4f}",
            f"{_avg(r.move_total, r.weight_before):.4f}",
            f"{r.loss:.3f}",
            str(r.actual_class),
            f"{r.expected_class:.1f}",
            f"{r.luck:+.2f}",
        ]
        for r in rows
    ]
    widths = [max(len(name), *(len(row[i]) for row in cells)) for i, (name, _) in enumerate(REVIEW_COLUMNS)]

    def line(values):
        return "  ".join(
            f"{v:>{w}}" if right else f"{v:<{w}}"
            for v, w, (_, right) in zip(values, widths, REVIEW_COLUMNS, strict=True)
        ).rstrip()

    lines = [line([name for name, _ in REVIEW_COLUMNS]), line(["-" * w for w in widths])]
    lines += [line(row) for row in cells]
    lines.append(
        f"total loss {sum(r.loss for r in rows):.3f} guesses, luck {sum(r.luck for r in rows):+.2f} ({seconds:.2f} s)"
    )
    return lines


@click.command(name="analyse", short_help="Exact value of a position, a move, or every move of a game.")
@click.argument("history", nargs=-1)
@click.option(
    "--top",
    default=None,
    type=PlainIntRange(*TOP_RANGE),
    help="how many best moves to show [default: 5, or 1 with --move: its loss needs only the best]",
)
@click.option("--move", callback=not_empty, help="the exact value of this move here and its loss against the best")
@click.option(
    "--rank",
    "with_rank",
    is_flag=True,
    help="with --move: also its exact rank (counts every better move exactly: for a poor move, minutes)",
)
@click.option(
    "--review",
    is_flag=True,
    help="one row per move of the game in HISTORY (also implied by a last feedback of all greens)",
)
@mode_option("game rules: hard, possible and strict mode positions allow only the moves the rules allow")
@game_option
@boards_option()
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
    type=PlainIntRange(*DEEP_RANGE),
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
def analyse_command(  # noqa: PLR0913 - a click command takes its options as parameters
    history,
    top,
    move,
    with_rank,
    review,
    mode,
    game,
    boards,
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
    (this one included); the average is total / answers left.  A long search shows
    its progress on stderr (on a terminal after a second, into a file or pipe after
    five; --quiet: none).  With --weights or
    --prior, totals are Σ weight × guesses and averages the expected guesses.
    """
    from wordle_runtime.history import HistoryError, NoAnswerError

    from .analyse_boards import analyse_boards, kind_asked

    if kind_asked(click.get_current_context()).several:
        analyse_boards(click.get_current_context())
        return
    from ..analysis.request import AnalysisRequest, LoadedGame, RequestError
    from .startup import collector_paused

    with collector_paused():  # numpy imports here: see startup
        for module in ENGINE_MODULES:  # what LoadedGame.answer imports
            importlib.import_module(module, __package__)
        from ..core.config import Context
        from ..core.wordlists import WordListError

    asked = AnalysisRequest(tuple(history), top, move, with_rank, review, max_depth, objective, deep, jobs)
    weighted = weights_asked(**weight_options)
    try:
        asked.check(weighted)
    except RequestError as exc:
        raise CliError(str(exc)) from None
    check_weight_numbers(weight_options["prior_width"], weight_options["weight_missing"])
    began = time.perf_counter()
    progress = AnalyseProgress(quiet)
    try:
        settings = game_settings(game, mode, answers, guesses, max_depth, objective, deep)
        ctx = Context.load(settings)
        announce_matrix("wordle-tree", ctx.words, quiet)
        steps = asked.steps(ctx.game)
        asked = asked.for_game(steps, ctx.game)
        weights = (
            weights_for(list(ctx.words.answers), **weight_options, language=ctx.words.language) if weighted else None
        )
        result = LoadedGame(ctx, settings.with_weights(weights)).answer(asked, steps, progress)
    except NoAnswerError as exc:
        raise FailedError(str(exc)) from None
    except (HistoryError, WordListError, RequestError) as exc:
        raise CliError(str(exc)) from None
    finally:
        progress.close()
    seconds = time.perf_counter() - began
    if as_json:
        click.echo(json.dumps(answer_json(result, seconds)))
    elif isinstance(result, Review):
        click.echo("\n".join(_review_lines(result.rows, seconds)))
    else:
        _print_analysis(result, seconds, deep, asked.shown_top)


def _print_analysis(analysis, seconds: float, deep=None, shown=None) -> None:
    """The position, its best moves and the move asked about (``analysis.report``), at most
    ``shown`` moves and a line counting the ties beyond them; averages are over the answers'
    weight under weights (expected guesses)."""
    n, per, report = analysis.n, analysis.weight, analysis.report
    weighted = analysis.position.weights is not None
    best_long, best_total = split_long_games(analysis.best_total, deep)
    lines = _position_lines(analysis, seconds, deep, shown)
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
