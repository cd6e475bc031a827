"""The multi-board pages of ``wordle-tree serve`` (``/dordle`` to ``/duotrigordle``) and
``/api/boards``, against a real server: the API answers what ``wordle-tree analyse --game GAME
--json`` prints (the command line run as a subprocess), hostile queries get one-line JSON
refusals, a slow position is stopped at the time limit; in headless Chromium, a seeded game is
the one ``?seed=N`` documents (SplitMix64 over the original answers), played by keyboard and by
tapping the on-screen keys at a phone's 390 × 844 with nothing scrolling sideways, its history
read by ``wordle-next --game GAME`` (subprocess), its analysis the API's, won and lost games
showing their answers."""

from __future__ import annotations

import json
import time
from urllib.parse import quote_plus

import pytest

from browsing import by_id, console_errors, page_width, start_chromium, wait_for
from clirun import run
from serving import serving
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.util.splitmix import below
from wordle_runtime.feedback import format_pattern, score_code

TREE = "salet-optimal-normal"  # one tree: the server starts faster
ANSWERS = load_word_lists("original").answers
BOARDS = {"dordle": 2, "quordle": 4, "octordle": 8, "sedecordle": 16, "duotrigordle": 32}
PHONE = 390


@pytest.fixture(scope="module")
def server():
    with serving(TREE, "--workers", "1", "--time-limit", "60") as running_server:
        yield running_server


def seeded_answers(seed: int, boards: int) -> list[str]:
    """The answers of game ``seed`` as docs/serving.md defines them: the SplitMix64 words from
    the seed modulo 2,315 index the original answers, a repeat skipped."""
    picked: list[int] = []
    for index in below(seed, 64, len(ANSWERS)):
        if int(index) not in picked:
            picked.append(int(index))
    return [ANSWERS[i] for i in picked[:boards]]


def history_of(answers: list[str], guesses: list[str]) -> str:
    """The game's history in the multi-board notation, scored by the runtime."""
    steps, open_boards = [], list(range(len(answers)))
    for guess in guesses:
        steps.append(f"{guess} " + ",".join(format_pattern(score_code(guess, answers[b])) for b in open_boards))
        open_boards = [b for b in open_boards if answers[b] != guess]
    return " ".join(steps)


def api_boards(server, **fields) -> tuple[int, dict]:
    query = "&".join(f"{key}={quote_plus(str(value))}" for key, value in fields.items())
    status, doc, _ = server.get(f"/api/boards?{query}", timeout=120)
    assert isinstance(doc, dict), doc
    return status, doc


def cli_boards(game: str, history: str, **options) -> tuple[int, dict]:
    """(exit code, the JSON object) of ``wordle-tree analyse --game GAME HISTORY --json``."""
    argv = ["analyse", "--game", game, *history.split(), "--json"]
    for key, value in options.items():
        argv += [f"--{key}", str(value)]
    result = run("wordle-tree", *argv)
    return result.returncode, json.loads(result.stdout)


QUORDLE_1 = "salet bybbb,bbbyg,gbbbb,bbbbb"
QUORDLE_2 = f"{QUORDLE_1} crony gybbb,bybbb,bbbbg,bbbbb"
QUORDLE_3 = f"{QUORDLE_2} limbo bgbbb,bbbyb,bgbbb,bbgbb"
SEDECORDLE_1 = "salet ybbyb,gbbgy,gbbgb,bbybb,gybyb,bbbbg,gbbbg,bybyb,gybbb,ybbbg,bbgyb,bbybb,bybbb,bybyb,bbbby,bgbgb"
SAME = [
    ("dordle", "salet bbygb,gbbyb rhino bbbbb,bbbgb", {}),  # exact
    ("quordle", QUORDLE_1, {"top": 3}),  # too many tuples: the policy's move
    ("quordle", QUORDLE_3, {"top": 3, "move": "rebut"}),  # exact, with a move's value
    ("octordle", "", {}),  # the opening
    ("sedecordle", SEDECORDLE_1, {"top": 3}),  # sixteen boards: the policy's move, guess 2 of 21
    ("duotrigordle", "", {}),
    ("sedecordle", "salet bbbbb,bbbbb", {}),
    ("quordle", "salet:bybbb,bbbyg,gbbbb,bbbbb", {"move": "zzzzz"}),  # refusals, in the command line's words
    ("dordle", "salet bbygb,gbbyb rhino bbbbb,bbbgb spend ggggg,bbbbb", {}),
    ("quordle", "salet bbbbb", {}),
    ("dordle", "salet bbygb,gbbyb rhino", {}),
    ("quordle", QUORDLE_1, {"top": 0}),
    ("quordle", QUORDLE_1, {"top": 5000}),
    ("quordle", QUORDLE_1, {"top": "x"}),
]


@pytest.mark.long
@pytest.mark.parametrize("game, history, options", SAME, ids=[f"{g} {h} {o}" for g, h, o in SAME])
def test_the_api_answers_what_the_command_line_prints(server, game, history, options):
    status, doc = api_boards(server, game=game, history=history, **options)
    code, expected = cli_boards(game, history, **options)
    assert doc == expected
    assert status == {0: 200, 1: 422, 2: 400}[code]


HOSTILE = [
    ({"history": QUORDLE_1}, "'game' is required"),
    ({"game": "sextordle"}, "unknown game 'sextordle'"),
    ({"game": "wordle", "history": "salet bbbbb"}, "unknown game 'wordle'"),
    ({"game": "quordle", "top": "9" * 40}, "is not in the range 1<=x<=1000"),
    ({"game": "quordle", "top": "-1"}, "is not in the range 1<=x<=1000"),
    ({"game": "quordle", "top": "\uff11\uff12"}, "is not a whole number"),  # fullwidth digits
    ({"game": "quordle", "move": " "}, "--move"),
    ({"game": "quordle", "history": "salet"}, "has no patterns after it"),
    ({"game": "quordle", "history": "salet bbbbb,bbbbb,bbbbb,bbbbq"}, "step 1"),
    ({"game": "quordle", "history": "sal\x00t bbbbb,bbbbb,bbbbb,bbbbb"}, "step 1"),
    ({"game": "quordle", "history": "salet:bbbbb,bbbbb,bbbbb,bbbbb " * 300}, "a 4-board game allows 9"),
    ({"game": "sedecordle", "history": f"salet:{','.join(['bbbbb'] * 16)} " * 22}, "a 16-board game allows 21"),
    ({"game": "dordle", "history": "salet ggggg,ggggg"}, "cannot solve two boards"),
    ({"game": "dordle", "history": "salet bybbb,bbbyg cigar ggggg,bbbby rebut ggggg"}, "every board is solved"),
    ({"game": "quordle", "tree": TREE}, "unknown field 'tree'"),
    ({"game": "quordle", "boards": "4"}, "unknown field 'boards'"),
]


@pytest.mark.parametrize("fields, fragment", HOSTILE, ids=[f[1] for f in HOSTILE])
def test_hostile_queries_get_a_one_line_json_refusal(server, fields, fragment):
    status, doc = api_boards(server, **fields)
    assert 400 <= status < 500, (status, doc)
    assert set(doc) == {"error", "exit_code"}
    assert fragment in doc["error"]
    for leak in ("\n", "Traceback", "/work", ".py"):
        assert leak not in doc["error"]


def test_queries_the_parser_refuses_and_the_pages_not_served(server):
    status, doc, _ = server.get("/api/boards?game=quordle&game=dordle")
    assert (status, doc["error"]) == (400, "'game' is given 2 times: give it once")
    status, doc, _ = server.get("/api/boards?" + "&".join(f"f{k}=1" for k in range(40)))
    assert (status, doc) == (400, {"error": "the query has more than 32 fields"})
    for path in ("/quordle/", "/QUORDLE", "/sextordle", "/boards/quordle", "/api/boards/x"):
        status, doc, _ = server.get(path)
        assert status == 404, (path, doc)
        assert "/quordle" in doc["error"]
    assert api_boards(server, game="dordle")[0] == 200  # still serving
    assert server.proc.poll() is None


def test_the_pages_are_served_with_their_policy_and_linked_from_the_index(server):
    for game, boards in BOARDS.items():
        status, page, headers = server.get(f"/{game}")
        assert status == 200
        assert headers["Content-Type"].startswith("text/html")
        assert "connect-src 'self'" in headers["Content-Security-Policy"]
        assert f'"game":"{game}","boards":{boards},"limit":{boards + 5}' in page
    status, page, _ = server.get("/")
    assert '"games":["dordle","quordle","octordle","sedecordle","duotrigordle"]' in page


@pytest.mark.long
def test_a_slow_position_is_stopped_at_the_time_limit_as_an_analysis_is():
    with serving(TREE, "--workers", "1", "--time-limit", "3") as small:
        began = time.monotonic()
        slow = "salet bbbgb,byyyb dinar bbbbg,bbbyb"  # 435 tuples: the search runs to its own 30 s limit
        status, doc = api_boards(small, game="dordle", history=slow)
        assert status == 504
        assert doc == {
            "error": "the analysis took longer than this server's limit of 3 s and was stopped (wordle-tree "
            "serve --time-limit S sets it; wordle-tree analyse on the command line has no limit)"
        }
        assert time.monotonic() - began < 15
        assert api_boards(small, game="quordle", history=QUORDLE_1)[0] == 200  # a fresh worker answers
        _, err = small.stop()
        assert "Traceback" not in err


# ---- the page in headless Chromium


@pytest.fixture(scope="module")
def phone():
    yield from start_chromium(PHONE, 844, mobile=True)


@pytest.fixture(scope="module")
def desktop():
    yield from start_chromium(1280, 900)


def open_game(driver, server, game: str, seed: int) -> None:
    driver.get("about:blank")
    driver.get(f"{server.url}{game}?seed={seed}")
    wait_for(driver, "document.body.dataset.ready === 'true'")


def type_guesses(driver, *words: str) -> None:
    """Type each word and Enter on the physical keyboard."""
    body = driver.find_element("tag name", "body")
    for word in words:
        body.send_keys(word + "\n")


def tap(driver, element) -> None:
    """A finger's tap (touch events), as on a phone."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput

    actions = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    actions.pointer_action.move_to(element).pointer_down().pointer_up()
    actions.perform()


def shown_boards(driver) -> list[dict]:
    """Per board: its box, the colours of its played rows, and the answer shown under it."""
    return driver.execute_script("""return Array.from(document.querySelectorAll('#boards .board'), (b) => {
        const r = b.getBoundingClientRect();
        const colour = (t) => ['g', 'y', 'b'].find((c) => t.classList.contains(c)) || '';
        const rows = Array.from(b.querySelectorAll('.brow'), (row) => Array.from(row.children, colour).join(''))
            .filter((row) => row.length === 5);
        return { left: r.left, right: r.right, width: r.width, rows, answer: b.querySelector('.answer').textContent };
    });""")


def history_shown(driver) -> str:
    return by_id(driver, "history-text").get_attribute("value")


def round_trip(game: str, history: str):
    """``wordle-next --game GAME HISTORY`` as a real process."""
    return run("wordle-next", "--game", game, *history.split())


def assert_no_sideways_scroll(driver) -> None:
    scroll, width = page_width(driver)
    assert width == PHONE
    assert scroll <= width, f"the page scrolls sideways: {scroll} > {width}"


@pytest.mark.integration  # headless Chromium
@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_quordle_on_a_phone_by_keyboard_and_by_taps_to_a_win(server, phone):
    from selenium.webdriver.common.keys import Keys

    answers = seeded_answers(7, 4)
    open_game(phone, server, "quordle", 7)
    type_guesses(phone, "salet")
    for letter in "crony":
        tap(phone, phone.find_element("css selector", f'.key[data-letter="{letter}"]'))
    tap(phone, phone.find_element("css selector", '.key[aria-label="Enter"]'))
    boards = shown_boards(phone)
    assert len(boards) == 4
    assert all(b["left"] >= 0 and b["right"] <= PHONE and b["width"] > 120 for b in boards), boards
    assert [b["rows"] for b in boards] == [
        [format_pattern(score_code(word, answer)) for word in ("salet", "crony")] for answer in answers
    ]
    assert_no_sideways_scroll(phone)
    history = history_shown(phone)
    assert history == history_of(answers, ["salet", "crony"])
    played = round_trip("quordle", history)
    assert played.returncode == 0, played.stderr
    assert phone.current_url.endswith("/quordle?seed=7#salet,crony")

    tap(phone, by_id(phone, "analyse-button"))
    wait_for(phone, "document.querySelector('#analysis-value') || document.querySelector('#analysis-status.error')", 90)
    status, doc = api_boards(server, game="quordle", history=history, top=5)
    assert status == 200
    shown = phone.execute_script("""return Array.from(document.querySelectorAll('#best-moves tbody tr'),
        (r) => ({ word: r.dataset.word, guesses: +r.dataset.guesses, lost: +r.dataset.lost }));""")
    assert doc["exact"]
    assert shown == doc["moves"]

    type_guesses(phone, "xyzzy")
    assert by_id(phone, "message").text == "'xyzzy' is not in the word list"
    phone.find_element("tag name", "body").send_keys(Keys.BACKSPACE * 5)  # a refused word stays until erased
    type_guesses(phone, *answers)
    assert by_id(phone, "status").text == "Won: all 4 boards solved in 6 guesses."
    assert [b["answer"].split(" · ")[0] for b in shown_boards(phone)] == answers
    assert by_id(phone, "analyse-button").get_attribute("disabled") is not None
    played = round_trip("quordle", history_shown(phone))
    assert (played.returncode, played.stdout.strip()) == (0, "solved: " + " ".join(answers))
    assert_no_sideways_scroll(phone)
    assert console_errors(phone) == []


MANY = [
    ("octordle", 12345, 2),
    ("sedecordle", 16, 4),
    pytest.param("duotrigordle", 32, 4, marks=pytest.mark.slow),  # 34 guesses of 32 boards drawn: several seconds
]


@pytest.mark.long
@pytest.mark.integration
@pytest.mark.parametrize("game, seed, abreast", MANY)
def test_many_boards_on_a_phone_scroll_only_downwards_to_a_win(server, phone, game, seed, abreast):
    boards = BOARDS[game]
    answers = seeded_answers(seed, boards)
    open_game(phone, server, game, seed)
    type_guesses(phone, "salet", "crony")
    shown = shown_boards(phone)
    assert len(shown) == boards
    assert all(b["left"] >= 0 and b["right"] <= PHONE for b in shown), shown
    assert len({round(b["left"]) for b in shown}) == abreast
    assert [b["rows"][0] for b in shown] == [format_pattern(score_code("salet", a)) for a in answers]
    assert_no_sideways_scroll(phone)
    assert history_shown(phone) == history_of(answers, ["salet", "crony"])
    played = round_trip(game, history_shown(phone))
    assert played.returncode == 0, played.stderr
    assert f"; guess 3 of {boards + 5}" in played.stdout
    type_guesses(phone, *(a for a in answers if a not in ("salet", "crony")))
    guesses = 2 + sum(a not in ("salet", "crony") for a in answers)
    assert by_id(phone, "status").text == f"Won: all {boards} boards solved in {guesses} guesses."
    assert_no_sideways_scroll(phone)
    played = round_trip(game, history_shown(phone))
    assert (played.returncode, played.stdout.strip()) == (0, "solved: " + " ".join(answers))
    assert console_errors(phone) == []


@pytest.mark.long
@pytest.mark.integration
def test_a_lost_dordle_shows_its_answers_and_a_reload_keeps_the_game(server, desktop):
    answers = seeded_answers(2024, 2)
    misses = [w for w in ("salet", "crony", "limbo", "humph", "dwarf", "gawky", "jived") if w not in answers][:7]
    open_game(desktop, server, "dordle", 2024)
    type_guesses(desktop, *misses[:3])
    desktop.refresh()
    wait_for(desktop, "document.body.dataset.ready === 'true'")
    assert history_shown(desktop) == history_of(answers, misses[:3])
    type_guesses(desktop, *misses[3:])
    assert by_id(desktop, "status").text.startswith("Lost: 2 of 2 boards unsolved after 7 guesses")
    assert [b["answer"] for b in shown_boards(desktop)] == answers
    played = round_trip("dordle", history_shown(desktop))
    assert played.returncode == 1
    assert "the 7 guesses are spent with 2 boards open" in played.stderr
    assert console_errors(desktop) == []


@pytest.mark.long
@pytest.mark.integration
def test_the_index_links_the_pages_and_a_game_without_a_seed_gets_one(server, desktop):
    desktop.get(server.url)
    wait_for(desktop, "document.body.dataset.ready === 'true'")
    desktop.find_element("css selector", '#board-games a[href="/quordle"]').click()
    wait_for(desktop, "document.body.dataset.ready === 'true' && location.pathname === '/quordle'")
    seed = int(desktop.execute_script("return new URLSearchParams(location.search).get('seed')"))
    type_guesses(desktop, "salet")
    assert history_shown(desktop) == history_of(seeded_answers(seed, 4), ["salet"])
