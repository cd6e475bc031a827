"""Answers of weight zero: a set whose answers all weigh 0 costs 0 with any tree, so the
exact search decides it by its tie-break alone (the shallower subtree, then a possible
answer, then the alphabetically first word), found by the depth-only search rather than by
trying every guess (compiler/ext/weightless.pxi).

Checked against an exhaustive minimiser of (weighted total, depth, not a possible answer,
word) on random tiny lists whose weights are nearly all zero, tree for tree, in every mode
and under depth limits; and, as real processes, that such weights on the full lists build
in seconds, the same tree with one thread or two."""

import random
from functools import cache

import pytest

from clirun import run
from naive import naive_allowed, naive_score
from support.contexts import tiny_context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.search import INF, Solver


def nearly_weightless(rng: random.Random, count: int, kind: int) -> list[int]:
    """All zero but one answer, but two, or but a few of small and very different weights."""
    weights = [0] * count
    heavy = rng.sample(range(count), min(count, (1, 2, 3)[kind % 3]))
    for i in heavy:
        weights[i] = rng.choice([1, 1, 7, 1000])
    return weights


def naive_paths(answers, guesses, mode, depth, weights) -> dict | None:
    """Each answer's guesses in the tree the documented rule picks: least Σ weight ×
    guesses, then least depth, then a guess that can be the answer, then the alphabetically
    first; every class at its own optimum.  Exhaustive, no pruning; None when no tree solves
    every answer within ``depth``."""
    guesses = tuple(sorted(guesses))

    @cache
    def best(remaining: frozenset, legal: tuple, left: int):
        """(weighted total, depth, not in set, guess, {pattern: class}) or None."""
        if left == 0:
            return None
        found = None
        for guess in legal:
            classes: dict[str, frozenset] = {}
            for answer in remaining:
                classes.setdefault(naive_score(guess, answer), set()).add(answer)
            if len(classes) == 1 and guess not in remaining:
                continue
            total, deepest, children = sum(weights[a] for a in remaining), 1, {}
            for pattern, members in classes.items():
                if pattern == "ggggg":
                    continue
                follow = tuple(w for w in legal if naive_allowed(mode, [(guess, pattern)], w))
                below = best(frozenset(members), follow, left - 1)
                if below is None:
                    break
                total, deepest = total + below[0], max(deepest, below[1] + 1)
                children[pattern] = (frozenset(members), follow)
            else:
                key = (total, deepest, guess not in remaining, guess, children)
                if found is None or key[:4] < found[:4]:
                    found = key
        return found

    def walk(remaining, legal, left, played, paths):
        choice = best(remaining, legal, left)
        for answer in remaining:
            paths[answer] = [*played, choice[3]]
        for members, follow in choice[4].values():
            walk(members, follow, left - 1, [*played, choice[3]], paths)

    root = frozenset(answers)
    if best(root, guesses, depth) is None:
        return None
    paths: dict = {}
    walk(root, guesses, depth, [], paths)
    return paths


def engine_paths(ctx, node) -> dict:
    """Each answer's guesses in a tree the engine rebuilt (``Solver.tree``)."""
    guesses, answers = ctx.words.guesses, ctx.words.answers
    paths, stack = {}, [(node, [])]
    while stack:
        current, played = stack.pop()
        played = [*played, guesses[current.guess]]
        if current.answer >= 0:
            paths[answers[current.answer]] = played
        stack.extend((child, played) for _, child in current.children)
    return paths


@pytest.mark.parametrize("mode", ["normal", "hard", "possible"])
@pytest.mark.parametrize("seed", range(16))
def test_nearly_weightless_trees_follow_the_documented_rule(mode, seed):
    rng = random.Random(seed)
    ctx = tiny_context(seed * 7 + 3, n_answers=rng.randint(10, 15), n_extra=rng.randint(0, 3), clustered=True)
    weights = nearly_weightless(rng, len(ctx.words.answers), seed)
    depth = (3, 4, 6)[seed % 3]
    solver = Solver(ctx, mode, weights=weights)
    legal = initial_legal(ctx, mode)
    expected = naive_paths(
        ctx.words.answers, ctx.words.guesses, mode, depth, dict(zip(ctx.words.answers, weights, strict=True))
    )
    outcome = solver.solve(ctx.all_answers, legal, depth)
    if expected is None:
        assert outcome.cost >= INF
        return
    cost, tree = solver.tree(ctx.all_answers, legal, depth)
    assert engine_paths(ctx, tree) == expected
    assert cost == sum(w * len(expected[a]) for a, w in zip(ctx.words.answers, weights, strict=True))


def _below(node) -> tuple[list[int], int]:
    """The answers solved in ``node``'s subtree, and its depth."""
    answers, deepest, stack = [], 0, [(node, 1)]
    while stack:
        current, level = stack.pop()
        deepest = max(deepest, level)
        if current.answer >= 0:
            answers.append(current.answer)
        stack.extend((child, level + 1) for _, child in current.children)
    return answers, deepest


def test_a_weightless_set_is_solved_in_its_least_depth():
    """Every weight 0 but one: that answer is guessed first, and each class after it (all
    weightless) is solved in as few guesses as the depth-only search finds possible."""
    ctx = tiny_context(41, n_answers=11, n_extra=3, clustered=True)
    legal = initial_legal(ctx, "normal")
    weights = [0] * len(ctx.words.answers)
    weights[5] = 1
    solver = Solver(ctx, "normal", weights=weights)
    cost, tree = solver.tree(ctx.all_answers, legal, 6)
    assert cost == 1
    assert ctx.words.guesses[tree.guess] == ctx.words.answers[5]
    assert tree.children
    for _, child in tree.children:
        answers, depth = _below(child)
        least = next(d for d in range(1, 6) if solver.feasible(sorted(answers), legal, d) >= 0)
        assert depth == least


def _one_weight(tmp_path):
    (tmp_path / "w.txt").write_text("cigar 1\n")
    return tmp_path / "w.txt"


@pytest.mark.long
@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_one_weighted_answer_among_zeros_builds_in_seconds(tmp_path, mode):
    """salet, every answer weight 0 but cigar: about a second (a limit of one minute), and
    cigar right after salet (docs/weights.md has the times)."""
    result = run(
        "wordle-compile",
        "--strategy",
        "optimal",
        "--start",
        "salet",
        "--mode",
        mode,
        "--weights",
        _one_weight(tmp_path),
        "--weight-missing",
        "0",
        "--quiet",
        "-o",
        tmp_path / "t.wtree",
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert "expected guesses 2.0000 under the weights" in result.stdout


@pytest.mark.long
def test_weightless_sets_give_the_same_tree_on_two_threads(tmp_path):
    trees = []
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}.wtree"
        result = run(
            "wordle-compile",
            "--strategy",
            "optimal",
            "--start",
            "salet",
            "--weights",
            _one_weight(tmp_path),
            "--weight-missing",
            "0",
            "--jobs",
            jobs,
            "--quiet",
            "-o",
            out,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        trees.append(out.read_bytes())
    assert trees[0] == trees[1]
