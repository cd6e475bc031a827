# Included by _kernels.pyx: the partition statistics with a weight per answer.

cdef enum:
    WEIGHTED_CHUNK = CODE_CHUNK // 2  # guesses counted together: 32 x 256 x (2 + 4 bytes) = 48 KB (one-byte codes)

# The most weight one answer set may carry: every class weight then fits 32 bits and
# Σ W_C² <= W² <= 2^62 stays exact in int64.
cdef int64_t MAX_SET_WEIGHT = (<int64_t>1) << 31
globals().update(MAX_SET_WEIGHT=MAX_SET_WEIGHT)  # read by the prior (strategies/prior.py)


cdef void weighted_pass(const code_t[:, ::1] MT, const int32_t[::1] guesses, const int32_t[::1] answers,
                        const int64_t[::1] weights, int64_t total, int64_t divisor, int64_t all_correct,
                        int64_t[:, ::1] stats, double[::1] entropy) noexcept nogil:
    # The chunked pass of partition_pass with a second histogram, of class weights.  The
    # answer counts still mark each code's first appearance, since a class of weight zero
    # is a class too.  The entropy is taken of the class weights divided by ``divisor``
    # (the set's weights' greatest common divisor, which divides every class weight): the
    # probabilities are the same, and equal weights then give the very numbers, and so
    # the very bits, of the unweighted pass.
    cdef Py_ssize_t n = answers.shape[0], m = guesses.shape[0], start, i, j, k, t
    cdef int64_t reduced_total = total // divisor if divisor > 0 else 0
    cdef double log_total = log(<double>reduced_total) if reduced_total > 0 else 0.0, h, r
    cdef uint16_t hist[WEIGHTED_CHUNK * MAX_CODES]
    cdef uint32_t mass[WEIGHTED_CHUNK * MAX_CODES]
    cdef code_t order[WEIGHTED_CHUNK * MAX_CODES]
    cdef int64_t found[WEIGHTED_CHUNK]
    cdef int64_t largest, sumsq, wc, slot, base
    cdef uint32_t w
    cdef int32_t first
    cdef bint consecutive
    cdef const code_t* row
    memset(hist, 0, sizeof(hist))
    memset(mass, 0, sizeof(mass))
    start = 0
    while start < m:
        k = min(<Py_ssize_t>WEIGHTED_CHUNK, m - start)
        first = guesses[start]
        consecutive = True
        for j in range(k):
            found[j] = 0
            consecutive = consecutive and guesses[start + j] == first + j
        for i in range(n):
            w = <uint32_t>weights[answers[i]]
            if consecutive:
                row = &MT[answers[i], first]
                for j in range(k):
                    count_code(hist, order, found, j, row[j])
                    mass[j * MAX_CODES + row[j]] += w
            else:
                row = &MT[answers[i], 0]
                for j in range(k):
                    count_code(hist, order, found, j, row[guesses[start + j]])
                    mass[j * MAX_CODES + row[guesses[start + j]]] += w
        for j in range(k):
            base = j * MAX_CODES
            stats[start + j, IN_SET] = 1 if hist[base + all_correct] > 0 else 0
            largest = 0
            sumsq = 0
            h = 0.0
            for t in range(found[j]):
                slot = base + order[base + t]
                wc = mass[slot]
                sumsq += wc * wc
                largest = max(largest, wc)
                if wc > 0:
                    r = <double>(wc // divisor)
                    h += r * log(r)
                hist[slot] = 0
                mass[slot] = 0
            stats[start + j, PARTS] = found[j]
            stats[start + j, LARGEST] = largest
            stats[start + j, SUMSQ] = sumsq
            # log2 W - (1/W) Σ W_C log2 W_C, in units of the divisor; 0 when W is 0
            entropy[start + j] = (log_total - h / reduced_total) / log(2.0) if reduced_total > 0 else 0.0
        start += k


def weighted_partition_stats_into(const code_t[:, ::1] MT, const int32_t[::1] guesses, const int32_t[::1] answers,
                                  const int64_t[::1] weights, int64_t[:, ::1] stats, double[::1] entropy,
                                  int64_t all_correct):
    """For each of ``guesses``: (parts, largest class weight, sum of squared class weights,
    guess is an answer, that is one answer shows it ``all_correct``) into ``stats`` and the
    entropy in bits of its classes' share of the weight into ``entropy`` (0 when the
    answers weigh nothing), for ``weights`` one non-negative integer per answer of the
    answer-major matrix ``MT``."""
    cdef Py_ssize_t n = answers.shape[0], i
    cdef int64_t total = 0, divisor = 0, a, b, w
    cdef bint negative = False
    if stats.shape[0] != guesses.shape[0] or stats.shape[1] != 4 or entropy.shape[0] != guesses.shape[0]:
        raise ValueError("output arrays do not match the guesses")
    if not 0 <= all_correct < MAX_CODES:
        raise ValueError(f"the all-correct code is not below {MAX_CODES}")
    if weights.shape[0] != MT.shape[0]:
        raise ValueError("one weight per answer of the matrix")
    if n > 65535:
        raise ValueError("too many answers for the 16-bit class counts")
    _check_indices(guesses, MT.shape[1])
    _check_indices(answers, MT.shape[0])
    with nogil:
        for i in range(n):
            w = weights[answers[i]]
            if w < 0 or w > MAX_SET_WEIGHT:
                negative = w < 0
                total = MAX_SET_WEIGHT + 1
                break
            total += w
            a, b = divisor, w  # Euclid: the greatest common divisor of the weights so far
            while b != 0:
                a, b = b, a % b
            divisor = a
    if negative:
        raise ValueError("a weight is negative")
    if total > MAX_SET_WEIGHT:
        raise ValueError("the answers weigh more than 2^31 in all")
    if n == 0 or guesses.shape[0] == 0:
        return
    with nogil:
        weighted_pass(MT, guesses, answers, weights, total, divisor, all_correct, stats, entropy)
