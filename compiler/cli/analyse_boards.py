"""``wordle-tree analyse --game quordle HISTORY`` (or ``--boards K``): a multi-board position
valued exactly when its tuples are few (``multiboard.position``), else the policy's move,
said to be a heuristic."""

from __future__ import annotations

import json

import click

from wordle_runtime.boards import BOARD_GAMES, board_position, boards_problem, parse_board_history

from .common import CliError, FailedError

# Options of single-board analyses that a multi-board one refuses when given.
SINGLE_BOARD_OPTIONS = ("with_rank", "review", "deep", "weights_file", "prior")


def boards_asked(ctx: click.Context) -> int | None:
    """The boards ``--game``/``--boards`` ask for, or None for a single-board analysis."""
    params = ctx.params
    game = params["game"].strip().lower() if isinstance(params["game"], str) else None
    boards = params["boards"]
    if game in BOARD_GAMES:
        if boards is not None and boards != BOARD_GAMES[game]:
            raise CliError(f"{game} has {BOARD_GAMES[game]} boards, not {boards}")
        return BOARD_GAMES[game]
    if boards is not None and game not in (None, "wordle"):
        raise CliError("--boards plays boards of the lists' own Wordle game: leave out --game")
    return boards


def analyse_boards(ctx: click.Context, boards: int) -> None:
    """Print the analysis of the multi-board position ``ctx``'s history leads to."""
    from wordle_runtime.history import HistoryError, NoAnswerError

    params = ctx.params
    for key in SINGLE_BOARD_OPTIONS:
        if ctx.get_parameter_source(key) not in (None, click.core.ParameterSource.DEFAULT):
            raise CliError(f"--{key.replace('with_', '').replace('_file', '')} is for single-board analyses")
    if params["mode"] != "normal" or params["objective"] != "total":
        raise CliError("a multi-board position is analysed in normal mode, objective total")
    played = _played(params, boards)
    try:
        steps = parse_board_history(list(params["history"]), played.game, boards)
        position = board_position(played.answers, steps, played.game, boards)
    except NoAnswerError as exc:
        raise FailedError(str(exc)) from None
    except HistoryError as exc:
        raise CliError(str(exc)) from None
    _report(position, played, params)


def _played(params: dict, boards: int):
    """The lists, matrix and opening the position is played over."""
    from ..core.matrix import feedback_matrix
    from ..core.wordlists import load_word_lists
    from ..multiboard.position import BoardsGame

    named = isinstance(params["game"], str) and params["game"].strip().lower() in BOARD_GAMES
    answers, guesses = ("original", "original") if named else (params["answers"], params["guesses"])
    try:
        words = load_word_lists(answers, guesses)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    problem = boards_problem(boards, words.game)
    if problem:
        raise CliError(problem)
    return BoardsGame(list(words.answers), list(words.guesses), feedback_matrix(words), words.game, _opening(words))


def _opening(words) -> str:
    """The single-board opening: the default tree's first guess on its lists, else the
    best proved first word of the opening table, else the first answer."""
    from wordle_runtime.tree import load

    tree = load()
    same_lists = tree.guess_list is not None and tuple(tree.guess_list) == tuple(words.guesses)
    if same_lists and tuple(tree.answers) == tuple(words.answers):
        return str(tree.next_guess([]))
    return words.answers[0]


def _report(position, played, params: dict) -> None:
    """The analysis, as text or ``--json``."""
    from ..multiboard.position import analyse_position, move_value

    top = params["top"] or 5
    analysis = analyse_position(position, played, top)
    move = params["move"]
    if move is not None and move not in played.guesses:
        raise CliError(f"--move {move!r} is not in the guess list")
    value = move_value(position, played, move) if move is not None and analysis.exact else None
    counts = [len(position.candidates[b]) for b in position.open_boards]
    if params["as_json"]:
        doc = analysis.to_json()
        doc["open_boards"] = [b + 1 for b in position.open_boards]
        doc["candidates"] = counts
        if value is not None:
            doc["move"] = vars(value)
        click.echo(json.dumps(doc))
        return
    left = f"{len(counts)} open board{'s' if len(counts) != 1 else ''} ({', '.join(map(str, counts))} answers)"
    if not analysis.exact:
        click.echo(f"{left}: more tuples than an exact analysis takes (5,000)")
        click.echo(f"the policy's move (heuristic): {analysis.moves[0].word}")
        return
    click.echo(f"{analysis.tuples:,} tuples of distinct answers, {left}, {analysis.guesses_left} guesses left")
    click.echo("best moves (exact: guesses in all over the tuples, this one included; tuples unsolved in time):")
    for rank, best in enumerate(analysis.moves, start=1):
        average = best.guesses / analysis.tuples
        lost = f", {best.lost:,} unsolved" if best.lost else ""
        click.echo(f"  {rank:>2}. {best.word:<10} {best.guesses:>7,}  {average:.4f}{lost}")
    if value is not None:
        loss = (value.guesses - analysis.moves[0].guesses) / analysis.tuples
        lost = f", {value.lost:,} unsolved" if value.lost else ""
        click.echo(f"{move}: {value.guesses:,} guesses in all{lost}, {loss:.4f} more per tuple than the best")
