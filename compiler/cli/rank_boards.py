"""``wordle-rank --boards K`` (or ``--game dordle|quordle|octordle``): every first guess of a
multi-board game valued exactly (:mod:`..multiboard.rank`), reported as ``wordle-rank``
reports a ranking: the table (or ``--json``) and the results file (``-o``).  The file is the
single-board ranking's log (:mod:`..ranking.results_log`): a row appended as each first word
is valued, the canonical file written at the end, and ``--resume`` going on from it (the
words whose rows check are not valued again; the others are).  Lists whose tuples are more
than the ranking takes are refused in one line, exit 2 (an oversized game, as
``wordle-compile --boards`` refuses one), before any work.  ``--jobs N`` and ``--scheduler``
value the words on Dask workers (:class:`Workers`), the same file for any of them."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

import click

from ..kinds import SEVERAL_BOARDS
from .common import CliError, FailedError, refuse_other_kind

if TYPE_CHECKING:
    from collections.abc import Iterator
    from pathlib import Path

    from ..concurrency.cluster import Executor
    from ..core.settings import Settings
    from ..multiboard.rank import BoardsRankedWord, BoardsRanker, BoardsRanking
    from ..ranking.tasks import WordResult


def run_boards_ranking(ctx: click.Context, settings: Settings) -> None:
    """Rank the first guesses of the multi-board game ``settings`` hold (several boards) as
    ``wordle-rank``'s options ask."""
    from ..core.wordlists import read_word_file
    from ..multiboard.rank import BoardsRanker
    from ..util.files import check_destination
    from .rank_plan import RankRequest, checked_scheduler, default_output
    from .rank_results import refuse_replacing

    params = ctx.params
    refuse_other_kind(ctx, SEVERAL_BOARDS, "rank")
    if params["fmt"] != "csv":
        raise CliError("--format selby is for single-board rankings: use csv")
    if params["force"] and params["resume"]:
        raise CliError("--force starts over and --resume goes on: give one")
    try:
        settings = replace(settings, objective=params["objective"])
    except ValueError as exc:
        raise CliError(str(exc)) from None
    start = "resume" if params["resume"] else "force" if params["force"] else "new"
    request = RankRequest(settings, params["first_words"], None, None, params["top"], None, "csv", start, True, None)
    path = check_destination(params["output"] or default_output(request), "results")
    if start != "resume":
        refuse_replacing(path, start)
    words = read_word_file(params["first_words"]) if params["first_words"] is not None else None
    scheduler = checked_scheduler(params["jobs"], params["scheduler"])
    try:
        ranker = BoardsRanker(settings, words)
    except ValueError as exc:  # BoardsTooLargeError among them: an oversized game
        raise CliError(str(exc)) from None
    workers = Workers(params["jobs"], scheduler, params["verbose"])
    ranking = logged_ranking(ranker, path, start, params["quiet"], workers)
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


class Workers(NamedTuple):
    """Where the first words are valued: this process (one job, no scheduler), ``jobs``
    local Dask workers, or the cluster at ``scheduler``."""

    jobs: int
    scheduler: str | None
    verbose: bool

    @contextlib.contextmanager
    def executor(self) -> Iterator[Executor | None]:
        """``multiboard.rank.ranking_workers``' executor; a lost cluster is one line."""
        from ..concurrency.cluster import ClusterLostError
        from ..multiboard.rank import ranking_workers

        try:
            with ranking_workers(self.jobs, self.scheduler, self.verbose) as executor:
                yield executor
        except ClusterLostError as exc:
            raise CliError(f"{exc}; every word valued so far is in the results file, and --resume goes on") from None


def logged_ranking(ranker: BoardsRanker, path: Path, start: str, quiet: bool, workers: Workers) -> BoardsRanking:
    """Run ``ranker`` on ``workers`` with the results file at ``path`` as its log: with
    ``start`` "resume", the words whose rows check are taken from it (a file of another
    ranking, or not a possible one, refused in one line); each word valued is appended as it
    comes, and the finished ranking rewrites the file canonically, the same bytes for any
    workers."""
    from .. import __version__
    from ..ranking.results import results_header
    from ..ranking.results_log import ResultsLog
    from .rank_results import starting_contents

    settings = ranker.settings
    objective, limit = settings.objective, settings.max_depth
    header = results_header(ranker.words, settings, __version__)
    decided: dict[str, BoardsRankedWord] = {}
    if start == "resume":
        contents = starting_contents(path, start, header, ranker.first_words, ranker.tuples, limit, objective, False)
        read = (ranked_word(result, objective) for result in contents.trusted)
        decided = {row.word: row for row in read if row is not None}
    log = ResultsLog(path, "csv", ranker.tuples, header, objective, limit, resume=start == "resume")
    try:
        with workers.executor() as executor, ProgressBar(quiet) as bar:
            ranking = ranker.run(bar.tick, decided, lambda row: log.append(word_result(row)), executor)
    finally:
        log.close()
    log.finish([(result.word, result.value, result.exact) for result in map(word_result, ranking.rows)])
    return ranking


def word_result(row: BoardsRankedWord) -> WordResult:
    """A ranked first guess as the results file's rows hold it: an exact row's value is
    ``DEEP_COST`` × its lost tuples (0 under objective total) + its total, as a
    fewest-deep row's; an infeasible row's is ``INF``."""
    from ..ranking.tasks import WordResult
    from ..search import DEEP_COST, INF

    if row.total is None:
        return WordResult(row.word, INF, False)
    return WordResult(row.word, (row.lost or 0) * DEEP_COST + row.total, True)


def ranked_word(result: WordResult, objective: str) -> BoardsRankedWord | None:
    """A row read back from the results file as a ranked first guess (:func:`word_result`
    undone; an infeasible word's lost tuples are not in the file), or None for a row this
    ranking does not write (a bound; infeasible under objective win): its word is valued."""
    from ..multiboard.rank import EXACT, INFEASIBLE, BoardsRankedWord
    from ..search import DEEP_COST, INF

    if result.value >= INF:
        return BoardsRankedWord(result.word, None, None, INFEASIBLE) if objective == "total" else None
    if not result.exact:
        return None
    lost, total = divmod(result.value, DEEP_COST)
    return BoardsRankedWord(result.word, total, lost, EXACT)


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
