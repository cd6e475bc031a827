"""The progress bar's note on the words ``wordle-rank`` is deciding: a hard word of a coarse
game takes hours with the bar standing still, so every few seconds the note shows how far
each such word's proved bound has come towards the cut-off, read from the class journal its
worker appends to (:mod:`..ranking.class_journal`)."""

from __future__ import annotations

import threading
from collections.abc import Callable

# How often the journal is read for the note (a few hundred bytes per slow word).
WATCH_SECONDS = 10.0
# Words shown at most (one per worker is typical).
SHOWN_WORDS = 3


class InFlightNote:
    """The bar's postfix: the ranking's own note (:meth:`set_base`), then the proved bound of
    each word in flight against its cut-off (``11234 >=174,089/179,930``; no cut-off yet: the
    bound alone), refreshed by a daemon thread every ``interval`` seconds inside ``with``."""

    def __init__(self, bar, journal, decided: Callable[[str], bool], interval: float = WATCH_SECONDS):
        """``journal``: the ranking's :class:`..ranking.class_journal.ClassJournal`;
        ``decided(word)``: whether the ranking already holds the word's result."""
        self.bar, self.journal, self.decided, self.interval = bar, journal, decided, interval
        self.base: str | Callable[[], str] = bar.postfix or ""  # the bar's own note until the first set_base
        self.flight = ""
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def set_base(self, text: str | Callable[[], str]) -> None:
        """The ranking's own note (best word, time left), shown before the words in flight;
        a callable is asked again at every draw of the bar (a time left that counts down)."""
        with self._lock:
            self.base = text
            self._show(refresh=False)
        if callable(text):
            self.bar.describe = self.text

    def text(self) -> str:
        """The note as drawn now: the ranking's, then the words in flight."""
        base = self.base() if callable(self.base) else self.base
        return "; ".join(part for part in (base, self.flight) if part)

    def __enter__(self) -> InFlightNote:
        """Start the thread (none without a journal file); it stops on exit."""
        if self.journal.path is not None:
            self._thread = threading.Thread(target=self._watch, name="wordle-rank-watch", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()

    def _watch(self) -> None:
        while not self._stop.wait(self.interval):
            note = self.flight_note()
            with self._lock:
                if note != self.flight:
                    self.flight = note
                    self._show(refresh=True)

    def flight_note(self) -> str:
        """The words in flight and their proved bounds, from the journal ('' when none)."""
        from ..ranking.class_journal import read_totals
        from ..search import INF

        totals = read_totals(self.journal.path, self.journal.header, _Undecided(self.decided))
        shown = sorted(totals.items())[:SHOWN_WORDS]
        parts = [f"{word} >={proved:,}" + (f"/{cutoff:,}" if cutoff < INF else "") for word, (proved, cutoff) in shown]
        return ", ".join(parts)

    def _show(self, refresh: bool) -> None:
        self.bar.set_postfix_str(self.text(), refresh=refresh)


class _Undecided:
    """The words not decided yet, as a container ``in`` asks."""

    def __init__(self, decided: Callable[[str], bool]):
        self.decided = decided

    def __contains__(self, word: str) -> bool:
        return not self.decided(word)
