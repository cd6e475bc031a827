"""A small ranking's lists, its command through a real subprocess, and its results."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from sampled_lists import write_sampled_lists
from wordle_compiler.core.wordlists import load_word_lists
from wordle_compiler.ranking.first_words import WordResult
from wordle_compiler.ranking.results_log import read_ranking

SmallLists = tuple[Path, Path]


def write_small_lists(folder: Path) -> SmallLists:
    """200 answers and 1200 guesses drawn with a fixed seed: seconds per ranking."""
    answers, guesses, _ = write_sampled_lists(folder, 7, 200, 1100, 1000)
    return answers, guesses


def read_results(small_lists: SmallLists, path: Path) -> list[WordResult]:
    """The decided words of a ranking of the small lists (normal mode, depth 6)."""
    return read_ranking(path, load_word_lists(*map(str, small_lists)))


def rank_command(small_lists: SmallLists, out: Path, *extra: object) -> list[str]:
    """The command line of `wordle-rank --top 5 --quiet` over the small lists, then `extra`."""
    answers, guesses = small_lists
    return [
        sys.executable,
        "-m",
        "wordle_compiler.cli.rank",
        *("--answers", str(answers), "--guesses", str(guesses)),
        *("--top", "5", "-o", str(out), "--quiet"),
        *map(str, extra),
    ]


def rank(small_lists: SmallLists, out: Path, *extra: object, timeout: float = 300) -> subprocess.CompletedProcess:
    """:func:`rank_command` run to its end."""
    return subprocess.run(rank_command(small_lists, out, *extra), capture_output=True, text=True, timeout=timeout)


def every_eighth_word(small_lists: SmallLists, folder: Path) -> Path:
    """A first-words file of every eighth guess: a slice keeps each ranking within seconds."""
    firsts = folder / "firsts.txt"
    firsts.write_text("\n".join(small_lists[1].read_text().split()[::8]) + "\n")
    return firsts
