"""The ranking's results file: appended line by line during a run, canonical at the end.

CSV (default)::

    word,total,average,status
    salet,7920,3.421166,exact
    aahed,7951,3.434557,>= 7951

or the reference solver's style (``--format selby``): ``salet 3.42117 7920`` and
``aahed >=3.43456 >=7951``.  Every line is flushed as soon as a word is decided, so a
killed run loses nothing; ``--resume`` reads back every complete line (either format)
and skips those words.  At the end the file is rewritten atomically in canonical
order (exact values by total then word, then the rest alphabetically), so the final
file does not depend on timing, ``--jobs`` or interruptions.
"""

from __future__ import annotations

import os
from pathlib import Path

from .outputs import write_atomic
from .rank import WordResult
from .search import INF

CSV_HEADER = "word,total,average,status"


def format_row(word: str, value: int, exact: bool, n_answers: int, fmt: str) -> str:
    """One results line (no newline)."""
    if value >= INF:
        return f"{word},,,infeasible" if fmt == "csv" else f"{word} infeasible"
    average = value / n_answers
    if fmt == "csv":
        return f"{word},{value},{average:.6f},{'exact' if exact else f'>= {value}'}"
    mark = "" if exact else ">="
    return f"{word} {mark}{average:.5f} {mark}{value}"


def parse_line(line: str) -> WordResult | None:
    """A decided word from either format, or None for a header or malformed line."""
    line = line.strip()
    if not line or line == CSV_HEADER:
        return None
    try:
        if "," in line:
            word, total, _, status = line.split(",")
            if status == "infeasible":
                return WordResult(word, INF, False)
            return WordResult(word, int(total), status == "exact")
        parts = line.split()
        if len(parts) == 2 and parts[1] == "infeasible":
            return WordResult(parts[0], INF, False)
        word, _, total = parts
        return WordResult(word, int(total.removeprefix(">=")), not total.startswith(">="))
    except ValueError:
        return None


def read_results(path: Path) -> list[WordResult]:
    """Every complete line of an earlier run (a line cut by a kill has no newline)."""
    try:
        text = path.read_text(encoding="ascii", errors="replace")
    except FileNotFoundError:
        return []
    lines = text.split("\n")[:-1]  # the last piece is empty or an unfinished line
    return [r for r in map(parse_line, lines) if r is not None]


class ResultsLog:
    """Appends decided words to ``path`` as they come."""

    def __init__(self, path: Path, fmt: str, n_answers: int, keep: list[WordResult]):
        self.path, self.fmt, self.n_answers = path, fmt, n_answers
        # start from the kept results only: drops a line a kill cut in half
        lines = [CSV_HEADER] if fmt == "csv" else []
        lines += [format_row(r.word, r.value, r.exact, n_answers, fmt) for r in keep]
        write_atomic(path, "".join(line + "\n" for line in lines).encode())
        self._file = open(path, "a", encoding="ascii")

    def append(self, result: WordResult) -> None:
        """Write one decided word's line and flush it, so a killed run keeps it."""
        self._file.write(format_row(result.word, result.value, result.exact, self.n_answers, self.fmt) + "\n")
        self._file.flush()

    def finish(self, rows) -> None:
        """Replace the log with the canonical file, atomically."""
        self._file.close()
        lines = [CSV_HEADER] if self.fmt == "csv" else []
        lines += [format_row(word, value, exact, self.n_answers, self.fmt) for word, value, exact in rows]
        write_atomic(self.path, "".join(line + "\n" for line in lines).encode())

    def close(self) -> None:
        """Flush, fsync and close the log; nothing to do after :meth:`finish`."""
        if not self._file.closed:
            self._file.flush()
            os.fsync(self._file.fileno())
            self._file.close()
