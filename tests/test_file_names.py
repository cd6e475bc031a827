"""Default output names: the game first, no colon, no name said twice."""

from types import SimpleNamespace

import pytest

from clirun import run
from wordle_compiler.cli.compile import default_output
from wordle_compiler.cli.rank_plan import default_output as ranking_output
from wordle_compiler.core.config import BuildConfig
from wordle_compiler.core.settings import Settings


def _ranking_name(settings: Settings) -> str:
    request = SimpleNamespace(
        settings=settings, second_after=None, pairs=None, first_words=None, weight_options=None, fmt="csv"
    )
    return ranking_output(request)


@pytest.mark.parametrize(
    "game, tree, ranking",
    [
        ("mastermind:4x7", "mastermind-4x7-optimal-1123-normal.wtree", "ranking-mastermind-4x7-normal.csv"),
        (
            "mastermind:4x6:distinct",
            "mastermind-4x6-distinct-optimal-1123-normal.wtree",
            "ranking-mastermind-4x6-distinct-normal.csv",
        ),
        ("bulls-and-cows", "bulls-and-cows-optimal-1123-normal.wtree", "ranking-bulls-and-cows-normal.csv"),
        ("nerdle-mini", "nerdle-mini-optimal-1123-normal.wtree", "ranking-nerdle-mini-normal.csv"),
        ("en4", "en4-optimal-1123-normal.wtree", "ranking-en4-normal.csv"),
        (None, "optimal-1123-normal.wtree", "ranking-original-normal.csv"),
    ],
)
def test_a_games_default_names_lead_with_the_game(game, tree, ranking):
    settings = Settings(game=game)
    assert default_output(BuildConfig("optimal", settings, start="1123"), "1123") == tree
    assert _ranking_name(settings) == ranking


def test_a_list_file_is_named_by_its_stem_without_separators():
    settings = Settings(answers="/tmp/my answers:v2.txt", guesses="/tmp/all words.txt")
    assert _ranking_name(settings) == "ranking-my_answers_v2-all_words-normal.csv"
    assert default_output(BuildConfig("entropy", settings, start="salet"), "salet") == (
        "entropy-salet-normal-answers-my_answers_v2-guesses-all_words.wtree"
    )


def test_the_commands_write_the_names_they_print(tmp_path):
    """Through real processes: the files written are the names above, with no colon."""
    ranked = run("wordle-rank", "--game", "mastermind:3x3", "--quiet", cwd=tmp_path)
    assert ranked.returncode == 0, ranked.stderr
    built = run("wordle-compile", "--game", "mastermind:3x3", "--strategy", "optimal", "--start", "112", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == ["mastermind-3x3-optimal-112-normal.wtree", "ranking-mastermind-3x3-normal.csv"]
    assert "results in ranking-mastermind-3x3-normal.csv" in ranked.stdout
    assert "-> mastermind-3x3-optimal-112-normal.wtree" in built.stdout
