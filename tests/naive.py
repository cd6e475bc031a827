"""Slow, obviously-correct references that the fast paths are tested against."""

from __future__ import annotations

from functools import lru_cache

INF = float("inf")


def naive_score(guess: str, answer: str) -> str:
    """Letter-pool statement of the feedback rule."""
    result = ["b"] * 5
    pool = []
    for i in range(5):
        if guess[i] == answer[i]:
            result[i] = "g"
        else:
            pool.append(answer[i])
    for i in range(5):
        if result[i] != "g" and guess[i] in pool:
            result[i] = "y"
            pool.remove(guess[i])
    return "".join(result)


def naive_allowed(mode: str, history, word: str) -> bool:
    for guess, pattern in history:
        if mode == "possible" and naive_score(guess, word) != pattern:
            return False
        if mode == "hard":
            for i in range(5):
                if pattern[i] == "g" and word[i] != guess[i]:
                    return False
            shown = [guess[i] for i in range(5) if pattern[i] in "gy"]
            if any(word.count(ch) < shown.count(ch) for ch in set(shown)):
                return False
    return True


def naive_optimal(answers, guesses, mode="normal", max_depth=6, start=None, second=None, deep=None):
    """(minimum total guesses, minimum depth among minimum-total trees) within max_depth.

    Exhaustive, no pruning.  With ``start``, the first guess is fixed and
    ``max_depth`` counts the guesses after it; the depth returned counts it too.  With
    ``second`` as well, it is played in every class ``start`` leaves (a fixed opening).
    With ``deep`` = K: (fewest answers needing K or more guesses, the least total among
    those trees, the least depth among those).
    """
    guesses = tuple(sorted(guesses))
    top = max_depth + (1 if start is not None else 0)  # the guesses a game may take in all

    def charge(n, level):
        """(answers meeting their K-th guess here, guesses): what one guess at ``level`` costs n answers."""
        return (n if deep is not None and level == deep else 0, n)

    def add(a, b):
        return (a[0] + b[0], a[1] + b[1])

    @lru_cache(maxsize=None)
    def best(remaining: frozenset, legal: tuple, depth: int):
        if depth == 0:
            return ((INF, INF), 0)
        result = ((INF, INF), 0)
        for guess in legal:
            classes: dict[str, list[str]] = {}
            for answer in remaining:
                classes.setdefault(naive_score(guess, answer), []).append(answer)
            if len(classes) == 1 and guess not in remaining:
                continue
            cost, deepest = charge(len(remaining), top - depth + 1), 1
            for pattern, members in classes.items():
                if pattern == "ggggg":
                    continue
                follow = tuple(w for w in legal if naive_allowed(mode, [(guess, pattern)], w))
                sub_cost, sub_depth = best(frozenset(members), follow, depth - 1)
                cost = add(cost, sub_cost)
                deepest = max(deepest, sub_depth + 1)
            result = min(result, (cost, deepest))
        return result

    def fixed_second(members, history):
        if not naive_allowed(mode, history, second) or max_depth < 1:
            return (INF, INF), 0
        classes2: dict[str, list[str]] = {}
        for answer in members:
            classes2.setdefault(naive_score(second, answer), []).append(answer)
        cost, deepest = charge(len(members), 2), 1
        for pattern, rest in classes2.items():
            if pattern != "ggggg":
                follow = tuple(w for w in guesses if naive_allowed(mode, history + [(second, pattern)], w))
                sub_cost, sub_depth = best(frozenset(rest), follow, max_depth - 1)
                cost = add(cost, sub_cost)
                deepest = max(deepest, sub_depth + 1)
        return cost, deepest

    def result(cost, deepest):
        return (*cost, deepest) if deep is not None else (cost[1], deepest)

    if start is None:
        return result(*best(frozenset(answers), guesses, max_depth))
    classes: dict[str, list[str]] = {}
    for answer in answers:
        classes.setdefault(naive_score(start, answer), []).append(answer)
    total, deepest = charge(len(answers), 1), 1
    for pattern, members in classes.items():
        if pattern == "ggggg":
            continue
        if second is None:
            follow = tuple(w for w in guesses if naive_allowed(mode, [(start, pattern)], w))
            sub_cost, sub_depth = best(frozenset(members), follow, max_depth)
        else:
            sub_cost, sub_depth = fixed_second(members, [(start, pattern)])
        total = add(total, sub_cost)
        deepest = max(deepest, sub_depth + 1)
    return result(total, deepest)


def naive_endgame_groups(answers):
    """``groups[a][p]`` as wordle_compiler.search.endgame.endgame_groups defines it, by a
    dict over every (open position, other four letters): ids in order of first appearance."""
    from wordle_compiler.search.endgame import MIN_GROUP

    counts = {}
    for word in answers:
        for p in range(5):
            key = (p, word[:p] + word[p + 1:])
            counts[key] = counts.get(key, 0) + 1
    ids = {}
    groups = []
    for word in answers:
        row = []
        for p in range(5):
            key = (p, word[:p] + word[p + 1:])
            row.append(ids.setdefault(key, len(ids)) if counts[key] >= MIN_GROUP else -1)
        groups.append(row)
    return groups


def naive_partition_stats(matrix, guesses, answers):
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
        stats.append((len(sizes), max(sizes.values()), sum(c * c for c in sizes.values()), int(242 in sizes)))
        bits.append((math.log(n) - h / n) / math.log(2.0))
    return stats, bits


def naive_weighted_scores(matrix, guesses, answers, weights):
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
        stats.append((len(mass), max(mass.values()), sum(m * m for m in mass.values()), int(242 in mass)))
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

