# Absurdle's adversary (analysis/absurdle.py): for every guess, the class of a set of
# answers it keeps (the largest; among classes of one size, the code of least rank)
# (adversary_keeps_into); a guess that tells every answer of a set apart while keeping a
# chosen one (forcing_splitter); the search's last two guesses from a set (forced_in_three);
# and every answer that two guesses force from a set (forcible_targets, the challenge
# table: analysis/absurdle_table.py).  Glossary: ``rank``
# the tie order of the codes (0 is kept first among classes of one size), ``kept`` a class's
# code, ``parts`` how many classes a guess makes.


cdef enum:
    ADVERSARY_CHUNK = 4 * STATS_CHUNK


cdef int adversary_pass(const code_t[:, ::1] MT, const int64_t[::1] answers, const int64_t[::1] rank,
                        Py_ssize_t first, int64_t[::1] kept, int64_t[::1] size, int64_t[::1] parts,
                        uint8_t[::1] untied) noexcept nogil:
    # Reads the answer-major matrix STATS_CHUNK guesses at a time, as partition_pass does;
    # guess first + j goes to entry j of the outputs.  A set of at least MAX_CODES answers
    # is counted without noting each guess's codes, and its histograms are then read whole.
    # The histograms (a quarter of a MiB and more) are on the heap: -1 when there is none.
    cdef Py_ssize_t n = answers.shape[0], m = kept.shape[0], start, i, j, k, t, classes
    cdef uint16_t* hist = <uint16_t*>calloc(ADVERSARY_CHUNK * MAX_CODES, sizeof(uint16_t))
    cdef code_t* order = <code_t*>malloc(ADVERSARY_CHUNK * MAX_CODES * sizeof(code_t))
    cdef int64_t found[ADVERSARY_CHUNK]
    cdef int64_t best, best_code, ties, c, code, slot, base
    cdef bint whole = n >= MAX_CODES
    cdef const code_t* row
    if hist == NULL or order == NULL:
        free(hist)
        free(order)
        return -1
    start = 0
    while start < m:
        k = min(<Py_ssize_t>ADVERSARY_CHUNK, m - start)
        for j in range(k):
            found[j] = 0
        for i in range(n):
            row = &MT[answers[i], first + start]
            if whole:
                for j in range(k):
                    hist[j * MAX_CODES + row[j]] += 1
            else:
                for j in range(k):
                    count_code(hist, order, found, j, row[j])
        for j in range(k):
            base = j * MAX_CODES
            best = 0
            best_code = 0
            ties = 0
            classes = MAX_CODES if whole else found[j]
            for t in range(classes):
                code = t if whole else order[base + t]
                slot = base + code
                c = hist[slot]
                if c == 0:
                    continue
                hist[slot] = 0
                found[j] += whole
                if c > best or (c == best and rank[code] < rank[best_code]):
                    ties = 1 if c > best else ties + 1
                    best = c
                    best_code = code
                elif c == best:
                    ties += 1
            kept[start + j] = best_code
            size[start + j] = best
            parts[start + j] = found[j]
            untied[start + j] = ties == 1
        start += k
    free(hist)
    free(order)
    return 0


def adversary_keeps_into(const code_t[:, ::1] MT, const int64_t[::1] answers, const int64_t[::1] rank,
                         Py_ssize_t first, int64_t[::1] kept, int64_t[::1] size, int64_t[::1] parts,
                         uint8_t[::1] untied):
    """For the guesses ``first``, ``first + 1``, ... (columns of the answer-major matrix
    ``MT``, as many as ``kept`` has entries) at ``answers``: the code of the class the
    adversary keeps (the largest, then the least ``rank``), its size, how many classes the
    guess makes and whether no other class is as large, into ``kept``, ``size``, ``parts``
    and ``untied``."""
    cdef Py_ssize_t m = kept.shape[0]
    cdef int failed
    if size.shape[0] != m or parts.shape[0] != m or untied.shape[0] != m:
        raise ValueError("output arrays of different lengths")
    if first < 0 or first + m > MT.shape[1]:
        raise IndexError("guesses out of range")
    if rank.shape[0] != MAX_CODES:
        raise ValueError(f"a rank for each of the {MAX_CODES} codes")
    if answers.shape[0] > 65535:
        raise ValueError("too many answers for the 16-bit class counts")
    _check_indices(answers, MT.shape[0])
    if answers.shape[0] == 0 or m == 0:
        return
    with nogil:
        failed = adversary_pass(MT, answers, rank, first, kept, size, parts, untied)
    if failed:
        raise MemoryError("no memory for the adversary's class counts")


def forcing_splitter(const code_t[:, ::1] MT, const int64_t[::1] candidates, const int64_t[::1] answers,
                     int64_t target, const int64_t[::1] rank):
    """The first of ``candidates`` (guesses: columns of ``MT``) whose feedback differs for
    every one of ``answers`` and whose code for ``answers[target]`` has the least ``rank`` of
    them (so the adversary keeps that answer), or -1: O(n) per guess, stopping at a repeated
    code or at a code ranked below the target's."""
    cdef Py_ssize_t n = answers.shape[0], i, k, distinct
    cdef int64_t g, found = -1, own
    cdef uint8_t seen[MAX_CODES]
    cdef code_t code
    cdef bint least
    _check_indices(candidates, MT.shape[1])
    _check_indices(answers, MT.shape[0])
    if not 0 <= target < n:
        raise IndexError("target out of range")
    if rank.shape[0] != MAX_CODES:
        raise ValueError(f"a rank for each of the {MAX_CODES} codes")
    if n > MAX_CODES:
        return -1
    memset(seen, 0, sizeof(seen))
    with nogil:
        for k in range(candidates.shape[0]):
            g = candidates[k]
            own = rank[MT[answers[target], g]]
            distinct = 0
            least = True
            while distinct < n and least:
                code = MT[answers[distinct], g]
                if seen[code]:
                    break
                seen[code] = 1
                least = rank[code] >= own
                distinct += 1
            for i in range(distinct):
                seen[MT[answers[i], g]] = 0
            if distinct == n and least:
                found = g
                break
    return found


def forced_in_three(const code_t[:, ::1] MT, const int64_t[::1] answers, const int64_t[::1] ranked,
                    const int64_t[::1] kept, const int64_t[::1] parts, int64_t target, const int64_t[::1] rank):
    """The first of ``ranked`` (guesses) whose kept class of ``answers`` (``kept``: each
    guess's kept code there) is one answer, or is told apart by a later guess that leaves the
    adversary keeping ``answers[target]`` (target -1: keeping any one): (guess, the guess that
    tells the class apart or -1 when it is one answer already, the place in ``answers`` of the
    answer kept), or None.  Only guesses making at least as many classes of ``answers``
    (``parts``) as the class has answers are tried to tell it apart."""
    cdef Py_ssize_t n = answers.shape[0], m = MT.shape[1], r, i, w, k, distinct, least_at
    cdef int64_t g, h, first = -1, second = -1, place = -1, own, own_rank, code_rank, least
    cdef uint8_t seen[MAX_CODES]
    cdef code_t code, keep
    cdef bint ok
    if kept.shape[0] != m or parts.shape[0] != m:
        raise ValueError("one kept code and one count of classes per guess")
    if rank.shape[0] != MAX_CODES:
        raise ValueError(f"a rank for each of the {MAX_CODES} codes")
    if not -1 <= target < n:
        raise IndexError("target out of range")
    _check_indices(answers, MT.shape[0])
    _check_indices(ranked, m)
    members_array = np.empty(max(n, 1), dtype=np.int64)
    where_array = np.empty(max(n, 1), dtype=np.int64)
    cdef int64_t[::1] members = members_array, where = where_array
    memset(seen, 0, sizeof(seen))
    with nogil:
        for r in range(ranked.shape[0]):
            g = ranked[r]
            keep = <code_t>kept[g]
            w = 0
            own = -1
            for i in range(n):
                if MT[answers[i], g] == keep:
                    if i == target:
                        own = w
                    members[w] = answers[i]
                    where[w] = i
                    w += 1
            if target >= 0 and own < 0:
                continue
            if w == 1:
                first, place = g, where[0]
                break
            if w > MAX_CODES:
                continue
            for h in range(m):
                if parts[h] < w:
                    continue
                distinct = 0
                least = MAX_CODES + 1
                least_at = 0
                ok = True
                own_rank = -1 if own < 0 else rank[MT[members[own], h]]
                while distinct < w:
                    code = MT[members[distinct], h]
                    if seen[code] or rank[code] < own_rank:  # a repeat, or a class kept before the target's
                        ok = False
                        break
                    seen[code] = 1
                    code_rank = rank[code]
                    if code_rank < least:
                        least, least_at = code_rank, distinct
                    distinct += 1
                for k in range(distinct):
                    seen[MT[members[k], h]] = 0
                if ok and (target < 0 or least_at == own):
                    first, second, place = g, h, where[least_at]
                    break
            if first >= 0:
                break
    return None if first < 0 else (first, second, place)


cdef inline uint64_t _mix(uint64_t x) noexcept nogil:
    # splitmix64's finaliser: a set's hash is the sum of its members' mixed indices
    x = (x ^ (x >> 30)) * <uint64_t>0xbf58476d1ce4e5b9
    x = (x ^ (x >> 27)) * <uint64_t>0x94d049bb133111eb
    return x ^ (x >> 31)


def forcible_targets(const code_t[:, ::1] MT, const int64_t[::1] answers, const int64_t[::1] ranked,
                     const int64_t[::1] kept, const int64_t[::1] parts, const int64_t[::1] rank,
                     uint8_t[::1] forced, int64_t[:, ::1] lines):
    """Every answer that some line of two guesses, or one, forces from the set ``answers``:
    for each of ``ranked`` (guesses) in order, its kept class (``kept``: each guess's kept
    code there) is one answer, or every guess (in index order) that tells the class apart
    keeps one answer.  An answer (an index into ``forced``, one entry per answer of the
    game) not yet ``forced`` is marked, with its line in ``lines``: (the ranked guess, the
    guess that tells its class apart or -1).  A class met before (equal hash of its members)
    or whose answers are all forced already is skipped; a class's hash is two independent
    64-bit sums over its members, so two classes are taken for one only if both agree.  Only guesses making at least as
    many classes of ``answers`` (``parts``) as the class has answers are tried."""
    cdef Py_ssize_t n = answers.shape[0], m = MT.shape[1], r, i, w, k, distinct, least_at, slots, slot
    cdef int64_t g, h, least, code_rank
    cdef uint64_t digest, check
    cdef uint8_t seen[MAX_CODES]
    cdef code_t code, keep
    cdef bint ok, open_answer
    if kept.shape[0] != m or parts.shape[0] != m:
        raise ValueError("one kept code and one count of classes per guess")
    if rank.shape[0] != MAX_CODES:
        raise ValueError(f"a rank for each of the {MAX_CODES} codes")
    if forced.shape[0] != MT.shape[0] or lines.shape[0] != MT.shape[0] or lines.shape[1] != 2:
        raise ValueError("one forced flag and one line per answer of the game")
    _check_indices(answers, MT.shape[0])
    _check_indices(ranked, m)
    members_array = np.empty(max(n, 1), dtype=np.int64)
    cdef int64_t[::1] members = members_array
    slots = 1
    while slots < 2 * ranked.shape[0] + 2:
        slots *= 2
    table_array = np.zeros(slots, dtype=np.uint64)  # the classes met: their hashes, 0 empty
    checks_array = np.zeros(slots, dtype=np.uint64)  # and their second hashes
    cdef uint64_t[::1] table = table_array, checks = checks_array
    memset(seen, 0, sizeof(seen))
    with nogil:
        for r in range(ranked.shape[0]):
            g = ranked[r]
            keep = <code_t>kept[g]
            w = 0
            digest = 0
            check = 0
            open_answer = False
            for i in range(n):
                if MT[answers[i], g] == keep:
                    members[w] = answers[i]
                    digest += _mix(<uint64_t>answers[i] + 1)
                    check += _mix(<uint64_t>answers[i] + <uint64_t>0x9e3779b97f4a7c15)
                    open_answer = open_answer or not forced[answers[i]]
                    w += 1
            if not open_answer or w > MAX_CODES:
                continue
            digest |= 1  # never 0, the empty slot
            slot = <Py_ssize_t>(digest & <uint64_t>(slots - 1))
            while table[slot] != 0 and (table[slot] != digest or checks[slot] != check):
                slot = (slot + 1) & (slots - 1)
            if table[slot] != 0:
                continue
            table[slot] = digest
            checks[slot] = check
            if w == 1:
                forced[members[0]] = 1
                lines[members[0], 0] = g
                lines[members[0], 1] = -1
                continue
            for h in range(m):
                if parts[h] < w:
                    continue
                distinct = 0
                least = MAX_CODES + 1
                least_at = 0
                ok = True
                while distinct < w:
                    code = MT[members[distinct], h]
                    if seen[code]:
                        ok = False
                        break
                    seen[code] = 1
                    code_rank = rank[code]
                    if code_rank < least:
                        least, least_at = code_rank, distinct
                    distinct += 1
                for k in range(distinct):
                    seen[MT[members[k], h]] = 0
                if ok and not forced[members[least_at]]:
                    forced[members[least_at]] = 1
                    lines[members[least_at], 0] = g
                    lines[members[least_at], 1] = h
