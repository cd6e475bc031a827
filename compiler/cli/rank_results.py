"""The results file of ``wordle-rank`` as the command line handles it (click definition in
:mod:`.rank`; its default name is :func:`.rank_plan.default_output`): what an earlier
run left in it (``--resume``), or the refusal to replace its rows without ``--force``; and the
one line that stops a resumed run whose file claims what the search disproves."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from .common import CliError, split_long_games

if TYPE_CHECKING:
    from types import SimpleNamespace

    from ..ranking.results_log import LogContents, ResultsLog
    from ..ranking.tasks import WordResult


def starting_contents(
    path: Path,
    start: str,
    header: str,
    words: list[str],
    n_answers: int,
    max_depth: int,
    objective: str,
    weighted: bool,
) -> LogContents:
    """What the ranking starts from: with ``start`` "resume" or "recheck", the claims an
    earlier run of the same ranking left in ``path``, checked line by line; else nothing,
    once a file that holds rows, or is not a results file, is known to be replaced only
    with ``--force``."""
    from ..ranking.results_log import LogContents

    if start in ("resume", "recheck"):
        kept = _kept_results(path, header, words, n_answers, max_depth, objective, weighted, start == "recheck")
        _refuse_foreign(path)  # one without a complete line, which gives no claim
        return kept
    refuse_replacing(path, start)
    return LogContents()


def refuse_replacing(path: Path, start: str) -> None:
    """A results file that holds rows, or a file that is not one, is replaced only with
    ``--force`` (``start`` "force"; else "new")."""
    if start != "force":
        _refuse_foreign(path)
    _refuse_overwrite(path, start)


def _kept_results(path, header, words, n_answers, max_depth, objective, weighted, recheck):
    """The claims of an earlier run of the same ranking (``--resume``), checked line by line."""
    from ..ranking.results import ResultsFileError
    from ..ranking.results_log import read_log

    try:
        return read_log(path, header, set(words), n_answers, max_depth, objective, weighted, recheck)
    except ResultsFileError as exc:
        raise CliError(str(exc)) from None


def _refuse_foreign(path: Path) -> None:
    """A file that is neither empty nor a results file is replaced only with ``--force``."""
    from ..ranking.results import HEADER_PREFIX

    try:
        with open(path, "rb") as file:
            head = file.read(len(HEADER_PREFIX))
    except FileNotFoundError:
        return
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror or exc}") from None
    if head and head != HEADER_PREFIX.encode():
        raise CliError(f"{path} is not a wordle-rank results file: --force replaces it, -o names another file")


def _refuse_overwrite(path, start):
    """A results file that holds rows is replaced only with ``--force`` (``--resume`` goes on from it)."""
    from ..ranking.results_log import decided_rows

    rows = decided_rows(path)
    if rows and start != "force":
        raise CliError(
            f"results file {path} already holds {rows} row{'s' if rows != 1 else ''}: --resume goes on "
            "from it, --force replaces it, -o names another file"
        )


def refuse_contradicted(
    plan: SimpleNamespace, fresh: list[WordResult], log: ResultsLog, contradicted: tuple[WordResult, WordResult]
) -> NoReturn:
    """Stop a resumed run whose results file claims for a word what the search disproves
    (``contradicted``: the claim and the proved result), the file left holding only the rows
    whose checks hold and this run's results (``fresh``)."""
    kept = {r.word: r for r in plan.trusted + fresh}  # every proved row; no unchecked claim
    log.finish([(r.word, r.value, r.exact) for r in kept.values()], complete=False)
    claim, proved = contradicted
    deep = plan.spec.settings.deep
    raise CliError(
        f"results file {plan.path} gives {claim.word} {_claim(claim, deep)}, but the search proves "
        f"{_claim(proved, deep)}; not resuming from it (it now holds only the rows whose checks "
        "hold and this run's results)"
    )


def _claim(result, deep=None) -> str:
    """A claim in words: an exact value or a bound, with fewest-deep's two parts apart."""
    if result.value >= 1 << 36:
        return "no tree within the depth limit"
    long, total = split_long_games(result.value, deep)
    value = f"{total}" if long is None else f"{long} long games and {total} guesses"
    return f"{value} exactly" if result.exact else f"at least {value}"
