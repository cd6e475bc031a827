"""Every shipped tree re-verified from scratch; its manifest and meta claims hold."""

import json
from pathlib import Path

import pytest

import wordle_trees
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.treefiles.verification import check_claims, verify_tree
from wordle_runtime import load
from wordle_runtime.format import read_tree_file

FOLDER = Path(wordle_trees.__file__).parent
MANIFEST = json.loads((FOLDER / "manifest.json").read_text())
EXPECTED_TOTALS = {
    "salet-optimal-normal.wtree": 7920,
    "salet-optimal-hard.wtree": 8122,
    "plate-optimal-normal.wtree": 7989,
    "plate-optimal-possible.wtree": 8227,
    "salet-prior-nyt-extended.wtree": 11239,
    "tarse-optimal-normal-nyt-extended.wtree": 11219,  # the published optimum on the 3158 list
    "tarse-optimal-hard-nyt-extended.wtree": 11627,
    # the named games from their best first words, proved over every first word
    "es-optimal-normal.wtree": 6631,  # terco
    "pt-optimal-normal.wtree": 6427,  # corta
    "de-optimal-normal.wtree": 6830,  # tarne
    "da-optimal-normal.wtree": 6806,  # sarte
    "ru-optimal-normal.wtree": 6043,  # сорте
    "en4-optimal-normal.wtree": 9864,  # tale
    "en6-optimal-normal.wtree": 14486,  # carnet
    "en7-optimal-normal.wtree": 14873,  # saltine
    "es-optimal-hard.wtree": 6903,  # salce
    "pt-optimal-hard.wtree": 6594,  # torce
    "de-optimal-hard.wtree": 7021,  # seilt
    "da-optimal-hard.wtree": 7030,  # lands
    "ru-optimal-hard.wtree": 6168,  # талое
    "en6-optimal-hard.wtree": 14838,  # cantle
    "en7-optimal-hard.wtree": 15040,  # saltire
    "nerdle-mini-optimal-normal.wtree": 544,  # 4*7=28
    "nerdle-optimal-normal.wtree": 53512,  # 54-36=18
    "mastermind-4x6-optimal-normal.wtree": 5625,  # 1123
    "mastermind-4x7-optimal-normal.wtree": 11228,  # 1123, Ville's 4.676 on average
    "mastermind-5x8-optimal-possible.wtree": 179929,  # 12233, playing only codes still possible: as published
    "bulls-and-cows-optimal-normal.wtree": 26274,  # 0123 (every code is a renaming of it): Tanaka's optimum
    "mastermind-5x6-optimal-normal.wtree": 36721,  # 11223, at most 6 guesses (the least worst case)
    # a heuristic tree (--strategy rollout) where no exact tree is known here
    "mastermind-5x8-rollout-normal.wtree": 178707,  # 12233; the proved possible-mode optimum: 179,929
}


@pytest.mark.long
@pytest.mark.parametrize("name", sorted(MANIFEST["trees"]))
def test_shipped_tree_verifies(name):
    data = read_tree_file(FOLDER / name)
    config = data.meta["config"]
    words = load_word_lists(config["answers"], config.get("guesses"), data.game)  # the game the tree plays
    assert data.meta["word_lists"]["answers"]["sha256"] == words.answers_sha256
    report = verify_tree(data, config["mode"], words.guesses, config["max_depth"])
    assert report.ok, report.failures[:3]
    assert check_claims(data, report) == []
    assert MANIFEST["trees"][name]["stats"] == data.meta["stats"]
    assert data.meta["stats"]["proved_optimal"] is (config["strategy"] == "optimal")
    assert report.total_guesses == EXPECTED_TOTALS[name]


def test_default_is_the_proved_optimal_salet_tree():
    assert (FOLDER / "DEFAULT").read_text().strip() == MANIFEST["default"] == "salet-optimal-normal.wtree"
    tree = load(None)
    assert tree.first_guess == "salet"
    assert tree.stats["total_guesses"] == 7920
