# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
# The exact search for games of two-byte codes: _search.pyx built with WORDLE_CODE_BITS=16
# (setup.py), so that a code_t is a uint16 (rules.pxd, codes.h).
include "_search.pyx"
