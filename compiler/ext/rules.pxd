# The games' rules as inline C functions, shared by the extension modules that cimport
# them: the feedback code of one (guess, answer) pair by the game's rule, and hard mode's
# hints.  A word is ``length`` symbol numbers (``letters[w * length + i]``, symbol i of the
# game's alphabet is number i).  Wordle's codes are base 3, position 0 the lowest digit
# (gray 0, yellow 1, green 2); Mastermind's are blacks * (length + 1) + whites.
#
# A code is a ``code_t``: one byte in the modules built as they are named (_search,
# _kernels: games of at most 256 codes), two bytes in their twins built with
# WORDLE_CODE_BITS=16 (_search16, _kernels16: up to 6,561 codes).  setup.py builds each
# module with that macro, which codes.h reads, and with the folder width8/ or width16/ on its
# include path, whose code_width.pxd declares the same type to Cython.  MAX_CODES is the
# most codes a game of the module may have, CODE_BYTES a code's size.

from libc.stdint cimport int64_t, uint8_t, uint64_t

from code_width cimport code_t

cdef extern from "codes.h":
    enum: MAX_CODES "WORDLE_MAX_CODES"
    enum: CODE_BYTES "WORDLE_CODE_BYTES"
    enum: CODE_CHUNK "WORDLE_CODE_CHUNK"  # guesses per stack histogram block (_kernels' passes)

cdef enum:
    MAX_LENGTH = 8        # positions of a word: eight letters, or Mastermind's eight pegs
    MAX_SYMBOLS = 64      # symbols of an alphabet: a word's set of symbols is one 64-bit mask
    BYTE_VALUES = 256     # the values of a byte: a table indexed by any symbol number
    WORDLE_LENGTH = 5     # five-letter Wordle: the length the kernels unroll (rules.feedback_code)
    RULE_WORDLE = 0       # Ctx.rule: green / yellow / gray per position
    RULE_MASTERMIND = 1   # black and white pegs, positions untold
    # Hard mode's packed hints (hard_mode_hints): bit i set when position i must stay green,
    # and from bit HINT_COUNT_SHIFT + 4i, in 4 bits, how many times the letter at position i
    # must appear (at most MAX_LENGTH)
    HINT_COUNT_SHIFT = 8
    HINT_COUNT_BITS = 4
    HINT_COUNT_MASK = 15
    # The hint masks' fast path (core/modes.py hard_mode_word_bits): two bits per symbol in
    # one word, the symbols' numbers in 5-bit fields of the other
    HINT_MASK_SYMBOLS = 32
    HINT_MASK_LENGTH = 5
    HINT_SYMBOL_FIELD_BITS = 5
    HINT_SYMBOL_FIELD_MASK = 31


cdef inline int64_t wordle_code(const uint8_t* g, const uint8_t* a, int length) noexcept nogil:
    """Wordle's pattern code by the full rule (repeated letters in the guess included):
    greens first, then a guess letter is yellow while the answer has an unused non-green
    copy of it, counted left to right."""
    cdef int64_t green = 0, code = 0, power = 1, available, used
    cdef int i, j, k
    cdef uint8_t letter
    for i in range(length):
        if g[i] == a[i]:
            green |= 1 << i
            code += 2 * power
        power *= 3
    power = 1
    for i in range(length):
        if not (green >> i) & 1:
            letter = g[i]
            available = 0
            for j in range(length):
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


cdef inline int64_t mastermind_code(const uint8_t* g, const uint8_t* a, int length) noexcept nogil:
    """Mastermind's score blacks * (length + 1) + whites: blacks are right colours in the
    right place, whites the rest of the colours the two codes have in common."""
    cdef uint8_t unused[BYTE_VALUES]  # copies of each colour of the answer not yet matched (any byte: no check)
    cdef int64_t black = 0, common = 0
    cdef int i
    for i in range(length):  # only the two codes' colours are read: only they are cleared
        unused[a[i]] = 0
        unused[g[i]] = 0
    for i in range(length):
        unused[a[i]] += 1
        black += g[i] == a[i]
    for i in range(length):
        if unused[g[i]] > 0:
            unused[g[i]] -= 1
            common += 1
    return black * (length + 1) + common - black


cdef inline int64_t feedback_code(const uint8_t* g, const uint8_t* a, int length, int rule) noexcept nogil:
    """The code of guess ``g`` against answer ``a`` by the game's rule.  Five-letter Wordle
    takes a copy of the rule with the length a constant, which the C compiler unrolls."""
    if rule == RULE_MASTERMIND:
        return mastermind_code(g, a, length)
    if length == WORDLE_LENGTH:
        return wordle_code(g, a, WORDLE_LENGTH)
    return wordle_code(g, a, length)


cdef inline bint has_repeat(const uint8_t* g, int length) noexcept nogil:
    cdef uint64_t seen = 0, bit
    cdef int i
    for i in range(length):
        bit = (<uint64_t>1) << g[i]
        if seen & bit:
            return True
        seen |= bit
    return False


cdef inline int64_t hard_mode_hints(const uint8_t* letters, int length, int64_t played, int64_t code) noexcept nogil:
    """The hints of ``played`` with feedback ``code`` that hard mode makes later guesses
    keep, packed in one integer: bit i set when position i must stay green, and at bits
    HINT_COUNT_SHIFT + 4i how many times the letter at position i must appear (its green
    and yellow count in ``played``; 0 when that letter showed only gray)."""
    cdef int64_t green = 0, shown = 0, c = code, digit, hints, need
    cdef const uint8_t* p = letters + played * length
    cdef int i, j
    for i in range(length):
        digit = c % 3
        c = c // 3
        if digit > 0:
            shown |= 1 << i
        if digit == 2:
            green |= 1 << i
    hints = green
    for i in range(length):
        need = 0
        for j in range(length):
            if (shown >> j) & 1 and p[j] == p[i]:
                need += 1
        hints |= need << (HINT_COUNT_SHIFT + HINT_COUNT_BITS * i)
    return hints


cdef inline bint keeps_hints(const uint8_t* letters, int length, int64_t word, int64_t played,
                             int64_t hints) noexcept nogil:
    """Whether guess ``word`` keeps the hard-mode ``hints`` of ``played``."""
    cdef const uint8_t* w = letters + word * length
    cdef const uint8_t* p = letters + played * length
    cdef int i, j
    cdef int64_t need, have
    for i in range(length):
        if (hints >> i) & 1 and w[i] != p[i]:
            return False
    for i in range(length):
        need = (hints >> (HINT_COUNT_SHIFT + HINT_COUNT_BITS * i)) & HINT_COUNT_MASK
        if need > 0:
            have = 0
            for j in range(length):
                if w[j] == p[i]:
                    have += 1
            if have < need:
                return False
    return True


cdef inline bint hard_mode_bit_masks(const uint8_t* letters, int length, const uint64_t* word_bits, int64_t played,
                                     int64_t code, uint64_t* need_mask, uint64_t* green_mask,
                                     uint64_t* green) noexcept nogil:
    """The hints of ``played`` showing ``code`` as masks over a word's two
    ``hard_mode_word_bits`` (see core/modes.py); False when a letter is needed three times or
    more, which the masks cannot express.  Only for games the masks fit (HINT_MASK_SYMBOLS,
    HINT_MASK_LENGTH)."""
    cdef int64_t hints = hard_mode_hints(letters, length, played, code), need
    cdef uint64_t letter
    cdef bint ok = True
    cdef int i
    need_mask[0] = 0
    green_mask[0] = 0
    for i in range(length):
        letter = letters[played * length + i]
        need = (hints >> (HINT_COUNT_SHIFT + HINT_COUNT_BITS * i)) & HINT_COUNT_MASK
        if need >= 1:
            need_mask[0] |= (<uint64_t>1) << (2 * letter)
        if need >= 2:
            need_mask[0] |= (<uint64_t>1) << (2 * letter + 1)
        if need >= 3:
            ok = False
        if (hints >> i) & 1:
            green_mask[0] |= (<uint64_t>HINT_SYMBOL_FIELD_MASK) << (HINT_SYMBOL_FIELD_BITS * i)
    green[0] = word_bits[played * 2 + 1] & green_mask[0]
    return ok


cdef inline bint keeps_hint_masks(uint64_t present, uint64_t packed, uint64_t need_mask, uint64_t green_mask,
                                  uint64_t green) noexcept nogil:
    return (present & need_mask) == need_mask and (packed & green_mask) == green
