"""The class bounds of the words a ranking is deciding, kept beside its results file
(``RESULTS.bounds``) so that a stopped ``wordle-rank`` resumes a long word where it was.

A hard first word is refuted by raising its classes' lower bounds in rounds
(:class:`.class_bounds.ClassBounds`); on a coarse game one word may take hours.  Each raise
that took at least :data:`KEEP_SECONDS` appends one line: the word, the class (its place
among the word's classes, smallest first, its feedback code and size), the proved lower
bound and whether it is the class's exact cost; and a second line, the word's whole proved
bound and the cut-off, which only the progress bar reads (:func:`read_totals`).  A bound is a fact about the class alone
(the least total of its answers within the depth left), so it holds for any cut-off and
memo: a resumed run starts each class there, and the word's result is the one a fresh run
would give (exact below the cut-off, else a bound the final rows write as ``>= cut-off``).

The file is read by the ranking's own process and trusted only line by line: each line
carries a check over itself and the results file's first line (:func:`.results.row_check`:
another ranking's line fails it), and a line that fails, names a word already decided or
another class, or is not a possible bound is ignored, which costs only the work it held.
Workers append (one ``write`` per raise, ``O_APPEND``); a line a kill cut short has no
newline and is ignored.  A fresh run removes the file; a resumed one rewrites it atomically
with the lines of the words still to decide; a finished ranking removes it.  Only workers
that share this machine's files keep bounds (a ``--scheduler`` cluster does not).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..search import INF
from ..util.files import write_atomic
from .results import row_check

SUFFIX = ".bounds"
# A raise quicker than this is not worth a line: most words are refuted in milliseconds.
# The environment variable sets another (docs/ranking.md).
KEEP_SECONDS = 1.0
KEEP_SECONDS_ENV = "WORDLE_TREE_BOUNDS_SECONDS"
# A journal of a ranking over 40,000 words holds a few hundred lines per slow word at most.
MAX_BYTES = 64 << 20
ROW_PREFIX = "bounds"
TOTAL_PREFIX = "proved"  # a word's whole bound, for the progress bar only


@dataclass(frozen=True)
class KeptBound:
    """One class's proved bound: its place among the word's classes (smallest first), its
    feedback code and size (checked against the word's classes before use), the bound,
    and whether it is the class's exact cost."""

    index: int
    code: int
    size: int
    bound: int
    exact: bool


@dataclass
class ClassJournal:
    """Where a ranking keeps its words' class bounds (``path``, None: nowhere) and what an
    earlier run left there (``known``: word -> class index -> :class:`KeptBound`).  Sent to
    the workers with each task (:meth:`for_words`), which append through :meth:`record`."""

    path: str | None
    header: str
    known: dict[str, dict[int, KeptBound]] = field(default_factory=dict)
    keep_seconds: float = KEEP_SECONDS

    def for_words(self, words) -> ClassJournal:
        """This journal with only ``words``' kept bounds (a task carries no other word's)."""
        known = {w: self.known[w] for w in words if w in self.known}
        return ClassJournal(self.path, self.header, known, self.keep_seconds)

    def record(self, word: str, kept: KeptBound, proved: int, cutoff: int, seconds: float) -> None:
        """Append ``kept`` for ``word`` when its raise took at least ``keep_seconds``, with the
        word's whole proved bound ``proved`` and the ``cutoff`` it is decided against (what the
        progress bar shows: :func:`read_totals`)."""
        if self.path is None or seconds < self.keep_seconds:
            return
        total = f"{TOTAL_PREFIX} {word} {proved} {cutoff}"
        line = (_line(self.header, word, kept) + f"{total} {row_check(self.header, total)}\n").encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line)
        finally:
            os.close(fd)

    def remove(self) -> None:
        """Delete the file (the ranking is finished: every word is in the results file)."""
        if self.path is not None:
            Path(self.path).unlink(missing_ok=True)


def keep_seconds() -> float:
    """The shortest raise kept: :data:`KEEP_SECONDS_ENV`'s number of seconds, else :data:`KEEP_SECONDS`."""
    try:
        seconds = float(os.environ.get(KEEP_SECONDS_ENV, KEEP_SECONDS))
    except ValueError:
        return KEEP_SECONDS
    return seconds if seconds >= 0 else KEEP_SECONDS


def journal_path(results_path: str) -> str:
    """The journal beside the results file ``results_path``."""
    return f"{results_path}{SUFFIX}"


def open_journal(path: str | None, header: str, resume: bool, undecided) -> ClassJournal:
    """The journal at ``path`` for the ranking whose results file starts with ``header``.
    Resumed: the bounds its lines hold for the ``undecided`` words, the file rewritten with
    only those lines; otherwise the file removed (the first slow raise makes it again)."""
    journal = ClassJournal(path, header, keep_seconds=keep_seconds())
    if path is None:
        return journal
    if resume:
        journal.known = read_journal(path, header, set(undecided))
    if journal.known:
        lines = [_line(header, word, k) for word, kept in journal.known.items() for k in kept.values()]
        write_atomic(path, "".join(lines).encode())
    else:
        Path(path).unlink(missing_ok=True)
    return journal


def read_journal(path: str, header: str, words: set[str]) -> dict[str, dict[int, KeptBound]]:
    """The checked bounds ``path`` holds for ``words`` under ``header`` (the strongest per
    class); nothing when the file is missing or too large."""
    known: dict[str, dict[int, KeptBound]] = {}
    for line in _complete_lines(path):
        parsed = _parse(line, header)
        if parsed is None or parsed[0] not in words:
            continue
        word, kept = parsed
        classes = known.setdefault(word, {})
        earlier = classes.setdefault(kept.index, kept)
        if (earlier.code, earlier.size) == (kept.code, kept.size) and _stronger(kept, earlier):
            classes[kept.index] = kept
    return known


def read_totals(path: str, header: str, words) -> dict[str, tuple[int, int]]:
    """The last checked (proved bound, cut-off) ``path`` holds for each of ``words`` (for the
    progress bar: a resumed run does not rely on them); nothing when it cannot be read."""
    totals = {}
    for line in _complete_lines(path):
        parts = line.split(" ")
        if len(parts) != 5 or parts[0] != TOTAL_PREFIX or parts[1] not in words:
            continue
        numbers = parts[2:4]
        if all(_number(n) for n in numbers) and parts[4] == row_check(header, " ".join(parts[:4])):
            totals[parts[1]] = (int(numbers[0]), int(numbers[1]))
    return totals


def _complete_lines(path: str) -> list[str]:
    """The lines of ``path`` that end in a newline (the last piece may be a line a kill cut
    short); none when it cannot be read or is over :data:`MAX_BYTES`."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError:
        return []
    if len(data) > MAX_BYTES:
        return []
    return data.decode("utf-8", errors="replace").split("\n")[:-1]


def _stronger(a: KeptBound, b: KeptBound) -> bool:
    """Whether ``a`` says more than ``b`` about one class."""
    return (a.exact and not b.exact) or (a.exact == b.exact and a.bound > b.bound)


def _line(header: str, word: str, kept: KeptBound) -> str:
    """One journal line, its check included."""
    row = f"{ROW_PREFIX} {word} {kept.index} {kept.code} {kept.size} {kept.bound} {int(kept.exact)}"
    return f"{row} {row_check(header, row)}\n"


def _parse(line: str, header: str) -> tuple[str, KeptBound] | None:
    """(word, its class bound) of one journal line whose check holds, else None."""
    parts = line.split(" ")
    if len(parts) != 8 or parts[0] != ROW_PREFIX:
        return None
    row = " ".join(parts[:7])
    if parts[7] != row_check(header, row):
        return None
    numbers = parts[2:7]
    if not all(_number(n) for n in numbers):
        return None
    index, code, size, bound, exact = (int(n) for n in numbers)
    if size < 1 or bound > INF or exact > 1 or (exact and bound >= INF):
        return None
    return parts[1], KeptBound(index, code, size, bound, bool(exact))


def _number(text: str) -> bool:
    """Whether ``text`` is a journal's number: ASCII digits, at most 20."""
    return text.isascii() and text.isdigit() and len(text) <= 20
