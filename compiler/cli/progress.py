"""The progress bars of ``wordle-compile`` and ``wordle-tree analyse`` on stderr (tqdm,
imported only when a bar is shown): the build's, counting answers or, while a build ranks
its first word, words with the ranking's own estimate of the time left; and analyse's,
whose total can shrink and whose time left is shown only where the rate predicts it."""

from __future__ import annotations

import sys


class Progress:
    """A tqdm bar on stderr, counting answers whose subtrees are done; silent if quiet."""

    def __init__(self, quiet: bool):
        self.quiet, self.bar = quiet, None

    def start(self, total: int, label: str, unit: str = "answer") -> None:
        """Start a bar of ``total`` ``unit`` labelled ``label`` (closing any earlier one); no-op if
        quiet.  A bar of words (the ranking) shows the ranking's own estimate of the time
        left (:meth:`note`) instead of a rate."""
        if not self.quiet:
            from tqdm import tqdm

            from ..ranking.eta import BAR_FORMAT

            self.close()
            self.bar = tqdm(
                total=total,
                unit=unit,
                file=sys.stderr,
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
