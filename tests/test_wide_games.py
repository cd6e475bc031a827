"""Games of two-byte feedback codes (Wordle of six to eight letters: 729-6,561 codes) end to
end through real processes, beside a Spanish list with ñ: compile (both modes), verify,
export, play; and the HTML explorer's tiles for both in Chromium."""

import pytest

from browsing import by_id, console_errors, start_chromium, text, wait_ready
from clirun import run
from wordle_runtime.format import read_tree_file
from wordle_runtime.game import WORDLE, Game

SIX = [
    "abacus", "banana", "bandit", "basket", "beacon", "border", "bounce", "candle", "carpet", "castle",
    "cobalt", "dancer", "desert", "dinner", "eleven", "flower", "forest", "garden", "ginger", "hunted",
    "island", "jacket", "jungle", "kitten", "ladder", "lemons", "margin", "marble", "napkin", "orange",
    "parcel", "pepper", "planet", "rabbit", "silver", "spider", "summer", "timber", "turtle", "winter",
]  # fmt: skip
SPANISH = ["aceña", "añejo", "baños", "cañón", "dueño", "niños", "otoño", "peñas", "señor", "sueño", "uñero"]


def _compile(tmp_path, name, words, *options):
    source = tmp_path / f"{name}.txt"
    source.write_text("\n".join(words) + "\n", encoding="utf-8")
    tree = tmp_path / f"{name}.wtree"
    built = run("wordle-compile", "--strategy", "optimal", "--answers", source, "-o", tree, "--quiet", *options)
    assert built.returncode == 0, built.stderr
    return tree


@pytest.mark.parametrize("mode", ["normal", pytest.param("hard", marks=pytest.mark.slow)])  # about 6 s each
@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_a_six_letter_list_compiles_verifies_exports_and_plays(tmp_path, mode):
    tree = _compile(tmp_path, "six", SIX, "--mode", mode)
    data = read_tree_file(tree)
    assert data.game == Game(WORDLE, 6)
    assert data.edge_pattern.typecode == "H"  # two-byte codes in the file
    verified = run("wordle-tree", "verify", tree)
    assert verified.returncode == 0, verified.stdout
    assert verified.stdout.startswith(f"OK: {len(SIX)} answers"), verified.stdout
    assert "wordle:6" in run("wordle-tree", "info", tree).stdout
    first = run("wordle-next", "--tree", tree).stdout.split()[0]
    assert len(first) == 6
    assert first in SIX
    outline = run("wordle-tree", "export", tree, "--format", "text")
    assert outline.returncode == 0
    assert outline.stdout.startswith(first)
    for answer in SIX:  # play every answer to the end by the tree's own feedback
        history = []
        while True:
            guess = run("wordle-next", "--tree", tree, *history).stdout.split()[0]
            pattern = data.game.format_code(data.game.score_code(guess, answer))
            history += [guess, pattern]
            if guess == answer:
                break
            assert len(history) <= 12, history
    assert run("wordle-next", "--tree", tree, first, "ggggg").returncode == 2  # five symbols: not this game's


@pytest.fixture(scope="module")
def browser():
    yield from start_chromium()


@pytest.mark.long
@pytest.mark.integration
@pytest.mark.parametrize("name, words", [("six", SIX), ("spanish", SPANISH)])
def test_the_explorer_shows_the_games_tiles(browser, tmp_path, name, words):
    tree = _compile(tmp_path, name, words)
    page = tmp_path / f"{name}.html"
    exported = run("wordle-tree", "export", tree, "--format", "html", "-o", page)
    assert exported.returncode == 0, exported.stderr
    game = read_tree_file(tree).game
    browser.get(page.as_uri())
    wait_ready(browser)
    answer = words[-1]
    by_id(browser, "search-input").send_keys(answer + "\n")
    result = by_id(browser, "search-result")
    assert result.text.startswith(f"{answer.upper()} is solved in"), result.text
    rows = result.find_elements("css selector", ".row")
    shown = ["".join(t.text for t in r.find_elements("css selector", ".tile")) for r in rows]
    colours = [
        "".join(t.get_attribute("class").split()[-1] for t in r.find_elements("css selector", ".tile")) for r in rows
    ]
    assert shown[-1] == answer.upper()
    assert all(len(word) == game.length for word in shown)
    assert colours == [game.format_code(game.score_code(word.lower(), answer)) for word in shown]
    by_id(browser, "open-path").click()
    assert text(browser, "status").startswith(f"Solved: {answer.upper()} in")
    assert console_errors(browser) == []
