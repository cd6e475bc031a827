"""Exports and the commands around them for trees of other games: text and csv for every
game, Wordle's own formats refused for Mastermind in one line, pictures, info, import."""

import html
import re
from pathlib import Path

import pytest

import wordle_trees
from clirun import one_line_error, run
from game_trees import first_candidate_tree
from wordle_runtime.format import pack_tree, read_tree_file
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


@pytest.mark.long
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


@pytest.mark.long
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


@pytest.mark.long
@pytest.mark.parametrize(
    "tree, title", [("es-optimal-normal", "Spanish Wordle (es)"), ("nerdle-optimal-normal", "Nerdle")]
)
def test_the_page_names_its_game_and_its_examples_are_the_game_s_own(tmp_path, tree, title):
    page = tmp_path / "page.html"
    result = run("wordle-tree", "export", tree, "--format", "html", "-o", page)
    assert result.returncode == 0, result.stderr
    text = page.read_text(encoding="utf-8")
    data = read_tree_file(Path(wordle_trees.__file__).parent / f"{tree}.wtree")
    first = data.guesses[data.node_guess[0]]
    assert f"<title>{html.escape(title)} tree from {html.escape(first.upper())}: optimal" in text
    example = re.search(r'id="search-input" placeholder="e\.g\. ([^"]*)"', text).group(1)
    assert html.unescape(example) in data.answers
    pattern = re.search(r'id="pattern-input" placeholder="feedback, e\.g\. ([^"]*)"', text).group(1)
    code = data.game.parse_code(pattern)
    assert any(data.game.score_code(first, answer) == code for answer in data.answers)
    assert len(pattern) == data.game.length


@pytest.mark.long
def test_titles_name_a_mode_only_where_the_game_has_more_than_one(tmp_path):
    """Mastermind has no hard mode, so its pages and pictures leave "normal mode" out."""
    for tree, expected, absent in (
        ("mastermind-4x6-optimal-normal", "Mastermind 4×6 tree from 1123: optimal", "mode"),
        ("es-optimal-hard", "Spanish Wordle (es) tree from SALCE: optimal, hard mode", None),
    ):
        for fmt in ("html", "dot"):
            out = tmp_path / f"{tree}.{fmt}"
            done = run("wordle-tree", "export", tree, "--format", fmt, "-o", out)
            assert done.returncode == 0, done.stderr
            text = html.unescape(out.read_text(encoding="utf-8"))
            assert expected in text
            if absent:
                assert f"optimal, normal {absent}" not in text
