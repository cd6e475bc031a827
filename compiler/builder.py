"""Tree builder: recurse over feedback classes with a guess-choosing strategy.

The result is a nested :class:`Node` tree; :mod:`artifact` flattens it into the
runtime's arrays.  Classes are visited in increasing pattern order, so the same
inputs always give the same tree.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .kernels import split_by_pattern
from .modes import legal_after

ALL_GREEN = 242
RECURSION_GUARD = 40


class BuildError(ValueError):
    """The build cannot go on (e.g. an opening word that is illegal in hard mode)."""


@dataclass
class Node:
    guess: int  # index into ctx.words.guesses
    answer: int  # index into ctx.words.answers solved by this guess, or -1
    children: list = field(default_factory=list)  # [(pattern code, Node)], increasing codes


def _progresses(ctx, guess, answers) -> bool:
    row = ctx.matrix[guess]
    codes = row[answers]
    return bool(codes.min() != codes.max() or codes[0] == ALL_GREEN)


def choose_guess(ctx, cfg, choose, answers, legal, forced) -> int:
    if forced:
        guess = forced[0]
        if guess not in set(legal.tolist()):
            raise BuildError(f"{ctx.words.guesses[guess]!r} is not a legal guess here in {cfg.mode} mode")
        return guess
    if len(answers) == 1:
        return int(ctx.answer_in_guesses[answers[0]])
    guess = choose(ctx, answers, legal, cfg)
    if not _progresses(ctx, guess, answers):
        # A letter heuristic can pick a word that tells nothing; fall back to the
        # first possible answer, which always solves one.
        guess = int(ctx.answer_in_guesses[answers].min())
    return guess


def class_tasks(ctx, cfg, guess, answers, legal):
    """(code, class answers, legal guesses for the class), non-green classes only."""
    codes, offsets, ordered = split_by_pattern(ctx.matrix[guess], answers)
    tasks = []
    for j, code in enumerate(codes):
        if code == ALL_GREEN:
            continue
        cls = ordered[offsets[j]:offsets[j + 1]]
        tasks.append((int(code), cls, legal_after(ctx, cfg.mode, legal, guess, int(code))))
    return tasks


def solved_here(ctx, guess, answers) -> int:
    hits = np.nonzero(ctx.answer_in_guesses[answers] == guess)[0]
    return int(answers[hits[0]]) if len(hits) else -1


def build(ctx, cfg, choose, answers, legal, forced=(), depth=1) -> Node:
    if depth > RECURSION_GUARD:
        raise BuildError("the strategy did not converge (recursion guard reached)")
    guess = choose_guess(ctx, cfg, choose, answers, legal, list(forced))
    node = Node(guess, solved_here(ctx, guess, answers))
    for code, cls, follow in class_tasks(ctx, cfg, guess, answers, legal):
        node.children.append((code, build(ctx, cfg, choose, cls, follow, forced[1:], depth + 1)))
    return node
