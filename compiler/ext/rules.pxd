# Wordle's rules as inline C functions, shared by the extension modules that cimport them:
# the feedback code of one (guess, answer) pair, and hard mode's hints.  A word is five
# letter numbers 0-25 (``letters[w * 5 + i]``); codes are base 3, position 0 the lowest digit.

from libc.stdint cimport int64_t, uint8_t, uint64_t

cdef enum:
    ALL_GREEN = 242
    N_CODES = 243


cdef inline int64_t general_code(const uint8_t* g, const uint8_t* a) noexcept nogil:
    """Pattern code by the full rule (repeated letters in the guess included)."""
    cdef int64_t green = 0, code = 0, power = 1, available, used
    cdef int i, j, k
    cdef uint8_t letter
    for i in range(5):
        if g[i] == a[i]:
            green |= 1 << i
            code += 2 * power
        power *= 3
    power = 1
    for i in range(5):
        if not (green >> i) & 1:
            letter = g[i]
            available = 0
            for j in range(5):
                if a[j] == letter and not (green >> j) & 1:
                    available += 1
            used = 0
            for k in range(i):
                if g[k] == letter and not (green >> k) & 1:
                    used += 1
            if used < available:
                code += power
        power *= 3
    return code


cdef inline bint has_repeat(const uint8_t* g) noexcept nogil:
    cdef int64_t seen = 0, bit
    cdef int i
    for i in range(5):
        bit = (<int64_t>1) << g[i]
        if seen & bit:
            return True
        seen |= bit
    return False


cdef inline int64_t hard_mode_hints(const uint8_t* letters, int64_t played, int64_t code) noexcept nogil:
    """The hints of ``played`` with feedback ``code`` that hard mode makes later guesses
    keep, packed in one integer: bit i (0-4) set when position i must stay green, and at
    bits 5 + 3i how many times the letter at position i must appear (its green and yellow
    count in ``played``; 0 when that letter showed only gray)."""
    cdef int64_t green = 0, shown = 0, c = code, digit, hints, need
    cdef const uint8_t* p = letters + played * 5
    cdef int i, j
    for i in range(5):
        digit = c % 3
        c = c // 3
        if digit > 0:
            shown |= 1 << i
        if digit == 2:
            green |= 1 << i
    hints = green
    for i in range(5):
        need = 0
        for j in range(5):
            if (shown >> j) & 1 and p[j] == p[i]:
                need += 1
        hints |= need << (5 + 3 * i)
    return hints


cdef inline bint keeps_hints(const uint8_t* letters, int64_t word, int64_t played, int64_t hints) noexcept nogil:
    """Whether guess ``word`` keeps the hard-mode ``hints`` of ``played``."""
    cdef const uint8_t* w = letters + word * 5
    cdef const uint8_t* p = letters + played * 5
    cdef int i, j
    cdef int64_t need, have
    for i in range(5):
        if (hints >> i) & 1 and w[i] != p[i]:
            return False
    for i in range(5):
        need = (hints >> (5 + 3 * i)) & 7
        if need > 0:
            have = 0
            for j in range(5):
                if w[j] == p[i]:
                    have += 1
            if have < need:
                return False
    return True


cdef inline bint hard_mode_bit_masks(const uint8_t* letters, const uint64_t* word_bits, int64_t played,
                                     int64_t code, uint64_t* need_mask, uint64_t* green_mask,
                                     uint64_t* green) noexcept nogil:
    """The hints of ``played`` showing ``code`` as masks over a word's two
    ``hard_mode_word_bits`` (see core/modes.py); False when a letter is needed three times or
    more, which the masks cannot express."""
    cdef int64_t hints = hard_mode_hints(letters, played, code), need
    cdef uint64_t letter
    cdef bint ok = True
    cdef int i
    need_mask[0] = 0
    green_mask[0] = 0
    for i in range(5):
        letter = letters[played * 5 + i]
        need = (hints >> (5 + 3 * i)) & 7
        if need >= 1:
            need_mask[0] |= (<uint64_t>1) << (2 * letter)
        if need >= 2:
            need_mask[0] |= (<uint64_t>1) << (2 * letter + 1)
        if need >= 3:
            ok = False
        if (hints >> i) & 1:
            green_mask[0] |= (<uint64_t>31) << (5 * i)
    green[0] = word_bits[played * 2 + 1] & green_mask[0]
    return ok


cdef inline bint keeps_hint_masks(uint64_t present, uint64_t packed, uint64_t need_mask, uint64_t green_mask,
                                  uint64_t green) noexcept nogil:
    return (present & need_mask) == need_mask and (packed & green_mask) == green
