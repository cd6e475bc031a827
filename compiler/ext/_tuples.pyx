# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact multi-board search over tuple positions (``multiboard/exact.py`` states the
search, its cost, its bounds and its tie rule; this module is its body).

Glossary: a *set* is a sorted array of answer indices named by its number (``intern``: equal
sets, one number), kept in one arena; a *group* is a set and the open boards sharing it; a
position (:class:`Sets`) is its groups ordered by number, ``key`` the memo's key (the
boards' order left out); ``r`` the guesses left; ``N`` a position's tuples, ``k`` its open
boards; a *table* (:class:`Table`) a position's kept guesses, each one's lower bound and the
order they are tried in; a *placement* one way a group's boards take classes of a guess.

Costs are int64: :meth:`TupleSearch.position` refuses positions whose costs could reach
2^62 (``N · (LOST + r) · (k + 2)``).  The memo is a dict ((key, r) -> (cost, exact, guess))
that the caller may read or clear; the split and table caches are bounded and emptied when
full.  A code is a ``code_t`` (rules.pxd): one byte here, two in _tuples16.
"""

from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.exc cimport PyErr_CheckSignals
from libc.math cimport ceil
from libc.stdint cimport int16_t, int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from rules cimport MAX_CODES, code_t

import itertools
import math

import numpy as np

cdef enum:
    MAX_GROUPS = 32           # a position's groups: at most one per open board
    KEY_BOARDS = 64           # a group's part of the key: its set's number times this, plus its boards
    SPLITS_CACHE = 200000     # placements kept (emptied when full)
    TABLE_CACHE_GUESSES = 2000000  # guesses the kept tables hold in all (emptied when full)
    SPLIT_CACHE_CELLS = 1 << 24    # the cells the kept set splits hold in all (about 4 bytes each; emptied when full)
    STORED_LABELS = 1 << 24        # the most labels (2 bytes each) a set's split keeps while it is made
    BLOCK_CELLS = 1 << 20          # the codes of (guess, word) cells a set's split gathers at once
    DIRECT_CELLS = 1 << 16         # combinations of partitions a table tells apart by direct index

cdef int64_t LOST_COST = 1LL << 40   # a lost tuple outweighs every guess count (exact.LOST)
cdef int64_t COST_LIMIT = 1LL << 62  # the costs of a position taken on stay below this
cdef int64_t NO_BETA = 0x7FFFFFFFFFFFFFFF  # a search's beta when no cut is asked for
cdef uint64_t HASH_SEED = 0x9E3779B97F4A7C15ULL
cdef uint64_t HASH_MULTIPLIER = 0xBF58476D1CE4E5B9ULL

LOST = LOST_COST


cdef inline int64_t tuple_cost(int64_t open_boards, int64_t r) noexcept:
    """The least a tuple with ``open_boards`` boards to solve can cost in ``r`` guesses."""
    if open_boards > r:
        return LOST_COST + r
    return open_boards


cdef inline int64_t static_bound_of(int64_t n, int64_t k, int64_t hits, int64_t r) noexcept:
    """``exact.lower_bound`` from a position's figures."""
    if k < r:
        return n * (k + 1) - hits
    return hits * tuple_cost(k, r) + (n - hits) * tuple_cost(k + 1, r)


cdef inline int64_t part_cost(int64_t open_boards, int64_t left) noexcept:
    return tuple_cost(open_boards, left) if open_boards > 0 else 0


cdef class Sets:
    """A position's groups (``numbers[i]``'s set shared by ``counts[i]`` open boards, by
    number), ``tuples`` (N), ``boards`` (k), ``hits`` (the most tuples holding one word) and
    ``key`` (the memo's)."""

    cdef int n_groups
    cdef int32_t numbers[MAX_GROUPS]
    cdef int32_t counts[MAX_GROUPS]
    cdef readonly int64_t tuples
    cdef readonly int64_t boards
    cdef readonly int64_t hits
    cdef readonly bytes key
    cdef int64_t forced  # -2: not known yet (TupleSearch.held_by_all)

    @property
    def groups(self) -> list:
        """The groups as (set number, open boards)."""
        return [(self.numbers[i], self.counts[i]) for i in range(self.n_groups)]


cdef struct Ranked:
    # One kept guess's sort keys (Table.order): bound, then most parts, then closing a board, then the guess.
    int64_t bound
    double parts
    int64_t opens   # 0 when the guess closes a board
    int64_t guess
    int64_t index


cdef struct Slot:
    # One slot of the search's hash table (TupleSearch.slots): taken when its stamp is the generation.
    int64_t stamp
    uint64_t hash
    int64_t owner


cdef class Table:
    """A position's kept guesses (ascending), each one's lower bound, and ``order``: the
    indices in the order the search tries them, made when first asked for
    (:func:`table_order`; until then ``ranked`` holds the sort keys)."""

    cdef int64_t *guesses
    cdef int64_t *bounds
    cdef int64_t *order
    cdef Ranked *ranked
    cdef readonly int64_t size
    cdef int64_t token  # names the list in the cache of set splits (the candidates of its parts)

    def __dealloc__(self):
        free(self.guesses)
        free(self.bounds)
        free(self.order)
        free(self.ranked)

    def arrays(self) -> tuple:
        """(kept guesses, their bounds, the order) as numpy arrays."""
        table_order(self)
        guesses = np.array([self.guesses[i] for i in range(self.size)], dtype=np.int64)
        bounds = np.array([self.bounds[i] for i in range(self.size)], dtype=np.int64)
        order = np.array([self.order[i] for i in range(self.size)], dtype=np.int64)
        return guesses, bounds, order

    cdef object least(self):
        if self.size == 0:
            return None
        cdef int64_t best = self.bounds[0]
        cdef int64_t i
        for i in range(1, self.size):
            if self.bounds[i] < best:
                best = self.bounds[i]
        return best


cdef inline double monotonic() noexcept:
    cdef timespec now
    clock_gettime(CLOCK_MONOTONIC, &now)
    return now.tv_sec + now.tv_nsec * 1e-9


cdef class TupleSearch:
    """One exact search over a game's matrix ``codes[g, a]`` (guesses × answers) and its
    all-correct code: the sets met, the memo, the caches and the counters (``nodes``:
    positions expanded; ``tried``: guesses whose parts were searched; ``bound_cuts``: guesses
    left untried by their bound; ``memo_hits``).  ``one_board`` (the value of a one-board
    position: its answers, r, beta, or None), ``report`` (told (done, of) at the root) and
    ``deadline`` (a ``time.monotonic()`` past which ``stopped`` is raised) are the caller's."""

    cdef const code_t[:, ::1] codes
    cdef code_t *by_answer         # codes transposed: by_answer[a * n_guesses + g]
    cdef code_t *block             # a set's codes under a block of guesses (split_set)
    cdef code_t *other_block
    # A hash table's slots, shared by the split and the table being made: a slot is taken
    # when its stamp is the current generation (open_slots empties them all at once).
    cdef Slot *slots
    cdef int64_t slot_generation
    cdef Ranked *ranked_scratch    # a table's kept guesses while it is made
    cdef int64_t *direct_stamp     # a combination of partitions seen in the table being made (this generation)
    cdef int64_t direct_generation
    cdef int64_t all_correct, n_guesses, n_answers
    # The arena of sets: set i's words are words[offsets[i] : offsets[i] + lengths[i]].
    cdef int32_t *words
    cdef int64_t used, capacity
    cdef int64_t *offsets
    cdef int64_t *lengths
    cdef int64_t n_sets, sets_capacity
    cdef dict ids
    cdef dict placed
    cdef dict tables
    cdef int64_t table_guesses
    cdef dict splits
    cdef int64_t split_cells
    cdef int64_t next_token
    cdef int64_t *answer_guess     # an answer's first guess showing it all correct; -2 not known, -1 none
    # Scratch of one table: per code its stamp and first position; per word of the groups its label and class size.
    cdef int64_t *code_stamp
    cdef int64_t *code_first
    cdef int64_t stamp
    cdef int64_t *label
    cdef int64_t *other_label
    cdef int64_t *class_size
    cdef int32_t *bucket
    cdef Table all_guesses
    cdef public dict memo
    cdef public object one_board, report, root, stopped
    cdef double deadline_at
    cdef public int64_t nodes, tried, bound_cuts, memo_hits

    def __cinit__(self, codes, int64_t all_correct, stopped):
        self.codes = codes
        self.all_correct = all_correct
        self.n_guesses, self.n_answers = codes.shape[0], codes.shape[1]
        if not 0 <= all_correct < MAX_CODES:
            raise ValueError(f"the all-correct code {all_correct} is past this build's {MAX_CODES} codes")
        self.capacity = max(1024, 4 * self.n_answers)
        self.sets_capacity = 1024
        self.words = <int32_t *>malloc(self.capacity * sizeof(int32_t))
        self.offsets = <int64_t *>malloc(self.sets_capacity * sizeof(int64_t))
        self.lengths = <int64_t *>malloc(self.sets_capacity * sizeof(int64_t))
        self.answer_guess = <int64_t *>malloc(max(1, self.n_answers) * sizeof(int64_t))
        self.code_stamp = <int64_t *>malloc(MAX_CODES * sizeof(int64_t))
        self.code_first = <int64_t *>malloc(MAX_CODES * sizeof(int64_t))
        self.label = <int64_t *>malloc(max(1, self.n_answers) * sizeof(int64_t))
        self.other_label = <int64_t *>malloc(max(1, self.n_answers) * sizeof(int64_t))
        self.class_size = <int64_t *>malloc(max(1, self.n_answers) * sizeof(int64_t))
        self.bucket = <int32_t *>malloc(max(1, self.n_answers) * sizeof(int32_t))
        cdef int64_t slots = 1, a, g
        while slots < 2 * max(16, self.n_guesses):
            slots *= 2
        self.slots = <Slot *>calloc(slots, sizeof(Slot))
        self.direct_stamp = <int64_t *>calloc(DIRECT_CELLS, sizeof(int64_t))
        self.ranked_scratch = <Ranked *>malloc(max(1, self.n_guesses) * sizeof(Ranked))
        self.block = <code_t *>malloc(BLOCK_CELLS * sizeof(code_t))
        self.other_block = <code_t *>malloc(max(1, self.n_answers) * sizeof(code_t))
        self.by_answer = <code_t *>malloc(max(1, self.n_answers * self.n_guesses) * sizeof(code_t))
        if (not self.slots or not self.direct_stamp or not self.ranked_scratch
                or not self.block or not self.other_block or not self.by_answer):
            raise MemoryError()
        for g in range(self.n_guesses):
            for a in range(self.n_answers):
                self.by_answer[a * self.n_guesses + g] = self.codes[g, a]
        if (not self.words or not self.offsets or not self.lengths or not self.answer_guess or not self.code_stamp
                or not self.code_first or not self.label or not self.other_label or not self.class_size
                or not self.bucket):
            raise MemoryError()
        cdef int64_t i
        for i in range(self.n_answers):
            self.answer_guess[i] = -2
        for i in range(MAX_CODES):
            self.code_stamp[i] = 0
        self.stamp = 0
        self.ids, self.placed, self.tables, self.memo, self.splits = {}, {}, {}, {}, {}
        self.next_token = 1
        self.stopped = stopped
        self.deadline_at = -1.0
        self.all_guesses = Table.__new__(Table)
        self.all_guesses.size = self.n_guesses
        self.all_guesses.guesses = <int64_t *>malloc(max(1, self.n_guesses) * sizeof(int64_t))
        if not self.all_guesses.guesses:
            raise MemoryError()
        for i in range(self.n_guesses):
            self.all_guesses.guesses[i] = i

    def __dealloc__(self):
        free(self.words)
        free(self.offsets)
        free(self.lengths)
        free(self.answer_guess)
        free(self.code_stamp)
        free(self.code_first)
        free(self.label)
        free(self.other_label)
        free(self.class_size)
        free(self.bucket)
        free(self.slots)
        free(self.direct_stamp)
        free(self.ranked_scratch)
        free(self.block)
        free(self.other_block)
        free(self.by_answer)

    @property
    def deadline(self):
        """A ``time.monotonic()`` past which the search raises ``stopped``, or None."""
        return None if self.deadline_at < 0 else self.deadline_at

    @deadline.setter
    def deadline(self, value):
        self.deadline_at = -1.0 if value is None else float(value)

    def position(self, groups) -> Sets:
        """The position of ``groups`` (each (sorted int32 answer indices, open boards));
        ``ValueError`` when its costs could pass the search's int64 range."""
        if len(groups) > MAX_GROUPS:
            raise ValueError(f"a position has at most {MAX_GROUPS} groups, not {len(groups)}")
        boards = sum(int(count) for _, count in groups)
        tuples = math.prod(math.perm(len(words), int(count)) for words, count in groups)
        if tuples * (LOST_COST + 64) * (boards + 2) >= COST_LIMIT:
            raise ValueError(f"{tuples:,} tuples of {boards} boards are too many for the exact search")
        cdef int32_t numbers[MAX_GROUPS]
        cdef int32_t counts[MAX_GROUPS]
        for i, (words, count) in enumerate(groups):
            numbers[i] = self.intern(np.ascontiguousarray(words, dtype=np.int32))
            counts[i] = count
        return make_sets(self, numbers, counts, len(groups))

    def set_words(self, int64_t number) -> np.ndarray:
        """The words of set ``number``."""
        return np.array([self.words[self.offsets[number] + i] for i in range(self.lengths[number])], dtype=np.int32)

    def intern(self, words) -> int:
        """The number of the set ``words`` (sorted int32 answer indices)."""
        cdef const int32_t[::1] view = words
        return self.intern_words(&view[0] if len(view) else NULL, len(view))

    def solve(self, Sets sets, int64_t r, beta=None) -> int:
        """The least cost of ``sets`` with ``r`` guesses left; when it is at least ``beta``,
        any value at least ``beta`` (a cut)."""
        return solve(self, sets, r, NO_BETA if beta is None else beta, self.all_guesses)

    def guess_cost(self, Sets sets, int64_t guess, int64_t r, beta=None) -> int:
        """The cost of playing ``guess`` now (at least ``beta`` when it cannot beat it)."""
        return sets_guess_cost(self, sets, guess, r, NO_BETA if beta is None else beta, self.all_guesses)

    def ranked(self, Sets sets, int64_t r) -> list:
        """The guesses the search tries at ``sets``, in its order, each with its bound: a word
        every tuple holds first, the others by the table's order."""
        return ranked_of(self, sets, r)[1]

    def best_moves(self, Sets sets, int64_t r, int64_t top) -> list:
        """The ``top`` least costs of a move and their guesses, best first, ties in the
        search's order."""
        return best_moves(self, sets, r, top)

    def held_by_all(self, Sets sets):
        """The first guess every tuple holds, or None."""
        cdef int64_t forced = held_by_all(self, sets)
        return None if forced < 0 else forced

    def table(self, Sets sets, int64_t r) -> tuple:
        """The position's guess table over every guess: (kept guesses, bounds, order)."""
        return make_table(self, sets, r, self.all_guesses).arrays()

    def guess_figures(self, Sets sets, int64_t guess) -> tuple:
        """``H`` of ``guess`` (exact.py: at least the parts' hits summed, taken at most N) and
        the tuples holding it."""
        cdef Table one = Table.__new__(Table)
        one.size, one.token = 1, self.next_token
        self.next_token += 1
        one.guesses = <int64_t *>malloc(sizeof(int64_t))
        if not one.guesses:
            raise MemoryError()
        one.guesses[0] = guess
        cdef int64_t pid[MAX_GROUPS]
        cdef int64_t at[MAX_GROUPS]
        cdef int64_t cum[MAX_GROUPS]
        cdef double cum_d[MAX_GROUPS]
        cdef GroupSplit groups[MAX_GROUPS]
        cdef SetSplit split
        cdef int64_t holding = 0, i
        splits = []
        for i in range(sets.n_groups):
            split = split_set(self, sets.numbers[i], one)
            splits.append(split)
            read_split(&groups[i], split, sets.counts[i], self.lengths[sets.numbers[i]])
            pid[i] = 0
            if split.shut[0]:
                holding += sets.tuples // groups[i].size * sets.counts[i]
        return held_of(sets, groups, pid, at, cum, cum_d, True), holding

    def parts(self, Sets sets, int64_t guess) -> list:
        """The unfinished positions below ``guess`` with their weights, most tuples first."""
        cdef Parts parts = parts_below(self, sets, guess, True)
        return [(part_sets(self, parts, i), parts.items[i].weight) for i in range(parts.count)]

    def static_bound(self, Sets sets, int64_t r) -> int:
        """The position's static bound (``exact.lower_bound``)."""
        return static_bound_of(sets.tuples, sets.boards, sets.hits, r)

    def ahead_bound(self, Sets sets, int64_t guess, int64_t r) -> int:
        """A bound on playing ``guess`` from the parts' figures alone."""
        return ahead_bound(self, sets, guess, r)

    def memo_key(self, Sets sets, int64_t r) -> tuple:
        """The memo's key of ``sets`` with ``r`` guesses left."""
        return (sets.key, r)

    cdef int64_t intern_words(self, const int32_t *words, int64_t m) except -1:
        raw = PyBytes_FromStringAndSize(<const char *>words, m * sizeof(int32_t)) if m else b""
        found = self.ids.get(raw)
        if found is not None:
            return found
        if self.used + m > self.capacity:
            grow_arena(self, self.used + m)
        if self.n_sets == self.sets_capacity:
            grow_sets(self)
        if m:
            memcpy(&self.words[self.used], words, m * sizeof(int32_t))
        self.offsets[self.n_sets] = self.used
        self.lengths[self.n_sets] = m
        self.used += m
        self.ids[raw] = self.n_sets
        self.n_sets += 1
        return self.n_sets - 1


include "tuples_splits.pxi"
include "tuples_table.pxi"
include "tuples_bounds.pxi"
include "tuples_parts.pxi"
include "tuples_search.pxi"
