# The feedback matrix's rows (included by _kernels.pyx): every game whose codes fit the
# module's codes (code_t), five-letter Wordle over fewer than 32 symbols (the default game)
# by a path of its own.

cdef enum:
    FIVE_LETTER_MASK_BITS = 32  # five_letter_rows' letter masks are uint32

cdef int five_letter_rows(const uint8_t[:, ::1] guess_letters, const uint8_t[:, ::1] answer_letters,
                          code_t[:, ::1] out, Py_ssize_t first, Py_ssize_t stop) except -1 nogil:
    # Five-letter Wordle over fewer than 32 symbols, the default game's rows.
    cdef Py_ssize_t n_answers = answer_letters.shape[0], gi, ai
    # The answers transposed (one column per position) and their letter masks: the
    # distinct-letter loop is then branch-free over contiguous bytes, which vectorises.
    cdef uint8_t* columns = <uint8_t*>malloc(WORDLE_LENGTH * n_answers + 1)
    cdef uint32_t* present = <uint32_t*>malloc(4 * n_answers + 4)
    cdef code_t* row
    cdef const uint8_t* g
    cdef uint8_t l0, l1, l2, l3, l4
    cdef uint32_t p
    cdef int j
    if columns == NULL or present == NULL:
        free(columns)
        free(present)
        with gil:
            raise MemoryError()
    for ai in range(n_answers):
        present[ai] = 0
        for j in range(WORDLE_LENGTH):
            columns[j * n_answers + ai] = answer_letters[ai, j]
            present[ai] |= (<uint32_t>1) << answer_letters[ai, j]
    for gi in range(first, stop):
        g = &guess_letters[gi, 0]
        row = &out[gi, 0]
        if has_repeat(g, WORDLE_LENGTH):
            for ai in range(n_answers):
                row[ai] = <code_t>wordle_code(g, &answer_letters[ai, 0], WORDLE_LENGTH)
            continue
        # Five different letters: a non-green letter is yellow iff the answer has it
        # anywhere (another copy cannot be green, since the guess has only one).
        l0, l1, l2, l3, l4 = g[0], g[1], g[2], g[3], g[4]
        for ai in range(n_answers):
            p = present[ai]
            row[ai] = <code_t>(
                ((p >> l0) & 1) + (columns[ai] == l0)
                + 3 * (((p >> l1) & 1) + (columns[n_answers + ai] == l1))
                + 9 * (((p >> l2) & 1) + (columns[2 * n_answers + ai] == l2))
                + 27 * (((p >> l3) & 1) + (columns[3 * n_answers + ai] == l3))
                + 81 * (((p >> l4) & 1) + (columns[4 * n_answers + ai] == l4)))
    free(columns)
    free(present)
    return 0


cdef int game_rows(const uint8_t[:, ::1] guess_letters, const uint8_t[:, ::1] answer_letters, code_t[:, ::1] out,
                   Py_ssize_t first, Py_ssize_t stop, int rule) except -1 nogil:
    # Any other game.  A Wordle guess of distinct letters takes the five-letter path's
    # shortcut position by position (its code, below MAX_CODES, adds up in this call's own
    # row of sums, then is stored whole); the others the rule itself.  A row's cells are
    # only ever stored final: another thread may be filling the same rows (map_chunks
    # gives a paused helper's chunk to the caller too), and both store the same codes.
    cdef Py_ssize_t n_answers = answer_letters.shape[0], gi, ai
    cdef int length = <int>guess_letters.shape[1], i
    cdef uint64_t* present = <uint64_t*>malloc(8 * n_answers + 8)
    cdef code_t* sums = <code_t*>malloc(CODE_BYTES * n_answers + CODE_BYTES)
    cdef code_t* row
    cdef const uint8_t* g
    cdef uint8_t letter
    cdef code_t power
    if present == NULL or sums == NULL:
        free(present)
        free(sums)
        with gil:
            raise MemoryError()
    for ai in range(n_answers):
        present[ai] = 0
        for i in range(length):
            present[ai] |= (<uint64_t>1) << answer_letters[ai, i]
    for gi in range(first, stop):
        g = &guess_letters[gi, 0]
        row = &out[gi, 0]
        if rule != RULE_WORDLE or has_repeat(g, length):
            for ai in range(n_answers):
                row[ai] = <code_t>feedback_code(g, &answer_letters[ai, 0], length, rule)
            continue
        letter = g[0]
        for ai in range(n_answers):  # the first position's digit starts each sum
            sums[ai] = <code_t>(((present[ai] >> letter) & 1) + (answer_letters[ai, 0] == letter))
        power = 3
        for i in range(1, length):
            letter = g[i]
            for ai in range(n_answers):
                sums[ai] += power * (((present[ai] >> letter) & 1) + (answer_letters[ai, i] == letter))
            power *= 3
        memcpy(row, sums, n_answers * CODE_BYTES)
    free(present)
    free(sums)
    return 0


def fill_matrix_rows(const uint8_t[:, ::1] guess_letters, const uint8_t[:, ::1] answer_letters,
                     code_t[:, ::1] out, Py_ssize_t first, Py_ssize_t stop, int rule=RULE_WORDLE):
    """Rows ``first:stop`` of the guess-major matrix into ``out`` (guesses x answers) by
    the game's ``rule`` (RULE_NUMBERS) for words of the letters' length, without the GIL,
    so several threads can fill one matrix."""
    cdef Py_ssize_t length = guess_letters.shape[1]
    if not (0 <= first <= stop <= guess_letters.shape[0] == out.shape[0]) or out.shape[1] != answer_letters.shape[0]:
        raise ValueError("matrix rows out of range")
    if answer_letters.shape[1] != length or not 1 <= length <= MAX_LENGTH:
        raise ValueError(f"words must have one length, from 1 to {MAX_LENGTH} symbols")
    if rule not in (RULE_WORDLE, RULE_MASTERMIND):
        raise ValueError(f"unknown rule {rule}")
    if (3 ** length if rule == RULE_WORDLE else (length + 1) ** 2) > MAX_CODES:
        raise ValueError(f"the codes of words of {length} symbols are more than this module's {MAX_CODES}")
    cdef int most = max(_largest(guess_letters), _largest(answer_letters))
    if most >= MAX_SYMBOLS:
        raise ValueError(f"symbol numbers must be below {MAX_SYMBOLS}")
    with nogil:
        if rule == RULE_WORDLE and length == WORDLE_LENGTH and most < FIVE_LETTER_MASK_BITS:  # the default game
            five_letter_rows(guess_letters, answer_letters, out, first, stop)
        else:
            game_rows(guess_letters, answer_letters, out, first, stop, rule)


cdef int _largest(const uint8_t[:, ::1] letters) noexcept:
    """The largest symbol number in ``letters`` (0 when empty)."""
    cdef Py_ssize_t i, j
    cdef uint8_t most = 0
    with nogil:
        for i in range(letters.shape[0]):
            for j in range(letters.shape[1]):
                most = max(most, letters[i, j])
    return most
