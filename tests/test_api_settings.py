"""The API's one Settings value and its one return type per function."""

import dataclasses
import inspect
import re
from pathlib import Path

import pytest

import wordle_compiler
from sampled_lists import write_sampled_lists
from wordle_compiler import RankedWord, Settings
from wordle_compiler.analysis.position import Analysis, MoveReport
from wordle_runtime.game import Game

GAME_KEYWORDS = [f.name for f in dataclasses.fields(Settings)]
README = Path(__file__).resolve().parent.parent / "README.md"


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """60 answers and 400 guesses: small enough to rank a few words under every objective."""
    answers, guesses, _ = write_sampled_lists(tmp_path_factory.mktemp("lists"), 3, 60, 400, 340)
    return str(answers), str(guesses)


@pytest.mark.parametrize("name", ["compile_tree", "rank_first_words", "analyse", "review"])
def test_each_function_takes_settings_and_its_keywords(name):
    parameters = inspect.signature(getattr(wordle_compiler, name)).parameters
    assert parameters["settings"].default is None
    assert parameters["settings"].kind is inspect.Parameter.KEYWORD_ONLY
    wanted = [k for k in GAME_KEYWORDS if name != "review" or k not in ("objective", "deep")]
    assert [k for k in wanted if k not in parameters] == []
    assert all(parameters[k].default is None for k in wanted)


def test_settings_hold_the_documented_defaults_and_are_frozen():
    settings = Settings()
    assert dataclasses.astuple(settings) == (None, "normal", "original", None, 6, "total", None, None, None, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        settings.mode = "hard"
    assert Settings(mode="hard") == Settings(mode="hard")
    assert hash(Settings(mode="hard")) == hash(Settings(mode="hard"))


def test_settings_load_nothing_when_made():
    """Names only: a list or weights file that does not exist is found out when a function runs."""
    settings = Settings(answers="no-such-list.txt")
    with pytest.raises(ValueError, match=r"no word list 'no-such-list\.txt'"):
        wordle_compiler.analyse("salet bbbbb", settings=settings)
    weighted = Settings(weights="no-such-weights.txt")
    with pytest.raises(ValueError, match=r"no-such-weights\.txt"):
        wordle_compiler.review("salet bbbbb", settings=weighted)


def test_paths_and_mappings_are_kept_in_one_form(tmp_path):
    weights = {"cigar": 2.0}
    settings = Settings(answers=tmp_path / "a.txt", weights=weights)
    weights["cigar"] = 5.0  # the settings keep their own copy
    assert settings.answers == str(tmp_path / "a.txt")
    assert dict(settings.weights) == {"cigar": 2.0}
    with pytest.raises(TypeError):
        settings.weights["cigar"] = 3.0
    assert Settings(weights=tmp_path / "w.txt").weights == str(tmp_path / "w.txt")


def test_a_keyword_given_with_settings_must_agree():
    hard = Settings(mode="hard", max_depth=5)
    same = wordle_compiler.analyse("salet bbbbb", top=1, settings=hard, mode="hard", max_depth=5)
    assert same.best_total == wordle_compiler.analyse("salet bbbbb", top=1, mode="hard", max_depth=5).best_total
    with pytest.raises(ValueError, match=r"^mode='normal' disagrees with settings\.mode='hard'"):
        wordle_compiler.analyse("salet bbbbb", settings=hard, mode="normal")
    with pytest.raises(ValueError, match=r"^max_depth=6 disagrees"):
        wordle_compiler.rank_first_words(settings=hard, max_depth=6)
    with pytest.raises(ValueError, match=r"^game='mastermind:4x6' disagrees"):
        wordle_compiler.compile_tree("optimal", settings=hard, game="mastermind:4x6")
    with pytest.raises(TypeError, match=r"settings must be a wordle_compiler\.Settings"):
        wordle_compiler.review("salet bbbbb", settings={"mode": "hard"})


@pytest.mark.long
@pytest.mark.parametrize("objective, deep", [("total", None), ("depth", None), ("fewest-deep", 5)])
@pytest.mark.parametrize("move", [None, "courd"])
def test_analyse_returns_an_analysis_for_every_objective_and_move(objective, deep, move):
    analysis = wordle_compiler.analyse("salet bbbbb", top=2, move=move, objective=objective, deep=deep)
    assert type(analysis) is Analysis
    assert analysis.moves
    if move is None:
        assert analysis.report is None
    else:
        assert type(analysis.report) is MoveReport
        assert analysis.report.move.word == move
        assert analysis.report.move.total >= analysis.best_total
    long_games, guesses = analysis.split(analysis.best_total)
    assert (long_games is None) == (objective != "fewest-deep")
    assert guesses >= analysis.n if objective == "fewest-deep" else guesses == analysis.best_total


def test_a_ranked_move_has_its_rank_in_the_report():
    report = wordle_compiler.analyse("salet bbbbb", top=1, move="courd", rank=True).report
    assert report.rank == 1
    assert report.loss == 0


@pytest.mark.parametrize(
    "objective, deep, statuses",
    [
        ("total", None, {"exact", "bound"}),
        ("depth", None, {"feasible", "infeasible"}),
        ("fewest-deep", 3, {"exact", "bound", "infeasible"}),
    ],
)
def test_rank_first_words_returns_ranked_words_for_every_objective(lists, objective, deep, statuses):
    settings = Settings(answers=lists[0], guesses=lists[1], max_depth=3, objective=objective, deep=deep)
    words = Path(lists[1]).read_text().split()[::40]
    rows = wordle_compiler.rank_first_words(
        settings=settings, first_words=words, **({} if objective == "depth" else {"top": 3})
    )
    assert rows
    assert all(type(row) is RankedWord for row in rows)
    assert {row.status for row in rows} == statuses
    for row in rows:
        assert row.exact == (row.status == "exact")
        if row.status in ("feasible", "infeasible") or objective == "depth":
            assert row.total is None
            assert row.long_games is None
        else:
            assert isinstance(row.total, int)
            assert isinstance(row.long_games, int) == (objective == "fewest-deep")
    exact = [(r.long_games or 0, r.total) for r in rows if r.exact]
    assert exact == sorted(exact)
    with pytest.raises(dataclasses.FrozenInstanceError):
        rows[0].total = 0


def test_compile_tree_plays_the_game_the_settings_name():
    settings = Settings(game="mastermind:3x3", max_depth=5)
    result = wordle_compiler.compile_tree("optimal", start="112", settings=settings)
    assert result.ok
    assert result.proved_optimal
    assert result.data.game == Game("mastermind", 3, "123")
    assert result.stats["answers"] == 27
    same_game = Settings(game=Game("mastermind", 3, "123"), max_depth=5)
    total = wordle_compiler.compile_tree("optimal", start="112", settings=same_game).stats["total_guesses"]
    assert total == result.stats["total_guesses"]


def test_a_wordle_game_must_be_the_one_the_lists_play():
    with pytest.raises(ValueError, match="the word lists play wordle, not wordle:6"):
        wordle_compiler.analyse("salet bbbbb", settings=Settings(game=Game("wordle", 6)))
    assert wordle_compiler.analyse("salet bbbbb", top=1, game=Game()).best_total == 609
    assert wordle_compiler.analyse("salet bbbbb", top=1, game="wordle").best_total == 609


def test_review_takes_only_the_total_objective():
    with pytest.raises(ValueError, match="objective 'total' only"):
        wordle_compiler.review("salet bbbbb", settings=Settings(objective="depth"))
    rows = wordle_compiler.review("salet bbbbb round ggggg", settings=Settings())
    assert [row.word for row in rows] == ["salet", "round"]


def test_no_engine_constant_in_the_documented_api():
    """Callers read long games from the results, never by dividing by an engine constant."""
    from wordle_compiler import api

    names = [name for name in wordle_compiler.__all__ if name != "__version__"]
    texts = [inspect.getdoc(getattr(wordle_compiler, name)) or "" for name in names]
    texts += [inspect.getdoc(api) or "", README.read_text(encoding="utf-8")]
    assert not [t for t in texts if re.search(r"DEEP_COST|divmod", t)]
