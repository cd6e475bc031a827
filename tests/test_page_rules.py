"""The explorer page's rules (compiler/templates/rules.js) against the Python runtime's.

Random histories, on and off every shipped tree (five-letter Wordle in normal, hard and
possible mode) and trees of the runtime's other games (six letters in hard mode, an alphabet
beyond a-z, symbols past U+FFFF, Mastermind), in every notation, with own guesses, illegal
ones, impossible patterns and malformed text, are answered by the page in headless Chromium
(one call per tree for its whole batch) and by ``wordle_runtime``: the next guess, the answers
left (their number, a checksum and, when few, the words), on or off the tree, solved, and
every refusal's exact text and kind must agree.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import wordle_runtime
import wordle_trees
from browsing import console_errors, start_chromium, wait_ready
from game_trees import first_candidate_tree
from wordle_compiler.treefiles.export.html import explorer_data, render_page
from wordle_compiler.treefiles.export.view import TreeView
from wordle_runtime.format import pack_tree, unpack_tree
from wordle_runtime.game import MASTERMIND, WORDLE, Game, alphabet_of, mastermind, mastermind_codes
from wordle_runtime.history import HistoryError, NoAnswerError
from wordle_runtime.tree import Tree

SHIPPED = sorted(p.stem for p in Path(wordle_trees.__file__).parent.glob("*.wtree"))
PER_TREE = 150  # histories a tree: every shipped tree and 4 of other games
PER_LARGE_TREE = 30  # a tree of more than LARGE_TREE answers (Super Mastermind's 32,768): the
LARGE_TREE = 10_000  # runtime answers its histories in about 0.1 s each, so fewer are checked
EMOJI = {"b": ["\u2b1b", "\u2b1c"], "y": ["\U0001f7e8"], "g": ["\U0001f7e9"]}
JUNK = [
    "qqqqq",
    "zzzzz",
    "sal3t",
    "salets",
    "abc",
    "ñandu",
    "crâne",
    "SALET",
    "Salet",
    "s-let",
    "",
    "K" * 5,
    "\u212aelly",
    "a'b\"c",
    "x\x1by",
    "ｓａｌｅｔ",  # noqa: RUF001 - fullwidth letters, refused
    "1122",
    "12",
    "🍎🍌",
    "ÑANDÚS",
    "İlkay",
    "İİİİ",
]
BAD_PATTERNS = [
    "bbxbb",
    "bbbb",
    "bbbbbb",
    "ggggg\u2060",
    "22221",
    "⬛⬛⬛⬛",
    "gyb",
    "0120",
    "🟩🟩🟩🟩🟩🟩",
    "ggggg\ufe0f",
    "B9W0",
    "B2W1",
    "b0w",
    "3,1,",
    "B1W1W",
    "B٣W0",
    "99999999999999999999,0",
]
# Every refusal the runtime can give a history, as a fragment of its text.
REASONS = [
    "is not in this tree's guess list",
    "letter must be",
    "times (shown in",
    "it must contain",
    "could not be the answer after",
    "is impossible for",
    "no answer fits the history",
    "cannot be the answer here",
    "-letter word",
    "symbols long",
    "not in the game's alphabet",
    "bad feedback pattern",
    "pegs scores",
    "has no feedback pattern",
    "so nothing may follow it",
    "more than 255 steps",
]

# One round trip: the page's answers, with the answers left reduced to a count, a checksum and
# (when few) the words themselves.
CHECK = """
const fnv = (s) => { let h = 0x811c9dc5; for (const ch of s) { h ^= ch.codePointAt(0);
  h = Math.imul(h, 0x01000193) >>> 0; } return h >>> 0; };
return window.explorer.check(arguments[0]).map((r) => r.error !== undefined ? r :
  { guess: r.guess, on_tree: r.on_tree, solved: r.solved, n: r.candidates.length,
    hash: fnv(r.candidates.join(" ")), few: r.candidates.length <= 20 ? r.candidates : null });
"""


def fnv(text: str) -> int:
    """The page's checksum: 32-bit FNV-1a over the code points."""
    h = 0x811C9DC5
    for ch in text:
        h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
    return h


def runtime_answer(tree, history: str) -> dict:
    """What the page must answer for ``history``, from the Python runtime."""
    try:
        p = tree.position(history)
    except NoAnswerError as exc:
        return {"error": str(exc), "no_answer": True}
    except HistoryError as exc:
        return {"error": str(exc), "no_answer": False}
    words = list(p.candidates)
    return {
        "guess": p.guess,
        "on_tree": p.on_tree,
        "solved": p.solved,
        "n": len(words),
        "hash": fnv(" ".join(words)),
        "few": words if len(words) <= 20 else None,
    }


# ---- trees of the other games: the first answer still possible at every node (as in
# test_runtime_games), through the file format, so the runtime reads them as any tree


def game_tree(game: Game, answers: list[str], mode: str) -> Tree:
    """A valid tree of ``game`` over ``answers`` (also the guesses), as the runtime loads it."""
    return Tree(unpack_tree(pack_tree(first_candidate_tree(game, answers, answers, mode))))


def other_games() -> dict[str, Tree]:
    """Six-letter words in hard mode, an alphabet beyond a-z, symbols past U+FFFF, Mastermind
    (whose hard mode the runtime ignores)."""
    originals = wordle_runtime.load().answers
    six = sorted({w + "s" for w in originals[::4]})
    accented = sorted(
        {w.replace("n", "ñ").replace("a", "á", 1) if i % 3 == 0 else w for i, w in enumerate(originals[::5])}
    )
    fruit = "🍇🍈🍉"  # four of three symbols: a guess often holds every symbol of the alphabet
    fruits = [a + b + c + d for a in fruit for b in fruit for c in fruit for d in fruit]
    mm = mastermind(4, 6)
    return {
        "six letters, hard": game_tree(Game(WORDLE, 6), six, "hard"),
        "ñ and á, normal": game_tree(Game(WORDLE, 5, alphabet_of(accented)), accented, "normal"),
        "fruit, possible": game_tree(Game(WORDLE, 4, "".join(sorted(fruit))), fruits, "possible"),
        "mastermind 4x6, hard (no such rule there)": game_tree(mm, mastermind_codes(mm), "hard"),
    }


# ---- histories


def pattern_text(game: Game, code: int, rng: random.Random) -> str:
    if game.rule == MASTERMIND:
        black, white = divmod(code, game.length + 1)
        return rng.choice([f"B{black}W{white}", f"b{black}w{white}", f"{black},{white}", f"B{black}W{white} "])
    letters = game.format_code(code)
    style = rng.randrange(5)
    if style == 0:
        return letters.translate(str.maketrans("byg", "012"))
    if style == 1:
        return "".join(rng.choice(EMOJI[c]) + ("\ufe0f" if rng.random() < 0.3 else "") for c in letters)
    if style == 2:
        return "".join(c.upper() if rng.random() < 0.5 else c for c in letters)
    if style == 3:
        return letters.replace("b", rng.choice("_.-b"))
    return letters


def step_text(word: str, pattern: str, rng: random.Random) -> str:
    if rng.random() < 0.1:
        word = word.upper()
    return rng.choice([f"{word} {pattern}", f"{word}:{pattern}", f"{word}={pattern}", f"{word}: {pattern}"])


def random_game(tree, words: list[str], rng: random.Random) -> list[tuple[str, int]]:
    """A game for a random answer: the tree's guesses, with own guesses (legal or not) from a
    random step on, then answers that still fit or any word; cut at a random length."""
    game, answer = tree.game, rng.choice(tree.answers)
    leave_at = rng.choice([None, None, 1, 2, 2, 3, 3, 4, 0])
    steps, remaining, own = [], None, False
    while len(steps) < 8:
        own = own or len(steps) == leave_at
        if not own:
            guess = tree.next_guess(steps)
            if guess is None:
                break
        else:
            if remaining is None:
                remaining = tree.position(steps).candidates if steps else tree.answers
            guess = rng.choice(words) if rng.random() < 0.35 else rng.choice(remaining)
        code = game.score_code(guess, answer)
        steps.append((guess, code))
        if remaining is not None:
            remaining = [a for a in remaining if game.score_code(guess, a) == code]
        if code == game.all_correct:
            break
    if rng.random() < 0.4:
        return steps
    if own and rng.random() < 0.7:  # most often just after the game left the tree
        return steps[: rng.randint(min(leave_at + 1, len(steps)), len(steps))]
    return steps[: rng.randint(0, len(steps))]


def spoiled(game: Game, steps: list[tuple[str, int]], rng: random.Random) -> list[tuple[str, str | None]]:
    """The steps as text, one of them spoiled in one of the ways a person or a link can."""
    parts = [(w, pattern_text(game, c, rng)) for w, c in steps]
    k = rng.randrange(len(parts) + 1)
    some_word = parts[k][0] if k < len(parts) else (parts[0][0] if parts else "crane")
    kind = rng.randrange(6)
    if kind == 0:  # a pattern no answer gives (or one that cannot happen at all)
        codes = [c for c in range(game.n_codes - 1) if game.possible_code(c)]
        parts.insert(k, (some_word, game.format_code(rng.choice(codes))))
    elif kind == 1:
        parts.insert(k, (rng.choice(JUNK), rng.choice(["bbbbb", "B0W0", "0,0"])))
    elif kind == 2:
        parts.insert(k, (some_word, rng.choice(BAD_PATTERNS)))
    elif kind == 3:  # a step after the game ended
        parts.insert(k, (some_word, game.format_code(game.all_correct)))
    elif kind == 4:  # a word without its pattern, or a pattern without its word
        parts.insert(k, (some_word, None) if rng.random() < 0.5 else ("", parts[0][1] if parts else "bbbbb"))
    else:
        parts = parts * rng.choice([40, 300])  # long games, and more than 255 steps
    return parts


def history_text(parts, rng: random.Random) -> str:
    out = []
    for word, pattern in parts:
        out.append(word if pattern is None else f":{pattern}" if word == "" else step_text(word, pattern, rng))
    return rng.choice([" ", ",", ", ", "  \n"]).join(out)


def targeted(tree, words: list[str], rng: random.Random) -> list[str]:
    """Histories the random games reach too rarely: an own first guess that leaves more answers
    than the off-tree rule shortlists, and, in hard mode, a letter shown twice then kept once."""
    game, found = tree.game, []
    for answer in rng.sample(tree.answers, 2):  # the tree's own guess said to be the answer, a step in
        first = tree.first_guess
        found.append(
            f"{first} {game.format_code(game.score_code(first, answer))} "
            f"{tree.next_guess([(first, game.score_code(first, answer))]) or first} "
            f"{game.format_code(game.all_correct)}"
        )
    for _ in range(3):
        answer, guess = rng.choice(tree.answers), rng.choice(words)
        found.append(f"{guess} {game.format_code(game.score_code(guess, answer))}")
    blank = game.format_code(0)
    # a symbol whose lower case is longer; quotes
    found.extend(f"{junk} {blank}" for junk in ("İlkay", "it's", 'say"', "x\x1by", "ÑANDÚ"))
    found.append(" ".join([f"{tree.first_guess} {blank}"] * 256))  # one step more than a game may have
    if game.rule == MASTERMIND:  # a score no guess can get: all but one black, and one white
        found += [f"{tree.first_guess} B{game.length - 1}W1", f"{tree.first_guess} {game.length - 1},1"]
        found += [f"{tree.first_guess} {game.length - 1}A1B", f"{tree.first_guess} 1a1b"]
        found += [f"{tree.first_guess} {bad}" for bad in ("A1B", "1AB", "1A1A1B", "1A2")]
    codes = [c for c in range(game.n_codes) if game.possible_code(c)]
    for _ in range(10):  # any pattern for any word: impossible ones too (and, in a small alphabet,
        # words holding every symbol, which leave no symbol to fill an answer with)
        found.append(f"{rng.choice(words)} {game.format_code(rng.choice(codes))}")
    doubles = [w for w in words if len(set(w)) < len(w)]
    for _ in range(5000 if tree.mode == "hard" and doubles else 0):
        first, answer, second = rng.choice(doubles), rng.choice(tree.answers), rng.choice(words)
        steps = [(first, game.score_code(first, answer))]
        if "times (shown in" in (tree.guess_problem(steps, second) or ""):
            found.append(
                f"{first} {game.format_code(steps[0][1])} {second} {game.format_code(game.score_code(second, answer))}"
            )
            if len(found) >= 6:
                break
    return found


def histories_for(tree, rng: random.Random) -> list[str]:
    words = tree.guess_list.words()
    found = targeted(tree, words, rng)
    while len(found) < (PER_TREE if len(tree.answers) <= LARGE_TREE else PER_LARGE_TREE):
        game = random_game(tree, words, rng)
        if rng.random() < 0.3:
            found.append(history_text(spoiled(tree.game, game, rng), rng))
        else:
            found.append(history_text([(w, pattern_text(tree.game, c, rng)) for w, c in game], rng))
    return found


@pytest.fixture(scope="module")
def browser():
    yield from start_chromium()


# The shipped trees the default suite's pages answer for, one of each kind: five letters in
# normal, hard and possible mode and under weights, Cyrillic, six letters, equations,
# Mastermind and its distinct codes.  The slow suite checks every other shipped tree.
EACH_KIND = {
    "salet-optimal-normal",
    "salet-optimal-hard",
    "plate-optimal-possible",
    "salet-prior-nyt-extended",
    "ru-optimal-hard",
    "en6-optimal-normal",
    "nerdle-mini-optimal-normal",
    "mastermind-4x6-optimal-normal",
    "bulls-and-cows-optimal-normal",
}


def trees(large: bool, every_kind_only: bool = False) -> dict[str, Tree]:
    """The shipped trees and the other games' of at most LARGE_TREE answers, or (``large``)
    the shipped ones of more; ``every_kind_only``: of the shipped ones only EACH_KIND, and
    False: only the others (the other games' trees go with EACH_KIND)."""
    shipped = [name for name in SHIPPED if large or (name in EACH_KIND) == every_kind_only]
    found = {**{name: wordle_runtime.load(name) for name in shipped}, **(other_games() if every_kind_only else {})}
    return {name: tree for name, tree in found.items() if (len(tree.answers) > LARGE_TREE) == large}


def check_pages(browser, folder: Path, trees: dict[str, Tree], rng: random.Random) -> dict:
    """Each tree's page answers its histories as the runtime does, with no console error;
    what the runtime's answers were, counted."""
    counts = {"kinds": dict.fromkeys(("on", "off", "solved", "refused", "no answer"), 0)}
    counts.update(reasons=dict.fromkeys(REASONS, 0), large_off_tree=0, checked=0)
    kinds, reasons = counts["kinds"], counts["reasons"]
    for number, (name, tree) in enumerate(trees.items()):
        histories = histories_for(tree, rng)
        page = folder / f"tree-{number}.html"
        page.write_text(render_page(explorer_data(TreeView(tree.data))), encoding="utf-8")
        browser.get(page.as_uri())
        wait_ready(browser)
        got = browser.execute_script(CHECK, histories)
        for history, answer in zip(histories, got, strict=True):
            expected = runtime_answer(tree, history)
            assert answer == expected, f"{name}: {history!r}"
            counts["checked"] += 1
            if "error" in expected:
                kinds["no answer" if expected["no_answer"] else "refused"] += 1
                for reason in reasons:
                    reasons[reason] += reason in expected["error"]
            else:
                kinds["solved" if expected["solved"] else "on" if expected["on_tree"] else "off"] += 1
                counts["large_off_tree"] += not expected["on_tree"] and expected["n"] > 150
        assert console_errors(browser) == [], name
    return counts


@pytest.mark.integration  # drives headless Chromium
@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_the_page_answers_as_the_runtime_does(browser, tmp_path):
    assert set(SHIPPED) >= EACH_KIND
    counts = check_pages(browser, tmp_path, trees(large=False, every_kind_only=True), random.Random(20260))
    assert counts["checked"] >= 1000
    assert min(counts["kinds"].values()) >= 40, counts["kinds"]  # every kind of answer is well represented
    missed = [reason for reason, seen in counts["reasons"].items() if not seen]
    assert not missed, f"no history was refused for: {missed}"
    assert counts["large_off_tree"] >= 10  # the off-tree rule's shortlist was needed


@pytest.mark.slow
@pytest.mark.integration
def test_the_page_answers_as_the_runtime_does_on_every_other_shipped_tree(browser, tmp_path):
    others = trees(large=False)
    assert len(others) >= 15
    counts = check_pages(browser, tmp_path, others, random.Random(20262))
    assert counts["checked"] >= PER_TREE * len(others)


@pytest.mark.slow  # the runtime takes about 0.5 s a history off Super Mastermind's trees
@pytest.mark.integration
def test_the_page_answers_as_the_runtime_does_on_the_largest_trees(browser, tmp_path):
    large = trees(large=True)
    assert len(large) >= 3  # Super Mastermind's two, Nerdle's
    counts = check_pages(browser, tmp_path, large, random.Random(20261))
    assert counts["checked"] >= PER_LARGE_TREE * len(large)
