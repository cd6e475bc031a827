"""The progress bars of ``wordle-compile`` and ``wordle-tree analyse`` on stderr (tqdm,
imported only when a bar is shown): the build's, counting answers or, while a build ranks
its first word, words with the ranking's own estimate of the time left; and analyse's,
whose total can shrink and whose time left is shown only where the rate predicts it.  Every
bar is made by :func:`stderr_bar`: redrawn in place on a terminal, plain lines anywhere else."""

from __future__ import annotations

import sys
import time

import click


def announce_matrix(prog: str, words, quiet: bool) -> None:
    """One line on stderr before a large feedback matrix is first computed (it takes seconds
    and is cached: :func:`..core.matrix_cache.first_matrix_note`); nothing when ``quiet``."""
    from ..core.matrix_cache import first_matrix_note

    note = None if quiet else first_matrix_note(words)
    if note:
        click.echo(f"{prog}: {note}", err=True)


LOG_INTERVAL = 30.0  # seconds between two progress lines when stderr is not a terminal


class PlainLines:
    """Where a bar writes when stderr is not a terminal (a log file, a pipe): a redraw becomes
    one plain line, without a terminal's carriage returns and cursor moves, the first at once,
    then at most one every :data:`LOG_INTERVAL` seconds, and a bar left at its end its last."""

    def __init__(self, stream):
        self.stream, self.last, self.pending = stream, None, None

    def write(self, text: str) -> None:
        """Write the redraw ``text`` as a line of its own when it is time (else keep it for a
        bar's end); a blank one (a bar cleared) never."""
        if text == "\n":  # tqdm ends a bar it leaves in place so: its last state is due
            if self.pending:
                self._line(self.pending)
            return
        line = text.replace("\r", "").replace("\x1b[A", "").strip()
        if not line:
            return
        if self.last is None or time.monotonic() - self.last >= LOG_INTERVAL:
            self._line(line)
        else:
            self.pending = line

    def _line(self, line: str) -> None:
        self.stream.write(line + "\n")
        self.last, self.pending = time.monotonic(), None

    def flush(self) -> None:
        """Flush the stream."""
        self.stream.flush()


def stderr_bar(**options):
    """A tqdm bar on stderr (``options``: tqdm's): redrawn in place on a terminal; anywhere
    else one plain line at most every :data:`LOG_INTERVAL` seconds, never a carriage return."""
    from tqdm import tqdm

    try:
        terminal = sys.stderr.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stderr
        terminal = False
    if terminal:
        return tqdm(file=sys.stderr, **options)
    return tqdm(file=PlainLines(sys.stderr), ascii=True, **options)


class Progress:
    """A tqdm bar on stderr, counting answers whose subtrees are done; silent if quiet."""

    def __init__(self, quiet: bool):
        self.quiet, self.bar = quiet, None

    def start(self, total: int, label: str, unit: str = "answer") -> None:
        """Start a bar of ``total`` ``unit`` labelled ``label`` (closing any earlier one); no-op if
        quiet.  A bar of words (the ranking) shows the ranking's own estimate of the time
        left (:meth:`note`) instead of a rate."""
        if not self.quiet:
            from ..ranking.eta import BAR_FORMAT

            self.close()
            self.bar = stderr_bar(
                total=total,
                unit=unit,
                leave=False,
                mininterval=0.5,
                delay=1.0,
                desc=label,
                bar_format=BAR_FORMAT if unit == "words" else None,
            )

    def note(self, text: str) -> None:
        """Show ``text`` after the bar (the ranking's estimate)."""
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=False)

    def show(self, text: str) -> None:
        """Show ``text`` after the bar and draw it at once, before the bar's first second is
        out (a ranking whose next word may take an hour says where it stands now)."""
        if self.bar is not None:
            self.bar.set_postfix_str(text, refresh=True)

    def __call__(self, n: int) -> None:
        if self.bar is not None:
            self.bar.update(n)

    def close(self) -> None:
        """Close and clear the bar, if one is shown."""
        if self.bar is not None:
            self.bar.close()
            self.bar = None


class AnalyseProgress:
    """``wordle-compile``'s bar (:class:`Progress`: tqdm on stderr, shown once the
    work has taken a second, cleared at the end, nothing when ``quiet``), with a total that
    can shrink and a time left shown only where the rate predicts it."""

    def __init__(self, quiet: bool):
        self.bar = Progress(quiet)

    def start(self, total: int, label: str, unit: str, eta: bool = False) -> None:
        """A new bar of ``total`` ``unit``; without ``eta``, count and elapsed time only."""
        self.bar.start(total, label, unit)
        if self.bar.bar is not None and not eta:
            from ..ranking.eta import BAR_FORMAT

            self.bar.bar.bar_format = BAR_FORMAT  # n/N, bar, elapsed: no rate, no time left

    def limit(self, total: int) -> None:
        """Fewer items can still matter (a search's cut-off fell); shown at the next update."""
        if self.bar.bar is not None:
            self.bar.bar.total = total

    def __call__(self, n: int) -> None:
        self.bar(n)

    def close(self) -> None:
        """Clear the bar."""
        self.bar.close()
