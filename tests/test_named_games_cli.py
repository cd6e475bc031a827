"""Every named game end to end through the real command lines, on a sample of its answers
(its whole guess list kept): compile the optimal tree, verify it, rank first words, analyse a
position, export and play the tree.  Games of six or more symbols (en6, en7, nerdle,
nerdle-mini: 729 to 6,561 codes) run on the two-byte engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from clirun import run
from wordle_compiler.core.games import NAMED_GAMES
from wordle_compiler.core.wordlists import load_word_lists

ENGLISH = set("abcdefghijklmnopqrstuvwxyz")


def _sample(name: str, tmp_path: Path, size: int = 24) -> Path:
    """About ``size`` answers spread over the list, and the first answer holding each
    symbol outside a-z (ñ, ß, æ, Cyrillic, Nerdle's operators)."""
    answers = load_word_lists(name).answers
    picked = set(answers[:: max(1, len(answers) // size)])
    for symbol in sorted(set(NAMED_GAMES[name].game.alphabet) - ENGLISH):
        picked.update([w for w in answers if symbol in w][:1])
    path = tmp_path / f"{name}-sample.txt"
    path.write_text("".join(w + "\n" for w in sorted(picked)), encoding="utf-8")
    return path


# the games of the longest guess lists (7-13 s each) run in the slow suite; nerdle-mini keeps
# the two-byte engine in the default one
LONG_LISTS = {"en6", "en7", "ru", "nerdle"}


@pytest.mark.long
@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=[pytest.mark.slow] if name in LONG_LISTS else []) for name in NAMED_GAMES]
)
def test_a_named_game_compiles_ranks_analyses_exports_and_plays(name, tmp_path):
    game = NAMED_GAMES[name].game
    sample, tree = _sample(name, tmp_path), tmp_path / f"{name}.wtree"
    answers = sample.read_text(encoding="utf-8").split()
    built = run("wordle-compile", "--game", name, "--strategy", "optimal", "--answers", sample, "-o", tree, "--json")
    assert built.returncode == 0, built.stderr
    stats = json.loads(built.stdout)
    assert stats["answers"] == len(answers)
    assert stats["proved_optimal"]
    verified = run("wordle-tree", "verify", tree)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    info = json.loads(run("wordle-tree", "info", tree, "--json").stdout)
    if not game.is_default:  # Portuguese plays five letters a-z: a format 1 file, no game field
        assert (info["game"]["alphabet"], info["game"]["length"]) == (game.alphabet, game.length)
    assert info["guess_list"] == len(load_word_lists(name).guesses)

    first = stats["start"]
    firsts = tmp_path / "firsts.txt"
    firsts.write_text("\n".join([first, *answers[:3]]) + "\n", encoding="utf-8")
    results = tmp_path / "ranked.csv"
    ranked = run(
        "wordle-rank", "--game", name, "--answers", sample, "--first-words", firsts, "--top", "1", "-o", results
    )
    assert ranked.returncode == 0, ranked.stderr
    rows = [line.split(",") for line in results.read_text(encoding="utf-8").splitlines()[2:]]
    assert int(rows[0][1]) == stats["total_guesses"] or first != rows[0][0]  # the tree's start, if best of these

    answer = answers[-1]
    pattern = game.format_code(game.score_code(first, answer))
    analysed = run("wordle-tree", "analyse", "--game", name, "--answers", sample, first, pattern, "--json")
    assert analysed.returncode == 0, analysed.stderr
    assert json.loads(analysed.stdout)["answers_left"] >= 1

    outline = run("wordle-tree", "export", tree, "--format", "text")
    assert outline.returncode == 0
    assert outline.stdout.startswith(first)
    history = []
    for _ in range(8):  # play the answer to the end by the tree's own feedback
        guess = run("wordle-next", "--tree", tree, *history).stdout.split()[0]
        history += [guess, game.format_code(game.score_code(guess, answer))]
        if guess == answer:
            break
    assert history[-2] == answer, history
