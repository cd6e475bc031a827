"""Small numba kernels on integer index arrays: partition statistics and mode filters.

Public wrappers validate and shape inputs; the ``_private`` kernels assume it was done.
"""

from __future__ import annotations

import numpy as np
from .jit import njit

from .feedback_matrix import _general_code
from .parallel import map_chunks

ALL_GREEN = 242

# Column order of the statistics table returned by partition_stats.
PARTS, LARGEST, SUMSQ, IN_SET = 0, 1, 2, 3


# Guesses counted together by the partition kernel: 64 histograms of 256 uint16 = 32 KB.
STATS_CHUNK = 64


@njit(cache=True, nogil=True, inline="always")
def _count(hist, order, found, j, code):
    """One answer's ``code`` for guess ``j`` of a chunk: its histogram, and the code noted
    when it is new (always written, kept only then: no branch)."""
    slot = j * 256 + code
    c = hist[slot]
    hist[slot] = c + 1
    f = found[j]
    order[j * 256 + f] = code
    found[j] = f + (c == 0)


@njit(cache=True, nogil=True)
def _partition_stats(MT, guesses, answers, stats, entropy):
    # Reads the answer-major matrix ``MT`` (answers x guesses), 64 guesses at a time: each
    # answer's row slice is read in order and consecutive increments land in different
    # histograms, so none waits for the one before.  (Guess by guess over the guess-major
    # matrix, an increment waited for the previous one whenever two answers shared a
    # pattern, and a small set's answers cost a cache line each per guess; the README's
    # heuristic rows of benchmarks/install_ab.py measure the builds.)  Each guess's codes
    # are also noted in order of first appearance, so the second step walks its classes,
    # not its answers, and sums c log c in the same order as the answers give them: the
    # entropy comes out to the bit as a pass guess by guess computes it.
    n = answers.shape[0]
    m = guesses.shape[0]
    log_n = np.log(n)
    c_log_c = np.empty(n + 1)  # c log c by table: a log per class per guess was half the time
    c_log_c[0] = 0.0
    for c in range(1, n + 1):
        c_log_c[c] = c * np.log(c)
    hist = np.zeros(STATS_CHUNK * 256, dtype=np.uint16)  # n <= wordlists.MAX_WORDS = 30,000
    order = np.empty(STATS_CHUNK * 256, dtype=np.uint8)  # per guess: its codes, first seen first
    found = np.empty(STATS_CHUNK, dtype=np.int64)  # per guess: its codes so far
    for start in range(0, m, STATS_CHUNK):
        k = min(STATS_CHUNK, m - start)
        columns = guesses[start:start + k]
        first = columns[0]
        consecutive = True  # guesses first, first + 1, ... (normal mode): rows read straight
        for j in range(k):
            found[j] = 0
            consecutive = consecutive and columns[j] == first + j
        if consecutive:
            for i in range(n):
                row = MT[answers[i], first:first + k]
                for j in range(k):
                    _count(hist, order, found, j, row[j])
        else:
            for i in range(n):
                row = MT[answers[i]]
                for j in range(k):
                    _count(hist, order, found, j, row[columns[j]])
        for j in range(k):
            base = j * 256
            stats[start + j, IN_SET] = 1 if hist[base + ALL_GREEN] > 0 else 0
            largest = 0
            sumsq = 0
            h = 0.0
            for t in range(found[j]):
                slot = base + order[base + t]
                c = np.int64(hist[slot])
                sumsq += c * c
                largest = max(largest, c)
                h += c_log_c[c]
                hist[slot] = 0
            stats[start + j, PARTS] = found[j]
            stats[start + j, LARGEST] = largest
            stats[start + j, SUMSQ] = sumsq
            # Shannon entropy in bits: log2 n - (1/n) sum c log2 c
            entropy[start + j] = (log_n - h / n) / np.log(2.0)


@njit(cache=True)
def first_perfect_splitter(MT, candidates, answers):
    """The first of ``candidates`` (guess indices) whose feedback differs for every one
    of ``answers``, or -1, from the answer-major matrix ``MT``: O(n) per candidate,
    stopping at its first repeated code, where a partition pass reads every guess
    (see :mod:`.strategies`)."""
    n = answers.shape[0]
    if n > ALL_GREEN + 1:
        return -1  # more answers than feedback codes: no guess gives each its own
    seen = np.zeros(ALL_GREEN + 1, dtype=np.uint8)
    for k in range(candidates.shape[0]):
        g = candidates[k]
        distinct = 0
        while distinct < n and seen[MT[answers[distinct], g]] == 0:
            seen[MT[answers[distinct], g]] = 1
            distinct += 1
        for i in range(distinct):  # clear only what was set
            seen[MT[answers[i], g]] = 0
        if distinct == n:
            return g
    return -1


# Threads for the heuristic kernels.  One by default: a fair scheduler gives one thread
# two thirds of a core beside two busy ones (1.5x), where any split pass is only as fast
# as its slowest thread.  ``--threads`` adds helpers that the pass never waits for
# (:func:`.parallel.map_chunks`).
_threads = 1
# Split a pass only when it scores at least this many (guess, answer) cells.  One thread's
# time over two's, all 12,972 guesses, random answer sets, medians of 40: 8 answers 0.98x,
# 16 answers 1.18x, 32 1.33x, 64 1.53x, 128 1.65x, 1024 1.33x.
THREADED_CELLS = 1 << 18
CHUNKS_PER_THREAD = 4


def set_threads(threads: int) -> None:
    """Threads used by :func:`partition_stats` (1 = this thread only)."""
    global _threads
    _threads = max(1, int(threads))


def partition_stats(MT: np.ndarray, guesses: np.ndarray, answers: np.ndarray):
    """For each guess: (parts, largest class, sum of squared class sizes, guess is an answer)
    and the entropy in bits of its partition of ``answers``, read from the answer-major
    matrix ``MT`` (``Context.matrix_by_answer()``)."""
    guesses = np.ascontiguousarray(guesses, dtype=np.int32)
    answers = np.ascontiguousarray(answers, dtype=np.int32)
    m, n = guesses.shape[0], answers.shape[0]
    chunks = min(_threads * CHUNKS_PER_THREAD, m) if _threads > 1 and m * n >= THREADED_CELLS else 1
    if chunks > 1:
        parts = map_chunks(lambda i: _stats_chunk(MT, guesses[i * m // chunks:(i + 1) * m // chunks], answers),
                           chunks, _threads)
        return np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts])
    return _stats_chunk(MT, guesses, answers)


def _stats_chunk(MT, guesses, answers):
    """(statistics, entropy) of ``guesses``, in new arrays (a chunk of :func:`partition_stats`)."""
    stats = np.zeros((guesses.shape[0], 4), dtype=np.int64)
    entropy = np.zeros(guesses.shape[0], dtype=np.float64)
    if answers.shape[0] and guesses.shape[0]:
        _partition_stats(MT, guesses, answers, stats, entropy)
    return stats, entropy


@njit(cache=True)
def split_by_codes(codes, answers):
    """Group ``answers`` by their feedback ``codes`` (``codes[i]`` is answer ``answers[i]``'s,
    as ``Context.codes`` gives them): (codes present, offsets, answers ordered by code)."""
    counts = np.zeros(244, dtype=np.int64)
    for i in range(answers.shape[0]):
        counts[codes[i] + 1] += 1
    for code in range(243):
        counts[code + 1] += counts[code]
    ordered = np.empty_like(answers)
    fill = counts[:243].copy()
    for i in range(answers.shape[0]):
        code = codes[i]
        ordered[fill[code]] = answers[i]
        fill[code] += 1
    n_codes = 0
    for code in range(243):
        if counts[code + 1] > counts[code]:
            n_codes += 1
    codes_present = np.empty(n_codes, dtype=np.int64)
    offsets = np.empty(n_codes + 1, dtype=np.int64)
    j = 0
    for code in range(243):
        if counts[code + 1] > counts[code]:
            codes_present[j] = code
            offsets[j] = counts[code]
            j += 1
    offsets[n_codes] = answers.shape[0]
    return codes_present, offsets, ordered


@njit(cache=True, inline="always")
def hard_mode_hints(guess_letters, played, code):
    """The hints of ``played`` with feedback ``code`` that hard mode makes later guesses
    keep, packed in one integer: bit i (0-4) set when position i must stay green, and
    at bits 5 + 3i how many times the letter at position i must appear (its green and
    yellow count in ``played``; 0 when that letter showed only gray).  A scalar, not
    arrays: the search asks for it at every last-two-guesses node, where allocating
    cost more than the check."""
    green = 0
    shown = 0  # bit i: position i showed green or yellow
    c = code
    for i in range(5):
        digit = c % 3
        c //= 3
        if digit > 0:
            shown |= 1 << i
        if digit == 2:
            green |= 1 << i
    hints = green
    for i in range(5):
        letter = guess_letters[played, i]
        need = 0
        for j in range(5):
            if (shown >> j) & 1 and guess_letters[played, j] == letter:
                need += 1
        hints |= need << (5 + 3 * i)
    return hints


@njit(cache=True, inline="always")
def keeps_hints(guess_letters, word, played, hints):
    """True when guess ``word`` keeps the hard-mode ``hints`` of ``played`` (see
    :func:`hard_mode_hints`); reads the letter table in place, no row views."""
    for i in range(5):
        if (hints >> i) & 1 and guess_letters[word, i] != guess_letters[played, i]:
            return False
    for i in range(5):
        need = (hints >> (5 + 3 * i)) & 7
        if need > 0:
            letter = guess_letters[played, i]
            have = 0
            for j in range(5):
                if guess_letters[word, j] == letter:
                    have += 1
            if have < need:
                return False
    return True


@njit(cache=True, inline="always")
def hard_mode_mask(guess_letters, legal, played, code, keep):
    """keep[k] = guess legal[k] keeps every hint of ``played`` with feedback ``code``.

    Real hard mode: greens stay in place; a letter shown green or yellow n times must
    appear at least n times.  Grays may be reused, yellows may stay where they were.
    Inlined into the search kernel (a call boundary there doubled hard-mode times).
    """
    hints = hard_mode_hints(guess_letters, played, code)
    for k in range(legal.shape[0]):
        keep[k] = keeps_hints(guess_letters, legal[k], played, hints)


def hard_mode_word_bits(guess_letters) -> np.ndarray:
    """Per guess, the two words :func:`keeps_hint_masks` tests: ``[:, 0]`` has bit 2l set
    when letter l occurs at least once and bit 2l + 1 when at least twice; ``[:, 1]``
    holds the five letters, 5 bits each (position i at bit 5i).

    Column by column in bytes (a letter's earlier copies counted by ten byte compares):
    0.34 ms for the 12,972 guesses, against 1.3 ms with uint64 blocks and row sums."""
    letters = np.ascontiguousarray(guess_letters, dtype=np.uint8)
    columns = [letters[:, i] for i in range(5)]
    present = np.zeros(letters.shape[0], dtype=np.uint64)
    packed = np.zeros(letters.shape[0], dtype=np.uint64)
    for i in range(5):
        earlier = np.zeros(letters.shape[0], dtype=np.uint8)  # copies of this letter before position i
        for j in range(i):
            earlier += columns[j] == columns[i]
        letter = columns[i].astype(np.uint64)
        bit = letter * np.uint64(2) + (earlier >= 1)
        present |= np.where(earlier <= 1, np.left_shift(np.uint64(1), bit), np.uint64(0))
        packed |= letter << np.uint64(5 * i)
    return np.stack([present, packed], axis=1)


@njit(cache=True, inline="always")
def hard_mode_bit_masks(guess_letters, word_bits, played, code):
    """The hints of ``played`` showing ``code`` as (need mask, green mask, green letters,
    ok), tested by :func:`keeps_hint_masks` (see :func:`hard_mode_word_bits`).  ``ok`` is
    False when a letter is needed three times or more, which the masks cannot express."""
    hints = hard_mode_hints(guess_letters, played, code)
    need_mask = np.uint64(0)
    green_mask = np.uint64(0)
    ok = True
    for i in range(5):
        letter = np.uint64(guess_letters[played, i])
        need = (hints >> (5 + 3 * i)) & 7
        if need >= 1:
            need_mask |= np.uint64(1) << (np.uint64(2) * letter)
        if need >= 2:
            need_mask |= np.uint64(1) << (np.uint64(2) * letter + np.uint64(1))
        if need >= 3:
            ok = False
        if (hints >> i) & 1:
            green_mask |= np.uint64(31) << np.uint64(5 * i)
    return need_mask, green_mask, word_bits[played, 1] & green_mask, ok


@njit(cache=True, inline="always")
def keeps_hint_masks(present, letters, need_mask, green_mask, green):
    """:func:`keeps_hints` by the masks of :func:`hard_mode_bit_masks` (when their ``ok``),
    for a word whose two :func:`hard_mode_word_bits` are ``present`` and ``letters``.
    Scalars only: an array argument would cost two atomic reference counts per word."""
    return (present & need_mask) == need_mask and (letters & green_mask) == green


@njit(cache=True, inline="always")
def possible_mask(guess_letters, legal, played, code, keep):
    """keep[k] = guess legal[k] could still be the answer after ``played`` showed ``code``."""
    g = guess_letters[played]
    for k in range(legal.shape[0]):
        keep[k] = _general_code(g, guess_letters[legal[k]]) == code


@njit(cache=True)
def hard_mode_filter(guess_letters, legal, played, code):
    """The guesses of ``legal`` that hard mode still allows after ``played`` showed ``code``."""
    keep = np.empty(legal.shape[0], dtype=np.bool_)
    hard_mode_mask(guess_letters, legal, played, code, keep)
    return legal[keep]


@njit(cache=True)
def possible_filter(guess_letters, legal, played, code):
    """The guesses of ``legal`` that could still be the answer after ``played`` showed ``code``."""
    keep = np.empty(legal.shape[0], dtype=np.bool_)
    possible_mask(guess_letters, legal, played, code, keep)
    return legal[keep]


LETTER_UNIQUE, LETTER_LOCATED, LETTER_ENTROPY = 0, 1, 2


@njit(cache=True)
def letter_scores(guess_letters, legal, answer_letters, kind):
    """Letter-frequency scores of each legal guess over the remaining answers (higher is better).

    unique:  sum over the guess's distinct letters of how many answers contain it
             (a letter every answer contains counts 0: it is already certain)
    located: sum over positions of 2 x answers with that letter there, plus answers
             with it elsewhere (distinct letters only)
    entropy: mean of p(1-p) for the letter at each position and for its presence anywhere
    """
    n = answer_letters.shape[0]
    positional = np.zeros((5, 26), dtype=np.int64)
    anywhere = np.zeros(26, dtype=np.int64)
    for a in range(n):
        seen = 0
        for i in range(5):
            letter = answer_letters[a, i]
            positional[i, letter] += 1
            if not (seen >> letter) & 1:
                anywhere[letter] += 1
                seen |= 1 << letter
    out = np.empty(legal.shape[0], dtype=np.float64)
    for k in range(legal.shape[0]):
        g = guess_letters[legal[k]]
        seen = 0
        score = 0.0
        for i in range(5):
            letter = g[i]
            first = not (seen >> letter) & 1
            seen |= 1 << letter
            if kind == LETTER_UNIQUE:
                if first and anywhere[letter] < n:
                    score += anywhere[letter]
            elif kind == LETTER_LOCATED:
                score += 2 * positional[i, letter]
                if first:
                    score += anywhere[letter] - positional[i, letter]
            else:
                p = positional[i, letter] / n
                score += p * (1 - p)
                if first:
                    q = anywhere[letter] / n
                    score += q * (1 - q)
        out[k] = score / 10.0 if kind == LETTER_ENTROPY else score
    return out
