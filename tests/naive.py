"""Slow, obviously-correct references that the fast paths are tested against.

Every reference takes the game (``wordle_runtime.game.Game``; five-letter Wordle over a-z
when not given) and states its rule on its own, from the words' symbols.  Patterns are
text: one of ``g``/``y``/``b`` per position (Wordle), or ``B<blacks>W<whites>`` (Mastermind).
"""

from __future__ import annotations

from functools import cache

from wordle_runtime.game import DEFAULT_GAME, MASTERMIND

INF = float("inf")


def naive_score(guess: str, answer: str, game=DEFAULT_GAME) -> str:
    """The pattern of ``guess`` against ``answer``.  Wordle, as a letter pool: greens first,
    then each guess letter left to right is yellow while the pool of the answer's
    non-green letters still holds it.  Mastermind: blacks are pegs right in place; whites
    the colours in common (each peg matched at most once) that are not black."""
    if game.rule == MASTERMIND:
        black = sum(1 for g, a in zip(guess, answer, strict=True) if g == a)
        pool, common = list(answer), 0
        for g in guess:
            if g in pool:
                pool.remove(g)
                common += 1
        return f"B{black}W{common - black}"
    result = ["b"] * len(guess)
    pool = []
    for i in range(len(guess)):
        if guess[i] == answer[i]:
            result[i] = "g"
        else:
            pool.append(answer[i])
    for i in range(len(guess)):
        if result[i] != "g" and guess[i] in pool:
            result[i] = "y"
            pool.remove(guess[i])
    return "".join(result)


def naive_code(guess: str, answer: str, game=DEFAULT_GAME) -> int:
    """:func:`naive_score` as the game's integer code (FORMAT.md): base 3, position 0 the
    lowest digit, gray 0 yellow 1 green 2; Mastermind blacks * (pegs + 1) + whites."""
    pattern = naive_score(guess, answer, game)
    if game.rule == MASTERMIND:
        black, white = pattern[1:].split("W")
        return int(black) * (game.length + 1) + int(white)
    return sum("byg".index(mark) * 3**i for i, mark in enumerate(pattern))


def solved_pattern(game=DEFAULT_GAME) -> str:
    """The pattern of a guess that is the answer."""
    return f"B{game.length}W0" if game.rule == MASTERMIND else "g" * game.length


def naive_allowed(mode: str, history, word: str, game=DEFAULT_GAME) -> bool:
    """Whether ``word`` may be played after ``history`` ((guess, pattern) pairs): possible
    mode, when it shows every guess's pattern as the answer; hard mode (Wordle), when it
    keeps every green letter in place and holds every shown letter as often as shown; strict
    hard mode (Wordle), when it keeps hard mode's rules, puts no letter where it was shown
    yellow or grey, and holds a letter shown grey exactly as often as it was shown green or
    yellow (no other copy)."""
    for guess, pattern in history:
        if mode == "possible" and naive_score(guess, word, game) != pattern:
            return False
        if mode == "strict" and not _keeps_strict_rules(guess, pattern, word):
            return False
        if mode == "hard":
            if game.rule == MASTERMIND:
                raise ValueError("Mastermind has no hard mode")
            for i in range(len(guess)):
                if pattern[i] == "g" and word[i] != guess[i]:
                    return False
            shown = [guess[i] for i in range(len(guess)) if pattern[i] in "gy"]
            if any(word.count(ch) < shown.count(ch) for ch in set(shown)):
                return False
    return True


def _keeps_strict_rules(guess: str, pattern: str, word: str) -> bool:
    """Strict hard mode's four rules for one (guess, pattern) step, letter by letter."""
    for i, letter in enumerate(guess):
        if pattern[i] == "g" and word[i] != letter:
            return False
        if pattern[i] != "g" and word[i] == letter:
            return False
    for letter in set(guess):
        marks = [pattern[i] for i in range(len(guess)) if guess[i] == letter]
        shown = sum(mark in "gy" for mark in marks)
        if word.count(letter) < shown or ("b" in marks and word.count(letter) != shown):
            return False
    return True


def naive_optimal(  # noqa: PLR0913 - the reference shares no type with the engine: its options one by one
    answers, guesses, mode="normal", max_depth=6, start=None, second=None, deep=None, weights=None, game=DEFAULT_GAME
):
    """(minimum total guesses, minimum depth among minimum-total trees) within max_depth.

    Exhaustive, no pruning.  With ``start``, the first guess is fixed and
    ``max_depth`` counts the guesses after it; the depth returned counts it too.  With
    ``second`` as well, it is played in every class ``start`` leaves (a fixed opening).
    With ``deep`` = K: (fewest answers needing K or more guesses, the least total among
    those trees, the least depth among those).  With ``weights`` ({answer: integer}), the
    total is Σ weight × guesses.  ``game``: the game the words play.
    """
    guesses = tuple(sorted(guesses))
    top = max_depth + (1 if start is not None else 0)  # the guesses a game may take in all
    solved = solved_pattern(game)

    def split(guess, members):
        classes: dict[str, list[str]] = {}
        for answer in members:
            classes.setdefault(naive_score(guess, answer, game), []).append(answer)
        return classes

    def charge(members, level):
        """(answers meeting their K-th guess here, guesses): what one guess at ``level`` costs ``members``."""
        n = len(members)
        return (
            n if deep is not None and level == deep else 0,
            n if weights is None else sum(weights[a] for a in members),
        )

    def add(a, b):
        return (a[0] + b[0], a[1] + b[1])

    @cache
    def best(remaining: frozenset, legal: tuple, depth: int):
        if depth == 0:
            return ((INF, INF), 0)
        result = ((INF, INF), 0)
        for guess in legal:
            classes = split(guess, remaining)
            if len(classes) == 1 and guess not in remaining:
                continue
            cost, deepest = charge(remaining, top - depth + 1), 1
            for pattern, members in classes.items():
                if pattern == solved:
                    continue
                follow = tuple(w for w in legal if naive_allowed(mode, [(guess, pattern)], w, game))
                sub_cost, sub_depth = best(frozenset(members), follow, depth - 1)
                cost = add(cost, sub_cost)
                deepest = max(deepest, sub_depth + 1)
            result = min(result, (cost, deepest))
        return result

    def fixed_second(members, history):
        if not naive_allowed(mode, history, second, game) or max_depth < 1:
            return (INF, INF), 0
        cost, deepest = charge(members, 2), 1
        for pattern, rest in split(second, members).items():
            if pattern != solved:
                follow = tuple(w for w in guesses if naive_allowed(mode, [*history, (second, pattern)], w, game))
                sub_cost, sub_depth = best(frozenset(rest), follow, max_depth - 1)
                cost = add(cost, sub_cost)
                deepest = max(deepest, sub_depth + 1)
        return cost, deepest

    def result(cost, deepest):
        return (*cost, deepest) if deep is not None else (cost[1], deepest)

    if start is None:
        return result(*best(frozenset(answers), guesses, max_depth))
    total, deepest = charge(answers, 1), 1
    for pattern, members in split(start, answers).items():
        if pattern == solved:
            continue
        if second is None:
            follow = tuple(w for w in guesses if naive_allowed(mode, [(start, pattern)], w, game))
            sub_cost, sub_depth = best(frozenset(members), follow, max_depth)
        else:
            sub_cost, sub_depth = fixed_second(members, [(start, pattern)])
        total = add(total, sub_cost)
        deepest = max(deepest, sub_depth + 1)
    return result(total, deepest)


def naive_endgame_groups(answers):
    """``groups[a][p]`` as wordle_compiler.search.endgame.endgame_groups defines it, by a
    dict over every (open position, the other symbols): ids in order of first appearance."""
    from wordle_compiler.search.endgame import MIN_GROUP

    counts = {}
    for word in answers:
        for p in range(len(word)):
            key = (p, word[:p] + word[p + 1 :])
            counts[key] = counts.get(key, 0) + 1
    ids = {}
    groups = []
    for word in answers:
        row = []
        for p in range(len(word)):
            key = (p, word[:p] + word[p + 1 :])
            row.append(ids.setdefault(key, len(ids)) if counts[key] >= MIN_GROUP else -1)
        groups.append(row)
    return groups


def naive_endgame_count(answers, guesses, depth: int, all_answers, game=DEFAULT_GAME) -> bool:
    """The endgame count's verdict (search/endgame.py) by its definition: the group (of
    ``all_answers``' groups) with most members among ``answers``, ties to the lowest id; with
    d - 1 = ``depth`` - 1 guesses before the last, refused when the d - 1 largest
    D(t) = members - largest feedback class of the members under t, over every guess t,
    sum to less than members - 1.  Not refused without a group, or when d - 1 guesses that
    each split off one member would do, or beyond eight guesses remembered."""
    groups = naive_endgame_groups(all_answers)
    row = {word: groups[all_answers.index(word)] for word in answers}
    counts = {}
    for word in answers:
        for group in row[word]:
            if group >= 0:
                counts[group] = counts.get(group, 0) + 1
    left = depth - 1
    if not counts:
        return False
    group = min(counts, key=lambda g: (-counts[g], g))
    members = [word for word in answers if group in row[word]]
    if left < 1 or len(members) - 1 <= left or left > 8:
        return False
    split_offs = []
    for guess in guesses:
        sizes = {}
        for word in members:
            code = naive_code(guess, word, game)
            sizes[code] = sizes.get(code, 0) + 1
        split_offs.append(len(members) - max(sizes.values()))
    return sum(sorted(split_offs, reverse=True)[:left]) < len(members) - 1


def naive_partition_stats(matrix, guesses, answers, game=DEFAULT_GAME):
    """Per guess, from the guess-major ``matrix`` one class at a time: (parts, largest class,
    sum of squared sizes, 1 if the guess is among the answers) and the entropy in bits,
    with sum(c log c) added class by class in the order the answers first show each
    feedback (the order a pass guess by guess adds them, so the bits agree exactly)."""
    import math

    stats, bits = [], []
    n = len(answers)
    for g in guesses:
        sizes = {}
        for a in answers:
            code = int(matrix[g, a])
            sizes[code] = sizes.get(code, 0) + 1  # dicts keep first-insertion order
        h = 0.0
        for c in sizes.values():
            h += c * math.log(c)
        stats.append(
            (len(sizes), max(sizes.values()), sum(c * c for c in sizes.values()), int(game.all_correct in sizes))
        )
        bits.append((math.log(n) - h / n) / math.log(2.0))
    return stats, bits


def naive_weighted_scores(matrix, guesses, answers, weights, game=DEFAULT_GAME):
    """Per guess, from the guess-major ``matrix`` class by class: (parts, largest class weight,
    sum of squared class weights, 1 if the guess is among the answers) and the entropy in
    bits of the classes' shares of the weight, -Σ p log2 p with p = W_C / W, written as
    log2 W - Σ W_C log2 W_C / W on the weights divided by their greatest common divisor
    and summed in order of first appearance (the kernel's order, so the bits agree
    exactly; the common factor cancels in every p).  0 bits when the answers weigh nothing."""
    import math

    divisor = math.gcd(*(int(weights[a]) for a in answers))
    stats, bits = [], []
    for g in guesses:
        mass = {}
        for a in answers:
            code = int(matrix[g, a])
            mass[code] = mass.get(code, 0) + int(weights[a])
        total = sum(mass.values())
        stats.append((len(mass), max(mass.values()), sum(m * m for m in mass.values()), int(game.all_correct in mass)))
        if total == 0:
            bits.append(0.0)
            continue
        h = 0.0
        for m in mass.values():
            if m:
                r = float(m // divisor)
                h += r * math.log(r)
        bits.append((math.log(total // divisor) - h / (total // divisor)) / math.log(2.0))
    return stats, bits


def naive_letter_score(guess: str, answers, weights, kind: str) -> float:
    """``kind`` (unique, located, entropy) as strategies.letters.letter_scores defines it, each
    answer counted by its weight (``weights[i]`` is ``answers[i]``'s), in the kernel's order
    of additions."""
    total = sum(weights)
    score, seen = 0.0, set()
    for i, letter in enumerate(guess):
        here = sum(w for a, w in zip(answers, weights, strict=True) if a[i] == letter)
        anywhere = sum(w for a, w in zip(answers, weights, strict=True) if letter in a)
        first = letter not in seen
        seen.add(letter)
        if kind == "unique":
            score += anywhere if first and anywhere < total else 0
        elif kind == "located":
            score += 2 * here + (anywhere - here if first else 0)
        else:
            p = here / total
            score += p * (1 - p)
            if first:
                q = anywhere / total
                score += q * (1 - q)
    return score / (2.0 * len(guess)) if kind == "entropy" else score


def naive_weighted_choice(strategy, answers, legal, weights, mode="normal", width=50):
    """The word a heuristic strategy picks for the remaining ``answers`` (words, alphabetical)
    among ``legal`` (words) when answer ``a`` weighs ``weights[a]``, by the definitions in
    docs/strategies.md ("Under a prior"), scoring every guess: lowest score, then the
    heaviest possible answer, then alphabetical.  A set that weighs nothing, and
    ``most-parts`` always, count every answer once.  Scores rounded as the strategies round
    them (numpy's rounding, whose ties differ from Python's ``round``)."""
    import math

    import numpy as np

    if sum(weights[a] for a in answers) == 0 or strategy == "most-parts":
        weights = dict.fromkeys(answers, 1)

    def classes(guess, words):
        found = {}
        for a in words:
            found.setdefault(naive_score(guess, a), []).append(a)
        return found

    def sumsq(guess, words):
        return sum(sum(weights[a] for a in c) ** 2 for c in classes(guess, words).values())

    def bits(guess):
        masses = [sum(weights[a] for a in c) for c in classes(guess, answers).values()]
        divisor = math.gcd(*(weights[a] for a in answers))
        total = sum(masses) // divisor
        h = sum((m // divisor) * math.log(m // divisor) for m in masses if m)
        return (math.log(total) - h / total) / math.log(2.0)

    def lookahead_score(guess):
        total = 0
        for pattern, cls in classes(guess, answers).items():
            if pattern == solved_pattern() or len(cls) == 1:
                total += sum(weights[a] for a in cls) ** 2
            else:
                follow = [w for w in legal if naive_allowed(mode, [(guess, pattern)], w)]
                total += min(sumsq(g, cls) for g in follow)
        return total

    def tie(guess):
        return (guess not in answers, -weights.get(guess, 0) if guess in answers else 0, guess)

    def letters(g, kind):
        return -float(np.round(naive_letter_score(g, answers, [weights[a] for a in answers], kind), 9))

    score = {
        "minimax": lambda g: max(sum(weights[a] for a in c) for c in classes(g, answers).values()),
        "entropy": lambda g: -float(np.round(bits(g), 12)),
        "expected-size": lambda g: sumsq(g, answers),
        "most-parts": lambda g: -len(classes(g, answers)),
        "unique-letters": lambda g: letters(g, "unique"),
        "located-letters": lambda g: letters(g, "located"),
        "letter-entropy": lambda g: letters(g, "entropy"),
    }
    if strategy == "lookahead":
        shortlist = sorted(legal, key=lambda g: (sumsq(g, answers), *tie(g)))[: max(1, width)]
        return min(shortlist, key=lambda g: (lookahead_score(g), *tie(g)))
    return min(legal, key=lambda g: (score[strategy](g), *tie(g)))


def naive_boards(answers, guesses, boards: int, limit: int, objective: str, game=DEFAULT_GAME, first=None):
    """The best multi-board tree's figures by trying every guess at every position.

    Every ordered tuple of ``boards`` distinct answers is a secret; a guess is played on each
    board not yet solved; a tuple costs the guess that solves its last board.  ``total``:
    the fewest guesses in all with every tuple solved within ``limit`` (None when that cannot
    be); returns ``(0, guesses)``.  ``win``: the fewest tuples left unsolved after ``limit``
    guesses, then the fewest guesses, an unsolved tuple counting all ``limit``; returns
    ``(unsolved, guesses)``.  ``first``: the first guess is that word (whatever it tells),
    the best play after it."""
    import itertools

    done = solved_pattern(game)

    def steps(position, guess):
        parts, finished = {}, 0
        for secret in position:
            shown = tuple(naive_score(guess, answer, game) for answer in secret)
            left = tuple(a for a, p in zip(secret, shown, strict=True) if p != done)
            if left:
                parts.setdefault(shown, set()).add(left)
            else:
                finished += 1
        return list(parts.values()), finished

    @cache
    def total(position: frozenset, left: int):
        best = None
        for guess in guesses:
            parts, finished = steps(position, guess)
            if not finished and len(parts) == 1 and parts[0] == position:
                continue  # a guess that neither splits nor solves only spends one
            if parts and left == 1:
                continue
            below = [total(frozenset(part), left - 1) for part in parts]
            if None in below:
                continue
            cost = len(position) + sum(below)
            best = cost if best is None else min(best, cost)
        return best

    @cache
    def win(position: frozenset, left: int):
        if left == 0:
            return (len(position), 0)
        best = (len(position), len(position) * left)  # every guess wasted: all unsolved
        for guess in guesses:
            parts, _ = steps(position, guess)
            below = [win(frozenset(part), left - 1) for part in parts]
            cost = (sum(b[0] for b in below), len(position) + sum(b[1] for b in below))
            best = min(best, cost)
        return best

    secrets = frozenset(itertools.permutations(answers, boards))
    if first is not None:
        parts, _ = steps(secrets, first)
        if objective == "win":
            below = [win(frozenset(part), limit - 1) for part in parts]
            return (sum(b[0] for b in below), len(secrets) + sum(b[1] for b in below))
        below = [total(frozenset(part), limit - 1) if limit > 1 else None for part in parts]
        return None if None in below else (0, len(secrets) + sum(below))
    if objective == "total":
        value = total(secrets, limit)
        return None if value is None else (0, value)
    return win(secrets, limit)


def naive_absurdle_keep(guess: str, answers: list[str]) -> tuple[str, list[str]]:
    """Absurdle's adversary, word by word: the pattern of the largest class of ``answers``
    under ``guess`` and its answers; ties to the fewest greens, then the fewest yellows,
    then the pattern first in reading order with grey before yellow before green."""
    classes: dict[str, list[str]] = {}
    for answer in answers:
        classes.setdefault(naive_score(guess, answer), []).append(answer)
    rank = {"b": 0, "y": 1, "g": 2}
    pattern = min(classes, key=lambda p: (-len(classes[p]), p.count("g"), p.count("y"), [rank[c] for c in p]))
    return pattern, classes[pattern]


def naive_absurdle_least(answers: list[str], guesses: list[str], limit: int, target: str | None = None) -> int | None:
    """The fewest guesses that win Absurdle from ``answers`` (the last one shown all green),
    trying every guess at every step, or None when more than ``limit`` are needed.  With
    ``target`` (challenge mode), every guess must leave it kept, and the win is it."""
    if len(answers) == 1:
        return 1 if target in (None, answers[0]) else None
    if limit < 2:
        return None
    best = None
    for guess in guesses:
        _pattern, kept = naive_absurdle_keep(guess, answers)
        if len(kept) == len(answers) or (target is not None and target not in kept):
            continue
        rest = naive_absurdle_least(kept, guesses, (limit if best is None else best) - 1, target)
        if rest is not None and (best is None or 1 + rest < best):
            best = 1 + rest
    return best


def naive_absurdle_wins_within_three_under_some_rule(answers: list[str], guesses: list[str]) -> bool:
    """Whether some tie rule lets a play win within three guesses: a first guess with a
    largest class (any of equal size) that one answer fills or a second guess tells apart."""
    for first in guesses:
        classes: dict[str, list[str]] = {}
        for answer in answers:
            classes.setdefault(naive_score(first, answer), []).append(answer)
        largest = max(len(members) for members in classes.values())
        for members in classes.values():
            if len(members) != largest:
                continue
            if len(members) == 1:
                return True
            if any(len({naive_score(second, a) for a in members}) == len(members) for second in guesses):
                return True
    return False
