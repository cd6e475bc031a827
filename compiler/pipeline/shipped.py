"""Rebuild the tree files shipped in ``trees/`` and their manifest.

    python -m wordle_compiler.pipeline.shipped [--jobs N]

Every file is compiled by the normal pipeline (so verified), and the manifest
records the settings and stats of each.  ``default`` names the runtime's tree.  The
trees of ``UNDER_PRIOR`` are built under the default word-frequency prior (the
``wordfreq`` package, whose version the manifest records beside the weights'
fingerprint).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

from ..core.config import BuildConfig
from ..core.settings import Settings
from ..treefiles.artifact import save_tree, write_atomic
from .compile import compile_tree

TREES_DIR = Path(__file__).resolve().parents[2] / "trees"

SHIPPED = [
    ("salet-optimal-normal.wtree", BuildConfig("optimal", start="salet")),
    ("salet-optimal-hard.wtree", BuildConfig("optimal", Settings(mode="hard"), start="salet")),
    ("plate-optimal-normal.wtree", BuildConfig("optimal", start="plate")),
    (
        "plate-optimal-possible.wtree",
        BuildConfig("optimal", Settings(mode="possible", guesses="answers"), start="plate"),
    ),
    # the 3158-answer list people play today, from its proved best first word
    (
        "tarse-optimal-normal-nyt-extended.wtree",
        BuildConfig("optimal", Settings(answers="nyt-extended"), start="tarse"),
    ),
    (
        "tarse-optimal-hard-nyt-extended.wtree",
        BuildConfig("optimal", Settings(answers="nyt-extended", mode="hard"), start="tarse"),
    ),
]
# The named games (core.games), each from its best first word proved by wordle-rank
# (benchmarks/game_openings.py), named after the game: a Nerdle start holds * and =
NAMED_GAME_STARTS = {
    "es": "terco",
    "pt": "corta",
    "de": "tarne",
    "da": "sarte",
    "ru": "сорте",
    "en4": "tale",
    "en6": "carnet",
    "en7": "saltine",
    "nerdle-mini": "4*7=28",
    "nerdle": "54-36=18",
}
SHIPPED += [
    (f"{game}-optimal-normal.wtree", BuildConfig("optimal", Settings(answers=game), start=start))
    for game, start in NAMED_GAME_STARTS.items()
]
# and in hard mode, which the word games' clones have (four-letter English has no tree within six
# guesses in hard mode from any first word)
NAMED_GAME_HARD_STARTS = {
    "es": "salce",
    "pt": "torce",
    "de": "seilt",
    "da": "lands",
    "ru": "талое",
    "en6": "cantle",
    "en7": "saltire",
}
SHIPPED += [
    (f"{game}-optimal-hard.wtree", BuildConfig("optimal", Settings(answers=game, mode="hard"), start=start))
    for game, start in NAMED_GAME_HARD_STARTS.items()
]
# Mastermind, from its best first code proved over every code (wordle-rank --game mastermind:4x6)
MASTERMIND_STARTS = {"4x6": "1123", "4x7": "1123"}
SHIPPED += [
    (
        f"mastermind-{size}-optimal-normal.wtree",
        BuildConfig("optimal", Settings(answers=f"mastermind:{size}"), start=start),
    )
    for size, start in MASTERMIND_STARTS.items()
]
# Super Mastermind playing only codes still possible, from the published tree's first code:
# proved optimal here (179,929, as published); Bulls and Cows, whose every first code is a
# renaming of 0123, proved optimal within seven guesses (26,274, Tanaka's optimum)
SHIPPED += [
    (
        "mastermind-5x8-optimal-possible.wtree",
        BuildConfig("optimal", Settings(answers="mastermind:5x8", mode="possible", max_depth=8), start="12233"),
    ),
    (
        "bulls-and-cows-optimal-normal.wtree",
        BuildConfig("optimal", Settings(answers="mastermind:4x10:distinct", max_depth=7), start="0123"),
    ),
    # Mastermind 5x6, optimal from 11223 within eight guesses (it needs six); whether 11223
    # is the best first code is not proved
    (
        "mastermind-5x6-optimal-normal.wtree",
        BuildConfig("optimal", Settings(answers="mastermind:5x6", max_depth=8), start="11223"),
    ),
]
# Where the exact search does not finish here: the rollout heuristic's tree, from the first
# code of the published tree (Super Mastermind: 12233, at most 8 guesses)
ROLLOUT_TREES = {
    "mastermind-5x8": ("mastermind:5x8", "12233", 8),
}
SHIPPED += [
    (
        f"{name}-rollout-normal.wtree",
        BuildConfig("rollout", Settings(answers=game, max_depth=depth), start=start),
    )
    for name, (game, start, depth) in ROLLOUT_TREES.items()
]
# Built under --prior frequency (its defaults): the 3158-answer list people play today
UNDER_PRIOR = [
    ("salet-prior-nyt-extended.wtree", BuildConfig("optimal", Settings(answers="nyt-extended"), start="salet")),
]
DEFAULT = "salet-optimal-normal.wtree"


def _with_prior(cfg: BuildConfig) -> tuple[BuildConfig, dict]:
    """``cfg`` under the default frequency prior, and the prior's provenance."""
    from importlib.metadata import version

    from ..core.weights import frequency_prior

    weights = frequency_prior(list(cfg.settings.load_words().answers))
    return replace(cfg, settings=cfg.settings.with_weights(weights)), {
        "source": weights.source,
        "sha256": weights.sha256,
        "wordfreq": version("wordfreq"),
    }


def main(argv=None) -> None:
    """Command line: rebuild every shipped tree (or only ``--only NAME``), delete trees no longer
    shipped, and rewrite ``manifest.json`` and ``DEFAULT``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--only", help="rebuild just this file name")
    args = parser.parse_args(argv)
    manifest_path = TREES_DIR / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {"trees": {}}
    shipped = {name for name, _ in SHIPPED + UNDER_PRIOR}
    for stale in set(manifest["trees"]) - shipped:
        manifest["trees"].pop(stale)
        (TREES_DIR / stale).unlink(missing_ok=True)
    for name, listed in SHIPPED + UNDER_PRIOR:
        if args.only and name != args.only:
            continue
        cfg, prior = _with_prior(listed) if (name, listed) in UNDER_PRIOR else (listed, None)
        result = compile_tree(cfg, jobs=args.jobs)
        size = save_tree(TREES_DIR / name, result.data)
        manifest["trees"][name] = {
            "config": result.data.meta["config"],
            "stats": result.data.meta["stats"],
            "optimality": result.optimality,
            "bytes": size,
            **({"prior": prior} if prior else {}),
        }
        print(f"{name}: total {result.report.total_guesses} in {result.seconds:.1f} s")
    manifest["default"] = DEFAULT
    write_atomic(TREES_DIR / "DEFAULT", (DEFAULT + "\n").encode())
    write_atomic(manifest_path, (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode())


if __name__ == "__main__":
    main()
