"""Exports and the commands around them for trees of other games: text and csv for every
game, Wordle's own formats refused for Mastermind in one line, pictures, info, import."""

import pytest

from clirun import one_line_error, run
from game_trees import first_candidate_tree
from wordle_runtime.format import pack_tree
from wordle_runtime.game import WORDLE, Game, mastermind, mastermind_codes


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    folder = tmp_path_factory.mktemp("game-trees")
    codes = mastermind_codes(mastermind(3, 4))
    six = ["abacus", "banana", "citrus", "cobalt", "dancer", "eleven", "garden", "hunted"]
    made = {"mastermind": (mastermind(3, 4), codes), "six": (Game(WORDLE, 6), six)}
    paths = {}
    for name, (game, words) in made.items():
        paths[name] = folder / f"{name}.wtree"
        paths[name].write_bytes(pack_tree(first_candidate_tree(game, words, words)))
    return paths


def test_text_export_shows_each_game_s_notation(trees):
    mastermind_text = run("wordle-tree", "export", trees["mastermind"], "--format", "text").stdout
    assert "|--- B0W0 -> 222" in mastermind_text
    six_text = run("wordle-tree", "export", trees["six"], "--format", "text").stdout
    assert six_text.startswith("abacus (8 answers)")
    assert "|--- bbbbbb ->" in six_text


@pytest.mark.parametrize("fmt", ["selby", "olson"])
def test_wordle_formats_refuse_mastermind_in_one_line(trees, fmt):
    result = run("wordle-tree", "export", trees["mastermind"], "--format", fmt)
    one_line_error(result, 2, "writes Wordle patterns", "mastermind:3x4")


def test_wordle_formats_take_a_six_letter_game(trees):
    olson = run("wordle-tree", "export", trees["six"], "--format", "olson").stdout
    assert '"000000"' in olson or '"0000' in olson
    selby = run("wordle-tree", "export", trees["six"], "--format", "selby").stdout
    assert "GGGGGG" in selby


def test_a_path_in_the_game_s_notation(trees):
    first = "111"
    result = run("wordle-tree", "export", trees["mastermind"], "--format", "csv", "--path", f"{first} B1W0")
    assert result.returncode == 0, result.stderr
    assert all(line.startswith("111,") for line in result.stdout.splitlines())


def test_info_names_the_game(trees):
    result = run("wordle-tree", "info", trees["mastermind"])
    assert "mastermind:3x4 (mastermind, 3 symbols over 1234)" in result.stdout


def test_import_refuses_another_game(tmp_path):
    (tmp_path / "t.csv").write_text("111\n")
    result = run(
        "wordle-tree",
        "import",
        tmp_path / "t.csv",
        "--from",
        "csv",
        "--answers",
        "mastermind:3x4",
        "-o",
        tmp_path / "out.wtree",
    )
    one_line_error(result, 2, "five-letter Wordle formats", "mastermind:3x4")


SPANISH = [
    "aceña",
    "añejo",
    "árbol",
    "baño",
    "cañón",
    "dueño",
    "niños",
    "otoño",
    "pared",
    "peña",
    "señor",
    "sueño",
    "tarde",
    "uñero",
]


def test_a_spanish_list_compiles_verifies_exports_and_plays_end_to_end(tmp_path):
    words = [w for w in SPANISH if len(w) == 5]
    (tmp_path / "es.txt").write_text("\n".join(words) + "\n", encoding="utf-8")
    tree = tmp_path / "es.wtree"
    built = run("wordle-compile", "--strategy", "optimal", "--answers", tmp_path / "es.txt", "-o", tree, "--quiet")
    assert built.returncode == 0, built.stderr
    verified = run("wordle-tree", "verify", tree)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert verified.stdout.startswith("OK:"), verified.stdout + verified.stderr
    assert "wordle:5:" in run("wordle-tree", "info", tree).stdout
    outline = run("wordle-tree", "export", tree, "--format", "text").stdout
    assert outline.startswith(run("wordle-next", "--tree", tree).stdout.split()[0])
    first = run("wordle-next", "--tree", tree).stdout.split()[0]
    played = run("wordle-next", "--tree", tree, "--json", first, "bbbbb")
    assert played.returncode in (0, 1), played.stderr


def test_mastermind_4x6_from_1122_through_the_command_line(tmp_path):
    tree = tmp_path / "mm.wtree"
    built = run(
        "wordle-compile", "--game", "mastermind:4x6", "--strategy", "optimal", "--start", "1122", "-o", tree, "--json"
    )
    assert built.returncode == 0, built.stderr
    assert '"total_guesses": 5702' in built.stdout.replace(" ", " ")
    assert run("wordle-tree", "verify", tree).returncode == 0
    hard = run("wordle-compile", "--game", "mastermind:4x6", "--mode", "hard", "--strategy", "optimal")
    one_line_error(hard, 2, "has no hard mode")
