"""The symmetries of a game that make first guesses equivalent.

Mastermind played over every code (every code an answer and a guess, no weights) looks the
same after renaming the colours or permuting the positions: a first guess then has the
value of any other with the same colour multiplicities (1123 and 3231 and 4415 are one
first guess).  So does Mastermind over every code of different colours
(``mastermind:PxC:distinct``, Bulls and Cows): renaming and permuting keep a code's colours
different, and every code there is one class.  The best first guess is searched among one code per class, the class's
alphabetically first, which is also the one the tie-break would choose among its class
(every code of a class has the same total and depth, and every code can be the answer).
Wordle's lists have no such symmetry.
"""

from __future__ import annotations

from collections import Counter

from wordle_runtime.game import MASTERMIND, code_count, mastermind_codes

from .wordlists import WordLists


def first_guess_representatives(words: WordLists, mode: str, weighted: bool) -> list[str] | None:
    """The alphabetically first code of each class of equivalent first guesses, in code
    order, when ``words`` play Mastermind over every code, or every code of different
    colours, in a mode that keeps the symmetry (normal or possible) without weights; None
    when the game has no such symmetry."""
    game = words.game
    if game.rule != MASTERMIND or weighted or mode not in ("normal", "possible"):
        return None
    every = tuple(mastermind_codes(game, distinct=len(words.guesses) != code_count(game)))
    if words.answers != every or words.guesses != every:
        return None
    first: dict[tuple[int, ...], str] = {}
    for code in every:  # in code order: the first of each class is its alphabetically first
        first.setdefault(multiplicities(code), code)
    return sorted(first.values())


def symmetry_classes(words: WordLists, mode: str, weighted: bool, ranked: list[str]) -> dict[str, list[str]]:
    """For a ranking of every first word ``ranked``: each class's representative -> the
    class's other words, which share its value (empty when the game has no symmetry)."""
    representatives = first_guess_representatives(words, mode, weighted)
    if representatives is None:
        return {}
    by_class = {multiplicities(rep): rep for rep in representatives}
    classes: dict[str, list[str]] = {rep: [] for rep in representatives}
    for word in ranked:
        rep = by_class[multiplicities(word)]
        if word != rep:
            classes[rep].append(word)
    return classes


def multiplicities(code: str) -> tuple[int, ...]:
    """How many times each symbol of ``code`` occurs, largest first: the class of ``code``
    under renaming the symbols and permuting the positions."""
    return tuple(sorted(Counter(code).values(), reverse=True))
