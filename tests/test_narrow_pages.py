"""The pages at a phone's 390 × 844 (touch) for guesses of six, seven and eight symbols, in
headless Chromium: the explorer page exported from the shipped Nerdle, seven- and six-letter
trees, and the page a real ``wordle-tree serve`` serves for small trees of the same games with
a finished game's review.  Every tile lies inside the viewport, nothing scrolls sideways (the
page, or a table inside it) and the review's luck column is in view.  The served review is
the one ``wordle-tree analyse --review`` prints for the same game and lists: the API analyses
trees of other games (Mastermind's too, below)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import wordle_trees
from browsing import by_id, console_errors, start_chromium, wait_for, wait_ready
from clirun import run
from serving import serving
from wordle_compiler.treefiles.export.view import TreeView
from wordle_runtime.format import read_tree_file

PHONE = 390
SHIPPED = ["nerdle-optimal-normal", "en7-optimal-normal", "en6-optimal-normal"]
SMALL = {"nerdle": "nerdle.txt", "en7": "en7-answers.txt", "en6": "en6-answers.txt"}  # game: its answers
TITLES = {"nerdle": "Nerdle", "en7": "English Wordle, seven letters", "en6": "English Wordle, six letters"}
DATA = Path(__file__).resolve().parents[1] / "compiler" / "data" / "games"

# Each tile shown (board, breadcrumb, tables, search) outside the viewport, and each table
# wider than its scrolling box, as "id-of-its-box: text".
LAYOUT = """
const width = document.scrollingElement.clientWidth;
const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
const where = (e) => `${e.closest('[id]').id}: ${e.textContent}`;
const tiles = Array.from(document.querySelectorAll('.tile, .mini span:not(.score)')).filter(shown);
return {
  scroll: document.scrollingElement.scrollWidth, width, tiles: tiles.length,
  outside: tiles.filter((t) => { const r = t.getBoundingClientRect(); return r.left < 0 || r.right > width; })
    .map(where),
  clipped: Array.from(document.querySelectorAll('.scroll')).filter((s) => shown(s) && s.scrollWidth > s.clientWidth)
    .map((s) => s.firstElementChild.id),
};
"""


@pytest.fixture(scope="module")
def phone():
    yield from start_chromium(PHONE, 844, mobile=True)


def assert_fits(driver, least_tiles: int) -> None:
    """Every tile in view, no sideways scroll, at least ``least_tiles`` tiles shown."""
    layout = driver.execute_script(LAYOUT)
    assert layout["width"] == PHONE
    assert layout["scroll"] <= layout["width"], f"the page scrolls sideways: {layout}"
    assert layout["outside"] == [], layout["outside"][:8]
    assert layout["clipped"] == [], f"a table scrolls inside the page: {layout['clipped']}"
    assert layout["tiles"] >= least_tiles


def longest_game(view: TreeView) -> tuple[str, str]:
    """(an answer the tree needs the most guesses for, its game as a URL fragment)."""
    answer, path = max(view.answer_paths(0, []), key=lambda item: len(item[1]))
    return answer, "#" + ",".join(f"{w}:{view.pattern(c)}" for w, c in path)


@pytest.mark.long
@pytest.mark.integration  # headless Chromium
@pytest.mark.parametrize("name", SHIPPED)
def test_an_exported_page_of_long_guesses_fits_a_phone(phone, tmp_path, name):
    page = tmp_path / f"{name}.html"
    exported = run("wordle-tree", "export", name, "--format", "html", "-o", page)
    assert exported.returncode == 0, exported.stderr
    view = TreeView(read_tree_file(Path(wordle_trees.__file__).parent / f"{name}.wtree"))
    length = view.game.length
    phone.get("about:blank")
    phone.get(page.as_uri())
    wait_ready(phone)
    rows = phone.find_elements("css selector", "#children tbody tr")
    assert rows, "the first guess's feedback table is shown"
    assert_fits(phone, length * (1 + len(rows)))  # the row played, the feedback of each table row
    answer, fragment = longest_game(view)
    phone.get("about:blank")
    phone.get(page.as_uri() + fragment)
    wait_ready(phone)
    assert by_id(phone, "status").text.startswith(f"Solved: {answer.upper()}")
    guesses = fragment.count(":")
    assert_fits(phone, 2 * length * guesses)  # the board and the breadcrumb
    by_id(phone, "search-input").send_keys(answer + "\n")
    assert by_id(phone, "search-result").text.startswith(f"{answer.upper()} is solved in")
    assert_fits(phone, 3 * length * guesses)
    assert console_errors(phone) == []


@pytest.fixture(scope="module")
def small_trees(tmp_path_factory):
    """game -> (tree file, its answers file): every 300th answer of the named game's list, the
    same words its guesses (a tree built in a moment, its review too)."""
    folder = tmp_path_factory.mktemp("narrow")
    made = {}
    for game, source in SMALL.items():
        words = (DATA / source).read_text(encoding="utf-8").split()[::300][:40]
        answers, tree = folder / f"{game}.txt", folder / f"{game}.wtree"
        answers.write_text("\n".join(words) + "\n", encoding="utf-8")
        built = run("wordle-compile", "--game", game, "--answers", answers, "--guesses", answers, "-o", tree, "--quiet")
        assert built.returncode == 0, built.stderr
        made[game] = tree, answers
    return made


def own_game(tree) -> list[str]:
    """A finished game of own guesses, ``WORD:PATTERN``: the first three words of the list that
    are not the tree's first guess, then the last answer."""
    data = read_tree_file(tree)
    game, answer = data.game, data.answers[-1]
    first = data.guesses[data.node_guess[0]]
    own = [w for w in data.answers if w not in (first, answer)]
    words = [*own[:3], answer]
    return [f"{w}:{game.format_code(game.score_code(w, answer))}" for w in words]


@pytest.fixture(scope="module")
def server(small_trees):
    with serving(*(str(tree) for tree, _ in small_trees.values())) as running_server:
        yield running_server


@pytest.mark.long
@pytest.mark.integration  # headless Chromium
@pytest.mark.parametrize("game", list(SMALL))
def test_the_served_review_of_long_guesses_fits_a_phone_with_its_luck_column(phone, small_trees, server, game):
    tree, answers = small_trees[game]
    history = own_game(tree)
    phone.get("about:blank")
    phone.get(f"{server.url}tree/{tree.stem}#{','.join(history)}")
    wait_ready(phone)
    assert phone.title.startswith(f"{TITLES[game]} tree from "), phone.title  # the rules name the game
    wait_for(phone, "document.querySelector('#review-table tbody tr')", 120)
    shown = phone.execute_script("""return Array.from(document.querySelectorAll('#review-table tbody tr'), (r) =>
        ({ word: r.dataset.word, best_move: r.dataset.best, loss: +r.dataset.loss, luck: +r.dataset.luck }));""")
    cli = run(
        "wordle-tree", "analyse", "--game", game, "--answers", answers, "--guesses", answers, "--review", *history,
        "--json", "--quiet",
    )  # fmt: skip
    assert cli.returncode == 0, cli.stderr
    expected = json.loads(cli.stdout)["review"]
    assert shown == [{key: row[key] for key in shown[0]} for row in expected]
    assert any(row["loss"] > 0 for row in shown), "some row names a best move: the widest review"
    length = read_tree_file(tree).game.length
    assert_fits(phone, 2 * length * len(history))  # the board, the breadcrumb, the review's own rows
    luck = phone.execute_script("""const width = document.scrollingElement.clientWidth;
        return Array.from(document.querySelectorAll('#review-table tr > :last-child'), (cell) => {
          const r = cell.getBoundingClientRect(); return [cell.textContent, r.left >= 0 && r.right <= width]; });""")
    assert luck[0] == ["luck", True]
    assert [inside for _, inside in luck] == [True] * (len(history) + 1), luck
    assert console_errors(phone) == []


@pytest.mark.long
def test_the_api_analyses_a_mastermind_tree_as_the_command_line_does(tmp_path):
    tree = tmp_path / "mastermind.wtree"
    built = run("wordle-compile", "--game", "mastermind:3x4", "-o", tree, "--quiet")
    assert built.returncode == 0, built.stderr
    with serving(str(tree)) as mastermind:
        status, answer, _ = mastermind.get("/api/analyse?history=112+B1W0&top=3")
    cli = run("wordle-tree", "analyse", "--game", "mastermind:3x4", "112", "B1W0", "--top", "3", "--json", "--quiet")
    assert status == 200, answer
    expected = json.loads(cli.stdout)
    assert {**answer, "seconds": 0} == {**expected, "seconds": 0}
    assert expected["answers_left"] > 1
