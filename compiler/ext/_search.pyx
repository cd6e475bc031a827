# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The exact search: branch and bound over guesses, with a growing memo.

The kernels' data and vocabulary (Ctx, the node record Node, S, L, d, beta, the packed
result...) are in context.pxd, the glossary at its top; a candidate's record (Split) and
what a node's candidates share (Frame) are in classes.pxd.  A code is a ``code_t``: one
byte in this module, two in _search16, the same source built with WORDLE_CODE_BITS=16 for
Wordle of six to eight letters (rules.pxd, codes.h).

``solve_node`` returns the minimum total number of guesses that solves every answer of a
node's ``S`` with at most ``d`` more guesses (this one included) when that minimum is below
its ``beta``; otherwise a lower bound that is at least ``beta``.  Results are packed as
``cost << 24 | depth << 16 | (guess + 1)``.

Tie-break (exact, not an accident of search order): among guesses of equal total, the
shallower subtree, then a guess that can still be the answer, then the alphabetically
first word.  Each child is solved to its own (total, depth) optimum, and once a best total
T is known the search still evaluates candidates that could reach T, so the result does
not depend on the memo's contents.

Bounds, cheapest first (each is exact information, never a heuristic):

* a set of n answers costs at least 2n - 1, and at least 2n unless one of its own words
  splits it perfectly; a node returns at once when that reaches ``beta``;
* a guess with k classes costs at least 3n - k - [it is in the set], and more where its
  classes must hold more than P answers each (volume.pxd: at most P^(t-1) answers are
  solved within t guesses when no guess makes more than P classes);
* each class of a candidate is charged its own 1/3/2s-1/2s/counting bound, raised to a memo entry
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

A node with ``workers > 1`` is shared: calls on it from several threads at once (its
participants, joining at any time) each evaluate the candidates they claim through the
node's state (``c.control.shared``, SHARED_WORDS int64: SHARED_LIMIT, the best total found
+ 1; SHARED_NEXT, the first candidate nobody has claimed; SHARED_COUNT, the node's
candidate count).  Without atomics two participants can claim the same candidate, or a late write
move the counter back: both only repeat work, no candidate is ever left out.  The node's
exact optimum is the lexicographic best of the participants' results, so nothing partial
enters the memo.

Kernel calls from the main thread look for Ctrl-C every POLL_SECONDS: the search then
unwinds without storing anything it had not proved, and the handler's exception (a
KeyboardInterrupt) is raised from the call.
"""

from cpython.ref cimport PyObject
from libc.stdint cimport int32_t, int64_t, uint8_t, uint64_t
from libc.stdlib cimport free, malloc, qsort
from libc.string cimport memset
from posix.time cimport CLOCK_MONOTONIC, clock_gettime, timespec

from candidates cimport (KEY_BOUND_SHIFT, Candidates, candidate_keys, compare_keys, free_candidates, group_by_bound,
                         group_floor, key_bound, sort_group)
from classes cimport (PARTITION_SLOTS, Classes, Frame, PairSet, Split, class_node, frame_free, frame_gather_rows,
                      frame_init, nonzero, pair_set_add, pair_set_has, seen_before, sort_classes, split_classes)
from context cimport (DEEP_COST, INF, MODE_HARD, MODE_NORMAL, MODE_POSSIBLE, N_STATS, SHARED_COUNT, SHARED_LIMIT,
                      SHARED_NEXT, SHARED_WORDS, STOP_INTERRUPTED, STOP_NO_MEMORY, S_BOUND_EXITS, S_CANDIDATES,
                      S_DUPLICATES, S_ENDGAME, S_HITS, S_NODES, S_PAIRS, S_PASSES, S_ROWS, S_TWINS, S_UNSPLITTABLE, Ctx,
                      Node, candidate_deep, cell, deep_charge, every_guess_in_order, key_depth, set_weight)
from endgame cimport (ENDGAME_CLOSE, ENDGAME_CUT, MIN_GROUP, answers_split_group, biggest_group, endgame_infeasible,
                      endgame_verdict, group_infeasible)
from legal cimport (NodeRows, filter_legal, last_two_by_rows, last_two_guesses, list_hashes, node_list, node_rows_free,
                    node_rows_init, searches_given_list)
from memo cimport (MEMO_PROBES, entry_depth, entry_exact, entry_guess, entry_value, memo_find, memo_key, memo_store,
                   rehash)
from passes cimport (HIST_CHUNK, MEMBER_PARTS_MAX, PAIRS_MAX_N, SPLIT_ROWS, Scores, answer_splits_perfectly,
                     heaviest_answer_split, members_most_parts, recalled, remember, score_by_histogram,
                     score_by_pairs, some_answer_splits)
from rules cimport (CODE_BYTES, HINT_MASK_LENGTH, HINT_MASK_SYMBOLS, MAX_CODES, MAX_LENGTH, MAX_SYMBOLS, RULE_WORDLE,
                    code_t)
from renaming cimport renaming_twins
from volume cimport lightest_past_levels, solvable_within, split_volume_bound, volume_bound

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
    if t < c.control.next_poll:
        return
    c.control.next_poll = t + POLL_SECONDS
    with gil:
        if PyErr_CheckSignals() != 0:
            PyErr_Fetch(&c.control.exc_type, &c.control.exc_value, &c.control.exc_tb)
            c.control.stopped = STOP_INTERRUPTED


cdef int64_t solve_node(Ctx* c, const Node* node) noexcept nogil:
    """See the module docstring.  In hard and possible mode the node's L is the parent's
    list, made the node's own (legal.node_list) only when the cheap cases above need more."""
    cdef uint8_t seen[MAX_CODES]
    cdef bint hopeless
    cdef int64_t settled, result
    cdef int64_t* own_L
    cdef Node own
    if c.control.stopped:
        return pack(INF, 0, -1)
    if c.control.poll:
        poll_signals(c)
    memset(seen, 0, sizeof(seen))
    settled = settle_without_search(c, node, seen, &hopeless, NULL)
    if settled >= 0:
        return settled
    if searches_given_list(c, node):
        return search_node(c, node, seen)
    own_L = node_list(c, node, &own)
    if own_L == NULL:
        c.control.stopped = STOP_NO_MEMORY
        return pack(INF, 0, -1)
    result = search_node(c, &own, seen)
    free(own_L)
    return result


cdef int64_t search_node(Ctx* c, const Node* node, uint8_t* seen) noexcept nogil:
    """A node past the cheap cases, with its own legal list: the memo, the endgame
    refusal, the full pass, then the candidates."""
    cdef uint64_t k1, k2, payload
    cdef int64_t known_lb = 0, lower, result, beta = node.beta
    cdef Candidates cand
    if weighs_nothing(c, node.S, node.n):  # every tree costs 0 here: the least depth decides (weightless.pxi)
        return solve_weightless(c, node, seen)
    memo_key(node.h1, node.h2, node.lh1, node.lh2, key_depth(c, node.d), &k1, &k2)
    payload = memo_find(c.memo.rows, c.work.stats, k1, k2)
    if payload != 0:
        c.work.stats[S_HITS] += 1
        if entry_exact(payload):
            return pack(entry_value(payload), entry_depth(payload), entry_guess(payload))
        if entry_value(payload) >= beta:
            return pack(entry_value(payload), 0, -1)
        known_lb = entry_value(payload)
    elif endgame_refutes(c, node, search_close_within(node.d)):
        c.work.stats[S_ENDGAME] += 1
        memo_store(c, k1, k2, INF, False, -1, 0)
        return pack(INF, 0, -1)
    if not candidate_keys(c, node, &cand):
        c.control.stopped = STOP_NO_MEMORY
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
    if node.workers > 1:
        store_shared(&c.control.shared[SHARED_COUNT], cand.count)
    result = search_candidates(c, node, &cand, seen)
    free_candidates(&cand)
    if c.control.stopped or node.workers > 1:
        return result
    if result >> 24 < beta:
        memo_store(c, k1, k2, result >> 24, True, (result & 0xFFFF) - 1, (result >> 16) & 0xFF)
    else:
        memo_store(c, k1, k2, beta, False, -1, 0)
    return result


cdef int64_t search_candidates(Ctx* c, const Node* node, Candidates* cand, uint8_t* seen) noexcept nogil:
    """The candidates in key order; the lexicographic best (total, depth, not in set,
    word) below beta, packed, else pack(beta, 0, -1).  Once a best is known the limit is
    its total + 1, so ties are evaluated."""
    cdef Frame f  # the classes' buffer, the partitions met here, the unsplittable classes and rows (d = 3)
    cdef Split split
    cdef int64_t* order = cand.keys
    cdef int64_t n = node.n, d = node.d, limit = node.beta
    cdef int64_t best_total = INF, best_depth = 0, best_in = 0, best_guess = -1
    cdef int64_t group_end = 0, c_i, key, total, parts_c
    cdef int64_t least_deep = candidate_deep(c, n, cand.most_parts, 1, d)  # no candidate's deep part is less
    cdef bint shared = node.workers > 1
    split.here = cand.weight + deep_charge(c, n, 0, d)  # what any guess here costs the node's answers
    if not frame_init(&f, node, seen, cand.most_parts):
        c.control.stopped = STOP_NO_MEMORY
    frame_gather_rows(c, &f, node)
    c_i = 0
    while c_i < cand.count and not c.control.stopped:
        if c_i == group_end:
            if group_floor(cand, order[c_i]) + least_deep >= limit:
                break  # the groups are in ascending bound order
            group_end = sort_group(order, cand.count, c_i)
        key = order[c_i]
        c_i += 1
        if shared:
            if load_shared(&c.control.shared[SHARED_NEXT]) > c_i - 1:
                continue  # claimed by another participant
            store_shared(&c.control.shared[SHARED_NEXT], c_i)
            limit = min(limit, load_shared(&c.control.shared[SHARED_LIMIT]))  # another participant may have done better
        split.in_set = 1 - ((key >> 16) & 1)
        if key_bound(cand, key) + least_deep >= limit:
            if cand.bounds != NULL:
                continue  # weighted: a group is ordered by the key's coarse bound only
            break
        if cand.bounds == NULL:  # unweighted: the key's bound is 3n - parts - in
            parts_c = 3 * n - (key >> KEY_BOUND_SHIFT) - split.in_set
            if (split_volume_bound(n, parts_c, split.in_set, cand.most_parts)
                    + candidate_deep(c, n, parts_c, split.in_set, d) >= limit):
                continue  # its counting bound, or under fewest-deep its own deep part, rules it out
        split.guess = node.L[key & 0xFFFF]
        total = try_candidate(c, node, &split, &f, &limit)
        if total < 0:
            continue
        if better(total, split.depth, split.in_set, split.guess, best_total, best_depth, best_in, best_guess):
            best_total, best_depth, best_in, best_guess = total, split.depth, split.in_set, split.guess
            limit = total + 1
            if shared and limit < load_shared(&c.control.shared[SHARED_LIMIT]):
                store_shared(&c.control.shared[SHARED_LIMIT], limit)  # a racing write of a worse limit only costs speed
    if shared:
        store_shared(&c.control.shared[SHARED_NEXT], cand.count)  # all claimed, or the rest cannot reach the limit
    frame_free(&f)
    return pack(best_total, best_depth, best_guess) if best_guess >= 0 else pack(node.beta, 0, -1)


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


cdef int64_t try_candidate(Ctx* c, const Node* node, Split* split, Frame* f, int64_t* limit) noexcept nogil:
    """The total of the split's guess at the node (its classes solved, split.depth their
    subtree's depth), or -1 when it cannot get below the limit, or repeats an earlier
    candidate's partition (normal mode)."""
    cdef Classes* k = f.classes
    c.work.stats[S_CANDIDATES] += 1
    split_classes(c, node, split, k)
    if c.game.mode == MODE_NORMAL and seen_before(&f.partitions, k.sig):
        c.work.stats[S_DUPLICATES] += 1
        return -1
    class_bounds(c, node, split, f, limit[0] - split.here)
    if split.here + split.rest_lb >= limit[0]:
        return -1
    # a class the endgame count refuses dooms the candidate before its larger classes are
    # searched (docs/engine.md, "endgames": the passes and time this saves in hard mode)
    if node.d >= 4 and refused_by_endgame(c, node, split, k):
        c.work.stats[S_ENDGAME] += 1
        return -1
    sort_classes(k.cls_keys, split.n_cls, k.cls_order)  # largest first: they decide most cut-offs
    return solve_classes(c, node, split, f, limit)


cdef int64_t solve_classes(Ctx* c, const Node* node, Split* split, Frame* f, int64_t* limit) noexcept nogil:
    """The split's classes (f.classes, sorted), largest first, each within what the limit
    leaves after the others' bounds: the guess's total (split.here, plus each class's), or
    -1 as soon as it cannot get below the limit; split.depth its subtree's depth.  On a
    shared node ``limit`` takes the limit as other participants tightened it meanwhile.
    With three guesses left the classes settle without a recursive call, their scans over
    f.rows when the node gathered them."""
    cdef Classes* k = f.classes
    cdef int64_t total = split.here, rest_lb = split.rest_lb, j, code, budget, r, v
    cdef int64_t played = -1 if c.game.mode == MODE_NORMAL else split.guess
    cdef uint64_t c1
    cdef bint hopeless
    cdef Node child
    split.depth = 1
    for j in range(split.n_cls):
        code = k.cls_codes[k.cls_order[j]]
        rest_lb -= k.lb[code]
        if node.workers > 1:
            limit[0] = min(limit[0], load_shared(&c.control.shared[SHARED_LIMIT]))  # a better total found meanwhile
        budget = limit[0] - total - rest_lb
        if k.lb[code] >= budget:
            return -1  # never search a class whose budget cannot cover its bound
        class_node(node, k, code, played, &child)
        child.beta = budget
        if node.d == 3:  # the child settles without search: no recursive call
            c1 = nonzero(k.ch1[code])
            if child.n >= 3 and pair_set_has(&f.unsplittable, c1, k.ch2[code]):
                c.work.stats[S_UNSPLITTABLE] += 1
                r = pack(INF, 0, -1)
            else:
                r = settle_without_search(c, &child, f.seen, &hopeless, f.rows)
                if hopeless:
                    pair_set_add(&f.unsplittable, c1, k.ch2[code])
        else:
            r = solve_node(c, &child)
            if c.control.stopped:
                return -1
        v = r >> 24
        if v >= budget:
            return -1
        total += v
        split.depth = max(split.depth, ((r >> 16) & 0xFF) + 1)
    return total


include "settle.pxi"
include "guess.pxi"
include "weighted.pxi"
include "rebuild.pxi"
include "feasible.pxi"
include "weightless.pxi"
include "workspace.pxi"
include "interface.pxi"
include "probes.pxi"
