"""Tiny random word lists for the exact engine's tests, small enough for the naive minimiser."""

from __future__ import annotations

import random

from wordle_compiler.core.config import Context
from wordle_compiler.core.wordlists import WordLists


def tiny_context(
    seed: int, n_answers: int, n_extra: int, alphabet: str = "abcdefghij", clustered: bool = True
) -> Context:
    """Random tiny lists (``n_answers`` answers, ``n_extra`` more guesses), seeded; clustered ones
    (a template with 1-3 letters changed, like the '_ight' words) are hard enough that depth
    limits bind."""
    rng = random.Random(seed)
    template = [rng.choice(alphabet) for _ in range(5)]
    words = set()
    while len(words) < n_answers + n_extra:
        if clustered:
            word = list(template)
            for pos in rng.sample(range(5), rng.choice((1, 1, 1, 2))):
                word[pos] = rng.choice(alphabet)
            words.add("".join(word))
        else:
            words.add("".join(rng.choice(alphabet[:6]) for _ in range(5)))
    words = sorted(words)
    answers = sorted(rng.sample(words, n_answers))
    lists = WordLists(answers=tuple(answers), guesses=tuple(words), answers_name="tiny", guesses_name="tiny")
    return Context.from_words(lists, use_cache=False)


def worst_start(ctx: Context) -> str:
    """The guess that splits the answers least (ties: alphabetical), so the search below it
    meets large classes instead of the closed forms for one or two answers."""
    from wordle_compiler.core.guess_stats import PARTS, partition_stats

    stats, _ = partition_stats(ctx.matrix_by_answer(), ctx.all_guesses, ctx.all_answers)
    useful = [(stats[i, PARTS], i) for i in range(len(ctx.words.guesses)) if stats[i, PARTS] > 1]
    return ctx.words.guesses[min(useful)[1]]
