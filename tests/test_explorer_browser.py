"""The HTML explorer (`wordle-tree export --format html`), driven in a real headless Chromium.

Needs the `selenium` package (the test extra) and Debian's `chromium` and `chromium-driver`
(.ci/run installs them); skipped, with the reason, when they are missing.
Set WORDLE_TREE_CHROMIUM / WORDLE_TREE_CHROMEDRIVER to use other binaries.
"""

import os
import shutil
import tempfile
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import wordle_trees
from wordle_compiler.treefiles.export.view import TreeView
from wordle_compiler.cli.tree import group
from wordle_runtime.feedback import format_pattern, score_code
from wordle_runtime.format import read_tree_file

SHIPPED = Path(wordle_trees.__file__).parent
DEFAULT = SHIPPED / "salet-optimal-normal.wtree"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,1000"]


def _binary(env, names):
    found = os.environ.get(env) or next(filter(None, map(shutil.which, names)), None)
    return found if found and os.path.exists(found) else None


@pytest.fixture(scope="module")
def browser():
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install '.[test]')")
    chromium = _binary("WORDLE_TREE_CHROMIUM", ["chromium", "chromium-browser", "google-chrome"])
    driver_path = _binary("WORDLE_TREE_CHROMEDRIVER", ["chromedriver"])
    if not chromium or not driver_path:
        pytest.skip("no Chromium and chromedriver found (apt-get install chromium chromium-driver, as .ci/run does)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="wordle-tree-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver_path), options=options)
    driver.implicitly_wait(0)
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


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
    ready = driver.execute_script("return document.body.dataset.ready === 'true' && window.explorerReadyMs")
    assert ready, "the page did not finish its first render"
    load_end = driver.execute_script("return performance.getEntriesByType('navigation')[0].loadEventEnd")
    return max(ready, load_end)


def console_errors(driver):
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def by_id(driver, name):
    return driver.find_element("id", name)


def text(driver, name):
    return by_id(driver, name).text


def shown_stats(driver):
    bars = driver.find_elements("css selector", "#histogram .bar")
    return {"answers": int(text(driver, "stat-left").replace(",", "")),
            "total": int(text(driver, "stat-total").replace(",", "")),
            "average": text(driver, "stat-average"), "max": int(text(driver, "stat-max")),
            "histogram": {b.get_attribute("data-guesses"): int(b.get_attribute("data-count")) for b in bars}}


def expected_stats(view, node, first_guess):
    """Stats of the subtree at ``node`` (played as guess number ``first_guess``), in Python."""
    histogram, stack = {}, [(node, first_guess)]
    while stack:
        current, number = stack.pop()
        if view.solves(current):
            histogram[str(number)] = histogram.get(str(number), 0) + 1
        stack.extend((child, number + 1) for _, child in view.children(current))
    total, answers = sum(int(k) * v for k, v in histogram.items()), sum(histogram.values())
    return {"answers": answers, "total": total, "average": f"{total / answers:.4f}",
            "max": max(map(int, histogram)), "histogram": histogram}


def test_default_file_is_small_and_self_contained(page):
    html = page.read_text(encoding="utf-8")
    assert page.stat().st_size <= 300_000
    assert "http://" not in html and "https://" not in html
    assert "<script src" not in html and "<link rel=\"stylesheet\"" not in html
    assert "default-src 'none'" in html  # the CSP forbids any fetch, so a slip would show as an error


def test_loads_fast_with_the_tree_own_stats_and_no_console_errors(browser, page, view):
    load_ms = open_page(browser, page)
    assert load_ms <= 1000, f"the default tree's page took {load_ms:.0f} ms to load"
    stats = read_tree_file(DEFAULT).meta["stats"]
    assert shown_stats(browser) == {"answers": stats["answers"], "total": stats["total_guesses"],
                                    "average": f"{stats['average']:.4f}", "max": stats["max_depth"],
                                    "histogram": {str(k): v for k, v in stats["histogram"].items()}}
    sizes = browser.execute_script(  # one round trip for all ~150 rows
        "return Array.from(document.querySelectorAll('#children tbody tr td:nth-child(3)'), td => td.textContent)")
    sizes = [int(size.replace(",", "")) for size in sizes]
    assert len(sizes) == len(view.children(0)) and sizes == sorted(sizes, reverse=True)
    assert "Play SALET: 2,315 answers left" in text(browser, "status")
    assert console_errors(browser) == []


def click_feedback(driver, code):
    """Set the current row's colours by clicking tiles (grey -> yellow -> green), then enter."""
    tiles = driver.find_elements("css selector", "#guess-tiles .tile")
    for tile, colour in zip(tiles, format_pattern(code)):
        for _ in range("byg".index(colour)):
            tile.click()
    assert by_id(driver, "pattern-input").get_attribute("value") == format_pattern(code)
    by_id(driver, "play-button").click()


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


def test_typed_feedback_and_an_impossible_one(browser, page):
    open_page(browser, page)
    box = by_id(browser, "pattern-input")
    box.send_keys("ggggg\n")
    assert text(browser, "status") == "SALET cannot be the answer here"
    box.clear()
    box.send_keys("bbbbb\n")
    assert "Play COURD: 221 answers left" in text(browser, "status")
    assert console_errors(browser) == []


def test_fragment_opens_a_shared_position(browser, page):
    open_page(browser, page, "#salet:bbbbb,courd:bbbbb")
    assert "Play NYMPH: 14 answers left" in text(browser, "status")
    words = text(browser, "answers-list").split()
    assert len(words) == 14 and "nymph" in words  # few answers: listed
    open_page(browser, page, "#salet:bbbbb,crane:bbbbb")
    assert "the tree plays COURD there, not CRANE" in text(browser, "status")
    opens_at = export_html(DEFAULT, page.with_name("at-path.html"), "--path", "salet:bbbbb")
    open_page(browser, opens_at)  # no fragment: --path decides where the page opens
    assert "Play COURD: 221 answers left" in text(browser, "status")
    assert browser.current_url.endswith("#salet:bbbbb")
    open_page(browser, page, "#%E0%A4%A")  # a mangled link: one message, no exception
    assert "is not readable" in text(browser, "status") and "Play SALET" not in text(browser, "status")
    assert console_errors(browser) == []


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
    colours = ["".join(t.get_attribute("class").split()[-1] for t in r.find_elements("css selector", ".tile"))
               for r in rows]
    assert shown == ["SALET", "BROND", "CHAIR", "CIGAR"]
    assert colours == [format_pattern(score_code(w.lower(), "cigar")) for w in shown]
    by_id(browser, "open-path").click()
    assert text(browser, "status") == "Solved: CIGAR in 4 guesses."
    box.clear()
    box.send_keys("zzzzz\n")
    assert "is not an answer of this tree" in text(browser, "search-result")
    assert console_errors(browser) == []


def test_screenshot_is_not_blank(browser, page):
    open_page(browser, page, "#salet:bybbb")
    shot = browser.get_screenshot_as_base64()
    browser.get("about:blank")  # decode it with the browser's own PNG decoder, in a blank page
    width, height, inked, green = browser.execute_async_script("""
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
        img.src = "data:image/png;base64," + arguments[0];""", shot)
    assert width >= 800 and height >= 600
    assert inked > 0.03, f"only {inked:.1%} of the screenshot is not white"
    assert green > 1000  # tiles and histogram bars in the game's green


@pytest.mark.parametrize("name", sorted(p.name for p in SHIPPED.glob("*.wtree")))
def test_every_shipped_tree_opens_cleanly(browser, tmp_path, name):
    page = export_html(SHIPPED / name, tmp_path / "tree.html")
    assert page.stat().st_size <= 300_000
    open_page(browser, page)
    stats = read_tree_file(SHIPPED / name).meta["stats"]
    shown = shown_stats(browser)
    assert (shown["answers"], shown["total"], shown["max"]) == (stats["answers"], stats["total_guesses"],
                                                                stats["max_depth"])
    assert console_errors(browser) == []


@pytest.mark.slow
def test_the_12972_answer_tree_stays_usable(browser, tmp_path):
    """Sørensen's setting: every word an answer, minimax from lares (builds the tree: ~15 s)."""
    from wordle_compiler.treefiles.artifact import save_tree
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.pipeline.compile import compile_tree

    result = compile_tree(BuildConfig(strategy="minimax", answers="all", start="lares", max_depth=7))
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
