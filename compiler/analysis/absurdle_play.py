"""Absurdle played (``wordle-tree absurdle``, ``wordle_compiler.absurdle``): a history
replayed against the adversary, then a shortest win from there, the proof of the least
number of guesses from the start, or challenge mode's shortest line forcing a target.  The
game and its search are :mod:`.absurdle`."""

from __future__ import annotations

import time
from dataclasses import dataclass

from wordle_runtime.game import WORDLE

from ..core.config import Context
from .absurdle import Absurdle, Report, SearchStopped

__all__ = ["AbsurdleResult", "NoWinError", "Proof", "TargetRuledOut", "play"]


class NoWinError(Exception):
    """No win within the guesses the search was allowed."""


class TargetRuledOut(NoWinError):
    """Challenge mode: a guess played made the adversary drop the target."""


@dataclass(frozen=True)
class AbsurdleResult:
    """A game of Absurdle replayed (``steps``: each guess, the pattern shown and how many
    answers were kept), whether it was won, a shortest winning line from where it stands
    (``line``: its guesses, the last one the win; None once won or with a proof) and the
    proof from the start (``proof``, with ``prove``: a :class:`Proof`).  In challenge mode
    (``target``: the answer the player must force) the line is a shortest one whose every
    guess leaves the target kept, and a win is the target shown all green."""

    steps: list[tuple[str, str, int]]
    answers_left: int
    won: bool
    line: list[str] | None
    proof: Proof | None
    target: str | None = None


@dataclass(frozen=True)
class Proof:
    """The least number of guesses from the start under every tie rule (None when this proof
    does not settle it), with its figures (:class:`Refutation`) and its line of four."""

    least_guesses: int | None
    smallest_largest_class: int
    largest_classes_checked: int
    largest_classes_told_apart: int
    line: list[str] | None
    stopped: bool = False  # the search for the line passed the time limit


def play(
    ctx: Context,
    history: list[str],
    *,
    max_guesses: int = 5,
    time_limit: float | None = None,
    prove: bool = False,
    target: str | None = None,
    jobs: int = 1,
    report: Report | None = None,
) -> AbsurdleResult:
    """Absurdle on ``ctx``'s lists: ``history`` (guesses) replayed, then a shortest win from
    there within ``max_guesses`` (NoWinError if none) or, with ``prove`` and no history, the
    proof from the start.  With ``target`` (challenge mode: an answer the adversary must be
    forced to keep), a shortest line forcing it; NoWinError once the history rules it out.
    ``jobs``: threads that score the guesses (the result does not depend on it).
    The line is the shortest under the tie rule: every shorter length was searched through.
    ValueError for a word not in the guess list, a target not in the answers, a guess after
    the win, or a proof asked after guesses or with a target; SearchStopped past
    ``time_limit`` seconds."""
    if ctx.game.rule != WORDLE:
        raise ValueError(f"Absurdle plays Wordle's patterns, not {ctx.game.name}'s")
    if prove and history:
        raise ValueError("a proof is of the least number of guesses from the start: give no guesses with it")
    if prove and target is not None:
        raise ValueError("--prove is of the game without a target; a target's line is already the shortest")
    game = Absurdle.from_context(ctx)
    game.report, game.threads = report, jobs
    goal = None if target is None else _target_index(ctx, target)
    won_code = ctx.game.format_code(ctx.game.all_correct)
    kept, steps = game.all_answers(), []
    for word in history:
        if steps and steps[-1][1] == won_code:
            raise ValueError(f"the game was won at guess {len(steps)}: no guess after it")
        index = ctx.guess_index.get(word.strip().lower())
        if index is None:
            raise ValueError(f"{word.strip()!r} is not in the guess list")
        code, kept = game.keep(index, kept)
        steps.append((word.strip().lower(), ctx.game.format_code(code), len(kept)))
        if goal is not None and goal not in kept:
            raise TargetRuledOut(f"guess {len(steps)} ({steps[-1][0]}, {steps[-1][1]}) rules out the target {target!r}")
    won = bool(steps) and steps[-1][1] == won_code
    game.deadline = None if time_limit is None else time.monotonic() + time_limit
    if prove:
        return AbsurdleResult(steps, len(kept), won, None, _prove(game, ctx))
    line = None
    if not won:
        found = game.least_guesses(kept, max_guesses, goal)
        if found is None:
            more = f"{max_guesses} more guess" + ("es" if max_guesses != 1 else "")
            raise NoWinError(f"no win within {more}" + ("" if target is None else f" forcing {target!r}"))
        line = [ctx.words.guesses[g] for g in found]
    word = None if goal is None else ctx.words.answers[goal]
    return AbsurdleResult(steps, len(kept), won, line, None, word)


def _target_index(ctx: Context, target: str) -> int:
    """The answer index of challenge mode's target; ValueError when it is not an answer."""
    word = target.strip().lower()
    try:
        return ctx.words.answers.index(word)
    except ValueError:
        raise ValueError(f"the target {target.strip()!r} is not one of the answers") from None


def _prove(game: Absurdle, ctx: Context) -> Proof:
    """The least number of guesses from the start for every tie rule, when no play wins within
    three under any and a line of four meets no tie; else what was found."""
    start = game.all_answers()
    refuted = game.refute_three(start)
    game.untied_only = True
    line, stopped = None, False
    if not refuted.winning:
        try:
            line = game.least_guesses(start, 4)
        except SearchStopped:
            stopped = True
    least = len(line) if line is not None and len(line) == 4 else None
    words = None if line is None else [ctx.words.guesses[g] for g in line]
    return Proof(least, refuted.smallest_largest, refuted.checked, len(refuted.winning), words, stopped)
