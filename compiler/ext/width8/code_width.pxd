# The feedback code's type for Cython in the modules built with one-byte codes (_search,
# _kernels): setup.py puts this folder on their include path and builds them with
# WORDLE_CODE_BITS=8, and codes.h then makes wordle_code_t the same uint8_t (the static
# assertion below fails the C build when the two disagree).

from libc.stdint cimport uint8_t

cdef extern from *:
    """
    #include "codes.h"
    _Static_assert(WORDLE_CODE_BITS == 8, "width8/code_width.pxd is for modules built with one-byte codes");
    """

cdef extern from "codes.h":
    ctypedef uint8_t code_t "wordle_code_t"
