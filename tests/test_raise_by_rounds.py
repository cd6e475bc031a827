"""A large class raised one level down (ranking.class_bounds.raise_by_rounds): each guess
refuted by raising its own classes in rounds.  Against the engine's own solve and ranking,
on four-letter English (coarse feedback: 81 patterns), answers sampled."""

import random
from pathlib import Path

import pytest

from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.partition import class_tasks
from wordle_compiler.core.settings import Settings
from wordle_compiler.ranking import class_bounds
from wordle_compiler.ranking.class_bounds import raise_by_rounds
from wordle_compiler.ranking.first_words import RankSpec, context_for, evaluate_word, heuristic_order
from wordle_compiler.search import INF, forget_solvers, solver_for

raising = raise_by_rounds  # the function itself, for the counting wrapper below

GAMES = Path(__file__).resolve().parent.parent / "compiler" / "data" / "games"


@pytest.fixture(scope="module")
def en4_sample(tmp_path_factory):
    """240 of en4's answers (a fixed draw) with every en4 guess."""
    folder = tmp_path_factory.mktemp("en4")
    answers = sorted(random.Random(4).sample((GAMES / "en4-answers.txt").read_text().split(), 240))
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    return Settings(game="en4", answers=str(folder / "answers.txt"), guesses=str(GAMES / "en4-guesses.txt"))


def _largest_class(ctx, word):
    tasks = class_tasks(ctx, "normal", ctx.guess_index[word], ctx.all_answers, initial_legal(ctx, "normal"))
    return max(tasks, key=lambda t: (len(t[1]), t[0]))


@pytest.mark.long
@pytest.mark.parametrize("word", ["tale", "posh", "juju"])
def test_below_beta_the_engine_s_value_above_it_a_true_bound(en4_sample, word):
    forget_solvers()
    spec = RankSpec(en4_sample)
    ctx = context_for(spec)
    _, cls, follow = _largest_class(ctx, word)
    optimum = solver_for(ctx, "normal").solve(cls, follow, 5).cost
    for beta in (optimum - 9, optimum - 1, optimum, optimum + 1, optimum + 25, INF):
        forget_solvers()  # a fresh memo: nothing the engine proved before is reused
        value = raise_by_rounds(solver_for(ctx, "normal"), cls, follow, 5, beta)
        if optimum < beta:
            assert value == optimum
        else:
            assert beta <= value <= optimum
    assert raise_by_rounds(solver_for(ctx, "normal"), cls, follow, 1, INF) == INF  # one guess, many answers


def test_words_ranked_with_every_class_raised_one_level_down_come_out_as_with_the_engine(en4_sample, monkeypatch):
    """The same exact totals and the same refutations, against a cut-off one of them sets."""
    spec = RankSpec(en4_sample)
    ctx = context_for(spec)
    words = heuristic_order(ctx, spec, list(ctx.words.guesses))
    words = words[:4] + random.Random(5).sample(words[4:], 8)

    calls = []
    monkeypatch.setattr(class_bounds, "raise_by_rounds", lambda *args: calls.append(len(args[1])) or raising(*args))

    def ranked(rounds_min, ratio):
        forget_solvers()
        calls.clear()
        monkeypatch.setattr(class_bounds, "ROUNDS_MIN", rounds_min)
        monkeypatch.setattr(class_bounds, "ROUNDS_RATIO", ratio)
        first = evaluate_word(spec, words[0], INF)
        assert first.exact
        results = [evaluate_word(spec, w, first.value + 1) for w in words[1:]]
        return [(r.word, r.exact, r.value if r.exact else None) for r in results], results

    engine, _ = ranked(1 << 62, 6.5)
    assert not calls
    one_level_down, results = ranked(8, 0)
    assert len(calls) > 50
    assert max(calls) > 40
    assert one_level_down == engine
    assert any(not r.exact for r in results)
    assert any(r.exact for r in results)


def test_only_classes_of_rounds_min_answers_get_the_full_pass_that_decides(en4_sample, monkeypatch):
    """Whether a class is raised one level down needs its full pass; a small class never
    qualifies, so it is raised by the engine with no such pass (in a ranking most classes
    raised are small, and the pass would cost more than their raise).  With no cut-off every
    class is solved by the engine: one level down refutes, it does not solve."""
    forget_solvers()
    spec = RankSpec(en4_sample)
    ctx = context_for(spec)
    monkeypatch.setattr(class_bounds, "ROUNDS_MIN", 30)
    monkeypatch.setattr(class_bounds, "ROUNDS_RATIO", 0)
    calls = []
    monkeypatch.setattr(class_bounds, "raise_by_rounds", lambda *args: calls.append(len(args[1])) or raising(*args))
    solver = solver_for(ctx, "normal")
    tasks = class_tasks(ctx, "normal", ctx.guess_index["posh"], ctx.all_answers, initial_legal(ctx, "normal"))

    solved = class_bounds.ClassBounds(solver, tasks, 5, 40)
    assert solved.coarse
    optimum = solved.settle(0, INF)
    assert all(solved.exact)
    assert not solved.passes
    assert not calls

    forget_solvers()
    refuted = class_bounds.ClassBounds(solver_for(ctx, "normal"), tasks, 5, 40)
    sizes = [len(cls) for _, cls, _ in refuted.tasks]
    assert min(sizes) < 30 < max(sizes)
    assert refuted.settle(0, optimum) >= optimum
    assert calls
    assert refuted.passes
    assert all(sizes[i] >= 30 for i in refuted.passes), (sizes, sorted(refuted.passes))


@pytest.mark.long
def test_a_class_raised_again_resumes_each_guess_where_it_stopped(en4_sample):
    """Raised step after step, a class keeps each guess's classes and their bounds: the values
    are those of a fresh raise, and asking again for a bound already proved makes no search."""
    forget_solvers()
    spec = RankSpec(en4_sample)
    ctx = context_for(spec)
    _, cls, follow = _largest_class(ctx, "juju")  # 201 answers; most guesses' one-pass bounds 40 or more below
    optimum = solver_for(ctx, "normal").solve(cls, follow, 5).cost
    forget_solvers()
    solver = solver_for(ctx, "normal")
    one_pass = solver.guess_bounds(cls, follow)
    states: dict = {}
    for beta in (optimum - 40, optimum - 20, optimum - 5, optimum, optimum + 1):
        value = raise_by_rounds(solver, cls, follow, 5, beta, one_pass=one_pass, states=states)
        if optimum < beta:
            assert value == optimum
        else:
            assert beta <= value <= optimum
    assert states
    before, kept = solver.stats(), dict(states)
    assert raise_by_rounds(solver, cls, follow, 5, optimum - 20, one_pass=one_pass, states=states) >= optimum - 20
    assert solver.stats() == before
    assert states == kept


def test_a_settle_resumed_with_a_higher_cut_off_does_not_probe_a_class_again(en4_sample, monkeypatch):
    forget_solvers()
    spec = RankSpec(en4_sample)
    ctx = context_for(spec)
    tasks = class_tasks(ctx, "normal", ctx.guess_index["posh"], ctx.all_answers, initial_legal(ctx, "normal"))
    classes = class_bounds.ClassBounds(solver_for(ctx, "normal"), tasks, 5, 40)
    asked = []
    raise_to = class_bounds.ClassBounds.raise_to
    monkeypatch.setattr(
        class_bounds.ClassBounds, "raise_to", lambda self, i, beta: asked.append((i, beta)) or raise_to(self, i, beta)
    )
    probe = {i: 2 * w + 1 for i, w in enumerate(classes.weights)}
    low = classes.settle(0, sum(classes.bounds) + 30)
    probed = {i for i, beta in asked if beta == probe[i]}
    assert probed
    asked.clear()
    assert classes.settle(0, low + 200) >= low
    assert not [i for i, beta in asked if i in probed and beta == probe[i]]
