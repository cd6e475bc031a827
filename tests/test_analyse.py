"""wordle-tree analyse: positions, moves and reviews against the naive minimiser (tiny
lists), the shipped opening table against the engine, and the CLI through subprocesses."""

import json
import random
import subprocess
import sys
from importlib import resources

import pytest

from naive import INF, naive_allowed, naive_optimal, naive_score
from support.contexts import tiny_context
from wordle_compiler.analysis.best import analyse_position, best_moves
from wordle_compiler.analysis.moves import analyse_move, score_move
from wordle_compiler.analysis.position import (
    DepthLimitError,
    move_value,
    position_after,
)
from wordle_compiler.analysis.review import review_game
from wordle_compiler.core.config import Context
from wordle_compiler.core.settings import Settings
from wordle_compiler.ranking.first_words import RankSpec, evaluate_word
from wordle_compiler.search import INF as SEARCH_INF
from wordle_runtime.history import HistoryError


def _naive_position(ctx, mode, history):
    answers = [a for a in ctx.words.answers if all(naive_score(g, a) == p for g, p in history)]
    legal = [w for w in ctx.words.guesses if naive_allowed(mode, history, w)]
    return answers, legal


def _history(ctx, rng, steps):
    """A random history of real feedback for a random secret."""
    secret = rng.choice(ctx.words.answers)
    words = rng.sample(list(ctx.words.guesses), steps)
    return [(w, naive_score(w, secret)) for w in words if w != secret][:steps]


@pytest.mark.parametrize("mode", ["normal", "hard"])
@pytest.mark.parametrize("seed", range(5))
def test_position_and_moves_equal_naive(mode, seed, monkeypatch):
    ctx = tiny_context(700 + seed, n_answers=18, n_extra=4)
    rng = random.Random(seed)
    answers = ()
    while len(answers) < 2:  # a first step that leaves something to decide (the seed fixes which)
        history = _history(ctx, rng, 1)
        answers, legal = _naive_position(ctx, mode, history)
    analysis = analyse_position(ctx, Settings(mode=mode), history, top=3)
    expected_best = naive_optimal(answers, legal, mode, 5)[0]
    assert analysis.best_total == expected_best
    values = {}
    for word in legal:
        sub = naive_optimal(answers, legal, mode, 4, start=word)[0]
        values[word] = sub if word in answers or len(answers) > 1 else 1
    listed = {w: v for w, v in values.items() if w in answers} if len(answers) <= 2 else values
    third = sorted(v for v in listed.values() if v < INF)[min(2, len(listed) - 1)]
    assert sorted((m.word, m.total) for m in analysis.moves) == sorted((w, v) for w, v in listed.items() if v <= third)
    if len(answers) <= 2:  # only the answers listed; the guesses that cannot be the answer summed up
        rest = [v for w, v in values.items() if w not in answers]
        assert min(listed.values()) <= min(rest, default=INF)
        expected_others = (len(rest), min(rest)) if rest and min(rest) < INF else None
        others = analysis.others
        assert (others and (others.count, others.total)) == expected_others
    else:
        assert analysis.others is None
    word = rng.choice(legal)
    report = score_move(analysis, word)
    assert report.move.total == values[word]
    assert report.rank == 1 + sum(v < values[word] for v in values.values())
    assert report.loss == pytest.approx((values[word] - expected_best) / len(answers))
    monkeypatch.setattr("wordle_compiler.analysis.moves.RIVALS_PER_TASK", 2)  # many small tasks for the threads
    assert score_move(analysis, word, jobs=3) == report
    # the --move path: the move valued first, the best searched below it
    capped, quick = analyse_move(ctx, Settings(mode=mode), history, word, top=3)
    assert quick.move == report.move
    assert quick.loss == report.loss
    assert quick.rank is None
    assert capped.best_total == expected_best
    assert capped.moves == analysis.moves
    assert analyse_move(ctx, Settings(mode=mode), history, word, rank=True, jobs=2)[1] == report


# (mode, history, move): small positions of the original lists; the best move (shout), one of
# three tied best (micks), near the best, and poor moves (jazzy: rank 12127)
MOVE_POSITIONS = [
    ("normal", "salet bbbbb courd bbbbb", "pinky"),
    ("normal", "crane bybbb", "moist"),
    ("normal", "crane bybbb", "shout"),
    ("normal", "crane bybbb", "jazzy"),
    ("hard", "crane bybbb", "roist"),
    ("hard", "salet ybbbb", "micks"),
    ("hard", "salet ybbbb", "sonic"),
    ("hard", "salet bbbbb", "crony"),
]


def _better_by_every_guess(position, total):
    """Legal moves strictly better than ``total``, each legal guess searched (no bound skips)."""
    words = [position.ctx.words.guesses[g] for g in position.legal]
    return sum(v.exact and v.total < total for v in (move_value(position, w, total) for w in words))


@pytest.mark.long
@pytest.mark.parametrize("mode, history, word", MOVE_POSITIONS)
def test_move_path_equals_the_full_ranking_path(ctx, mode, history, word):
    analysis, report = analyse_move(ctx, Settings(mode=mode), history, word)  # first: no memo from the full path
    full = analyse_position(ctx, Settings(mode=mode), history, top=5)
    ranked = score_move(full, word)  # the move's rank counted over every rival
    assert report.rank is None
    assert report.rank_at_least is None
    assert report.move == ranked.move
    assert report.loss == ranked.loss
    assert analysis.best_total == full.best_total
    assert analysis.moves == [m for m in full.moves if m.total == full.best_total]
    assert analyse_move(ctx, Settings(mode=mode), history, word, top=5)[0].moves == full.moves
    assert analyse_move(ctx, Settings(mode=mode), history, word, rank=True)[1] == ranked
    assert ranked.rank == 1 + _better_by_every_guess(full.position, ranked.move.total)
    assert ranked.loss > 0 or ranked.rank == 1


def test_move_at_the_opening_uses_the_table(ctx):
    analysis, report = analyse_move(ctx, Settings(), (), "crane")
    assert analysis.from_table
    assert analysis.best_total == 7920
    assert report.move.total == 7930
    assert report.rank is None
    assert report.loss == pytest.approx(10 / 2315)
    assert analyse_move(ctx, Settings(), (), "crane", rank=True)[1] == score_move(
        analyse_position(ctx, Settings()), "crane"
    )


def test_an_opening_table_with_no_exact_word_means_no_first_word_finishes(ctx):
    """A table whose every first word is infeasible answers the opening with the depth error."""
    with pytest.raises(DepthLimitError, match="no way to solve these 2315 answers within 6 more guesses"):
        best_moves(position_after(ctx, Settings(), ()), table={"exact": {}, "cutoff": None})


class Recorder:
    """A Progress that keeps what it was told."""

    def __init__(self):
        self.events = []

    def start(self, total, label, unit, eta=False):
        self.events.append(("start", total, label, eta))

    def limit(self, total):
        self.events.append(("limit", total))

    def __call__(self, n):
        self.events.append(("done", n))

    def close(self):
        self.events.append(("close",))


@pytest.mark.long
def test_progress_counts_never_pass_their_totals(ctx):
    position = position_after(ctx, Settings(), "crane bybbb")
    recorder = Recorder()
    best_moves(position, 3, progress=recorder)
    analyse_move(ctx, Settings(), "crane bybbb", "jazzy", rank=True, progress=recorder)
    starts = [i for i, e in enumerate(recorder.events) if e[0] == "start"]
    assert [recorder.events[i][2] for i in starts] == ["searching for the best move"] * 2 + ["ranking jazzy"]
    assert [recorder.events[i][3] for i in starts] == [False, False, True]  # an ETA only for the ranking
    for a, b in zip(starts, [*starts[1:], len(recorder.events)], strict=True):
        run_events = recorder.events[a:b]
        assert run_events[-1] == ("close",)
        done, total = 0, run_events[0][1]
        for event in run_events[1:-1]:
            if event[0] == "limit":
                assert event[1] <= total  # the total only shrinks
                total = event[1]
            else:
                done += event[1]
                assert done <= total
        assert done > 0


def test_review_rows_are_consistent():
    ctx = tiny_context(801, n_answers=20, n_extra=5)
    secret = ctx.words.answers[7]
    first = ctx.words.guesses[0]
    history = [(first, naive_score(first, secret))]
    best = analyse_position(ctx, Settings(), history, top=1).moves[0].word
    history += [(best, naive_score(best, secret))]
    if history[-1][1] != "ggggg":
        history.append((secret, "ggggg"))
    rows = review_game(ctx, Settings(), history)
    assert [r.step for r in rows] == list(range(1, len(history) + 1))
    assert rows[1].loss == 0
    assert all(r.loss >= 0 for r in rows)
    assert rows[-1].actual_class == 1
    assert rows[-1].pattern == "ggggg"
    for row, (word, _) in zip(rows, history, strict=True):
        assert row.word == word
        assert row.best_total <= row.move_total


def test_hard_mode_rejects_an_illegal_history_step():
    ctx = Context.load()
    with pytest.raises(HistoryError, match="illegal in hard mode"):
        position_after(ctx, Settings(mode="hard"), "salet bybbb brond bybbb")
    assert len(position_after(ctx, Settings(), "salet bybbb brond bybbb").answers) >= 1


OPENING_TABLES = json.loads(resources.files("wordle_trees").joinpath("openings.json").read_text())["rankings"]
# the tables whose spot checks take 4-8 s each, checked by the slow suite
SLOW_TABLES = {
    ("nyt-extended", "normal"),
    ("nyt-extended", "hard"),
    ("nerdle", "normal"),
    ("mastermind:4x7", "normal"),
    ("en7", "normal"),
    ("en7", "hard"),
    ("en4", "normal"),
}
# tables whose best word takes half an hour to solve exactly: their best value is checked
# against the shipped tree from it (verified by test_shipped_trees), a poor code against the cut-off
TREE_TABLES = {("mastermind:5x8", "possible"): "mastermind-5x8-optimal-possible"}


def test_the_opening_tables_hold_the_published_lists():
    assert {(t["answers"], t["mode"]) for t in OPENING_TABLES} >= {
        ("original", "normal"),
        ("original", "hard"),
        ("nyt-extended", "normal"),
    }


@pytest.mark.long
@pytest.mark.parametrize(
    "index",
    [
        pytest.param(
            i,
            id=f"{t['answers']}-{t['mode']}-{i}",
            marks=[pytest.mark.slow] if (t["answers"], t["mode"]) in SLOW_TABLES | TREE_TABLES.keys() else [],
        )
        for i, t in enumerate(OPENING_TABLES)
    ],
)
def test_shipped_opening_table_spot_checks(index):
    """The table's best value is an exact optimum, and a word it leaves out is proved to
    reach its cut-off (CI re-checks a few entries of every table each run, the slowest
    tables' in the slow suite)."""
    table = OPENING_TABLES[index]
    rng = random.Random(3 + index)
    weights = None
    if "weights_sha256" in table:  # a ranking under the default frequency prior
        from wordle_compiler.core.weights import frequency_prior

        weights = frequency_prior(
            list(Settings(answers=table["answers"], guesses=table["guesses"]).load_words().answers)
        )
        assert weights.sha256 == table["weights_sha256"]
    spec = RankSpec(
        settings=Settings(
            answers=table["answers"],
            guesses=table["guesses"],
            mode=table["mode"],
            max_depth=table["max_depth"],
            weights=weights,
        )
    )
    guesses = Settings(answers=table["answers"], guesses=table["guesses"]).load_words().guesses
    infeasible = table.get("infeasible", [])
    if not table["exact"]:  # no first word finishes within the depth
        assert sorted(infeasible) == sorted(guesses)
        assert table["cutoff"] is None
        assert evaluate_word(spec, rng.choice(infeasible), SEARCH_INF).value >= SEARCH_INF
        return
    best, value = next(iter(table["exact"].items()))
    shipped = TREE_TABLES.get((table["answers"], table["mode"]))
    if shipped is None:
        assert evaluate_word(spec, best, 1 << 36).value == value
    else:
        manifest = json.loads(resources.files("wordle_trees").joinpath("manifest.json").read_text())
        entry = manifest["trees"][f"{shipped}.wtree"]
        assert entry["stats"]["total_guesses"] == value
        assert entry["config"]["start"] in table["exact"]

    # English: a known poor word; Mastermind: one colour, refuted by its classes' cheap bounds
    poor = [w for w in ("fuzzy", "jazzy", "mummy", "vivid", "11111") if w in guesses]
    outside = rng.choice(poor or [w for w in guesses if w not in table["exact"]])
    assert outside not in table["exact"]
    result = evaluate_word(spec, outside, table["cutoff"])
    assert result.value >= table["cutoff"]
    assert not set(infeasible) & set(table["exact"])
    if infeasible:
        assert evaluate_word(spec, rng.choice(infeasible), table["cutoff"]).value >= table["cutoff"]


def run(*args):
    return subprocess.run(
        [sys.executable, "-m", "wordle_compiler.cli.tree", "analyse", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.long
def test_cli_position_json_and_text():
    result = run("salet", "bbbbb", "--top", "3", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["answers_left"] == 221
    assert doc["best_total"] == 609
    assert doc["moves"][0] == {
        "word": "courd",
        "total": 609,
        "average": round(609 / 221, 5),
        "exact": True,
        "possible": False,
    }
    text = run("salet:bbbbb", "--move", "round")
    assert text.returncode == 0
    assert "move round: 612 guesses" in text.stdout
    assert "rank" not in text.stdout
    ranked = run("salet:bbbbb", "--move", "round", "--rank")
    # courd 609 and drony 611 are the only moves better than round's 612 (see --top 3 above)
    assert ranked.returncode == 0
    assert "move round: 612 guesses in all (2.7692 on average), rank 3," in ranked.stdout


def test_cli_opening_comes_from_the_table():
    result = run("--json", "--top", "3")
    doc = json.loads(result.stdout)
    assert doc["from_table"]
    # ties at the last included, as a live position lists them: trace totals 7926 like crate
    assert [(m["word"], m["total"]) for m in doc["moves"]] == [
        ("salet", 7920),
        ("reast", 7923),
        ("crate", 7926),
        ("trace", 7926),
    ]


@pytest.mark.long
def test_cli_review_and_errors():
    result = run("--review", "salet", "bybbb", "brond", "bybbb")
    assert result.returncode == 0, result.stderr
    assert len(result.stdout.strip().splitlines()) == 5  # header, rule, two moves, total
    bad = run("--mode", "hard", "salet", "bybbb", "brond", "bybbb")
    assert bad.returncode == 2
    assert len(bad.stderr.strip().splitlines()) == 1
    assert "Traceback" not in bad.stderr
    none = run("salet", "ggggb")
    assert none.returncode == 1
    assert "no answer fits" in none.stderr
