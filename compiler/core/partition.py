"""Feedback classes of a guess and the nested tree node every builder produces.

Shared by the heuristic builder and the exact search, below both of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .guess_stats import split_by_codes
from .modes import legal_after


@dataclass
class Node:
    guess: int  # index into ctx.words.guesses
    answer: int  # index into ctx.words.answers solved by this guess, or -1
    children: list = field(default_factory=list)  # [(pattern code, Node)], increasing codes


def class_tasks(ctx, mode, guess, answers, legal):
    """(code, class answers, legal guesses for the class) for the classes the guess does not
    solve (all but the game's all-correct code), increasing code."""
    codes, offsets, ordered = split_by_codes(ctx.codes(guess, answers), answers)
    all_correct, starts = ctx.game.all_correct, offsets.tolist()  # Python ints: a ranking calls this per guess
    present = [(j, code) for j, code in enumerate(codes.tolist()) if code != all_correct]
    if mode == "normal":  # every class keeps the same legal guesses
        return [(code, ordered[starts[j] : starts[j + 1]], legal) for j, code in present]
    return [
        (code, ordered[starts[j] : starts[j + 1]], legal_after(ctx, mode, legal, guess, code)) for j, code in present
    ]


def solved_here(ctx, guess, answers) -> int:
    """The answer index that ``guess`` solves within ``answers``, or -1."""
    hits = np.nonzero(ctx.answer_in_guesses[answers] == guess)[0]
    return int(answers[hits[0]]) if len(hits) else -1


def tree_total(node, depth=1, weights=None) -> int:
    """Total guesses over every answer below ``node`` (iterative: trees can be deep), each
    answer's guesses times its weight when ``weights`` (one integer per answer) are given."""
    total, stack = 0, [(node, depth)]
    while stack:
        current, level = stack.pop()
        if current.answer >= 0:
            total += level * (1 if weights is None else int(weights[current.answer]))
        stack.extend((child, level + 1) for _, child in current.children)
    return total
