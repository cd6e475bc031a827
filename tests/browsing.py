"""Headless Chromium through Selenium, for the explorer's tests (not a test module).

Needs the `selenium` package (the test extra) and Debian's `chromium` and `chromium-driver`
(.ci/run installs them); :func:`start_chromium` skips the calling test, with the reason, when
they are missing.  Set WORDLE_TREE_CHROMIUM / WORDLE_TREE_CHROMEDRIVER to use other binaries.
"""

from __future__ import annotations

import os
import shutil
import tempfile

import pytest

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
]


def _binary(env, names):
    found = os.environ.get(env) or next(filter(None, map(shutil.which, names)), None)
    return found if found and os.path.exists(found) else None


def start_chromium(width: int = 1280, height: int = 1000, mobile: bool = False):
    """A headless Chromium driver (a generator: yield it, then quit), ``width`` × ``height``;
    ``mobile``: a phone's viewport (touch, device pixel ratio 3) at that size."""
    webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (pip install '.[test]')")
    chromium = _binary("WORDLE_TREE_CHROMIUM", ["chromium", "chromium-browser", "google-chrome"])
    driver_path = _binary("WORDLE_TREE_CHROMEDRIVER", ["chromedriver"])
    if not chromium or not driver_path:
        pytest.skip("no Chromium and chromedriver found (apt-get install chromium chromium-driver, as .ci/run does)")
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in [*FLAGS, f"--window-size={width},{height}"]:
        options.add_argument(flag)
    if mobile:
        options.add_experimental_option(
            "mobileEmulation", {"deviceMetrics": {"width": width, "height": height, "pixelRatio": 3.0, "touch": True}}
        )
    profile = tempfile.mkdtemp(prefix="wordle-tree-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path=driver_path), options=options)
    driver.implicitly_wait(0)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait_ready(driver) -> float:
    """Wait for the explorer's first render; its load time in ms (the later of the render and
    the load event)."""
    ready = driver.execute_script("return document.body.dataset.ready === 'true' && window.explorerReadyMs")
    assert ready, "the page did not finish its first render"
    load_end = driver.execute_script("return performance.getEntriesByType('navigation')[0].loadEventEnd")
    return max(ready, load_end)


def console_errors(driver):
    """The browser console's errors and warnings since the last call."""
    return [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "WARNING")]


def by_id(driver, name):
    return driver.find_element("id", name)


def text(driver, name):
    return by_id(driver, name).text


def wait_for(driver, script: str, timeout: float = 30.0):
    """Poll ``script`` (a JavaScript expression) until it is truthy; its value."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(f"return {script}"))


def page_width(driver) -> tuple[int, int]:
    """(the document's scroll width, the viewport's width): equal when nothing scrolls sideways."""
    return tuple(
        driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    )
