"""``wordle-rank --boards K`` (or ``--game dordle|quordle|octordle``): every first guess of a
multi-board game valued exactly (:mod:`..multiboard.rank`), reported as ``wordle-rank``
reports a ranking: the table (or ``--json``) and the results file (``-o``), written at the
end.  Lists whose tuples are more than the ranking takes are refused in one line, exit 2
(an oversized game, as ``wordle-compile --boards`` refuses one), before any work."""

from __future__ import annotations

import json
from dataclasses import replace
from typing import TYPE_CHECKING

import click

from .common import CliError, FailedError, refuse_given

if TYPE_CHECKING:
    from ..core.settings import Settings
    from ..multiboard.rank import BoardsRankedWord, BoardsRanking

# Options of single-board rankings that a multi-board one refuses when given.
SINGLE_BOARD_OPTIONS = (
    "second_after",
    "pairs",
    "margin",
    "deep",
    "jobs",
    "scheduler",
    "resume",
    "recheck",
    "weights_file",
    "prior",
)


def run_boards_ranking(ctx: click.Context, settings: Settings) -> None:
    """Rank the first guesses of the multi-board game ``settings`` hold (several boards) as
    ``wordle-rank``'s options ask."""
    from .. import __version__
    from ..core.wordlists import read_word_file
    from ..multiboard.rank import rank_boards
    from ..ranking.results import results_header
    from ..util.files import check_destination
    from .rank_plan import RankRequest
    from .rank_results import default_output, refuse_replacing

    params = ctx.params
    refuse_given(ctx, SINGLE_BOARD_OPTIONS, "single-board rankings")
    if params["fmt"] != "csv":
        raise CliError("--format selby is for single-board rankings: use csv")
    try:
        settings = replace(settings, objective=params["objective"])
    except ValueError as exc:
        raise CliError(str(exc)) from None
    start = "force" if params["force"] else "new"
    request = RankRequest(settings, params["first_words"], None, None, params["top"], None, "csv", start, True, None)
    path = check_destination(params["output"] or default_output(request), "results")
    refuse_replacing(path, start)
    words = read_word_file(params["first_words"]) if params["first_words"] is not None else None
    with ProgressBar(params["quiet"]) as bar:
        try:
            ranking = rank_boards(settings, words, bar.tick)
        except ValueError as exc:  # BoardsTooLargeError among them: an oversized game
            raise CliError(str(exc)) from None
    write_results(path, results_header(ranking.words, settings, __version__), ranking)
    if params["as_json"]:
        click.echo(json.dumps(ranking_doc(ranking, str(path))))
    else:
        click.echo("\n".join(ranking_lines(ranking, params["top"], str(path))))
    if ranking.best() is None:
        within = f"{ranking.limit} guess" if ranking.limit == 1 else f"{ranking.limit} guesses"
        raise FailedError(
            f"no first word solves every tuple within {within} "
            f"({len(ranking.rows)} proved infeasible; results in {path})"
        )


class ProgressBar:
    """The ranking's bar on stderr, counting first words valued, its time left at the rate
    so far (every word is valued whole, in the guess list's order); none when ``quiet``."""

    def __init__(self, quiet: bool):
        from .progress import Progress

        self.bar, self.done = Progress(quiet), None

    def tick(self, done: int, total: int) -> None:
        """One more first word valued (of ``total``)."""
        if self.done is None:  # the first word took its time before the bar's clock started
            self.bar.start(total, "wordle-rank", "words")
            self.bar.weigh([total - done], power=1.0)
            self.bar(done, work=0)
        else:
            self.bar(done - self.done)
        self.done = done

    def __enter__(self) -> ProgressBar:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.bar.close()  # cleared, whatever ended the ranking


def write_results(path, header: str, ranking: BoardsRanking) -> None:
    """The results file: the first line (a finished ranking's), the csv columns and one
    checked row per first guess, best first, written atomically."""
    from ..ranking.results import COMPLETE_FIELD, checked_row, csv_columns
    from ..util.files import write_atomic

    lines = [header + COMPLETE_FIELD, csv_columns(ranking.objective)]
    lines += [checked_row(header, _csv_row(row, ranking), "csv") for row in ranking.rows]
    write_atomic(path, ("\n".join(lines) + "\n").encode())


def _csv_row(row: BoardsRankedWord, ranking: BoardsRanking) -> str:
    """One row as the results file holds it (no check)."""
    if row.total is None:
        return f"{row.word},,,infeasible"
    average = f"{row.total / ranking.tuples:.6f}"
    if ranking.objective == "win":
        return f"{row.word},{row.lost},{row.total},{average},{row.status}"
    return f"{row.word},{row.total},{average},{row.status}"


def _value(row: BoardsRankedWord, ranking: BoardsRanking) -> dict:
    """A ranked first guess in ``--json``: its total, average and (objective win) lost tuples."""
    assert row.total is not None
    doc: dict = {"word": row.word, "total": row.total, "average": round(row.total / ranking.tuples, 6)}
    if ranking.objective == "win":
        doc["lost"] = row.lost
    return doc


def ranking_doc(ranking: BoardsRanking, path: str) -> dict:
    """The ``--json`` object: the best, every exact row, and what was ranked over."""
    best = ranking.best()
    exact = [row for row in ranking.rows if row.exact]
    return {
        "best": None if best is None else _value(best, ranking),
        "exact": [_value(row, ranking) for row in exact],
        "infeasible": len(ranking.rows) - len(exact),
        "ranked": "first word",
        "boards": ranking.boards,
        "tuples": ranking.tuples,
        "limit": ranking.limit,
        "objective": ranking.objective,
        "words": len(ranking.rows),
        "seconds": round(ranking.seconds, 2),
        "search_nodes": ranking.nodes,
        "output": path,
    }


def _said(row: BoardsRankedWord, ranking: BoardsRanking) -> str:
    """A row's value in words."""
    assert row.total is not None
    lost = f"{row.lost:,} tuples unsolved, " if ranking.objective == "win" else ""
    return f"{lost}{row.total:,} guesses in all ({row.total / ranking.tuples:.5f} on average)"


def ranking_lines(ranking: BoardsRanking, top, path: str) -> list[str]:
    """The report: the proved best, the ``top`` best rows (ties at the last included in one
    line counting them), the infeasible words, and the work."""
    from .rank_plan import ALL

    best = ranking.best()
    exact = [row for row in ranking.rows if row.exact]
    over = f"{ranking.boards} boards, {ranking.tuples:,} tuples, at most {ranking.limit} guesses"
    lines = []
    if best is not None:
        over_all = f"proved best over {len(ranking.rows)} first words"
        lines.append(f"best first word: {best.word}, {_said(best, ranking)}, {over_all}")
        lines.append(f"every value below is exact ({over}, objective {ranking.objective})")
    count = len(exact) if top == ALL else (top or 10)
    shown = exact[:count]
    for row in shown:
        lost = f" {row.lost}" if ranking.objective == "win" else ""
        lines.append(f"  {row.word}{lost} {row.total} {row.total / ranking.tuples:.5f}")  # type: ignore[operator]
    rest = exact[len(shown) :]
    if rest:
        last = shown[-1]
        tied = all((row.lost, row.total) == (last.lost, last.total) for row in rest)
        what = f"tied at {_said(last, ranking)}" if tied else "exact values"
        lines.append(f"  … and {len(rest):,} more {what}; --json and the results file list them all")
    infeasible = len(ranking.rows) - len(exact)
    if infeasible:
        lines.append(f"{infeasible:,} first words cannot solve every tuple within {ranking.limit} guesses")
    work = f"{len(ranking.rows)} words in {ranking.seconds:.1f} s; search nodes {ranking.nodes:,}"
    lines.append(f"{work}; results in {path}")
    return lines
