"""Absurdle (qntm, 2022): no answer is chosen; after every guess the adversary keeps the
largest class of the answers still possible (the answers showing one pattern), so a game is
won by the guess that is the one answer left, shown all green.

Tie rule: among classes of one size the adversary keeps the pattern with the fewest greens,
then the fewest yellows, then the first in reading order with grey before yellow before green
(``Absurdle.keep``).  All green is therefore kept only when it is the one class left.

The least number of guesses from a position (:meth:`Absurdle.least_guesses`) is an iterative
deepening search under that rule: a set is won with one guess when it holds one answer, with
two when a guess tells all its answers apart (the adversary then keeps one), and with L when
some guess leaves a kept set won with L − 1.  :meth:`Absurdle.refute_three` proves more than
the search needs: that no play wins within three guesses from the start under *any* tie rule
(every class of the largest size after every first guess, and no second guess tells one of
them apart completely); a win that meets no tie on its way (:meth:`Absurdle.ties_on_line`)
wins under every rule too.

Glossary: ``S`` a sorted array of answer indices (the adversary's set), ``g`` a guess index,
``L`` the guesses allowed, the last one the win.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType

import numpy as np

from ..concurrency.parallel import map_chunks
from ..core.config import Context
from ..core.guess_stats import CHUNKS_PER_THREAD, THREADED_CELLS

# Told (step, of) as the search goes through a level's guesses (a live bar), or None.
Report = Callable[[int, int], None]


@dataclass(frozen=True)
class Kept:
    """:meth:`Absurdle.kept_sizes`, one entry per guess: the code of the class the adversary
    keeps, its size, whether no other class is as large, and how many classes there are."""

    codes: np.ndarray
    sizes: np.ndarray
    untied: np.ndarray
    parts: np.ndarray


class SearchStopped(Exception):
    """The least-guesses search passed its deadline."""


@dataclass
class Absurdle:
    """The game on a context's lists: its matrix (guesses × answers) and the same answer-major
    (the compiled adversary reads it), the tie order of the codes (``rank``: 0 is kept first
    among classes of one size; one entry per code the kernels can hold), each answer's guess
    index and the kernels of the lists' code width."""

    codes: np.ndarray
    by_answer: np.ndarray
    rank: np.ndarray
    answer_guess: np.ndarray
    n_codes: int
    kernels: ModuleType
    deadline: float | None = None
    # Lines only through guesses whose largest class is unique (before the last split), so
    # that every tie rule plays them alike: see :meth:`ties_on_line`.
    untied_only: bool = False
    threads: int = 1
    report: Report | None = None
    memo: dict = field(default_factory=dict)

    @classmethod
    def from_context(cls, ctx: Context) -> Absurdle:
        """The game of ``ctx``'s lists (Wordle's rule: the tie order reads greens and yellows)."""
        game, build = ctx.game, ctx.kernel_build
        rank = np.full(build.max_codes, build.max_codes, dtype=np.int64)  # codes the game lacks: last
        rank[: game.n_codes] = tie_order(game.n_codes, game.length)
        by_answer = np.ascontiguousarray(ctx.matrix_by_answer())
        return cls(
            np.ascontiguousarray(ctx.matrix),
            by_answer,
            rank,
            np.asarray(ctx.answer_in_guesses),
            game.n_codes,
            build.kernels,
        )

    def all_answers(self) -> np.ndarray:
        """The start: every answer."""
        return np.arange(self.codes.shape[1], dtype=np.int64)

    def keep(self, guess: int, answers: np.ndarray) -> tuple[int, np.ndarray]:
        """The pattern the adversary shows for ``guess`` at ``answers`` and the answers it keeps."""
        row = self.codes[guess, answers]
        counts = np.bincount(row, minlength=self.n_codes)
        tied = np.flatnonzero(counts == counts.max())
        code = int(tied[np.argmin(self.rank[tied])])
        return code, answers[row == code]

    def kept_sizes(self, answers: np.ndarray) -> Kept:
        """For every guess at once (compiled, on ``threads`` threads when the set is large):
        the code the adversary keeps, its class's size, whether no other class is as large
        (then every tie rule keeps the same class) and how many classes the guess makes."""
        answers = np.ascontiguousarray(answers, dtype=np.int64)
        m = self.codes.shape[0]
        threads = self.threads if m * len(answers) >= THREADED_CELLS else 1
        bounds = np.linspace(0, m, threads * CHUNKS_PER_THREAD + 1 if threads > 1 else 2).astype(int)

        def chunk(i: int) -> Kept:
            first, size = int(bounds[i]), int(bounds[i + 1] - bounds[i])
            part = Kept(
                np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.uint8), np.empty(size, np.int64)
            )
            self.kernels.adversary_keeps_into(
                self.by_answer, answers, self.rank, first, part.codes, part.sizes, part.parts, part.untied
            )
            return part

        parts = map_chunks(chunk, len(bounds) - 1, threads)
        if len(parts) == 1:
            return parts[0]
        return Kept(
            *(np.concatenate([getattr(p, name) for p in parts]) for name in ("codes", "sizes", "untied", "parts"))
        )

    def class_counts(self, answers: np.ndarray) -> np.ndarray:
        """``[guess, code]``: how many of ``answers`` show ``code`` to ``guess``."""
        rows = self.codes[:, answers].astype(np.int64)
        rows += (np.arange(rows.shape[0], dtype=np.int64) * self.n_codes)[:, None]
        return np.bincount(rows.ravel(), minlength=rows.shape[0] * self.n_codes).reshape(-1, self.n_codes)

    def splitter(self, answers: np.ndarray, target: int | None = None, within: np.ndarray | None = None) -> int | None:
        """The first guess that tells every answer of ``answers`` (at least two) apart, or
        None; with ``target`` (an answer index in ``answers``), the first that also leaves
        the adversary keeping it (its code the least in the tie order).  ``within``: how many
        classes each guess makes of a superset of ``answers`` (a guess making fewer classes
        than there are answers is not tried)."""
        answers = np.ascontiguousarray(answers, dtype=np.int64)
        if within is None:
            candidates = np.arange(self.codes.shape[0], dtype=np.int64)
        else:
            candidates = np.flatnonzero(within >= len(answers)).astype(np.int64)
        if target is None:
            found = self.kernels.first_perfect_splitter(self.by_answer, candidates, answers)
        else:
            place = int(np.searchsorted(answers, target))
            found = self.kernels.forcing_splitter(self.by_answer, candidates, answers, place, self.rank)
        return None if found < 0 else int(found)

    def least_guesses(self, answers: np.ndarray, limit: int, target: int | None = None) -> list[int] | None:
        """A shortest winning line from ``answers`` (its guesses, the last one the win) within
        ``limit`` guesses, or None when none is that short; SearchStopped past the deadline.
        With ``target`` (an answer index in ``answers``: challenge mode), a shortest line that
        forces the adversary to keep that answer to the end."""
        for allowed in range(1, limit + 1):
            self._check_deadline()
            line = self._win_within(answers, allowed, target, top=True)
            if line is not None:
                return line
        return None

    def win_within(self, answers: np.ndarray, allowed: int, target: int | None = None) -> list[int] | None:
        """The first winning line (forcing ``target``, when given) of at most ``allowed``
        guesses in the search's order, or None when there is none: one level of
        :meth:`least_guesses`, searched through."""
        return self._win_within(answers, allowed, target)

    def _win_within(
        self, answers: np.ndarray, allowed: int, target: int | None, top: bool = False, within: np.ndarray | None = None
    ) -> list[int] | None:
        if len(answers) == 1:
            return [int(self.answer_guess[answers[0]])]
        if allowed < 2:
            return None
        if allowed == 2:
            guess = self.splitter(answers, target, within)
            return None if guess is None else [guess, int(self.answer_guess[self.keep(guess, answers)[1][0]])]
        key = (answers.tobytes(), allowed, self.untied_only, target)
        if key in self.memo:
            return self.memo[key]
        kept = self.kept_sizes(answers)
        ranked = self.ranked(answers, kept, allowed, target)
        if allowed == 3:  # the kept class won in one guess or told apart by the next: compiled
            self.memo[key] = found = self._won_within_three(answers, ranked, kept, target)
            return found
        tried: set[bytes] = set()
        found = None
        for step, guess in enumerate(ranked):
            self._check_deadline()
            if top and self.report is not None:
                self.report(step + 1, len(ranked))
            below = self.kept_class(guess, answers, kept)
            if below.tobytes() in tried:
                continue
            tried.add(below.tobytes())
            rest = self._win_within(below, allowed - 1, target, within=kept.parts)
            if rest is not None:
                found = [int(guess), *rest]
                break
        self.memo[key] = found
        return found

    def ranked(self, answers: np.ndarray, kept: Kept, allowed: int, target: int | None = None) -> np.ndarray:
        """The guesses the search tries at ``answers`` with ``allowed`` guesses, in its order
        (smallest kept class first, then index): those that shrink the set to a class that
        can still be won, untied ones only when :attr:`untied_only`, and with ``target``
        those whose kept class holds it."""
        # A guess makes at most as many classes of a subset as of the whole, so from a kept
        # set, ``allowed - 2`` more splits leave one answer only if it holds at most this many.
        most = int(kept.parts.max()) ** (allowed - 2)
        useful = (kept.sizes < len(answers)) & (kept.sizes <= most)
        if self.untied_only:
            useful &= kept.untied.astype(bool)
        if target is not None:
            useful &= kept.codes == self.by_answer[target]  # the class kept holds the target
        ranked = np.flatnonzero(useful)
        return ranked[np.argsort(kept.sizes[ranked], kind="stable")].astype(np.int64)

    def kept_class(self, guess: int, answers: np.ndarray, kept: Kept) -> np.ndarray:
        """The answers of ``answers`` in the class ``guess`` leaves kept (``kept``: at ``answers``)."""
        return answers[self.codes[guess, answers] == kept.codes[guess]]

    def _won_within_three(
        self, answers: np.ndarray, ranked: np.ndarray, kept: Kept, target: int | None
    ) -> list[int] | None:
        """The line :meth:`_win_within` finds at three guesses, in one compiled call: the first
        of ``ranked`` whose kept class is one answer or is told apart by a guess keeping the
        target (or any answer), the first such guess in index order."""
        place = -1 if target is None else int(np.searchsorted(answers, target))
        found = self.kernels.forced_in_three(self.by_answer, answers, ranked, kept.codes, kept.parts, place, self.rank)
        if found is None:
            return None
        first, second, kept_at = found
        won = int(self.answer_guess[answers[kept_at]])
        return [first, won] if second < 0 else [first, second, won]

    def _check_deadline(self) -> None:
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise SearchStopped("the least-guesses search passed its time limit")

    def replay(self, guesses: list[int], answers: np.ndarray) -> list[tuple[int, np.ndarray]]:
        """Each guess's pattern and the answers kept after it, from ``answers``."""
        steps = []
        for guess in guesses:
            code, answers = self.keep(guess, answers)
            steps.append((code, answers))
        return steps

    def ties_on_line(self, guesses: list[int], answers: np.ndarray) -> int:
        """How many guesses of a line meet a tie for the largest class of more than one answer.
        None: every tie rule keeps the same sets, and where the classes are single answers any
        kept one is won by the next guess, so the line's length wins under every rule."""
        ties = 0
        for guess in guesses:
            counts = np.bincount(self.codes[guess, answers], minlength=self.n_codes)
            ties += int(counts.max() > 1 and (counts == counts.max()).sum() > 1)
            answers = self.keep(guess, answers)[1]
        return ties

    def refute_three(self, answers: np.ndarray) -> Refutation:
        """Whether any play wins within three guesses from ``answers`` under any tie rule: every
        largest class after every first guess, each checked for a guess telling it apart."""
        counts = self.class_counts(answers)
        largest = counts.max(axis=1)
        classes: dict[bytes, np.ndarray] = {}
        rows = self.codes[:, answers]
        for guess in np.flatnonzero(largest <= self.n_codes):
            for code in np.flatnonzero(counts[guess] == largest[guess]):
                kept = answers[rows[guess] == code]
                classes.setdefault(kept.tobytes(), kept)
        winning = []
        for step, kept in enumerate(classes.values()):
            if self.report is not None:
                self.report(step + 1, len(classes))
            if len(kept) == 1 or self.splitter(kept) is not None:
                winning.append(kept)
        return Refutation(int(largest.min()), len(classes), winning)


@dataclass(frozen=True)
class Refutation:
    """:meth:`Absurdle.refute_three`: the smallest largest class a first guess leaves, the
    largest classes that could be split at all (at most as many answers as codes) and were
    checked, and those a second guess tells apart (none: no win within three guesses)."""

    smallest_largest: int
    checked: int
    winning: list


def tie_order(n_codes: int, length: int) -> np.ndarray:
    """Each Wordle code's place in the tie rule: fewest greens, fewest yellows, then reading
    order with grey before yellow before green (codes: position i is the digit of 3^i)."""
    keys = []
    for code in range(n_codes):
        digits = [(code // 3**i) % 3 for i in range(length)]
        keys.append((digits.count(2), digits.count(1), digits, code))
    order = np.empty(n_codes, dtype=np.int64)
    for place, key in enumerate(sorted(keys)):
        order[key[3]] = place
    return order
