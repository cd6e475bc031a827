"""Differential tests against the reference C++ solver (slow suite; skipped with the
reason when g++ or ../shared/reference/selby-wordle is missing)."""

import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from wordle_compiler.analysis.best import analyse_position
from wordle_compiler.analysis.position import move_value
from wordle_compiler.core.config import Context
from wordle_compiler.core.settings import Settings
from wordle_compiler.ranking.first_words import RankSpec, context_for, evaluate_word, heuristic_order

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
REFERENCE = REPO.parent / "shared" / "reference" / "selby-wordle"
DATA = REPO / "compiler" / "data"


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    if not (REFERENCE / "build.sh").is_file() or shutil.which("g++") is None:
        pytest.skip(f"the reference solver cannot be built here (need g++ and {REFERENCE})")
    binary = tmp_path_factory.mktemp("ref") / "selby-wordle"
    subprocess.run([str(REFERENCE / "build.sh"), str(binary)], check=True, capture_output=True)
    return binary


def reference_score(binary, word_spec, hard=False):
    cmd = [
        str(binary),
        "-a",
        str(DATA / "allowed-original.txt"),
        "-h",
        str(DATA / "answers-original.txt"),
        "-w",
        word_spec,
    ] + (["-H"] if hard else [])
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=900, check=True).stdout
    return int(re.findall(r"Best first guess score\s*=\s*(\d+)", out)[-1])


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_ten_first_words_agree(reference, mode):
    """10 first words drawn with a fixed seed from the 400 best-looking (the others take
    the reference minutes each): our exact totals equal the reference's."""
    spec = RankSpec(settings=Settings(mode=mode))
    order = heuristic_order(context_for(spec), spec, list(context_for(spec).words.guesses))
    for word in random.Random(2026).sample(order[:400], 10):
        ours = evaluate_word(spec, word, 1 << 36)
        theirs = reference_score(reference, word, mode == "hard")
        if theirs >= 10**9:  # the reference's infinity: no tree within 6 guesses (e.g. hard "those")
            assert not ours.exact, word
            assert ours.value >= 1 << 36, word
        else:
            assert ours.exact, word
            assert ours.value == theirs, word


POSITIONS = [
    ("normal", "salet bbbbb", "round"),
    ("normal", "parse bbybb clint bbyyb", "minor"),
    ("normal", "crane bybbb", "doilt"),
    ("hard", "salet ybbbb", "prism"),
    ("hard", "trace bbybg", "snake"),
    ("hard", "least bybbb", "homer"),
]


@pytest.mark.parametrize("mode,history,move", POSITIONS)
def test_positions_and_moves_agree(reference, mode, history, move):
    ctx = Context.load()
    analysis = analyse_position(ctx, Settings(mode=mode), history, top=1)
    dotted = ".".join(w if i % 2 == 0 else w.upper() for i, w in enumerate(history.split()))
    assert analysis.best_total == reference_score(reference, dotted, mode == "hard")
    ours = move_value(analysis.position, move)
    assert ours.exact
    assert ours.total == reference_score(reference, f"{dotted}.{move}", mode == "hard")
