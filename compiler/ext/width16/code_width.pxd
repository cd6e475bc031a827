# The feedback code's type for Cython in the modules built with two-byte codes (_search16,
# _kernels16): setup.py puts this folder on their include path and builds them with
# WORDLE_CODE_BITS=16, and codes.h then makes wordle_code_t the same uint16_t (the static
# assertion below fails the C build when the two disagree).

from libc.stdint cimport uint16_t

cdef extern from *:
    """
    #include "codes.h"
    _Static_assert(WORDLE_CODE_BITS == 16, "width16/code_width.pxd is for modules built with two-byte codes");
    """

cdef extern from "codes.h":
    ctypedef uint16_t code_t "wordle_code_t"
