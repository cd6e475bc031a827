# The Python face of the exact search (included by _search.pyx): :class:`Engine` holds one
# context's arrays; each call takes the caller's workspace (memo, counters, shared state,
# scratch; workspace.pxi), checks every index it is given, and runs without the GIL.

import numpy as np
import threading

from libc.string cimport memcpy

from ._kernels import RULE_NUMBERS  # Game.rule -> the rule's number in the kernels (Game.rule)

STAT_NAMES = ("nodes", "full_passes", "pairs_scored", "memo_entries", "memo_evictions",
              "memo_grows", "memo_hits", "candidates", "duplicate_partitions", "bound_exits", "memo_rows",
              "endgame_cuts", "unsplittable_hits", "renaming_twins")
# The most the weights may sum to: a set's cost is below 64 x this (the deepest tree the
# depth limit allows), well inside INF, and 3 x this fits a candidate's bound.
MAX_WEIGHT_TOTAL = 1 << 29
MODES = {"normal": MODE_NORMAL, "hard": MODE_HARD, "possible": MODE_POSSIBLE}
# The constants the Python side reads, under the names the kernels use (each defined once, in
# the file named).  A module-level name cannot repeat a cimported one, so they enter the
# module's namespace through its dict.
globals().update(
    INF=INF,  # context.pxd
    DEEP_COST=DEEP_COST,
    SHARED_WORDS=SHARED_WORDS,
    SHARED_LIMIT=SHARED_LIMIT,
    SHARED_NEXT=SHARED_NEXT,
    SHARED_COUNT=SHARED_COUNT,
    MEMO_PROBES=MEMO_PROBES,  # memo.pxd
    PAIRS_MAX_N=PAIRS_MAX_N,  # passes.pxd
    HIST_CHUNK=HIST_CHUNK,
    MIN_GROUP=MIN_GROUP,  # endgame.pxd
    PARTITION_SLOTS=PARTITION_SLOTS,  # classes.pxd
    NOT_A_TREE=NOT_A_TREE,  # rebuild.pxi: Engine.rebuild's answer when the choices overrun the depth limit
)
_MAIN_THREAD = threading.main_thread().ident


cdef class Engine:
    """One context's arrays for the exact search (see the module docstring):
    ``MT`` answers x guesses feedback codes, ``letters`` guesses x length symbol numbers,
    ``word_bits`` (guesses x 2, hard mode when its hint masks fit the game: core/modes.py
    ``hint_masks_fit``), ``a2g`` each answer's guess index, ``groups`` answers x length
    endgame groups, the answers' and guesses' Zobrist words, and the mode; ``deep_level``
    (fewest-deep, 0: off) is the number of guesses left when the K-th guess is played;
    ``weights`` (None: every answer weighs 1) one non-negative integer per answer, the
    costs then being Σ weight × guesses (weighted.pxi); ``game`` the game played
    (``wordle_runtime.game.Game``; None: five-letter Wordle over a-z), with at most
    MAX_CODES codes (256 in _search, 6,561 in _search16, whose matrix cells are uint16).
    ``renaming`` (default True): where the lists are closed under renaming the symbols
    (Mastermind's codes), the search tries one guess of each set that a renaming fixing
    the node makes twins (renaming.pxd); False tries every guess, for comparison."""
    cdef const code_t[:, ::1] MT
    cdef const uint8_t[:, ::1] letters
    cdef const uint64_t[:, ::1] word_bits
    cdef const uint64_t[::1] symbol_sets  # per guess: its symbols as a mask (Ctx.symbol_sets)
    cdef int length, rule
    cdef int64_t n_symbols, n_codes, all_correct
    cdef bint hint_masks
    cdef const int64_t[::1] a2g
    cdef const int64_t[:, ::1] groups
    cdef const uint64_t[::1] z1, z2, zg1, zg2
    cdef int64_t mode
    cdef int64_t deep_level
    cdef const int64_t[::1] weights, guess_weight
    cdef const int64_t[::1] every_guess  # 0, 1, ..., n_guesses - 1 (see legal_list)
    cdef uint64_t[::1] splits  # passes.some_answer_splits' table, shared by every call and thread
    cdef uint64_t[::1] member_parts  # passes.members_most_parts' table, likewise
    cdef uint64_t[::1] class_verdicts  # guess.class_refused's table, likewise (normal mode)
    cdef uint64_t[::1] last_splitters  # settle.last_two_remembered's table, likewise (normal mode)
    cdef bint weighted
    cdef const int32_t[::1] answer_swaps, guess_swaps  # renaming.pxd, when the lists are closed under it
    cdef bint renamed

    def __init__(self, MT, letters, word_bits, a2g, groups, int64_t mode, z1, z2, zg1, zg2, int64_t deep_level=0,
                 weights=None, game=None, bint renaming=True):
        self.MT, self.letters, self.word_bits = MT, letters, word_bits
        self.a2g, self.groups = a2g, groups
        self.z1, self.z2, self.zg1, self.zg2 = z1, z2, zg1, zg2
        self.mode = mode
        self.deep_level = deep_level
        n_answers, n_guesses = self.MT.shape[0], self.MT.shape[1]
        self.every_guess = np.arange(n_guesses, dtype=np.int64)
        self.splits = np.zeros(SPLIT_ROWS, dtype=np.uint64)
        self.member_parts = np.zeros(SPLIT_ROWS if mode == MODE_POSSIBLE else 1, dtype=np.uint64)
        self.class_verdicts = np.zeros(SPLIT_ROWS if mode == MODE_NORMAL else 1, dtype=np.uint64)
        self.last_splitters = np.zeros(SPLIT_ROWS if mode == MODE_NORMAL else 1, dtype=np.uint64)
        if not 0 <= deep_level < 128 or (deep_level and n_answers * (DEEP_COST + 128) >= INF):
            raise ValueError("deep_level must be 0-127, with fewer than 32,000 answers")
        if not 0 <= mode <= 2:
            raise ValueError(f"unknown mode {mode}")
        self._set_game(game, n_guesses)
        if self.a2g.shape[0] != n_answers or (n_answers and (np.min(a2g) < 0 or np.max(a2g) >= n_guesses)):
            raise ValueError("a2g must give every answer's guess index")
        if self.groups.shape[0] != n_answers or self.groups.shape[1] != self.length:
            raise ValueError(f"groups must be answers x {self.length}")
        if self.z1.shape[0] != n_answers or self.z2.shape[0] != n_answers or self.zg1.shape[0] != n_guesses \
                or self.zg2.shape[0] != n_guesses:
            raise ValueError("Zobrist words must be one per answer and one per guess")
        self._set_weights(weights, n_answers, n_guesses)
        self.renamed = renaming and self._set_renamings(n_answers, n_guesses)

    def _set_game(self, game, Py_ssize_t n_guesses):
        """The game's numbers, checked against the letters, and each guess's set of symbols."""
        if game is None:
            from wordle_runtime.game import DEFAULT_GAME as game
        if game.rule not in RULE_NUMBERS or not 0 <= game.all_correct < game.n_codes <= MAX_CODES:
            raise ValueError(f"the engine plays games of at most {MAX_CODES} codes, not {game!r}")
        self.length, self.rule, self.n_symbols = game.length, RULE_NUMBERS[game.rule], len(game.alphabet)
        self.n_codes, self.all_correct = game.n_codes, game.all_correct
        if not 1 <= self.length <= MAX_LENGTH or self.n_symbols > MAX_SYMBOLS:
            raise ValueError(f"the engine plays words of 1-{MAX_LENGTH} symbols over at most {MAX_SYMBOLS} symbols")
        if self.letters.shape[0] != n_guesses or self.letters.shape[1] != self.length or n_guesses >= 1 << 16:
            raise ValueError(f"letters must be guesses x {self.length} (fewer than 65,536 guesses)")
        letters = np.asarray(self.letters)
        if n_guesses and letters.max() >= self.n_symbols:
            raise ValueError(f"letters must be symbol numbers 0-{self.n_symbols - 1}")
        if self.mode == MODE_HARD and self.rule != RULE_WORDLE:
            raise ValueError(f"{game.rule} has no hard mode: its feedback names no position to keep")
        self.hint_masks = (self.mode == MODE_HARD and self.n_symbols <= HINT_MASK_SYMBOLS
                           and self.length <= HINT_MASK_LENGTH)
        if self.hint_masks and (self.word_bits.shape[0] != n_guesses or self.word_bits.shape[1] != 2):
            raise ValueError("hard mode needs word_bits, guesses x 2")
        sets = np.zeros(n_guesses, dtype=np.uint64)
        for i in range(self.length):
            sets |= np.left_shift(np.uint64(1), letters[:, i].astype(np.uint64))
        self.symbol_sets = sets

    def _set_weights(self, weights, Py_ssize_t n_answers, Py_ssize_t n_guesses):
        self.weighted = weights is not None
        values = np.zeros(n_answers, dtype=np.int64) if weights is None else np.ascontiguousarray(weights, np.int64)
        if values.shape != (n_answers,) or (n_answers and values.min() < 0):
            raise ValueError("weights must be one non-negative integer per answer")
        if int(values.sum()) > MAX_WEIGHT_TOTAL or (self.weighted and self.deep_level):
            raise ValueError(f"weights must sum to at most {MAX_WEIGHT_TOTAL}, and do not go with fewest-deep")
        by_guess = np.zeros(n_guesses, dtype=np.int64)
        by_guess[np.asarray(self.a2g)] = values
        self.weights, self.guess_weight = values, by_guess

    def _set_renamings(self, Py_ssize_t n_answers, Py_ssize_t n_guesses):
        """Each answer and guess with two symbols exchanged, per pair of symbols
        (renaming.pxd): True when the lists are closed under renaming and the guesses are in
        lexicographic order of their symbol numbers, else False (no tables)."""
        letters, k = np.asarray(self.letters, dtype=np.int64), self.n_symbols
        if n_guesses < 2 or n_answers < 1 or k < 2:
            return False
        counts = np.bincount(letters.ravel(), minlength=k)  # a closed list uses every symbol equally
        if counts.min() != counts.max() or k ** self.length > 1 << 24:
            return False
        place = k ** np.arange(self.length - 1, -1, -1, dtype=np.int64)
        numbers = letters @ place
        if np.any(np.diff(numbers) <= 0):
            return False  # not in lexicographic order: the lowest guess of an orbit is not the first
        guess_of = np.full(k ** self.length, -1, dtype=np.int64)
        guess_of[numbers] = np.arange(n_guesses)
        answer_of = np.full(n_guesses, -1, dtype=np.int64)
        answer_of[np.asarray(self.a2g)] = np.arange(n_answers)
        pairs = [(x, y) for x in range(k) for y in range(x + 1, k)]
        to_guess = np.empty((len(pairs), n_guesses), dtype=np.int32)
        to_answer = np.empty((len(pairs), n_answers), dtype=np.int32)
        for p, (x, y) in enumerate(pairs):
            rename = np.arange(k)
            rename[x], rename[y] = y, x
            guesses = guess_of[rename[letters] @ place]
            answers = answer_of[guesses[np.asarray(self.a2g)]]
            if guesses.min() < 0 or answers.min() < 0:
                return False
            to_guess[p], to_answer[p] = guesses, answers
        self.guess_swaps, self.answer_swaps = to_guess.ravel(), to_answer.ravel()
        return True

    def legal_list(self, legal):
        """``legal`` as the engine's guess indices; every guess in index order becomes the
        engine's own array, whose address tells the kernels they may scan the matrix's rows
        in place (legal.every_guess_in_order)."""
        if legal is self.every_guess.base:
            return legal
        L = _indices(legal, self.MT.shape[1], "legal guesses")
        cdef const int64_t[::1] values = L
        cdef Py_ssize_t i
        if values.shape[0] != self.every_guess.shape[0]:
            return L
        for i in range(values.shape[0]):
            if values[i] != i:
                return L
        return self.every_guess.base

    def node_keys(self, answers, legal, bint list_hashed):
        """(answers sorted, h1, h2, legal, lh1, lh2): a node's arrays as the engine takes
        them, with the Zobrist sums of its answers and, when ``list_hashed`` (the modes
        whose lists narrow), of its legal guesses (else 0)."""
        S = _indices(answers, self.MT.shape[0], "answers")
        if not _ascending(S):
            S = np.sort(S)
        L = self.legal_list(legal)
        h1, h2 = _hash_sum(self.z1, S), _hash_sum(self.z2, S)
        lh1 = _hash_sum(self.zg1, L) if list_hashed else 0
        lh2 = _hash_sum(self.zg2, L) if list_hashed else 0
        return S, h1, h2, L, lh1, lh2

    cdef void setup(self, Ctx* c, Workspace w):
        memset(c, 0, sizeof(Ctx))
        c.lists.every_guess = &self.every_guess[0] if self.every_guess.shape[0] else NULL
        c.memo.splits = &self.splits[0]
        c.memo.member_parts = &self.member_parts[0]
        c.memo.class_verdicts = &self.class_verdicts[0] if self.mode == MODE_NORMAL else NULL
        c.memo.last_splitters = &self.last_splitters[0] if self.mode == MODE_NORMAL else NULL
        c.lists.MT = &self.MT[0, 0] if self.MT.shape[0] else NULL
        c.lists.n_answers, c.lists.n_guesses = self.MT.shape[0], self.MT.shape[1]
        c.game.letters = &self.letters[0, 0] if self.letters.shape[0] else NULL
        c.game.length, c.game.rule, c.game.n_symbols = self.length, self.rule, self.n_symbols
        c.game.n_codes, c.game.all_correct = self.n_codes, self.all_correct
        c.game.symbol_sets = &self.symbol_sets[0] if self.symbol_sets.shape[0] else NULL
        c.game.hint_masks = self.hint_masks
        c.game.word_bits = &self.word_bits[0, 0] if self.word_bits.shape[0] else NULL
        c.lists.a2g = &self.a2g[0] if self.a2g.shape[0] else NULL
        c.lists.groups = &self.groups[0, 0] if self.groups.shape[0] else NULL
        c.game.mode = self.mode
        c.objective.deep_d = self.deep_level
        if self.weighted and self.weights.shape[0]:
            c.objective.weights, c.objective.guess_weight = &self.weights[0], &self.guess_weight[0]
        c.lists.Z1 = &self.z1[0] if self.z1.shape[0] else NULL
        c.lists.Z2 = &self.z2[0] if self.z2.shape[0] else NULL
        c.lists.ZG1, c.lists.ZG2 = &self.zg1[0], &self.zg2[0]
        if self.renamed:
            c.lists.answer_swaps, c.lists.guess_swaps = &self.answer_swaps[0], &self.guess_swaps[0]
        if w is not None:
            c.memo.rows, c.memo.cap = &w.memo[0, 0], w.memo.shape[0]
            c.work.stats, c.control.shared = &w.stats[0], &w.shared[0]
            c.work.scratch = &w.scratch[0]
            if w.scratch.shape[0] < scratch_size(self.MT.shape[1], self.n_codes):
                raise ValueError("scratch too small")
        c.control.poll = threading.get_ident() == _MAIN_THREAD

    def solve(self, answers, uint64_t h1, uint64_t h2, legal, uint64_t lh1, uint64_t lh2, int64_t depth,
              int64_t beta, Workspace workspace, bint shared=False, const uint8_t[::1] only=None):
        """Packed result of the node ``answers`` (sorted) with ``legal`` guesses (hashes
        given) and ``depth`` guesses left, exact below ``beta``; ``shared``: this call is
        one participant of a node searched by several threads (workspace.shared).
        ``only`` (one flag per guess, or None: every guess): the guesses the node may
        play; every guess left out must tie with a lower one kept (Mastermind's orbits)."""
        cdef Ctx c
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, h1, h2, L, lh1, lh2, depth)
        cdef int64_t result
        node.beta, node.workers = min(beta, INF), 2 if shared else 1
        if only is not None:
            if only.shape[0] != self.MT.shape[1]:
                raise ValueError("only needs one flag per guess")
            node.only = &only[0]
        self.setup(&c, workspace)
        with nogil:
            result = solve_node(&c, &node)
        _finish(&c)
        return result

    def guess_value(self, answers, legal, uint64_t lh1, uint64_t lh2, int64_t guess, int64_t depth, int64_t beta,
                    int64_t most_parts, Workspace workspace):
        """Packed result of playing ``guess`` first at the node, then optimally."""
        cdef Ctx c
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, 0, 0, L, lh1, lh2, depth)
        cdef int64_t result
        if not 0 <= guess < self.MT.shape[1]:
            raise IndexError("guess out of range")
        node.beta = min(beta, INF)
        self.setup(&c, workspace)
        with nogil:
            result = guess_value(&c, &node, guess, most_parts)
        _finish(&c)
        return result

    def feasible(self, answers, uint64_t h1, uint64_t h2, legal, uint64_t lh1, uint64_t lh2, int64_t depth,
                 Workspace workspace):
        """A guess that starts a tree solving every answer of ``answers`` (sorted) within
        ``depth`` guesses from ``legal`` (hashes given), or -1 when no tree does (proved)."""
        cdef Ctx c
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, h1, h2, L, lh1, lh2, depth)
        cdef int64_t result = -1
        if not 0 <= depth < FEASIBLE_DEPTH_OFFSET:
            raise ValueError(f"depth must be 0-{FEASIBLE_DEPTH_OFFSET - 1}")
        self.setup(&c, workspace)
        if node.n:
            with nogil:
                result = feasible_node(&c, &node)
        _finish(&c)
        return result

    def rebuild(self, answers, uint64_t h1, uint64_t h2, legal, uint64_t lh1, uint64_t lh2, int64_t depth,
                int64_t top, Workspace workspace):
        """The solved subtree under ``top`` as four int64 arrays (guess, parent, code from
        the parent, answer solved or -1), depth-first with children in code order; empty
        arrays when a memo entry is gone, and a single guess NOT_A_TREE (-2) when the
        choices would overrun the depth limit (only a matrix that breaks the rules can)."""
        cdef Ctx c
        cdef Nodes out
        cdef uint8_t seen[MAX_CODES]
        cdef int status
        cdef int64_t[:, ::1] view
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, h1, h2, L, lh1, lh2, depth)
        if not 0 <= top < self.MT.shape[1] or not node.n:
            raise IndexError("top guess out of range, or no answers")
        self.setup(&c, workspace)
        out.data, out.count, out.capacity, out.top = NULL, 0, 0, top
        memset(seen, 0, sizeof(seen))
        with nogil:
            status = rebuild_node(&c, &node, -1, &out, seen)
        try:
            if status == REBUILD_NO_MEMORY:
                raise MemoryError("out of memory rebuilding a subtree")
            if status == NOT_A_TREE:
                return (np.full(1, NOT_A_TREE, np.int64),) + tuple(np.empty(0, np.int64) for _ in range(3))
            if status == MEMO_MISS:
                return tuple(np.empty(0, np.int64) for _ in range(4))
            nodes = np.empty((out.count, 4), dtype=np.int64)
            view = nodes
            if out.count:
                memcpy(&view[0, 0], out.data, out.count * 4 * sizeof(int64_t))
            return tuple(np.ascontiguousarray(nodes[:, j]) for j in range(4))
        finally:
            free(out.data)

    def endgame_infeasible(self, answers, legal, int64_t depth) -> bool:
        """Whether an endgame group in ``answers`` proves that no tree solves them within
        ``depth`` guesses from ``legal`` (False: not shown)."""
        cdef Ctx c
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, 0, 0, L, 0, 0, depth)
        cdef int result
        self.setup(&c, None)
        if not node.n:
            return False
        with nogil:
            result = endgame_infeasible(&c, &node)
        return result == 1

    def endgame_refutes(self, answers, legal, uint64_t lh1, uint64_t lh2, int64_t depth, Workspace workspace) -> bool:
        """Whether ``answers``' biggest endgame group proves that no tree solves them within
        ``depth`` guesses from ``legal`` (its hashes given): by the count, or else by a
        depth-only search of the group's members alone (False: not shown)."""
        cdef Ctx c
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, 0, 0, L, lh1, lh2, depth)
        cdef bint result
        if not node.n or not 0 <= depth < FEASIBLE_DEPTH_OFFSET:
            return False
        self.setup(&c, workspace)
        with nogil:
            result = endgame_refutes(&c, &node, INF)
        _finish(&c)
        return result

    def score(self, answers, legal, int64_t[::1] parts, int64_t[::1] sumsq, int64_t[::1] in_set,
              uint8_t[::1] scratch, pass_kind=None):
        """One full pass of ``legal`` over ``answers`` into parts, sumsq and in_set (the
        search's choice of kernel by set size, or ``pass_kind`` "pairs"/"histogram"); every
        guess in index order is read in place, as in the search (:meth:`legal_list`)."""
        cdef Ctx c
        S = _indices(answers, self.MT.shape[0], "answers")
        L = self.legal_list(legal)
        cdef Node node = _root(S, 0, 0, L, 0, 0, 0)
        cdef Scores out
        cdef int64_t n = node.n, m = node.m
        cdef bint pairs = n <= PAIRS_MAX_N if pass_kind is None else pass_kind == "pairs"
        cdef bint ok = True
        if parts.shape[0] < m or sumsq.shape[0] < m or in_set.shape[0] < m:
            raise ValueError("output arrays shorter than the legal guesses")
        if pairs and (n >= 256 or scratch.shape[0] < n * m * CODE_BYTES):
            raise ValueError("the pairs pass needs fewer than 256 answers and n * m codes of scratch")
        if scratch.shape[0] < scratch_size(self.MT.shape[1], self.n_codes):
            raise ValueError("scratch too small")
        self.setup(&c, None)
        c.work.scratch = &scratch[0]
        if n == 0 or m == 0:
            return
        out.parts, out.sumsq, out.in_set = &parts[0], &sumsq[0], &in_set[0]
        with nogil:
            if pairs:
                ok = score_by_pairs(&c, &node, &out)
            else:
                score_by_histogram(&c, &node, &out)
        if not ok:
            raise MemoryError()


def counting_bound(int64_t answers, int64_t most_parts):
    """The least a set of ``answers`` answers can cost when no guess makes more than
    ``most_parts`` classes of it (volume.volume_bound): 2s - 1 up to most_parts answers,
    3s - most_parts - 1 up to its square, more beyond."""
    return volume_bound(answers, most_parts)


def counting_split_bounds(int64_t answers, const int64_t[::1] parts, const int64_t[::1] in_set, int64_t most_parts,
                          int64_t[::1] out):
    """For each guess, what it costs a set of ``answers`` answers at least when it makes
    ``parts[i]`` classes (``in_set[i]``: it is one of them) and no guess makes more than
    ``most_parts`` (volume.split_volume_bound), into ``out``."""
    cdef Py_ssize_t i, m = parts.shape[0]
    if in_set.shape[0] < m or out.shape[0] < m:
        raise ValueError("in_set and out must be as long as parts")
    with nogil:
        for i in range(m):
            out[i] = split_volume_bound(answers, parts[i], in_set[i], most_parts)


def counting_past_levels(const int64_t[::1] top, const int64_t[::1] parts, const int64_t[::1] in_set,
                         int64_t most_parts, int64_t[::1] out):
    """Weighted: for each guess, what the counting bound adds past two levels when it makes
    ``parts[i]`` classes (``in_set[i]``: it is one of them) of the answers whose
    heaviest-first prefix sums are ``top`` (volume.lightest_past_levels), into ``out``."""
    cdef Py_ssize_t i, m = parts.shape[0]
    cdef int64_t n = top.shape[0] - 1
    if in_set.shape[0] < m or out.shape[0] < m or n < 0:
        raise ValueError("in_set and out must be as long as parts, and top hold n + 1 sums")
    with nogil:
        for i in range(m):
            out[i] = lightest_past_levels(&top[0], n, n - in_set[i], (parts[i] - in_set[i]) * most_parts, most_parts)
