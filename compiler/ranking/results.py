"""The ranking's results file: appended line by line during a run, canonical at the end.

CSV (default)::

    # wordle-rank results; answers original sha256:e2d2a4f4c5d9b1e6; guesses ...; mode normal; max-depth 6; ...
    word,total,average,status
    salet,7920,3.421166,exact
    aahed,7951,3.434557,lower-bound

or the reference solver's style (``--format selby``): ``salet 3.42117 7920`` and
``aahed >=3.43456 >=7951``, under the same first line.  With ``--objective depth`` (csv
only) each word either solves every answer within max-depth or is proved not to::

    word,max_guesses,status
    salet,5,feasible

and with ``--objective fewest-deep`` the answers needing K or more guesses come first::

    word,long_games,total,average,status
    salet,21,7979,3.446652,exact
  Every line is flushed as soon
as a word is decided, so a killed run loses nothing; ``--resume`` reads back every
complete line (either format) and skips those words.  At the end the file is
rewritten atomically in canonical order (exact values by total then word, then the
rest alphabetically), so the final file does not depend on timing, ``--jobs`` or
interruptions.

A file is never trusted: ``--resume`` refuses one whose first line names other lists,
mode, depth or objective, and one with any line that is not a possible result for a
word being ranked (:func:`read_results`); the claims it kept are proved again before
the ranking reports anything (``rank.verify_claims``).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..util.files import write_atomic
from .tasks import WordResult
from ..search import DEEP_COST, INF

CSV_HEADER = "word,total,average,status"
DEPTH_CSV_HEADER = "word,max_guesses,status"  # --objective depth: fits or not, no total
LONG_CSV_HEADER = "word,long_games,total,average,status"  # --objective fewest-deep
WEIGHTED_CSV_HEADER = "word,weighted_total,expected_guesses,status"  # --weights / --prior
HEADER_PREFIX = "# wordle-rank results"
OBJECTIVE = "total"
FITS, INFEASIBLE = "feasible", "infeasible"
# the fields of the first line that must match for --resume (the version is only recorded)
# The csv status of a word proved to need at least its total (not exact, not infeasible).
LOWER_BOUND = "lower-bound"
MATCHED_FIELDS = ("answers", "guesses", "mode", "max-depth", "second-after", "objective", "deep", "weights")
# The first line of a file the ranking finished (canonical): its claims are kept at their
# strength by --resume, proved again (a killed run's lines are decisions still in progress).
COMPLETE_FIELD = "; complete yes"


class ResultsFileError(Exception):
    """A results file that --resume cannot take (another ranking's, or damaged)."""


def csv_columns(objective: str, weighted: bool = False) -> str:
    """The csv column line of a results file for ``objective`` (``weighted``: under weights)."""
    if weighted:
        return WEIGHTED_CSV_HEADER
    return {"depth": DEPTH_CSV_HEADER, "fewest-deep": LONG_CSV_HEADER}.get(objective, CSV_HEADER)


def results_header(words, mode: str, max_depth: int, version: str = "", second_after: str | None = None,
                   objective: str = OBJECTIVE, deep: int | None = None, weights=None) -> str:
    """The first line of a results file: what was ranked (the lists by name and hash; for
    second words, the fixed first guess; the objective; the weights' fingerprint)."""
    fields = {"answers": f"{words.answers_name} sha256:{words.answers_sha256[:16]}",
              "guesses": f"{words.guesses_name} sha256:{words.guesses_sha256[:16]}",
              "mode": mode, "max-depth": str(max_depth)}
    if second_after is not None:
        fields["second-after"] = second_after
    fields["objective"] = objective
    if deep is not None:
        fields["deep"] = str(deep)
    if weights is not None:
        fields["weights"] = f"sha256:{weights.sha256[:16]}"
    fields["version"] = version
    return HEADER_PREFIX + "".join(f"; {key} {value}" for key, value in fields.items())


def _header_fields(line: str) -> dict:
    parts = line.split("; ")
    return dict(part.split(" ", 1) for part in parts[1:] if " " in part)


def format_row(word: str, value: int, exact: bool, n_answers: int, fmt: str, objective: str = OBJECTIVE,
               max_depth: int = 0) -> str:
    """One results line (no newline); for the depth objective (csv only), ``word,N,feasible``
    or ``word,N,infeasible``: whether it solves every answer within N = ``max_depth``.
    ``n_answers`` is what the average divides by: under weights, their total (the
    average is then the expected guesses)."""
    if objective == "depth":
        return f"{word},{max_depth},{FITS if exact and value < INF else INFEASIBLE}"
    if objective == "fewest-deep":
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
    if objective == "fewest-deep":
        return _parse_long_games(line)
    try:
        if "," in line:
            word, total, average, status = line.split(",")
            if status == "infeasible" and total == average == "":
                return WordResult(word, INF, False)
            if status not in ("exact", LOWER_BOUND, f">= {total}"):  # ">= N": this version's first files
                return None
            return WordResult(word, int(total), status == "exact")
        parts = line.split()
        if len(parts) == 2 and parts[1] == "infeasible":
            return WordResult(parts[0], INF, False)
        word, average, total = parts
        if average.startswith(">=") != total.startswith(">="):
            return None
        return WordResult(word, int(total.removeprefix(">=")), not total.startswith(">="))
    except ValueError:
        return None


def _parse_long_games(line: str) -> WordResult | None:
    """A fewest-deep row: ``word,long,total,average,status`` (value DEEP_COST * long + total)."""
    fields = line.split(",")
    if len(fields) != 5:
        return None
    word, long, total, _, status = fields
    if status == "infeasible" and long == total == "":
        return WordResult(word, INF, False)
    if status not in ("exact", LOWER_BOUND) or not (long.isdigit() and total.isdigit()) \
            or int(total) >= DEEP_COST:
        return None
    return WordResult(word, int(long) * DEEP_COST + int(total), status == "exact")


def read_results(path: Path, header: str, words: set[str], n_answers: int, max_depth: int,
                 objective: str = OBJECTIVE, weighted: bool = False) -> list[WordResult]:
    """Every complete line of an earlier run of the same ranking (a line cut by a kill has
    no newline); raises :class:`ResultsFileError` for a file of another ranking (its first
    line) or any line that is not a possible result: a word not being ranked or met twice,
    an unknown status, a total no tree over ``n_answers`` answers can have (``weighted``:
    ``n_answers`` is their total weight, and every answer pays the first guess)."""
    try:
        text = path.read_text(encoding="ascii")
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError) as exc:
        raise ResultsFileError(f"cannot read results file {path}: {getattr(exc, 'strerror', None) or exc}") from None
    lines = text.split("\n")[:-1]  # the last piece is empty or an unfinished line
    if not lines:
        return []
    _check_header(path, lines[0], header)
    lowest, highest = 2 * n_answers - 1, max_depth * n_answers + 1  # a one-answer first word; a cut-off
    if weighted:
        lowest = n_answers
    elif objective == "depth":
        lowest = highest = max_depth
    elif objective == "fewest-deep":
        highest += n_answers * DEEP_COST
    columns = csv_columns(objective, weighted)
    results, seen = [], set()
    for number, line in enumerate(lines[1:], start=2):
        if line == columns:
            continue
        result = parse_line(line, objective, max_depth)
        problem = None
        if result is None:
            problem = "is not a result line"
        elif result.word not in words:
            problem = f"names {result.word!r}, which is not among the first words being ranked"
        elif result.word in seen:
            problem = f"decides {result.word} a second time"
        elif result.value != INF and not lowest <= result.value <= highest:
            problem = f"gives {result.word} a total outside {lowest}..{highest}"
        if problem:
            raise ResultsFileError(f"results file {path}, line {number} {problem}: {line[:80]!r}; "
                                   "not resuming from it")
        seen.add(result.word)
        results.append(result)
    return results


def read_ranking(path: Path, words, mode: str = "normal", max_depth: int = 6, weights=None) -> list[WordResult]:
    """:func:`read_results` of a ranking of every guess of ``words`` (a ``WordLists``),
    under ``weights`` when given."""
    if weights is None:
        return read_results(path, results_header(words, mode, max_depth), set(words.guesses), len(words.answers),
                            max_depth)
    return read_results(path, results_header(words, mode, max_depth, weights=weights), set(words.guesses),
                        sum(weights.values), max_depth, weighted=True)


def finished(path: Path) -> bool:
    """Whether the results file at ``path`` is one a ranking finished (its first line says so)."""
    try:
        with open(path, encoding="ascii", errors="replace") as file:
            return file.readline().rstrip("\n").endswith(COMPLETE_FIELD)
    except OSError:
        return False


def _check_header(path: Path, first: str, header: str) -> None:
    if not first.startswith(HEADER_PREFIX):
        raise ResultsFileError(f"results file {path} does not start with a wordle-rank header; "
                               "not resuming from it")
    found, wanted = _header_fields(first), _header_fields(header)
    for key in MATCHED_FIELDS:
        if found.get(key) != wanted.get(key):
            made, asked = found.get(key, "(none)"), wanted.get(key, "(none)")
            raise ResultsFileError(f"results file {path} was made with {key} {made}, not {asked}; "
                                   "not resuming from it")


class ResultsLog:
    """Appends decided words to ``path`` as they come (``objective`` and ``max_depth``
    choose the depth objective's rows)."""

    def __init__(self, path: Path, fmt: str, n_answers: int, keep: list[WordResult], header: str,
                 objective: str = OBJECTIVE, max_depth: int = 0, weighted: bool = False):
        self.path, self.fmt, self.n_answers, self.header = path, fmt, n_answers, header
        self.objective, self.max_depth, self.weighted = objective, max_depth, weighted
        # start from the kept results only: drops a line a kill cut in half
        lines = self._head() + [self._row(r.word, r.value, r.exact) for r in keep]
        write_atomic(path, "".join(line + "\n" for line in lines).encode())
        self._file = open(path, "a", encoding="ascii")

    def _head(self) -> list[str]:
        return [self.header] + ([csv_columns(self.objective, self.weighted)] if self.fmt == "csv" else [])

    def _row(self, word: str, value: int, exact: bool) -> str:
        return format_row(word, value, exact, self.n_answers, self.fmt, self.objective, self.max_depth)

    def append(self, result: WordResult) -> None:
        """Write one decided word's line and flush it, so a killed run keeps it."""
        self._file.write(self._row(result.word, result.value, result.exact) + "\n")
        self._file.flush()

    def finish(self, rows, complete: bool = True) -> None:
        """Replace the log with the canonical file, atomically (``complete``: the ranking
        finished, and the first line says so)."""
        self._file.close()
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
