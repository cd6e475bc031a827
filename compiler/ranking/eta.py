"""How long a ranking has left, from a sample of the words ahead evaluated early.

A word's cost falls steeply along the heuristic order, and not smoothly: on the
3158-answer list the words at the head of the order cost far more each than all the
others, because past the head the cheap probes refute every word.  A rate measured on the
words done so far (what a progress bar assumes) cannot see such a cliff coming, and
over-estimates the run many times over at its start (docs/ranking.md, "Time left").

So the ranking evaluates a few words from every part of the order early, as soon
as a cut-off exists (:func:`sample_words`; the results do not depend on the order,
see :mod:`wordle_compiler.ranking.first_words`), and :class:`RemainingWork` prices the words still
to come at the mean cost of the sampled words in their part.  The estimate is an
estimate: a part's handful of samples can miss its outliers, and words evaluated
early face a looser cut-off than the rest of their part will.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import deque
from collections.abc import Callable

STRATA = 20  # equal slices of the order, each priced by its own samples
PER_STRATUM = 8  # words sampled from each slice
# where in its slice each round samples (eighths): the middle first, then between, so
# that early rounds are not all from the slices' expensive starts
ROUND_OFFSETS = (4, 2, 6, 1, 5, 3, 7, 0)
MIN_WORDS = 200  # below this no sample is taken: the mean so far is good enough
# The two guards against the samples' early prices, fitted on whole runs replayed through
# the estimator (benchmarks/rank_eta.py --replay): each sample is compared with the
# NEIGHBOURS words on either side of it, the scale stays above MIN_SAMPLE_SCALE, and the
# ceiling is the mean of the last RECENT words done in order.
NEIGHBOURS = 25
MIN_SAMPLE_SCALE = 0.5
RECENT = 50


def _slices(count: int) -> list[range]:
    """``STRATA`` consecutive slices covering ``range(count)`` (fewer for short lists)."""
    parts = min(STRATA, count)
    if parts == 0:
        return []  # nothing left to rank (a resumed run that had decided every word)
    edges = [count * i // parts for i in range(parts + 1)]
    return [range(a, b) for a, b in itertools.pairwise(edges)]


def sample_words(order: list[str]) -> list[str]:
    """The words to evaluate early: ``PER_STRATUM`` evenly spaced words from each
    slice of ``order`` (none for lists shorter than ``MIN_WORDS``)."""
    if len(order) < MIN_WORDS:
        return []
    parts = _slices(len(order))
    # round after round, one word from each slice: every slice is priced early
    return [order[part.start + int((j + 0.5) * len(part) / PER_STRATUM)] for j in ROUND_OFFSETS for part in parts]


class RemainingWork:
    """Estimates the work left in a ranking of the words ``order``, ``sample`` first.

    :meth:`done` records each decided word's evaluation time (seconds of one worker).
    :meth:`estimate` prices the undecided words of each slice at the mean cost of the
    slice's decided words that lie ahead of the first undecided word (the frontier):
    the samples not yet reached (the words done in order are the slice's dearer start).

    Sampled words cost more than the same words would in order: they run early, against
    a looser cut-off and with a colder memo.  How much more depends on the list and the
    mode: a little in normal mode on the 3158 list, many times over at the head of the
    order in hard mode there, where the cut-off keeps falling for most of the run
    (docs/performance.md, "The ranking's time estimate").  So:

    - the samples' prices are scaled by what the words done in order around each sample
      the frontier has passed cost, relative to it (at most 1, at least
      ``MIN_SAMPLE_SCALE``, since a head sample's ratio is far below the tail's; and
      ``MIN_SAMPLE_SCALE`` until the frontier has passed one);
    - no word ahead is priced above the mean of the last ``RECENT`` words done in order,
      since the order puts the dearest words first.

    Without a sample (short lists) a slice not yet reached is priced like the last one
    that was.  Seconds of work become wall time at the rate measured so far (evaluation
    seconds per wall second: the workers and their overheads included).
    """

    def __init__(self, order: list[str], sample: list[str] = ()):
        parts = _slices(len(order))
        slices = len(parts)
        # from the slices themselves: position * slices // len(order) can disagree at an edge
        self._slice_at = [index for index, part in enumerate(parts) for _ in part]
        self._position = {word: position for position, word in enumerate(order)}
        self._sampled = {self._position[word] for word in sample if word in self._position}
        self._cost = [None] * len(order)  # evaluation seconds, once decided
        self._left = [0] * slices  # undecided words per slice
        for index in self._slice_at:
            self._left[index] += 1
        # per slice, [count, seconds] of: decided words, those behind the frontier
        self._decided = [[0, 0.0] for _ in range(slices)]
        self._behind = [[0, 0.0] for _ in range(slices)]
        self._frontier = 0  # the first undecided position
        self._spent = 0.0
        self._recent = deque(maxlen=RECENT)  # the last words done in order (not sampled)
        # samples whose neighbours are not all behind the frontier yet, by position
        self._unmatched = sorted(self._sampled)
        self._matched = [0.0, 0.0]  # Σ the matched samples' neighbour means, Σ their own costs

    def done(self, word: str, seconds: float) -> None:
        """Record that ``word`` is decided, after ``seconds`` of evaluation."""
        position = self._position.get(word)
        if position is None or self._cost[position] is not None:
            return
        self._cost[position] = seconds
        index = self._slice_at[position]
        self._left[index] -= 1
        _add(self._decided[index], seconds)
        self._spent += seconds
        while self._frontier < len(self._cost) and self._cost[self._frontier] is not None:
            _add(self._behind[self._slice_at[self._frontier]], self._cost[self._frontier])
            if self._frontier not in self._sampled:
                self._recent.append(self._cost[self._frontier])
            self._frontier += 1
        while self._unmatched and (
            self._unmatched[0] + NEIGHBOURS < self._frontier or self._frontier == len(self._cost)
        ):
            self._match(self._unmatched.pop(0))

    def _match(self, sampled: int) -> None:
        """Compare a sample the frontier has passed with the words done in order around it."""
        window = range(max(0, sampled - NEIGHBOURS), min(len(self._cost), sampled + NEIGHBOURS + 1))
        around = [self._cost[p] for p in window if p not in self._sampled]
        if around:
            self._matched[0] += sum(around) / len(around)
            self._matched[1] += self._cost[sampled]

    def _sample_scale(self) -> float:
        """What words done in order cost relative to the samples among them;
        ``MIN_SAMPLE_SCALE`` until the frontier has passed a sample (in every recorded run
        the samples cost more than their neighbours)."""
        neighbours, samples = self._matched
        if samples <= 0:
            return MIN_SAMPLE_SCALE
        return min(1.0, max(MIN_SAMPLE_SCALE, neighbours / samples))

    def _slice_costs(self) -> list[float | None]:
        """Price per undecided word of each slice (None: nothing to go on yet)."""
        scale, means, last = self._sample_scale(), [], None
        for (count, seconds), (behind, behind_seconds) in zip(self._decided, self._behind, strict=True):
            if count > behind:  # decided words ahead of the frontier: mostly samples
                last = (seconds - behind_seconds) / (count - behind) * (scale if self._sampled else 1.0)
            elif count:
                last = seconds / count
            elif self._sampled:
                last = None  # its samples are still to come
            means.append(last)
        if self._recent and self._frontier < len(self._cost):
            ceiling = sum(self._recent) / len(self._recent)
            for index in range(self._slice_at[self._frontier], len(means)):
                if means[index] is not None:
                    means[index] = min(means[index], ceiling)
        return means

    def estimate(self, elapsed: float) -> tuple[float, float] | None:
        """(fraction of the work done, wall seconds left) after ``elapsed`` wall seconds of
        this run, or None until every slice with words left is priced (with a sample,
        after its first round)."""
        means = self._slice_costs()
        if (
            any(mean is None and left for mean, left in zip(means, self._left, strict=True))
            or elapsed <= 0
            or self._spent <= 0
        ):
            return None
        left = sum(n * mean for n, mean in zip(self._left, means, strict=True) if n)
        return self._spent / (self._spent + left), left * elapsed / self._spent


def _add(tally: list, seconds: float) -> None:
    tally[0] += 1
    tally[1] += seconds


# a progress bar whose own rate-based ETA is left out: the postfix carries this module's
BAR_FORMAT = "{desc}: {n_fmt}/{total_fmt} {unit} |{bar}| {elapsed}{postfix}"


class RankingEta:
    """The running estimate of one ranking, as a phrase for a progress bar.

    The estimate is made as each word is decided (:meth:`record`) and counts down from then
    on (:meth:`phrase`, for a bar that redraws it): once the time it gave has passed with no
    new word decided, the phrase says by how much the words left are over it instead of
    showing a time left that is no longer true."""

    def __init__(self, order: list[str], sample: list[str] = (), clock: Callable[[], float] = time.perf_counter):
        self.work = RemainingWork(order, sample)
        self.clock = clock
        self.began = clock()
        self.shown = 0.0  # the largest share of the work shown so far
        self.left: tuple[float, float] | None = None  # (wall seconds left, when estimated)
        self.text = "estimating the time left"  # the phrase when there is no time to count down

    def record(self, word: str, seconds: float) -> str:
        """Record a decided word; return :meth:`phrase`, e.g. '~40% of the work done, about
        12 min left'.  The share shown never goes back: when dearer words ahead raise the
        estimate of what is left, the time left grows and the share waits until the work
        catches up."""
        self.work.done(word, seconds)
        now = self.clock()
        estimate = self.work.estimate(now - self.began)
        # a bar's thread reads text and left without a lock: each is replaced whole, never emptied first
        if estimate is None:
            self.text, self.left = "estimating the time left", None
        elif estimate[0] >= 1.0:
            self.text, self.left = "every word decided", None
        else:
            self.shown = max(self.shown, estimate[0])
            self.left = (estimate[1], now)
        return self.phrase()

    def phrase(self) -> str:
        """Where the ranking stands now: the share of the work done and the time left as
        estimated at the last decided word, counted down since; past it, how long past."""
        if self.left is None:
            return self.text
        left, at = self.left
        share = f"~{100 * self.shown:.0f}% of the work done"
        remaining = left - (self.clock() - at)
        if remaining > 0:
            return f"{share}, about {format_duration(remaining)} left"
        return f"{share}, {format_duration(-remaining)} over the estimate (the words left cost more)"


def format_duration(seconds: float) -> str:
    """A rough human duration: '40 s', '12 min', '3.5 h'."""
    if not math.isfinite(seconds):
        return "?"
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    return f"{seconds / 3600:.1f} h"
