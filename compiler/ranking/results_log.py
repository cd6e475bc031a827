"""The results file as a log: read back for ``--resume``, appended while a run works,
rewritten canonically at the end.

**Reading** (:func:`read_log`).  Every complete line is read (a line a kill cut short has
no newline and is not a decision).  A log may hold several rows for one word (a word
decided again after a resume); rows are merged per word into the strongest claim: an
exact value or ``infeasible`` over a bound, the higher of two bounds.  Rows whose check
holds (:func:`.results.row_check`) are *trusted*: a file this program wrote is neither
weakened nor computed again.  The others are *unchecked* claims, proved again by the
ranking (``first_words.verify_claims``) unless ``--recheck`` asks it of every row; a
word with a trusted row ignores its unchecked ones.  Anything that is not a possible
result refuses the whole file with one line (:class:`.results.ResultsFileError`).

**Writing** (:class:`ResultsLog`).  A run never drops a row the file held: a fresh run
starts a new file; a resumed one rewrites the first line (this version's header) and
keeps every complete row as it was, through a temporary file and a rename, then only
appends.  Each row is flushed as it is decided (a killed process loses none) and the file
is fsynced at most once a second and at the end (a machine that loses power loses at
most the last second).  The canonical rewrite at the end is atomic too: a kill at any
moment leaves either the log or the canonical file, each holding every decided row.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..core.settings import BOARD_OBJECTIVES, OBJECTIVES, Settings
from ..search import DEEP_COST, INF
from ..util.files import write_atomic
from .results import (
    COMPLETE_FIELD,
    COUNT_FIRST_OBJECTIVES,
    OBJECTIVE,
    ResultsFileError,
    check_header,
    checked_row,
    csv_columns,
    format_row,
    parse_line,
    results_header,
    row_check,
    split_check,
)
from .tasks import WordResult

# A results line is under 100 bytes; a log holds a few rows per word at most (one per
# resume that decided the word again).  Anything larger is not a results file of this ranking.
BYTES_PER_WORD = 1024
SLACK_BYTES = 1 << 16
FSYNC_SECONDS = 1.0


@dataclass
class LogContents:
    """What a results file holds for ``--resume``: the strongest claim per word, split by trust."""

    trusted: list[WordResult] = field(default_factory=list)
    unchecked: list[WordResult] = field(default_factory=list)
    finished: bool = False  # its first line says a ranking finished it


def _stronger(a: WordResult, b: WordResult) -> WordResult | None:
    """The stronger of two claims on one word, or None when they contradict each other."""
    decided_a, decided_b = a.exact or a.value >= INF, b.exact or b.value >= INF
    if decided_a and decided_b:
        return a if (a.value, a.exact) == (b.value, b.exact) else None
    if decided_a or decided_b:
        final, bound = (a, b) if decided_a else (b, a)
        return final if final.value >= bound.value else None
    return a if a.value >= b.value else b


def _value_range(n_answers: int, max_depth: int, objective: str, weighted: bool) -> tuple[int, int]:
    """The totals a result over ``n_answers`` answers can have: a one-answer first word up to
    a cut-off (``weighted``: ``n_answers`` is the total weight, and every answer pays the
    first guess)."""
    lowest, highest = 2 * n_answers - 1, max_depth * n_answers + 1
    if weighted:
        lowest = n_answers
    elif objective == "depth":
        lowest = highest = max_depth
    elif objective in COUNT_FIRST_OBJECTIVES:
        highest += n_answers * DEEP_COST
    return lowest, highest


def _read_lines(path: Path, limit: int) -> list[str] | None:
    """The complete lines of ``path`` (None when it does not exist), refusing a file over ``limit`` bytes."""
    try:
        with open(path, "rb") as file:
            size = os.fstat(file.fileno()).st_size
            if size > limit:
                raise ResultsFileError(
                    f"results file {path} is {size} bytes, more than a ranking of these words "
                    f"writes ({limit}); not resuming from it"
                )
            text = file.read(limit + 1).decode("utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsFileError(f"cannot read results file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    return text.split("\n")[:-1]  # the last piece is empty or an unfinished line


def read_log(
    path: Path,
    header: str,
    words: set[str],
    n_answers: int,
    max_depth: int,
    objective: str = OBJECTIVE,
    weighted: bool = False,
    recheck: bool = False,
) -> LogContents:
    """The claims of an earlier run of the same ranking (module docstring); raises
    :class:`ResultsFileError` for a file of another ranking (its first line), one larger
    than such a ranking writes, or a line that is not a possible result: a word not being
    ranked, an unknown status, a total no tree over ``n_answers`` answers can have, two
    rows that contradict each other.  ``recheck``: no row is trusted."""
    lines = _read_lines(path, SLACK_BYTES + BYTES_PER_WORD * len(words))
    if not lines:
        return LogContents()
    check_header(path, lines[0], header)
    lowest, highest = _value_range(n_answers, max_depth, objective, weighted)
    columns = {csv_columns(objective, weighted, checked) for checked in (True, False)}
    trusted: dict[str, WordResult] = {}
    unchecked: dict[str, WordResult] = {}
    for number, line in enumerate(lines[1:], start=2):
        if line in columns:
            continue
        row, check = split_check(line, objective, max_depth)
        result = parse_line(row, objective, max_depth)
        problem = None
        if result is None:
            problem = "is not a result line"
        elif result.word not in words:
            problem = f"names {result.word!r}, which is not among the first words being ranked"
        elif result.value != INF and not lowest <= result.value <= highest:
            problem = f"gives {result.word} a total outside {lowest}..{highest}"
        else:
            kept = trusted if not recheck and check == row_check(header, row) else unchecked
            earlier = kept.get(result.word)
            merged = result if earlier is None else _stronger(earlier, result)
            if merged is None:
                problem = f"decides {result.word} a second time, otherwise"
            else:
                kept[result.word] = merged
        if problem:
            raise ResultsFileError(f"results file {path}, line {number} {problem}: {line[:80]!r}; not resuming from it")
    return LogContents(
        list(trusted.values()), [r for w, r in unchecked.items() if w not in trusted], lines[0].endswith(COMPLETE_FIELD)
    )


def read_results(
    path: Path,
    header: str,
    words: set[str],
    n_answers: int,
    max_depth: int,
    objective: str = OBJECTIVE,
    weighted: bool = False,
) -> list[WordResult]:
    """Every word's strongest claim in a results file of the same ranking (:func:`read_log`,
    trusted or not)."""
    contents = read_log(path, header, words, n_answers, max_depth, objective, weighted)
    return contents.trusted + contents.unchecked


def read_ranking(path: Path, words, settings: Settings | None = None) -> list[WordResult]:
    """:func:`read_results` of a ranking (objective total) of every guess of ``words`` (a
    ``WordLists``) in the mode and depth limit of ``settings`` (default: normal, 6), under
    their integer weights when they have them."""
    settings = settings or Settings()
    header, weights = results_header(words, settings), settings.weights
    n_answers = len(words.answers) if weights is None else sum(weights.values)
    return read_results(path, header, set(words.guesses), n_answers, settings.max_depth, weighted=weights is not None)


def finished(path: Path) -> bool:
    """Whether the results file at ``path`` is one a ranking finished (its first line says so)."""
    try:
        with open(path, encoding="utf-8", errors="replace") as file:
            return file.readline().rstrip("\n").endswith(COMPLETE_FIELD)
    except OSError:
        return False


def decided_rows(path: Path) -> int:
    """How many rows a results file holds (0 when it is missing or not one): its complete
    lines after the first, but a csv column line (a selby file has none)."""
    columns = {
        (csv_columns(objective, weighted, checked) + "\n").encode()
        for objective in dict.fromkeys(OBJECTIVES + BOARD_OBJECTIVES)
        for weighted in (False, True)
        for checked in (False, True)
    }
    try:
        with open(path, "rb") as file:
            file.readline()
            return sum(1 for line in file if line.endswith(b"\n") and line not in columns)
    except OSError:
        return 0


class ResultsLog:
    """Appends decided words to ``path`` as they come (module docstring); ``objective`` and
    ``max_depth`` choose the rows' form, ``resume`` keeps the rows the file holds."""

    def __init__(
        self,
        path: Path,
        fmt: str,
        n_answers: int,
        header: str,
        objective: str = OBJECTIVE,
        max_depth: int = 0,
        weighted: bool = False,
        resume: bool = False,
    ):
        self.path, self.fmt, self.n_answers, self.header = path, fmt, n_answers, header
        self.objective, self.max_depth, self.weighted = objective, max_depth, weighted
        rows = self._kept_rows() if resume else []
        write_atomic(path, "".join(line + "\n" for line in self._head() + rows).encode())
        self._file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open for appends; close() closes it
        self._synced = time.monotonic()

    def _kept_rows(self) -> list[str]:
        """The complete rows the file holds, as they are (its first and column lines dropped)."""
        try:
            lines = self.path.read_text(encoding="utf-8").split("\n")[:-1]
        except FileNotFoundError:
            return []
        columns = {csv_columns(self.objective, self.weighted, checked) for checked in (True, False)}
        return [line for line in lines[1:] if line not in columns]

    def _head(self) -> list[str]:
        return [self.header] + ([csv_columns(self.objective, self.weighted)] if self.fmt == "csv" else [])

    def _row(self, word: str, value: int, exact: bool) -> str:
        row = format_row(word, value, exact, self.n_answers, self.fmt, self.objective, self.max_depth)
        return checked_row(self.header, row, self.fmt)

    def append(self, result: WordResult) -> None:
        """Write one decided word's row and flush it, so a killed run keeps it."""
        self._file.write(self._row(result.word, result.value, result.exact) + "\n")
        self._file.flush()
        if time.monotonic() - self._synced >= FSYNC_SECONDS:
            os.fsync(self._file.fileno())
            self._synced = time.monotonic()

    def finish(self, rows, complete: bool = True) -> None:
        """Replace the log with the canonical file, atomically (``complete``: the ranking
        finished, and the first line says so)."""
        self.close()
        head = self._head()
        head[0] += COMPLETE_FIELD if complete else ""
        lines = head + [self._row(word, value, exact) for word, value, exact in rows]
        write_atomic(self.path, "".join(line + "\n" for line in lines).encode())

    def close(self) -> None:
        """Flush, fsync and close the log; nothing to do after :meth:`finish`."""
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
