"""The page ``wordle-tree serve`` serves, in headless Chromium against a real server: a game
played with own guesses to the end, its review compared with ``wordle-tree analyse --review``,
the exact value of a position and a move, and, at a phone's 390 × 844 with touch, the same game
with nothing scrolling sideways.  ``WORDLE_TREE_SCREENSHOTS=DIR`` saves the 1280 × 900 and
390 × 844 screenshots there (docs/ holds the ones made so)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from browsing import by_id, console_errors, page_width, start_chromium, text, wait_for, wait_ready
from clirun import invoke
from serving import serving
from wordle_runtime.feedback import format_pattern, score_code

ANSWER = "lucky"
OWN = {0: "crane", 1: "pilot"}  # own guesses at these steps; the page's suggestion at the others
# Headless Chromium through Selenium.
pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def server():
    with serving("--workers", "2") as running_server:
        yield running_server


@pytest.fixture(scope="module")
def desktop():
    yield from start_chromium(1280, 900)


@pytest.fixture(scope="module")
def phone():
    yield from start_chromium(390, 844, mobile=True)


def tap(driver, element):
    """A finger's tap (touch events), as on a phone."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down().pointer_up()
    actions.perform()


def play(driver, press) -> list[tuple[str, int]]:
    """Play a game for ANSWER in the page: own guesses typed where OWN says, the suggestion
    elsewhere; each row's colours set by pressing its tiles; the steps played."""
    steps = []
    while True:
        if len(steps) in OWN:
            box = by_id(driver, "guess-input")
            box.clear()
            box.send_keys(OWN[len(steps)])
        word = by_id(driver, "guess-input").get_attribute("value")
        code = score_code(word, ANSWER)
        if code == 242:
            press(by_id(driver, "solved-button"))
            return [*steps, (word, code)]
        for tile, colour in zip(
            driver.find_elements("css selector", "#guess-tiles .tile"), format_pattern(code), strict=True
        ):
            for _ in range("byg".index(colour)):
                press(tile)
        press(by_id(driver, "play-button"))
        steps.append((word, code))
        status = text(driver, "status")
        assert status.startswith("Play "), status
        assert ("off the tree" in status) == (len(steps) > 0 and steps[0][0] != "salet")


def cli_review(steps) -> list[dict]:
    history = [f"{w}:{format_pattern(c)}" for w, c in steps]
    result = invoke("wordle-tree", "analyse", "--review", *history, "--json", "--quiet")
    assert result.code == 0, result.err
    return json.loads(result.out)["review"]


def shown_review(driver) -> list[dict]:
    wait_for(driver, "document.querySelector('#review-table tbody tr')")
    return driver.execute_script("""return Array.from(document.querySelectorAll('#review-table tbody tr'), (r) =>
        ({ step: +r.dataset.step, word: r.dataset.word, best_move: r.dataset.best, loss: +r.dataset.loss,
           luck: +r.dataset.luck, best_total: +r.dataset.bestTotal, move_total: +r.dataset.moveTotal }));""")


@pytest.mark.long
def test_a_game_with_own_guesses_to_the_end_then_its_exact_review(server, desktop):
    desktop.get(server.url)
    wait_ready(desktop)
    steps = play(desktop, lambda element: element.click())
    assert text(desktop, "status") == f"Solved: {ANSWER.upper()} in {len(steps)} guesses."
    assert [w for w, _ in steps[:2]] == ["crane", "pilot"]
    assert steps[-1] == (ANSWER, 242)
    shown = shown_review(desktop)  # asked for by the page as soon as the game ends
    expected = cli_review(steps)
    assert shown == [{key: row[key] for key in shown[0]} for row in expected]
    summary = by_id(desktop, "review-summary")
    assert float(summary.get_attribute("data-loss")) == pytest.approx(sum(r["loss"] for r in expected))
    assert "guesses lost against the best play" in summary.text
    assert console_errors(desktop) == []
    shoot(desktop, "serve-desktop.png")


def test_the_exact_value_of_a_position_and_of_an_own_move(server, desktop):
    desktop.get(server.url + "#salet:bbbbb")
    wait_ready(desktop)
    box = by_id(desktop, "guess-input")
    box.clear()
    box.send_keys("round")
    assert "leaves the tree" in text(desktop, "guess-note")
    by_id(desktop, "analyse-button").click()
    wait_for(desktop, "document.getElementById('move-value')")
    result = invoke("wordle-tree", "analyse", "salet:bbbbb", "--top", "5", "--move", "round", "--json", "--quiet")
    expected = json.loads(result.out)
    value = by_id(desktop, "analysis-value")
    assert float(value.get_attribute("data-best-total")) == expected["best_total"]
    moves = [r.get_attribute("data-word") for r in desktop.find_elements("css selector", "#best-moves tbody tr")]
    assert moves == [m["word"] for m in expected["moves"]][:8]
    assert float(by_id(desktop, "move-value").get_attribute("data-loss")) == expected["move"]["loss"]
    assert text(desktop, "move-value") == "ROUND: 2.7692 guesses on average, loses 0.0136 guesses against the best."
    assert console_errors(desktop) == []


@pytest.mark.long
def test_one_answer_left_is_the_proved_best_move_not_thousands_of_ties(server, desktop):
    """Off the tree with only cloud left: the status and the panel say cloud is proved best;
    the guesses that cannot be the answer are one line, an own one's loss as for any move."""
    desktop.get("about:blank")
    desktop.get(server.url + "#salet:bbybb,crony:gbgbb,clock:gggbb")
    wait_ready(desktop)
    assert text(desktop, "status").startswith(
        "Play CLOUD: 1 answer left, so CLOUD is proved best: solved in 1 more guess."
    )
    box = by_id(desktop, "guess-input")
    box.clear()
    box.send_keys("crane")
    by_id(desktop, "analyse-button").click()
    wait_for(desktop, "document.getElementById('move-value')")
    assert text(desktop, "analysis-value") == "1 answer left: CLOUD. Playing it is proved best: solved in 1 more guess."
    moves = [r.get_attribute("data-word") for r in desktop.find_elements("css selector", "#best-moves tbody tr")]
    assert moves == ["cloud"]
    assert (
        text(desktop, "other-guesses")
        == "The other 12,971 guesses cannot be the answer: each needs 2.0000 guesses on average."
    )
    assert text(desktop, "move-value") == "CRANE: 2.0000 guesses on average, loses 1.0000 guesses against the best."
    desktop.get("about:blank")
    desktop.get(server.url + "#salet:bbybb,crony:gbgbb")  # two left: both listed, the rest summed up
    wait_ready(desktop)
    by_id(desktop, "analyse-button").click()
    wait_for(desktop, "document.getElementById('other-guesses')")
    assert text(desktop, "analysis-value").startswith("2 answers left; best play: 1.5000 guesses on average")
    moves = [r.get_attribute("data-word") for r in desktop.find_elements("css selector", "#best-moves tbody tr")]
    assert moves == ["clock", "cloud"]
    assert "the best of them needs 2.0000 guesses on average" in text(desktop, "other-guesses")
    assert console_errors(desktop) == []


@pytest.mark.long
def test_on_a_phone_touch_plays_the_game_and_nothing_scrolls_sideways(server, phone, tmp_path):
    phone.get(server.url)
    wait_ready(phone)
    assert page_width(phone) == (390, 390)
    steps = play(phone, lambda element: tap(phone, element))
    assert text(phone, "status") == f"Solved: {ANSWER.upper()} in {len(steps)} guesses."
    shown_review(phone)
    scroll, viewport = page_width(phone)
    assert scroll <= viewport == 390, "the page scrolls sideways at 390 px"
    shoot(phone, "serve-phone.png")
    phone.get(server.url + "#salet:bbbbb")  # the widest parts: the tree's table and the move table
    wait_ready(phone)
    by_id(phone, "analyse-button").click()
    wait_for(phone, "document.getElementById('best-moves')")
    assert page_width(phone)[0] <= 390
    import wordle_trees
    from wordle_compiler.treefiles.export.html import explorer_data, render_page
    from wordle_compiler.treefiles.export.view import TreeView
    from wordle_runtime.format import read_tree_file

    page = tmp_path / "salet.html"  # the exported page, opened as a file, is as narrow
    tree = read_tree_file(Path(wordle_trees.__file__).parent / "salet-optimal-normal.wtree")
    page.write_text(render_page(explorer_data(TreeView(tree))), encoding="utf-8")
    phone.get(page.as_uri() + "#salet:bbbbb")
    wait_ready(phone)
    assert page_width(phone)[0] <= 390
    assert console_errors(phone) == []


def shoot(driver, name: str) -> None:
    """Save a screenshot of the whole page under $WORDLE_TREE_SCREENSHOTS, when it is set."""
    folder = os.environ.get("WORDLE_TREE_SCREENSHOTS")
    if folder:
        driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(Path(folder) / name))
