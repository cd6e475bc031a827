"""Small word lists drawn from the shipped original lists with a fixed seed (not a test module)."""

from __future__ import annotations

import random
from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "compiler" / "data"


def write_sampled_lists(folder: Path, seed: int, n_answers: int, n_drawn: int, n_extra: int):
    """Write ``answers.txt`` (``n_answers`` original answers) and ``guesses.txt`` (those plus
    ``n_extra`` of ``n_drawn`` allowed words drawn, answers left out) into ``folder``; return
    (answers path, guesses path, the generator, for any further draws)."""
    rng = random.Random(seed)
    answers = sorted(rng.sample((DATA / "answers-original.txt").read_text().split(), n_answers))
    extra = sorted(set(rng.sample((DATA / "allowed-original.txt").read_text().split(), n_drawn)) - set(answers))
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    (folder / "guesses.txt").write_text("\n".join(sorted(answers + extra[:n_extra])) + "\n")
    return folder / "answers.txt", folder / "guesses.txt", rng
