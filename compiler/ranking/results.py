"""The ranking's results file, line by line: its first line, its rows and their checks.

CSV (default)::

    # wordle-rank results; answers original sha256:e2d2a4f4c5d9b1e6; guesses ...; mode normal; max-depth 6; ...
    word,total,average,status,check
    salet,7920,3.421166,exact,1f0c9a3e
    aahed,7951,3.434557,lower-bound,77b2d410

or the reference solver's style (``--format selby``): ``salet 3.42117 7920 1f0c9a3e`` and
``aahed >=3.43456 >=7951 77b2d410``, under the same first line.  With ``--objective
depth`` (csv only) each word either solves every answer within max-depth or is proved
not to (``word,max_guesses,status,check``: ``salet,5,feasible,…``), and with
``--objective fewest-deep`` the answers needing K or more guesses come first
(``word,long_games,total,average,status,check``); a multi-board ranking's ``--objective
win`` has rows of the same shape, the tuples left unsolved first
(``word,lost,total,average,status,check``).

**Checks.**  The last field of a row is :func:`row_check`: the first 8 hex digits of the
sha256 of the first line (without ``; complete yes``) and the row.  The first line names
the lists' hashes, mode, depth, objective, weights and this program's version, so a row
whose check holds was written by this version for this very ranking; ``--resume`` takes
it as proved (:mod:`.results_log`).  An edited row, a row of another ranking or of
another version fails its check and is proved again.  The check is not a secret: whoever
recomputes it to forge a row is editing the output, as they could edit any output.
A row with no check (written by hand, or by an earlier format) is read as unchecked.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..core.settings import Settings
from ..search import DEEP_COST, INF
from .tasks import WordResult

CSV_HEADER = "word,total,average,status"
DEPTH_CSV_HEADER = "word,max_guesses,status"  # --objective depth: fits or not, no total
LONG_CSV_HEADER = "word,long_games,total,average,status"  # --objective fewest-deep
WEIGHTED_CSV_HEADER = "word,weighted_total,expected_guesses,status"  # --weights / --prior
WIN_CSV_HEADER = "word,lost,total,average,status"  # --boards K --objective win: tuples unsolved first
# The objectives whose rows give a count that orders first (long games, lost tuples), then the
# total: the value is DEEP_COST * count + total.
COUNT_FIRST_OBJECTIVES = ("fewest-deep", "win")
CHECK_COLUMN = "check"  # the last column of every row: row_check
CHECK_DIGITS = 8
_CHECKED_ROW = re.compile(rf"(?P<row>.+)[, ](?P<check>[0-9a-f]{{{CHECK_DIGITS}}})")
HEADER_PREFIX = "# wordle-rank results"
OBJECTIVE = "total"
FITS, INFEASIBLE = "feasible", "infeasible"
# the fields of the first line that must match for --resume (the version is only recorded)
# The csv status of a word proved to need at least its total (not exact, not infeasible).
LOWER_BOUND = "lower-bound"
MATCHED_FIELDS = ("answers", "guesses", "mode", "max-depth", "boards", "second-after", "objective", "deep", "weights")
# The first line of a file the ranking finished (canonical): its claims are kept at their
# strength by --resume, proved again (a killed run's lines are decisions still in progress).
COMPLETE_FIELD = "; complete yes"


class ResultsFileError(Exception):
    """A results file that --resume cannot take (another ranking's, or damaged)."""


def csv_columns(objective: str, weighted: bool = False, checked: bool = True) -> str:
    """The csv column line of a results file for ``objective`` (``weighted``: under weights;
    ``checked``: with the check column every row of this version ends in)."""
    if weighted:
        columns = WEIGHTED_CSV_HEADER
    else:
        columns = {"depth": DEPTH_CSV_HEADER, "fewest-deep": LONG_CSV_HEADER, "win": WIN_CSV_HEADER}.get(
            objective, CSV_HEADER
        )
    return f"{columns},{CHECK_COLUMN}" if checked else columns


def signed_header(header: str) -> str:
    """What a row's check binds it to: the first line, without the finished mark."""
    return header.removesuffix(COMPLETE_FIELD)


def row_check(header: str, row: str) -> str:
    """The check of ``row`` (no newline, no check) under the first line ``header``: 8 hex
    digits of sha256 over both (module docstring)."""
    digest = hashlib.sha256(f"{signed_header(header)}\n{row}".encode())
    return digest.hexdigest()[:CHECK_DIGITS]


def checked_row(header: str, row: str, fmt: str) -> str:
    """``row`` with its check appended (``,check`` in csv, `` check`` in the selby format)."""
    return f"{row}{',' if fmt == 'csv' else ' '}{row_check(header, row)}"


def split_check(line: str, objective: str = OBJECTIVE, max_depth: int = 0) -> tuple[str, str | None]:
    """(the row, its check) of a results line; (the line, None) when it carries no check."""
    match = _CHECKED_ROW.fullmatch(line)
    if match and parse_line(match.group("row"), objective, max_depth) is not None:
        return match.group("row"), match.group("check")
    return line, None


def results_header(words, settings: Settings, version: str = "", second_after: str | None = None) -> str:
    """The first line of a results file: what was ranked (the lists ``words`` by name and
    hash; for second words, the fixed first guess; the mode, depth limit and objective of
    ``settings``; the fingerprint of their integer weights)."""
    fields = {
        "answers": f"{words.answers_name} sha256:{words.answers_sha256[:16]}",
        "guesses": f"{words.guesses_name} sha256:{words.guesses_sha256[:16]}",
        "mode": settings.mode,
        "max-depth": str(settings.max_depth),
    }
    if settings.multiboard:
        fields["boards"] = str(settings.boards)
    if second_after is not None:
        fields["second-after"] = second_after
    fields["objective"] = settings.objective
    if settings.deep is not None:
        fields["deep"] = str(settings.deep)
    if settings.weights is not None:
        fields["weights"] = f"sha256:{settings.weights.sha256[:16]}"
    fields["version"] = version
    return HEADER_PREFIX + "".join(f"; {key} {value}" for key, value in fields.items())


def _header_fields(line: str) -> dict:
    parts = line.split("; ")
    return dict(part.split(" ", 1) for part in parts[1:] if " " in part)


def format_row(
    word: str, value: int, exact: bool, n_answers: int, fmt: str, objective: str = OBJECTIVE, max_depth: int = 0
) -> str:
    """One results line (no newline); for the depth objective (csv only), ``word,N,feasible``
    or ``word,N,infeasible``: whether it solves every answer within N = ``max_depth``.
    ``n_answers`` is what the average divides by: under weights, their total (the
    average is then the expected guesses)."""
    if objective == "depth":
        return f"{word},{max_depth},{FITS if exact and value < INF else INFEASIBLE}"
    if objective in COUNT_FIRST_OBJECTIVES:
        if value >= INF:
            return f"{word},,,,infeasible"
        long, total = divmod(value, DEEP_COST)
        return f"{word},{long},{total},{total / n_answers:.6f},{'exact' if exact else LOWER_BOUND}"
    if value >= INF:
        return f"{word},,,infeasible" if fmt == "csv" else f"{word} infeasible"
    average = value / n_answers
    if fmt == "csv":
        return f"{word},{value},{average:.6f},{'exact' if exact else LOWER_BOUND}"
    mark = "" if exact else ">="
    return f"{word} {mark}{average:.5f} {mark}{value}"


def parse_line(line: str, objective: str = OBJECTIVE, max_depth: int = 0) -> WordResult | None:
    """A decided word from either format (of the ``objective``'s rows), or None for a line
    that is not one."""
    line = line.strip()
    if objective == "depth":
        fields = line.split(",")
        if len(fields) != 3 or fields[1] != str(max_depth) or fields[2] not in (FITS, INFEASIBLE):
            return None
        return WordResult(fields[0], max_depth, True) if fields[2] == FITS else WordResult(fields[0], INF, False)
    if objective in COUNT_FIRST_OBJECTIVES:
        return _parse_long_games(line)
    try:
        if "," in line:
            word, total, average, status = line.split(",")
            if status == "infeasible" and total == average == "":
                return WordResult(word, INF, False)
            if status not in ("exact", LOWER_BOUND, f">= {total}"):  # ">= N": this version's first files
                return None
            return WordResult(word, _whole(total), status == "exact")
        parts = line.split()
        if len(parts) == 2 and parts[1] == "infeasible":
            return WordResult(parts[0], INF, False)
        word, average, total = parts
        if average.startswith(">=") != total.startswith(">="):
            return None
        return WordResult(word, _whole(total.removeprefix(">=")), not total.startswith(">="))
    except ValueError:
        return None


def _whole(text: str) -> int:
    """A whole number in plain ASCII digits (no sign, underscore or other script's digits)."""
    if not (text.isascii() and text.isdigit()):
        raise ValueError(text)
    return int(text)


def _parse_long_games(line: str) -> WordResult | None:
    """A fewest-deep or win row: ``word,count,total,average,status`` (value DEEP_COST * count + total)."""
    fields = line.split(",")
    if len(fields) != 5:
        return None
    word, long, total, _, status = fields
    if status == "infeasible" and long == total == "":
        return WordResult(word, INF, False)
    if (
        status not in ("exact", LOWER_BOUND)
        or not (long.isascii() and long.isdigit() and total.isascii() and total.isdigit())
        or int(total) >= DEEP_COST
    ):
        return None
    return WordResult(word, int(long) * DEEP_COST + int(total), status == "exact")


def check_header(path: Path, first: str, header: str) -> None:
    """Raise :class:`ResultsFileError` unless ``first`` is a results header of the same
    ranking as ``header`` (every field of :data:`MATCHED_FIELDS` equal)."""
    if not first.startswith(HEADER_PREFIX):
        raise ResultsFileError(f"results file {path} does not start with a wordle-rank header; not resuming from it")
    found, wanted = _header_fields(first), _header_fields(header)
    for key in MATCHED_FIELDS:
        if found.get(key) != wanted.get(key):
            made, asked = found.get(key, "(none)"), wanted.get(key, "(none)")
            raise ResultsFileError(f"results file {path} was made with {key} {made}, not {asked}; not resuming from it")
