"""The multi-board policy of ``wordle_runtime.boards`` over the feedback matrix, for playing
many games fast (``benchmarks/multiboard.py``), and two heuristics beside it.

Every policy keeps the runtime's rules 1 and 2 (the opening; a board with one answer left
is played) and differs in rule 3's score over the same pool of words
(:func:`wordle_runtime.boards.scoring_pool`): ``entropy`` (the runtime's: the least
:func:`wordle_runtime.boards.information_score`, the same integers and the same float
operations in the same order, so the same bits), ``most-parts`` (the most parts summed over
the open boards) and ``minimax`` (the smallest largest part summed over the open boards).
Ties go to a word that is some open board's candidate, then to the earlier word of the
answer list.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordle_runtime.boards import WORK_BUDGET, xlogx_table

POLICIES = ("entropy", "most-parts", "minimax")


@dataclass(frozen=True)
class Table:
    """The lists a game is played over: ``codes`` (guesses × answers), each answer's row in
    the guess list, the code of all correct, the opening guess's row and the limit."""

    codes: np.ndarray
    answer_rows: np.ndarray
    all_correct: int
    opening: int
    limit: int


def play(table: Table, secret: tuple[int, ...], policy: str = "entropy") -> tuple[bool, list[int]]:
    """Play one game (``secret``: each board's answer index) by ``policy``: whether every
    board was solved within the limit, and the guess rows played."""
    n_answers = table.codes.shape[1]
    sets = [np.arange(n_answers) for _ in secret]
    open_boards = list(range(len(secret)))
    played: list[int] = []
    known: set[int] = set()
    while open_boards and len(played) < table.limit:
        guess = _move(table, [sets[b] for b in open_boards], len(played), policy)
        played.append(guess)
        for b in list(open_boards):
            code = table.codes[guess, secret[b]]
            sets[b] = sets[b][table.codes[guess, sets[b]] == code]
            if code == table.all_correct:
                open_boards.remove(b)
                known.add(int(secret[b]))
        _exclude_known(sets, open_boards, known)
    return not open_boards, played


def _exclude_known(sets: list[np.ndarray], open_boards: list[int], known: set[int]) -> None:
    """The runtime's rule: solved boards' answers and lone candidates leave the other boards."""
    while True:
        known |= {int(sets[b][0]) for b in open_boards if len(sets[b]) == 1}
        changed = False
        for b in open_boards:
            if len(sets[b]) > 1:
                keep = ~np.isin(sets[b], list(known))
                if not keep.all():
                    sets[b] = sets[b][keep]
                    changed = True
        if not changed:
            return


def _move(table: Table, open_sets: list[np.ndarray], used: int, policy: str) -> int:
    """The guess row of the next move (rules 1-3)."""
    if used == 0:
        return table.opening
    for words in open_sets:
        if len(words) == 1:
            return int(table.answer_rows[words[0]])
    pool = _pool(open_sets, table.codes.shape[1])
    rows = table.answer_rows[pool]
    score = np.zeros(len(pool))  # less is better
    for words in open_sets:
        score += _board_score(np.sort(table.codes[np.ix_(rows, words)], axis=1), policy)
    union = np.unique(np.concatenate(open_sets))
    is_candidate = np.isin(pool, union)
    order = np.lexsort((np.arange(len(pool)), ~is_candidate, score))
    return int(rows[order[0]])


def _pool(open_sets: list[np.ndarray], n_answers: int) -> np.ndarray:
    """:func:`wordle_runtime.boards.scoring_pool` as answer indices."""
    left = sum(len(words) for words in open_sets)
    if n_answers * left <= WORK_BUDGET:
        return np.arange(n_answers)
    return np.unique(np.concatenate(open_sets))[: max(1, WORK_BUDGET // left)]


def _board_score(sorted_codes: np.ndarray, policy: str) -> np.ndarray:
    """Per pool word (row), its score on one board (less is better); ``sorted_codes`` holds
    each row's codes over the board's candidates, sorted."""
    starts = np.ones(sorted_codes.shape, dtype=bool)
    starts[:, 1:] = sorted_codes[:, 1:] != sorted_codes[:, :-1]
    if policy == "most-parts":
        return -starts.sum(axis=1).astype(float)
    n = sorted_codes.shape[1]
    sizes = _run_lengths(starts)
    if policy == "minimax":
        return sizes.max(axis=1).astype(float)
    table = np.array(xlogx_table(n), dtype=np.int64)
    return table[sizes].sum(axis=1) / n


def _run_lengths(starts: np.ndarray) -> np.ndarray:
    """Per row, the length of each run of equal codes at the run's first column (0 elsewhere)."""
    rows, cols = starts.shape
    flat = np.flatnonzero(starts.ravel())
    ends = np.append(flat[1:], rows * cols)
    row_of = flat // cols
    row_end = (row_of + 1) * cols
    lengths = np.minimum(ends, row_end) - flat
    out = np.zeros(rows * cols, dtype=np.int64)
    out[flat] = lengths
    return out.reshape(rows, cols)
