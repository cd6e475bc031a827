"""The HTML explorer (`wordle-tree export --format html`), driven in a real headless Chromium.

Needs the `selenium` package (the test extra) and Debian's `chromium` and `chromium-driver`
(.ci/run installs them); skipped, with the reason, when they are missing (see browsing.py).
"""

import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import wordle_trees
from browsing import by_id, console_errors, start_chromium, text, wait_ready
from wordle_compiler.cli.tree import group
from wordle_compiler.core.settings import Settings
from wordle_compiler.treefiles.export.view import TreeView
from wordle_runtime.feedback import format_pattern, score_code
from wordle_runtime.format import read_tree_file

SHIPPED = Path(wordle_trees.__file__).parent
DEFAULT = SHIPPED / "salet-optimal-normal.wtree"


# Every test that takes it drives headless Chromium, so is marked integration.
@pytest.fixture(scope="module")
def browser():
    yield from start_chromium()


def export_html(tree, out, *extra):
    result = CliRunner().invoke(group, ["export", str(tree), "--format", "html", "-o", str(out), *extra])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    return export_html(DEFAULT, tmp_path_factory.mktemp("html") / "salet.html")


@pytest.fixture(scope="module")
def view():
    return TreeView(read_tree_file(DEFAULT))


def open_page(driver, path, fragment=""):
    """Load the page afresh; return its load time in ms (until the first render is done)."""
    driver.get("about:blank")  # so that a fragment-only change still loads the page again
    driver.get(path.as_uri() + fragment)
    return wait_ready(driver)


def shown_stats(driver):
    bars = driver.find_elements("css selector", "#histogram .bar")
    return {
        "answers": int(text(driver, "stat-left").replace(",", "")),
        "total": int(text(driver, "stat-total").replace(",", "")),
        "average": text(driver, "stat-average"),
        "max": int(text(driver, "stat-max")),
        "histogram": {b.get_attribute("data-guesses"): int(b.get_attribute("data-count")) for b in bars},
    }


def expected_stats(view, node, first_guess):
    """Stats of the subtree at ``node`` (played as guess number ``first_guess``), in Python."""
    histogram, stack = {}, [(node, first_guess)]
    while stack:
        current, number = stack.pop()
        if view.solves(current):
            histogram[str(number)] = histogram.get(str(number), 0) + 1
        stack.extend((child, number + 1) for _, child in view.children(current))
    total, answers = sum(int(k) * v for k, v in histogram.items()), sum(histogram.values())
    return {
        "answers": answers,
        "total": total,
        "average": f"{total / answers:.4f}",
        "max": max(map(int, histogram)),
        "histogram": histogram,
    }


def test_default_file_is_small_and_self_contained(page):
    html = page.read_text(encoding="utf-8")
    assert page.stat().st_size <= 300_000
    assert "http://" not in html
    assert "https://" not in html
    assert "<script src" not in html
    assert "<link rel=\"stylesheet\"" not in html
    assert "default-src 'none'" in html
    assert "connect-src 'none'" in html


@pytest.mark.long
@pytest.mark.integration
def test_loads_fast_with_the_tree_own_stats_and_no_console_errors(browser, page, view):
    load_ms = open_page(browser, page)
    assert load_ms <= 1000, f"the default tree's page took {load_ms:.0f} ms to load"
    stats = read_tree_file(DEFAULT).meta["stats"]
    assert shown_stats(browser) == {
        "answers": stats["answers"],
        "total": stats["total_guesses"],
        "average": f"{stats['average']:.4f}",
        "max": stats["max_depth"],
        "histogram": {str(k): v for k, v in stats["histogram"].items()},
    }
    sizes = browser.execute_script(  # one round trip for all ~150 rows
        "return Array.from(document.querySelectorAll('#children tbody tr td:nth-child(3)'), td => td.textContent)"
    )
    sizes = [int(size.replace(",", "")) for size in sizes]
    assert len(sizes) == len(view.children(0))
    assert sizes == sorted(sizes, reverse=True)
    assert "Play SALET: 2,315 answers left" in text(browser, "status")
    assert console_errors(browser) == []


def click_feedback(driver, code):
    """Set the current row's colours by clicking tiles (grey -> yellow -> green), then enter."""
    tiles = driver.find_elements("css selector", "#guess-tiles .tile")
    for tile, colour in zip(tiles, format_pattern(code), strict=True):
        for _ in range("byg".index(colour)):
            tile.click()
    typed = by_id(driver, "pattern-input").get_attribute("value")
    assert typed == format_pattern(code) or (code == 0 and typed == "")  # untouched tiles are grey
    by_id(driver, "play-button").click()


@pytest.mark.long
@pytest.mark.integration
def test_click_through_a_game_to_the_answer(browser, page, view):
    open_page(browser, page)
    node, steps = 0, []
    while view.guess(node) != "cigar":
        guess = view.guess(node)
        code = score_code(guess, "cigar")
        click_feedback(browser, code)
        node = dict(view.children(node))[code]
        steps.append(f"{guess}:{format_pattern(code)}")
        assert browser.current_url.endswith("#" + ",".join(steps))
        assert f"Play {view.guess(node).upper()}: {view.below[node]:,} answer" in text(browser, "status")
        assert shown_stats(browser) == expected_stats(view, node, len(steps) + 1)
    by_id(browser, "solved-button").click()
    assert text(browser, "status") == "Solved: CIGAR in 4 guesses."
    assert len(browser.find_elements("css selector", "#breadcrumb a")) == 5  # start and four guesses
    by_id(browser, "back").click()
    assert "Play CIGAR" in text(browser, "status")
    by_id(browser, "forward").click()
    assert text(browser, "status") == "Solved: CIGAR in 4 guesses."
    browser.find_elements("css selector", "#breadcrumb a")[1].click()  # after SALET
    assert browser.current_url.endswith("#" + steps[0])
    assert console_errors(browser) == []


@pytest.mark.integration
def test_typed_feedback_and_an_impossible_one(browser, page):
    open_page(browser, page)
    box = by_id(browser, "pattern-input")
    box.send_keys("ggggg\n")
    assert text(browser, "status") == "step 1: 'salet' cannot be the answer here: no answer fits this history"
    box.clear()
    box.send_keys("bbbbb\n")
    assert "Play COURD: 221 answers left" in text(browser, "status")
    assert console_errors(browser) == []


@pytest.mark.long
@pytest.mark.integration
def test_fragment_opens_a_shared_position(browser, page):
    open_page(browser, page, "#salet:bbbbb,courd:bbbbb")
    assert "Play NYMPH: 14 answers left" in text(browser, "status")
    words = text(browser, "answers-list").split()
    assert len(words) == 14
    assert "nymph" in words
    open_page(browser, page, "#salet:bbbbb,crane:bbbbb")  # an own guess: off the tree, as wordle-next says
    assert text(browser, "status").startswith("Play DOUGH: 51 answers left (the runtime's simple off-tree rule")
    open_page(browser, page, "#salet:bbbbb,qqqqq:bbbbb")  # refused: the playable start is kept
    assert text(browser, "status") == "step 2: 'qqqqq' is not in this tree's guess list"
    assert browser.current_url.endswith("#salet:bbbbb")
    opens_at = export_html(DEFAULT, page.with_name("at-path.html"), "--path", "salet:bbbbb")
    open_page(browser, opens_at)  # no fragment: --path decides where the page opens
    assert "Play COURD: 221 answers left" in text(browser, "status")
    assert browser.current_url.endswith("#salet:bbbbb")
    open_page(browser, page, "#%E0%A4%A")  # a mangled link: one message, no exception
    assert "is not readable" in text(browser, "status")
    assert "Play SALET" not in text(browser, "status")
    assert console_errors(browser) == []


@pytest.mark.long
@pytest.mark.integration
def test_the_status_says_when_the_move_shown_is_proved_best(browser, page):
    """With one answer left, on the tree or off it, playing it is proved best; with two off
    the tree, the rule's guess (one of them) is, when both are equally likely; else it is not."""
    open_page(browser, page, "#salet:bbybb,courd:gyybg")
    assert (
        text(browser, "status")
        == "Play CLOUD: 1 answer left, so CLOUD is proved best: solved in 1 more guess. on the tree"
    )
    open_page(browser, page, "#salet:bbybb,crony:gbgbb,clock:gggbb")
    assert (
        text(browser, "status")
        == "Play CLOUD: 1 answer left, so CLOUD is proved best: solved in 1 more guess. off the tree"
    )
    open_page(browser, page, "#salet:bbybb,crony:gbgbb")
    assert text(browser, "status") == (
        "Play CLOCK: 2 answers left (the off-tree rule guesses one of them: proved best when both are equally likely). "
        "off the tree"
    )
    open_page(browser, page, "#salet:bbbbb,crane:bbbbb")
    assert "not a proved best move" in text(browser, "status")
    assert console_errors(browser) == []


@pytest.mark.long
@pytest.mark.integration
def test_own_guesses_undo_restart_and_share(browser, page):
    """An own guess typed and coloured by tapping its tiles takes the game off the tree, as
    wordle-next plays it; a guess the game refuses gets the runtime's reason; undo, restart."""
    open_page(browser, page)
    guess = by_id(browser, "guess-input")
    guess.clear()
    guess.send_keys("qqqqq")
    assert text(browser, "guess-note") == "'qqqqq' is not in this tree's guess list"
    guess.clear()
    guess.send_keys("crane")
    assert "leaves the tree" in text(browser, "guess-note")
    assert "".join(t.text for t in browser.find_elements("css selector", "#guess-tiles .tile")) == "CRANE"
    click_feedback(browser, score_code("crane", "dough"))  # crane bbbbb
    assert text(browser, "status").startswith("Play ")
    assert "off the tree" in text(browser, "status")
    assert browser.current_url.endswith("#crane:bbbbb")
    assert not browser.find_elements("css selector", "#children tbody tr")  # no tree below an own guess
    by_id(browser, "undo").click()
    assert text(browser, "status").startswith("Play SALET: 2,315 answers left")
    by_id(browser, "back").click()  # an undo is a step of the browser's history too
    assert browser.current_url.endswith("#crane:bbbbb")
    by_id(browser, "share").click()
    assert by_id(browser, "share-link").get_attribute("value") == browser.current_url
    by_id(browser, "restart").click()
    assert browser.current_url.endswith("#")
    assert "Play SALET" in text(browser, "status")
    assert "wordle-tree serve" in text(browser, "analysis-status")  # a file cannot reach the engine
    assert not by_id(browser, "analyse-button").is_displayed()
    assert console_errors(browser) == []


@pytest.mark.long
@pytest.mark.integration
def test_search_shows_an_answer_path(browser, page, view):
    open_page(browser, page)
    box = by_id(browser, "search-input")
    box.send_keys("ciga")
    assert "cigar" in [b.text for b in browser.find_elements("css selector", "#suggestions button")]
    box.send_keys("r\n")
    result = by_id(browser, "search-result")
    assert result.text.startswith("CIGAR is solved in 4 guesses")
    rows = result.find_elements("css selector", ".row")
    shown = ["".join(t.text for t in r.find_elements("css selector", ".tile")) for r in rows]
    colours = [
        "".join(t.get_attribute("class").split()[-1] for t in r.find_elements("css selector", ".tile")) for r in rows
    ]
    assert shown == ["SALET", "BROND", "CHAIR", "CIGAR"]
    assert colours == [format_pattern(score_code(w.lower(), "cigar")) for w in shown]
    by_id(browser, "open-path").click()
    assert text(browser, "status") == "Solved: CIGAR in 4 guesses."
    box.clear()
    box.send_keys("zzzzz\n")
    assert "is not an answer of this tree" in text(browser, "search-result")
    assert console_errors(browser) == []


@pytest.mark.integration
def test_screenshot_is_not_blank(browser, page):
    open_page(browser, page, "#salet:bybbb")
    shot = browser.get_screenshot_as_base64()
    browser.get("about:blank")  # decode it with the browser's own PNG decoder, in a blank page
    width, height, inked, green = browser.execute_async_script(
        """
        const done = arguments[arguments.length - 1], img = new Image();
        img.onload = () => {
          const c = document.createElement("canvas");
          c.width = img.width; c.height = img.height;
          const g = c.getContext("2d"); g.drawImage(img, 0, 0);
          const px = g.getImageData(0, 0, c.width, c.height).data;
          let inked = 0, green = 0;
          for (let i = 0; i < px.length; i += 4) {
            if (px[i] < 200 || px[i + 1] < 200 || px[i + 2] < 200) inked++;
            if (px[i] === 0x6a && px[i + 1] === 0xaa && px[i + 2] === 0x64) green++;  // the game's green
          }
          done([c.width, c.height, inked / (px.length / 4), green]);
        };
        img.src = "data:image/png;base64," + arguments[0];""",
        shot,
    )
    assert width >= 800
    assert height >= 600
    assert inked > 0.03, f"only {inked:.1%} of the screenshot is not white"
    assert green > 1000  # tiles and histogram bars in the game's green


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(p.name for p in SHIPPED.glob("*.wtree")))
@pytest.mark.integration
def test_every_shipped_tree_opens_cleanly(browser, tmp_path, name):
    page = export_html(SHIPPED / name, tmp_path / "tree.html")
    assert page.stat().st_size <= 100_000 + 2 * (SHIPPED / name).stat().st_size  # the page's code, then the tree
    open_page(browser, page)
    stats = read_tree_file(SHIPPED / name).meta["stats"]
    shown = shown_stats(browser)
    assert (shown["answers"], shown["total"], shown["max"]) == (
        stats["answers"],
        stats["total_guesses"],
        stats["max_depth"],
    )
    assert console_errors(browser) == []


@pytest.mark.slow
@pytest.mark.integration
def test_the_12972_answer_tree_stays_usable(browser, tmp_path):
    """Sørensen's setting: every word an answer, minimax from lares (the tree is built first)."""
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.pipeline.compile import compile_tree
    from wordle_compiler.treefiles.artifact import save_tree

    result = compile_tree(BuildConfig(strategy="minimax", settings=Settings(answers="all", max_depth=7), start="lares"))
    tree = tmp_path / "lares-all.wtree"
    save_tree(tree, result.data)
    page = export_html(tree, tmp_path / "lares.html")
    load_ms = open_page(browser, page)
    print(f"\n12,972-answer tree: {page.stat().st_size:,} bytes of HTML, loaded in {load_ms:.0f} ms")
    assert load_ms <= 3000
    assert shown_stats(browser)["answers"] == 12972
    started = time.perf_counter()
    by_id(browser, "search-input").send_keys("zymic\n")
    assert "ZYMIC is solved in" in text(browser, "search-result")
    browser.find_elements("css selector", "#children tbody tr")[0].click()
    assert time.perf_counter() - started < 2.0
    assert console_errors(browser) == []
