"""The multi-board policy of ``wordle_runtime.boards`` over the feedback matrix, for playing
many games fast (``benchmarks/multiboard.py``), and heuristics beside it.

Every policy keeps the runtime's rules 1 and 2 (the opening; a board with one answer left
is played) and differs in what follows over the same pool of words
(:func:`wordle_runtime.boards.scoring_pool`, over the whole guess list): ``endgame`` (the
runtime's live policy: rule 3's exact endgame, :func:`wordle_runtime.boards_endgame.endgame_move`
called with the same words, tuples and codes as the runtime gives it, then rule 4),
``entropy`` (rule 4 alone: the least :func:`wordle_runtime.boards.information_score`, the
same integers and the same float operations in the same order, so the same bits),
``most-parts`` (the most parts summed over the open boards) and ``minimax`` (the smallest
largest part summed over the open boards).  Ties go to a word that is some open board's
candidate, then to the earlier word of the answer list.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from wordle_runtime import boards as runtime_boards
from wordle_runtime.boards import xlogx_table
from wordle_runtime.boards_endgame import ENDGAME_WORDS, endgame_move, endgame_tuples
from wordle_runtime.game import Game

POLICIES = ("endgame", "entropy", "most-parts", "minimax")
ENDGAME, ENTROPY = POLICIES[:2]
TREE_POLICIES = POLICIES[1:]  # what a compiled policy tree plays: the endgame is searched live


@dataclass(frozen=True)
class Table:
    """The lists a game is played over: ``codes`` (guesses × answers), each answer's row in
    the guess list, the code of all correct, the opening guess's row, the limit, and the
    guesses' and answers' symbols as numbers (``int[n, length]``, for the split scores)."""

    codes: np.ndarray
    answer_rows: np.ndarray
    all_correct: int
    opening: int
    limit: int
    guess_symbols: np.ndarray
    answer_symbols: np.ndarray
    words: tuple[list[str], list[str]] = ([], [])  # (answers, guesses): an endgame's words


def table_for(words: tuple[list[str], list[str]], codes: np.ndarray, game: Game, plan: tuple[str, int]) -> Table:
    """The table of ``words`` = (answers, guesses) of ``game`` and their matrix, ``plan`` =
    (the opening guess, the limit)."""
    answers, guesses = words
    row = {word: i for i, word in enumerate(guesses)}
    answer_rows = np.array([row[word] for word in answers], dtype=np.int64)
    opening, limit = plan
    symbols = (symbols_of(guesses, game.alphabet), symbols_of(answers, game.alphabet))
    plan = (row[opening], limit)
    return Table(codes.view(np.ndarray), answer_rows, game.all_correct, *plan, *symbols, (answers, guesses))


def symbols_of(words, alphabet: str) -> np.ndarray:
    """Each word's symbols as their numbers in ``alphabet`` (``int64[n, length]``)."""
    index = {symbol: i for i, symbol in enumerate(alphabet)}
    return np.array([[index[symbol] for symbol in word] for word in words], dtype=np.int64)


def play(table: Table, secret: tuple[int, ...], policy: str = ENDGAME) -> tuple[bool, list[int]]:
    """Play one game (``secret``: each board's answer index) by ``policy``: whether every
    board was solved within the limit, and the guess rows played."""
    n_answers = table.codes.shape[1]
    sets = [np.arange(n_answers) for _ in secret]
    open_boards = list(range(len(secret)))
    played: list[int] = []
    known: set[int] = set()
    while open_boards and len(played) < table.limit:
        guess = policy_move(table, [sets[b] for b in open_boards], len(played), policy)
        played.append(guess)
        for b in list(open_boards):
            code = table.codes[guess, secret[b]]
            sets[b] = sets[b][table.codes[guess, sets[b]] == code]
            if code == table.all_correct:
                open_boards.remove(b)
                known.add(int(secret[b]))
        exclude_known(sets, open_boards, known)
    return not open_boards, played


def exclude_known(sets: list[np.ndarray], open_boards: list[int], known: set[int]) -> None:
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


def policy_move(table: Table, open_sets: list[np.ndarray], used: int, policy: str) -> int:
    """The guess row of the next move (rules 1-4; rule 3 for ``endgame`` only)."""
    if used == 0:
        return table.opening
    for words in open_sets:
        if len(words) == 1:
            return int(table.answer_rows[words[0]])
    rows = _pool(table, open_sets)
    score = np.zeros(len(rows))  # less is better
    scored = ENTROPY if policy == ENDGAME else policy  # the endgame's rule 4 is entropy's
    for words in open_sets:
        score += _board_score(np.sort(table.codes[np.ix_(rows, words)], axis=1), scored)
    union = np.unique(np.concatenate(open_sets))
    is_candidate = np.isin(rows, table.answer_rows[union])
    order = np.lexsort((rows, ~is_candidate, score))
    if policy == ENDGAME:
        move = _endgame(table, open_sets, union, rows[order[:ENDGAME_WORDS]], used)
        if move is not None:
            return move
    return int(rows[order[0]])


def _endgame(
    table: Table, open_sets: list[np.ndarray], union: np.ndarray, leading: np.ndarray, used: int
) -> int | None:
    """Rule 3's guess row (``union``: the open boards' candidates, sorted): the runtime's
    endgame search given what the runtime gives it (the answers as words, the words in the
    guess list's order, their codes over the candidates)."""
    answers, guesses = table.words
    tuples = endgame_tuples([[answers[a] for a in words] for words in open_sets])
    if tuples is None:
        return None
    rows = np.union1d(table.answer_rows[union], leading)  # sorted: the guess list's order
    named = [answers[a] for a in union]
    codes = {guesses[g]: dict(zip(named, table.codes[g, union].tolist(), strict=True)) for g in rows.tolist()}
    move = endgame_move(tuples, [guesses[g] for g in rows.tolist()], codes, table.all_correct, table.limit - used)
    return None if move is None else guesses.index(str(move[0]))


def _pool(table: Table, open_sets: list[np.ndarray]) -> np.ndarray:
    """:func:`wordle_runtime.boards.scoring_pool` as guess rows, in the guess list's order."""
    n_guesses = table.codes.shape[0]
    size = max(1, runtime_boards.WORK_BUDGET // sum(len(words) for words in open_sets))
    if size >= n_guesses:
        return np.arange(n_guesses)
    scores = split_scores(table, open_sets)
    return np.sort(np.lexsort((np.arange(n_guesses), -scores))[:size])


def split_scores(table: Table, open_sets: list[np.ndarray]) -> np.ndarray:
    """:func:`wordle_runtime.boards.split_scores` over the symbol numbers."""
    n_symbols = int(max(table.guess_symbols.max(), table.answer_symbols.max())) + 1
    length = table.guess_symbols.shape[1]
    anywhere = np.zeros(n_symbols, dtype=np.int64)
    placed = np.zeros((length, n_symbols), dtype=np.int64)
    for words in open_sets:
        symbols = table.answer_symbols[words]
        n = len(words)
        present = np.zeros((n, n_symbols), dtype=bool)
        present[np.arange(n)[:, None], symbols] = True
        holding = present.sum(axis=0)
        anywhere += np.minimum(holding, n - holding)
        for i in range(length):
            at = np.bincount(symbols[:, i], minlength=n_symbols)
            placed[i] += np.minimum(at, n - at)
    guesses = table.guess_symbols
    distinct = np.zeros((len(guesses), n_symbols), dtype=bool)
    distinct[np.arange(len(guesses))[:, None], guesses] = True
    return distinct.astype(np.int64) @ anywhere + placed[np.arange(length)[None, :], guesses].sum(axis=1)


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
