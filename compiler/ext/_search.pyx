# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact search: branch and bound over guesses, with a growing memo.

The kernels' vocabulary (every kernel of this module and its .pxd/.pxi parts):

``c``
    the search's state (context.Ctx): the matrix, the game, the memo, the counters.
``S``, ``n``
    a node's answers (answer indices, ascending) and their number; ``S[lo:hi]`` a class
    of them, kept in place in a parent's buffer.
``L``, ``m``
    the guesses legal at the node (guess indices, in tie-break order) and their number.
``d``
    the guesses left, the one about to be played included.
``beta``, ``limit``
    a result is exact when below ``beta``, else a lower bound at least ``beta``; the
    candidate loop's ``limit`` is the best total so far + 1 (ties are evaluated).
``h1``, ``h2``, ``lh1``, ``lh2``
    the two Zobrist hashes of S and of L (L's are 0 in normal mode, whose list never
    narrows); the memo's key is made of them and d.
``g``, ``played``, ``shown``
    a candidate guess; the guess the parent played and the code it showed (hard and
    possible mode narrow L by them; ``played`` < 0 at a root).
``code``, class
    a feedback code (0 .. c.n_codes - 1, c.all_correct when the guess is the answer);
    the answers of S that show one code to a guess.  ``k`` (candidates.Classes) holds one
    candidate's classes, ``n_cls`` their number (the all-correct one left out), ``seen``
    MAX_CODES flags.
``parts``, ``most_parts``, ``in_set``
    the classes a guess makes (its all-correct one included), the most any legal guess
    makes of the node's set (P), and whether the guess is one of the set's answers.
``lb``, ``here``
    a class's lower bound; what the guess played here costs the node's answers (n, or
    their weight W).
``deep_d``
    --objective fewest-deep: the guesses left when the K-th guess is played (0: off).
packed result
    ``cost << 24 | depth << 16 | (guess + 1)`` (:func:`pack`).

The game comes from the Ctx: its word ``length``, ``n_symbols``, ``n_codes``,
``all_correct`` and ``rule`` (rules.pxd); arrays indexed by a code have MAX_CODES slots.
A code is a ``code_t``: one byte in this module, two in _search16, the same source built
with WORDLE_CODE_BITS=16 for Wordle of six to eight letters (rules.pxd, codes.h).

``solve_node`` returns the minimum total number of guesses that solves every answer of
``S`` with at most ``d`` more guesses (this one included) when that minimum is below
``beta``; otherwise a lower bound that is at least ``beta``.  Results are packed as
``cost << 24 | depth << 16 | (guess + 1)``.

Tie-break (exact, not an accident of search order): among guesses of equal total, the
shallower subtree, then a guess that can still be the answer, then the alphabetically
first word.  Each child is solved to its own (total, depth) optimum, and once a best total
T is known the search still evaluates candidates that could reach T, so the result does
not depend on the memo's contents.

Bounds, cheapest first (each is exact information, never a heuristic):

* a set of n answers costs at least 2n - 1, and at least 2n unless one of its own words
  splits it perfectly; a node returns at once when that reaches ``beta``;
* a guess with k classes costs at least 3n - k - [it is in the set];
* each class of a candidate is charged its own 1/3/2s-1/2s bound, raised to a memo entry
  when one exists (normal mode), and a class is never searched when its budget cannot
  cover that bound;
* in normal mode a candidate whose partition equals an earlier candidate's (same classes,
  same in-set flag) is skipped: it cannot do better and loses ties; in hard mode a node's
  list keeps only the first of the guesses that differ only in letters none of its
  answers has (legal.node_list), for the same reason;
* a set whose biggest endgame group (``.ight``) cannot be told apart within the guesses
  left is infeasible (endgame.pxd), found before the node's full pass;
* under weights, a set whose answers all weigh 0 costs 0 with any tree, and the tie-break
  alone picks its tree: the depth-only search finds it (weightless.pxi).

A node with ``n_workers > 1`` is shared: calls on it from several threads at once (its
participants, joining at any time) each evaluate the candidates they claim through the
node's state (``shared``, SHARED_WORDS int64: SHARED_LIMIT, the best total found + 1;
SHARED_NEXT, the first candidate nobody has claimed; SHARED_COUNT, the node's candidate
count).  Without atomics two participants can claim the same candidate, or a late write
move the counter back: both only repeat work, no candidate is ever left out.  The node's
exact optimum is the lexicographic best of the participants' results, so nothing partial
enters the memo.

Kernel calls from the main thread look for Ctrl-C every POLL_SECONDS: the search then
unwinds without storing anything it had not proved, and the handler's exception (a
KeyboardInterrupt) is raised from the call.
"""

from cpython.ref cimport PyObject
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from candidates cimport (Candidates, Classes, KEY_BOUND_SHIFT, PARTITION_SLOTS, PairSet, candidate_keys,
                         compare_keys, free_candidates, group_by_bound, group_floor, key_bound, nonzero, pair_set_add,
                         pair_set_has, pair_set_init, seen_before, sort_classes, sort_group, split_classes)
from context cimport (DEEP_WEIGHT, INF, MODE_HARD, MODE_NORMAL, N_STATS, SHARED_COUNT, SHARED_LIMIT, SHARED_NEXT,
                      STOP_INTERRUPTED, STOP_NO_MEMORY, S_BOUND_EXITS, S_CANDIDATES, S_DUPLICATES, S_ENDGAME, S_HITS,
                      S_NODES, S_PAIRS, S_PASSES, S_ROWS, S_UNSPLITTABLE, Ctx, candidate_deep, cell, deep_charge,
                      key_depth, set_weight)
from endgame cimport (ENDGAME_CLOSE, ENDGAME_CUT, MIN_GROUP, answers_split_group, biggest_group, endgame_infeasible,
                      endgame_verdict, group_infeasible)
from legal cimport (NodeRows, every_guess_in_order, filter_legal, last_two_by_rows, last_two_guesses, list_hashes,
                    node_list, node_rows_free, node_rows_init, scans_gather, searches_given_list)
from memo cimport (entry_depth, entry_exact, entry_guess, entry_value, memo_find, memo_key, memo_store,
                   rehash)
from passes cimport (HIST_CHUNK, PAIRS_MAX_N, SPLIT_ROWS, answer_splits_perfectly, heaviest_answer_split,
                     score_by_histogram, score_by_pairs, some_answer_splits)
from rules cimport (CODE_BYTES, MASK_LENGTH, MASK_SYMBOLS, MAX_CODES, MAX_LENGTH, MAX_SYMBOLS, RULE_MASTERMIND,
                    RULE_WORDLE, code_t)

cdef extern from "Python.h":
    int PyErr_CheckSignals()
    void PyErr_Restore(PyObject* kind, PyObject* value, PyObject* traceback)
    void PyErr_Fetch(PyObject** kind, PyObject** value, PyObject** traceback)

cdef extern from *:
    """
    static inline int64_t wordle_load(int64_t* p) { return __atomic_load_n(p, __ATOMIC_RELAXED); }
    static inline void wordle_store(int64_t* p, int64_t v) { __atomic_store_n(p, v, __ATOMIC_RELAXED); }
    """
    int64_t load_shared "wordle_load"(int64_t* p) noexcept nogil
    void store_shared "wordle_store"(int64_t* p, int64_t v) noexcept nogil

cdef double POLL_SECONDS = 0.05  # how late a Ctrl-C may stop a search; a check costs about a microsecond


cdef inline int64_t pack(int64_t cost, int64_t depth, int64_t guess) noexcept nogil:
    return (cost << 24) | (depth << 16) | (guess + 1)


cdef double monotonic() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return t.tv_sec + t.tv_nsec * 1e-9


cdef void poll_signals(Ctx* c) noexcept nogil:
    """Run Python's signal handlers (main thread only); an exception they raise stops the search."""
    cdef double t = monotonic()
    if t < c.next_poll:
        return
    c.next_poll = t + POLL_SECONDS
    with gil:
        if PyErr_CheckSignals() != 0:
            PyErr_Fetch(&c.exc_type, &c.exc_value, &c.exc_tb)
            c.stopped = STOP_INTERRUPTED


cdef int64_t solve_node(Ctx* c, const int64_t* S, int64_t n, uint64_t h1, uint64_t h2, const int64_t* L, int64_t m,
                        uint64_t lh1, uint64_t lh2, int64_t played, int64_t shown, int64_t d, int64_t beta,
                        int64_t n_workers) noexcept nogil:
    """See the module docstring.  In hard and possible mode ``L`` is the parent's list,
    made the node's own (legal.node_list) only when the cheap cases above need more."""
    cdef uint8_t seen[MAX_CODES]
    cdef bint hopeless
    cdef int64_t settled, result, own_m
    cdef int64_t* own_L
    if c.stopped:
        return pack(INF, 0, -1)
    if c.poll:
        poll_signals(c)
    memset(seen, 0, sizeof(seen))
    settled = settle_without_search(c, S, 0, n, L, m, played, shown, d, beta, seen, &hopeless, NULL)
    if settled >= 0:
        return settled
    if searches_given_list(c, played):
        return search_node(c, S, n, h1, h2, L, m, lh1, lh2, d, beta, n_workers, seen)
    own_L = node_list(c, S, n, L, m, played, shown, &own_m, &lh1, &lh2)
    if own_L == NULL:
        c.stopped = STOP_NO_MEMORY
        return pack(INF, 0, -1)
    result = search_node(c, S, n, h1, h2, own_L, own_m, lh1, lh2, d, beta, n_workers, seen)
    free(own_L)
    return result


cdef int64_t search_node(Ctx* c, const int64_t* S, int64_t n, uint64_t h1, uint64_t h2, const int64_t* L, int64_t m,
                         uint64_t lh1, uint64_t lh2, int64_t d, int64_t beta, int64_t n_workers,
                         uint8_t* seen) noexcept nogil:
    """A node past the cheap cases, with its own legal list: the memo, the endgame
    refusal, the full pass, then the candidates."""
    cdef uint64_t k1, k2, payload
    cdef int64_t known_lb = 0, lower, result
    cdef Candidates cand
    if weighs_nothing(c, S, n):  # every tree costs 0 here: the least depth decides (weightless.pxi)
        return solve_weightless(c, S, n, h1, h2, L, m, lh1, lh2, d, seen)
    memo_key(h1, h2, lh1, lh2, key_depth(c, d), &k1, &k2)
    payload = memo_find(c.memo, c.stats, k1, k2)
    if payload != 0:
        c.stats[S_HITS] += 1
        if entry_exact(payload):
            return pack(entry_value(payload), entry_depth(payload), entry_guess(payload))
        if entry_value(payload) >= beta:
            return pack(entry_value(payload), 0, -1)
        known_lb = entry_value(payload)
    elif endgame_refutes(c, S, n, L, m, lh1, lh2, d, search_close_within(d)):
        c.stats[S_ENDGAME] += 1
        memo_store(c, k1, k2, INF, False, -1, 0)
        return pack(INF, 0, -1)
    if not candidate_keys(c, S, n, L, m, every_guess_in_order(c, L, m), beta, d, &cand):
        c.stopped = STOP_NO_MEMORY
        return pack(INF, 0, -1)
    if cand.perfect >= 0:
        free_candidates(&cand)
        memo_store(c, k1, k2, cand.lower, True, cand.perfect, 2)
        return pack(cand.lower, 2, cand.perfect)
    lower = max(cand.lower, known_lb)
    if lower >= beta:
        free_candidates(&cand)
        memo_store(c, k1, k2, lower, False, -1, 0)
        return pack(lower, 0, -1)
    if n_workers > 1:
        store_shared(&c.shared[SHARED_COUNT], cand.count)
    result = search_candidates(c, S, n, L, m, lh1, lh2, d, beta, n_workers, &cand, seen)
    free_candidates(&cand)
    if c.stopped or n_workers > 1:
        return result
    if result >> 24 < beta:
        memo_store(c, k1, k2, result >> 24, True, (result & 0xFFFF) - 1, (result >> 16) & 0xFF)
    else:
        memo_store(c, k1, k2, beta, False, -1, 0)
    return result


cdef int64_t search_candidates(Ctx* c, const int64_t* S, int64_t n, const int64_t* L, int64_t m, uint64_t lh1,
                               uint64_t lh2, int64_t d, int64_t beta, int64_t n_workers, Candidates* cand,
                               uint8_t* seen) noexcept nogil:
    """The candidates in key order; the lexicographic best (total, depth, not in set,
    word) below beta, packed, else pack(beta, 0, -1).  Once a best is known the limit is
    its total + 1, so ties are evaluated."""
    cdef Classes* k = <Classes*>malloc(sizeof(Classes))
    cdef PairSet partitions, unsplittable  # partitions met here (normal mode); classes no guess splits (d = 3)
    cdef NodeRows rows  # d = 3: the answers' rows against L, for the children's scans
    cdef NodeRows* child_rows = NULL
    cdef int64_t* order = cand.keys
    cdef int64_t limit = beta, best_total = INF, best_depth = 0, best_in = 0, best_guess = -1
    cdef int64_t group_end = 0, c_i, key, in_set_c, g, n_cls, rest_lb, total, depth_c
    cdef int64_t here = cand.weight + deep_charge(c, n, 0, d)  # what this guess costs the node's answers
    cdef int64_t least_deep = candidate_deep(c, n, cand.most_parts, 1, d)  # no candidate's deep part is less
    cdef int64_t parts_c
    partitions.table = NULL
    unsplittable.table = NULL
    if k != NULL:
        memset(k.cursor, 0, sizeof(k.cursor))
        k.ordered = <int64_t*>malloc(n * sizeof(int64_t) + 8)
    if k == NULL or k.ordered == NULL or not pair_set_init(&partitions) or not pair_set_init(&unsplittable):
        c.stopped = STOP_NO_MEMORY
    if d == 3 and scans_gather(c, L, m) and node_rows_init(c, &rows, S, n, L, m):
        child_rows = &rows
    c_i = 0
    while c_i < cand.count and not c.stopped:
        if c_i == group_end:
            if group_floor(cand, order[c_i]) + least_deep >= limit:
                break  # the groups are in ascending bound order
            group_end = sort_group(order, cand.count, c_i)
        key = order[c_i]
        c_i += 1
        if n_workers > 1:
            if load_shared(&c.shared[SHARED_NEXT]) > c_i - 1:
                continue  # claimed by another participant
            store_shared(&c.shared[SHARED_NEXT], c_i)
            limit = min(limit, load_shared(&c.shared[SHARED_LIMIT]))  # another participant may have done better
        in_set_c = 1 - ((key >> 16) & 1)
        if key_bound(cand, key) + least_deep >= limit:
            if cand.bounds != NULL:
                continue  # weighted: a group is ordered by the key's coarse bound only
            break
        parts_c = 3 * n - (key >> KEY_BOUND_SHIFT) - in_set_c  # the key's bound is 3n - parts - in
        if (key >> KEY_BOUND_SHIFT) + candidate_deep(c, n, parts_c, in_set_c, d) >= limit:
            continue  # fewest-deep: this candidate's own deep part rules it out
        g = L[key & 0xFFFF]
        c.stats[S_CANDIDATES] += 1
        n_cls = split_classes(c, S, n, g, in_set_c, k)
        if c.mode == MODE_NORMAL and seen_before(&partitions, k.sig):
            c.stats[S_DUPLICATES] += 1
            continue
        rest_lb = class_bounds(c, k, n_cls, lh1, lh2, d - 1, seen, cand.most_parts, limit - here)
        if here + rest_lb >= limit:
            continue
        # a class the endgame count refuses dooms the candidate before its larger classes are
        # searched (docs/engine.md, "endgames": the passes and time this saves in hard mode)
        if d >= 4 and refused_by_endgame(c, k, n_cls, L, m, g, d - 1):
            c.stats[S_ENDGAME] += 1
            continue
        sort_classes(k.cls_keys, n_cls, k.cls_order)  # largest first: they decide most cut-offs
        total = solve_classes(c, k, n_cls, L, m, lh1, lh2, g, here, d, limit, rest_lb, n_workers, &unsplittable,
                              child_rows, seen, &depth_c, &limit)
        if total < 0:
            continue
        if better(total, depth_c, in_set_c, g, best_total, best_depth, best_in, best_guess):
            best_total, best_depth, best_in, best_guess = total, depth_c, in_set_c, g
            limit = total + 1
            if n_workers > 1 and limit < load_shared(&c.shared[SHARED_LIMIT]):
                store_shared(&c.shared[SHARED_LIMIT], limit)  # a racing write of a worse limit only costs speed
    if n_workers > 1:
        store_shared(&c.shared[SHARED_NEXT], cand.count)  # all claimed, or the rest cannot reach the limit
    if k != NULL:
        free(k.ordered)
    free(k)
    free(partitions.table)
    free(unsplittable.table)
    if child_rows != NULL:
        node_rows_free(child_rows)
    return pack(best_total, best_depth, best_guess) if best_guess >= 0 else pack(beta, 0, -1)


cdef inline bint better(int64_t total, int64_t depth, int64_t in_set, int64_t g, int64_t best_total,
                        int64_t best_depth, int64_t best_in, int64_t best_guess) noexcept nogil:
    """The documented tie-break: total, then depth, then in the set, then the word."""
    if best_guess < 0 or total < best_total:
        return True
    if total != best_total:
        return False
    if depth != best_depth:
        return depth < best_depth
    if in_set != best_in:
        return in_set > best_in
    return g < best_guess


cdef int64_t solve_classes(Ctx* c, Classes* k, int64_t n_cls, const int64_t* L, int64_t m, uint64_t lh1, uint64_t lh2,
                           int64_t g, int64_t here, int64_t d, int64_t limit, int64_t rest_lb, int64_t n_workers,
                           PairSet* unsplittable, NodeRows* rows, uint8_t* seen, int64_t* depth_out,
                           int64_t* limit_out) noexcept nogil:
    """Guess g's classes (k, sorted), largest first, each within what the limit leaves
    after the others' bounds: g's total (``here`` for this guess, plus each class's), or -1 as
    soon as it cannot get below the limit.  ``limit_out`` takes the limit as other
    participants of a shared node tightened it meanwhile; ``rows`` (d = 3, or NULL) the
    node's rows for its children's scans."""
    cdef int64_t total = here, j, code, budget, r, v, lo, hi
    cdef int64_t child_played = -1 if c.mode == MODE_NORMAL else g
    cdef uint64_t c1
    cdef bint hopeless
    depth_out[0] = 1
    for j in range(n_cls):
        code = k.cls_codes[k.cls_order[j]]
        rest_lb -= k.lb[code]
        if n_workers > 1:
            limit = min(limit, load_shared(&c.shared[SHARED_LIMIT]))  # a better total found meanwhile
            limit_out[0] = limit
        budget = limit - total - rest_lb
        if k.lb[code] >= budget:
            return -1  # never search a class whose budget cannot cover its bound
        lo, hi = k.starts[code], k.starts[code + 1]
        if d == 3:  # the child settles without search: no recursive call
            c1 = nonzero(k.ch1[code])
            if hi - lo >= 3 and pair_set_has(unsplittable, c1, k.ch2[code]):
                c.stats[S_UNSPLITTABLE] += 1
                r = pack(INF, 0, -1)
            else:
                r = settle_without_search(c, k.ordered, lo, hi, L, m, child_played, code, 2, budget, seen, &hopeless,
                                          rows)
                if hopeless:
                    pair_set_add(unsplittable, c1, k.ch2[code])
        else:
            r = solve_node(c, k.ordered + lo, hi - lo, k.ch1[code], k.ch2[code], L, m, lh1, lh2, child_played, code,
                           d - 1, budget, 1)
            if c.stopped:
                return -1
        v = r >> 24
        if v >= budget:
            return -1
        total += v
        depth_out[0] = max(depth_out[0], ((r >> 16) & 0xFF) + 1)
    return total


include "settle.pxi"
include "guess.pxi"
include "weighted.pxi"
include "rebuild.pxi"
include "feasible.pxi"
include "weightless.pxi"
include "interface.pxi"
include "probes.pxi"
