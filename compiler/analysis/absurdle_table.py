"""Absurdle's challenge mode for every answer at once: the least number of guesses that
forces each answer as the target, with a line that does (``wordle-tree absurdle --target
all``).

The adversary is deterministic, so the sets it can keep after one guess are the same for
every target: 7,808 distinct sets on the original lists.  Every target forced within three
guesses is found at the start (:func:`forcible_targets` over the first guess's kept classes),
and every target forced within four by the same call at each set the first guess keeps, in
the order the single-target search (:meth:`.Absurdle.least_guesses`) tries them, so a target
gets the very line ``--target WORD`` prints.  A target not forced within four needs at least
five (proved by that pass); its line is then the single-target search's at five guesses,
then six, up to ``limit``, each within ``seconds`` (past it, the row gives the bound proved
and no line; a target needing more than ``limit`` is given as needing at least ``limit + 1``).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ..core.config import Context
from .absurdle import Absurdle, Kept, SearchStopped

# Told (phase, step, of) as the table is made: "sets" over the first guess's kept sets, then
# "targets" over the targets searched one by one.
TableReport = Callable[[str, int, int], None]


@dataclass(frozen=True)
class ChallengeRow:
    """One target: the least number of guesses that forces it (None when the search for a
    line stopped at its time or ``limit``), a line of that length, and the least number of
    guesses proved (equal to ``least`` when it is known)."""

    target: str
    least: int | None
    line: list[str] | None
    at_least: int


def challenge_table(
    ctx: Context, *, limit: int = 6, seconds: float = 60.0, jobs: int = 1, report: TableReport | None = None
) -> list[ChallengeRow]:
    """The least number of guesses forcing each answer of ``ctx``'s lists (in list order),
    with its line: see the module's docstring.  ``seconds`` bounds each target's search past
    four guesses; ``jobs`` threads score the guesses."""
    game = Absurdle.from_context(ctx)
    game.threads = jobs
    n = len(ctx.words.answers)
    root = game.all_answers()
    least = np.zeros(n, dtype=np.int64)  # 0 while not known
    proved = np.full(n, 5, dtype=np.int64)  # the least proved, once the passes below are done
    lines: list[list[int] | None] = [None] * n
    if n == 1:
        least[0], lines[0] = 1, [int(game.answer_guess[0])]
    else:
        for target in range(n):  # two guesses: one that tells every answer apart keeping the target
            guess = game.splitter(root, target)
            if guess is not None:
                least[target], lines[target] = 2, [guess, int(game.answer_guess[target])]
        forced = (least > 0).astype(np.uint8)
        _forced_from(game, root, forced, least, lines, first=None)
        kept = game.kept_sizes(root)
        sets = _distinct_sets(game, root, kept, game.ranked(root, kept, 4))
        for step, (guess, members) in enumerate(sets):
            if report is not None:
                report("sets", step + 1, len(sets))
            _forced_from(game, members, forced, least, lines, first=guess)
    open_targets = np.flatnonzero(least == 0)
    for step, target in enumerate(open_targets):
        if report is not None:
            report("targets", step + 1, len(open_targets))
        line, proved[target] = _searched(game, root, int(target), limit, seconds)
        if line is not None:
            least[target], lines[target] = len(line), line
    rows = []
    for target, line in enumerate(lines):
        known = int(least[target])
        if line is None or known > limit:  # none found, or longer than asked for
            rows.append(ChallengeRow(ctx.words.answers[target], None, None, min(int(proved[target]), limit + 1)))
        else:
            rows.append(ChallengeRow(ctx.words.answers[target], known, [ctx.words.guesses[g] for g in line], known))
    return rows


def _forced_from(
    game: Absurdle, members: np.ndarray, forced: np.ndarray, least: np.ndarray, lines: list, first: int | None
) -> None:
    """Mark every target forced from ``members`` within three more guesses (after the guess
    ``first``, when given) that no earlier set forced, with its line."""
    kept = game.kept_sizes(members)
    ranked = game.ranked(members, kept, 3)
    before = forced.copy()
    found = np.full((len(forced), 2), -1, dtype=np.int64)
    game.kernels.forcible_targets(game.by_answer, members, ranked, kept.codes, kept.parts, game.rank, forced, found)
    lead = [] if first is None else [first]
    for target in np.flatnonzero((forced == 1) & (before == 0)):
        middle = [int(found[target, 0])] + ([] if found[target, 1] < 0 else [int(found[target, 1])])
        line = [*lead, *middle, int(game.answer_guess[target])]
        least[target], lines[target] = len(line), line


def _distinct_sets(game: Absurdle, members: np.ndarray, kept: Kept, ranked: np.ndarray) -> list[tuple[int, np.ndarray]]:
    """The sets ``ranked``'s guesses leave kept at ``members``, each once, in that order
    with the first guess that leaves it."""
    sets, seen = [], set()
    for guess in ranked:
        below = game.kept_class(int(guess), members, kept)
        if below.tobytes() not in seen:
            seen.add(below.tobytes())
            sets.append((int(guess), below))
    return sets


def _searched(game: Absurdle, root: np.ndarray, target: int, limit: int, seconds: float) -> tuple[list | None, int]:
    """The single-target search from five guesses up, four being proved too few: (the line
    it finds, its length), or (None, the least proved) past ``seconds`` or ``limit``."""
    game.deadline = time.monotonic() + seconds
    game.memo.clear()
    allowed = 5
    try:
        for allowed in range(5, limit + 1):
            line = game.win_within(root, allowed, target)
            if line is not None:
                return line, len(line)
        return None, limit + 1
    except SearchStopped:
        return None, allowed
    finally:
        game.deadline = None
