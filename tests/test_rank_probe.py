"""Hard mode's first words ordered by their classes' probe (ranking/probe.py): a function
of the word alone, a reordering of the head only, and a ranking that agrees with the
root's order on every exact value and the cut-off."""

import pytest
from sampled_lists import write_sampled_lists

from wordle_compiler.concurrency.cluster import SerialExecutor
from wordle_compiler.ranking import probe
from wordle_compiler.ranking.class_bounds import ClassBounds
from wordle_compiler.ranking.first_words import (RankSpec, Ranking, context_for, heuristic_order, ranking_order,
                                                 run_ranking)
from wordle_compiler.ranking.tasks import most_parts, word_tasks
from wordle_compiler.search import INF, Solver


@pytest.fixture(scope="module")
def hard_spec(tmp_path_factory):
    """200 answers and 1200 guesses drawn with a fixed seed, hard mode."""
    answers, guesses, _ = write_sampled_lists(tmp_path_factory.mktemp("lists"), 7, 200, 1100, 1000)
    return RankSpec(answers=str(answers), guesses=str(guesses), mode="hard")


def test_a_probed_total_does_not_depend_on_what_the_process_has_solved(hard_spec):
    """A memo that already holds a word's classes lets the probe's searches report more than
    their budgets; the probed total must not take it (the order would then depend on
    which worker probed a word)."""
    ctx = context_for(hard_spec)
    words = heuristic_order(ctx, hard_spec, list(ctx.words.guesses))[:12]
    cold = {word: probe.probe_value(hard_spec, word) for word in words}
    warm, differed = Solver(ctx, "hard"), 0
    for word in words:
        counted, tasks, depth = word_tasks(ctx, hard_spec, word, warm.weight)
        exact = counted + sum(warm.solve(cls, follow, depth).cost for _, cls, follow in tasks)
        differed += ClassBounds(warm, tasks, depth, most_parts(ctx, hard_spec)).probe(counted) != cold[word]
        assert probe.probe_value(hard_spec, word) == cold[word] <= exact
    assert differed, "no memo held more than a budget: the test shows nothing"


def test_hard_mode_sorts_the_head_by_the_probe_and_keeps_the_tail(hard_spec, monkeypatch):
    ctx = context_for(hard_spec)
    words = heuristic_order(ctx, hard_spec, list(ctx.words.guesses))[::10]
    monkeypatch.setattr(probe, "PROBE_HEAD", 40)
    seen = []
    ordered = probe.probe_first(hard_spec, words, SerialExecutor(), progress=lambda done, total: seen.append(total))
    assert ordered[40:] == words[40:] and sorted(ordered[:40]) == sorted(words[:40])
    values = [probe.probe_value(hard_spec, w) for w in ordered[:40]]
    assert values == sorted(values) and ordered[:40] != words[:40]
    assert seen and set(seen) == {40}
    ties = [w for w, v in zip(ordered[:40], values) if v == values[-1]]
    assert ties == [w for w in words[:40] if w in ties]  # ties keep the root's order
    normal = RankSpec(answers=hard_spec.answers, guesses=hard_spec.guesses)
    assert probe.probe_first(normal, words, SerialExecutor()) == words
    assert probe.probe_first(hard_spec, words, SerialExecutor(), every_exact=True) == words


def test_the_probed_order_agrees_with_the_roots_on_every_exact_value_and_the_cut_off(hard_spec, monkeypatch):
    ctx = context_for(hard_spec)
    words = list(ctx.words.guesses)[::6]
    probed, plain = Ranking(top=5), Ranking(top=5)
    order = ranking_order(hard_spec, words, probed, SerialExecutor())
    assert order != heuristic_order(ctx, hard_spec, words)
    run_ranking(hard_spec, order, probed, SerialExecutor())
    monkeypatch.setattr(probe, "PROBE_HEAD", 0)
    run_ranking(hard_spec, ranking_order(hard_spec, words, plain, SerialExecutor()), plain, SerialExecutor())
    assert probed.cutoff() == plain.cutoff() < INF
    assert [r for r in probed.final_rows() if r[2]] == [r for r in plain.final_rows() if r[2]]
