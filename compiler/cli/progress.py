"""The progress bars of the command lines, on stderr (tqdm, imported only when a bar is shown).

Every bar is made by :func:`stderr_bar` and follows one rule:

- on a terminal it is redrawn in place, first once it has run :data:`TERMINAL_DELAY`
  seconds (a sub-second job shows nothing), then at least every :data:`REDRAW` seconds
  whether or not its count moved;
- anywhere else (a log file, a pipe) it writes plain lines: the first once it has run
  :data:`LOG_INTERVAL` seconds (or that long after an earlier bar's last line), then one
  every :data:`LOG_INTERVAL` seconds, so a job under that time writes none (a bar left at
  its end, the ranking's, still writes its last state, and :meth:`Progress.show` a line at
  once).

A heartbeat thread per bar draws it when it is due, since the work can go many seconds
between two counts (one class of an exact build).  :class:`Progress` is the bar of
``wordle-compile`` (answers, or words while it proves the best first word) and
:class:`AnalyseProgress` the bar of ``wordle-tree analyse``; their time left is
:class:`TimeLeft`'s, or the ranking's own (:mod:`..ranking.eta`), never a rate that
assumes every item costs the same."""

from __future__ import annotations

import functools
import os
import sys
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any, ClassVar

import click


def announce_matrix(prog: str, words, quiet: bool) -> None:
    """One line on stderr before a large feedback matrix is first computed (it takes seconds
    and is cached: :func:`..core.matrix_cache.first_matrix_note`); nothing when ``quiet``."""
    from ..core.matrix_cache import first_matrix_note

    note = None if quiet else first_matrix_note(words)
    if note:
        click.echo(f"{prog}: {note}", err=True)


LOG_INTERVAL = 5.0  # not a terminal: seconds before the first line, and between two lines
TERMINAL_DELAY = 1.0  # a terminal: seconds before a bar is first drawn
REDRAW = 1.0  # a terminal: the longest a drawn bar waits for its next redraw
TRUST_SHARE = 0.05  # the share of the modelled work done before a time left is shown

# Held while a heartbeat draws, and by a fork (a forked worker never inherits a half-written line).
_DRAWING = threading.Lock()
if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_DRAWING.acquire, after_in_parent=_DRAWING.release, after_in_child=_DRAWING.release)


class PlainLines:
    """Where a bar writes when stderr is not a terminal: a redraw becomes one plain line,
    without a terminal's carriage returns and cursor moves, when it is due (:meth:`due`);
    otherwise it is kept, and a bar left at its end writes the last one kept."""

    last_line: ClassVar[float | None] = None  # when a bar of this process last wrote a line

    def __init__(self, stream):
        self.stream, self.pending, self.urgent = stream, None, False
        self.began = time.monotonic()

    def due(self) -> float:
        """When (``time.monotonic``) the next line is due: :data:`LOG_INTERVAL` seconds after
        the last line, if a bar wrote one within that time before this bar began (a job's
        next phase keeps the cadence), else after this bar began."""
        last = PlainLines.last_line
        anchor = last if last is not None and self.began - last < LOG_INTERVAL else self.began
        return anchor + LOG_INTERVAL

    def write(self, text: str) -> None:
        """Write the redraw ``text`` as a line of its own when it is due or urgent (else keep
        it for a bar's end); a blank one (a bar cleared) never."""
        if text == "\n":  # tqdm ends a bar it leaves in place so: its last state is due
            if self.pending:
                self._line(self.pending)
            return
        line = text.replace("\r", "").replace("\x1b[A", "").strip()
        if not line:
            return
        if self.urgent or time.monotonic() >= self.due():
            self._line(line)
        else:
            self.pending = line

    def _line(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.stream.flush()
        PlainLines.last_line, self.pending, self.urgent = time.monotonic(), None, False

    def flush(self) -> None:
        """Flush the stream."""
        self.stream.flush()


def _stderr_is_terminal() -> bool:
    try:
        return sys.stderr.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stderr
        return False


def stderr_bar(**options) -> Any:
    """A tqdm bar on stderr (``options``: tqdm's) drawn by the module's rule: on a terminal
    after ``delay`` seconds (default :data:`TERMINAL_DELAY`) and at least every
    :data:`REDRAW` seconds; anywhere else one plain line every :data:`LOG_INTERVAL` seconds
    from then on, never a carriage return.  Its rate, when shown, is the average so far."""
    options.setdefault("smoothing", 0)
    options.setdefault("miniters", 1)
    if _stderr_is_terminal():
        options.setdefault("delay", TERMINAL_DELAY)
        return _bar_type()(file=sys.stderr, **options)
    plain = PlainLines(sys.stderr)
    options["delay"] = 0  # the lines keep their own time (PlainLines.due)
    return _bar_type()(file=plain, ascii=True, plain=plain, **options)


@functools.cache
def _bar_type() -> type:
    """The tqdm bar with a heartbeat (made once tqdm is imported)."""
    from tqdm import tqdm

    class Bar(tqdm):
        """A tqdm bar that a heartbeat thread draws when due (:meth:`next_draw`); its postfix
        is ``describe()`` at every draw when set, so a time left is never stale."""

        def __init__(self, *args, plain: PlainLines | None = None, **kwargs):
            self.plain, self.drawn_at = plain, None
            self.describe: Callable[[], str] | None = None
            self.stopped = threading.Event()
            self.began = time.monotonic()
            super().__init__(*args, **kwargs)
            if not self.disable:
                threading.Thread(target=_heartbeat, args=(self,), name="progress-bar", daemon=True).start()

        @property
        def format_dict(self):
            values = super().format_dict
            if self.describe is not None:
                values["postfix"] = self.describe()
            return values

        def display(self, msg=None, pos=None):
            if msg is None:
                self.drawn_at = time.monotonic()
            return super().display(msg, pos)

        def next_draw(self) -> float:
            """When (``time.monotonic``) the heartbeat draws the bar next."""
            if self.plain is not None:
                return self.plain.due()
            if self.drawn_at is None:
                return self.began + self.delay
            return self.drawn_at + REDRAW

        def draw(self) -> None:
            """Draw the bar now, unless it is closed (the heartbeat's draw)."""
            with _DRAWING, self.get_lock():
                if not self.disable:
                    self.refresh(nolock=True)

        def draw_now(self) -> None:
            """Draw the bar at once, before its delay and between two lines alike."""
            if self.plain is not None:
                self.plain.urgent = True
            self.refresh()

        def close(self):
            self.stopped.set()
            if self.drawn_at is not None and not self.disable:
                # drawn (by the heartbeat or draw_now): tqdm clears or leaves it
                self.last_print_t = max(self.last_print_t, self.start_t + self.delay)
            super().close()

    return Bar


def _heartbeat(bar) -> None:
    """Draw ``bar`` whenever it is due, until it is closed."""
    while True:
        wait = bar.next_draw() - time.monotonic()
        if bar.stopped.wait(min(max(wait, 0.02), 1.0)):
            return
        if time.monotonic() >= bar.next_draw():
            bar.draw()


class TimeLeft:
    """The time left of a job of unequal parts, from a model of their cost: ``work`` in all,
    each part of ``n`` items costing ``n ** power`` unless its report says (an exact search
    of a class costs about the square of its answers; a heuristic's, about its answers).
    Priced at the rate of the modelled work done so far, and only once :data:`TRUST_SHARE`
    of it is done; ``limit`` (seconds, a --time-limit) caps it.  While no part finishes the
    rate falls and the time left grows: it never counts down past what the work shows."""

    def __init__(
        self, work: float, power: float, limit: float | None = None, clock: Callable[[], float] = time.monotonic
    ):
        self.work, self.power, self.limit, self.clock = work, power, limit, clock
        self.done = 0.0
        self.began = clock()

    def add(self, n: int, work: float | None = None) -> None:
        """``n`` more items done, costing ``work`` (default ``n ** power``)."""
        self.done += n**self.power if work is None else work

    def phrase(self) -> str:
        """'about 40 s left'; 'estimating the time left' while too little is done to tell."""
        from ..ranking.eta import format_duration

        elapsed = self.clock() - self.began
        cap = None if self.limit is None else max(0.0, self.limit - elapsed)
        if self.done <= 0 or self.done < TRUST_SHARE * self.work:
            return "estimating the time left" if cap is None else f"at most {format_duration(cap)} left (time limit)"
        left = elapsed * max(0.0, self.work - self.done) / self.done
        if cap is not None and cap < left:
            return f"about {format_duration(cap)} left (time limit)"
        return f"about {format_duration(left)} left"


class Progress:
    """A bar on stderr (:func:`stderr_bar`) counting answers whose subtrees are done, or words;
    silent if quiet.  Its note is what the build says (:meth:`note`) and its time left is
    :class:`TimeLeft`'s once the build has priced its parts (:meth:`weigh`); a bar of words
    (the ranking) carries the ranking's own estimate in its note."""

    def __init__(self, quiet: bool):
        self.quiet, self.bar = quiet, None
        self.unit, self.text, self.left = "answers", "", None

    def start(self, total: int, label: str, unit: str = "answers") -> None:
        """Start a bar of ``total`` ``unit`` labelled ``label`` (closing any earlier one); no-op if
        quiet."""
        if not self.quiet:
            from ..ranking.eta import BAR_FORMAT

            self.close()
            self.unit, self.text, self.left = unit, "", None
            self.bar = stderr_bar(
                total=total, unit=unit, leave=False, mininterval=0.5, desc=label, bar_format=BAR_FORMAT
            )
            self.bar.describe = self.describe

    def weigh(self, sizes: Iterable[int], power: float = 2.0, limit: float | None = None) -> None:
        """Price the bar's parts for its time left (:class:`TimeLeft`): their ``sizes`` in
        items, each costing ``size ** power``; ``limit``: the job's time limit in seconds."""
        if self.bar is not None:
            self.left = TimeLeft(sum(size**power for size in sizes), power, limit)

    def describe(self) -> str:
        """What follows the bar: the note, then the time left (a bar of words not priced by
        :meth:`weigh` has the ranking's estimate in its note; any other says it is unknown)."""
        timed, text = self.left, self.text  # read once: the heartbeat's thread calls this
        text = text() if callable(text) else text
        if timed is None and self.unit == "words":
            return text or "estimating the time left"
        left = "time left unknown" if timed is None else timed.phrase()
        return f"{text}, {left}" if text else left

    def note(self, text: str | Callable[[], str]) -> None:
        """Show ``text`` after the bar from its next draw (a callable: asked at every draw,
        as the ranking's estimate, which counts down)."""
        self.text = text

    def show(self, text: str) -> None:
        """Show ``text`` after the bar and draw it at once, before the bar's delay and between
        two lines alike (a ranking whose next word may take an hour says where it stands now)."""
        self.text = text
        if self.bar is not None:
            self.bar.draw_now()

    def __call__(self, n: int, work: float | None = None) -> None:
        """``n`` more items done; ``work``: their modelled cost, when not ``n ** power``."""
        if self.bar is not None:
            if self.left is not None:
                self.left.add(n, work)
            self.bar.update(n)

    def close(self) -> None:
        """Close and clear the bar, if one is shown."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class AnalyseProgress:
    """``wordle-tree analyse``'s bar (:class:`Progress`: shown once the work has taken its
    delay, cleared at the end, nothing when ``quiet``), with a total that can shrink and a
    time left only where the rate predicts it (every item a fair sample of the work)."""

    def __init__(self, quiet: bool):
        self.bar = Progress(quiet)

    def start(self, total: int, label: str, unit: str, eta: bool = False) -> None:
        """A new bar of ``total`` ``unit``; without ``eta``, count and elapsed time only."""
        self.bar.start(total, label, unit)
        if eta:
            self.bar.weigh([total], power=1.0)

    def limit(self, total: int) -> None:
        """Fewer items can still matter (a search's cut-off fell); shown at the next update."""
        if self.bar.bar is not None:
            self.bar.bar.total = total

    def __call__(self, n: int) -> None:
        self.bar(n)

    def close(self) -> None:
        """Clear the bar."""
        self.bar.close()
