# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# The tuple search for games of two-byte codes: _tuples.pyx built with WORDLE_CODE_BITS=16
# and width16/ on the include path (setup.py), so that a code_t is a uint16 (rules.pxd,
# codes.h, width16/code_width.pxd).
include "_tuples.pyx"
