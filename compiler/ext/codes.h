/* The width of a feedback code, fixed when a module is compiled: each kernel module is
   built twice, once with one-byte codes (games of at most 256 codes: Wordle of up to five
   letters, Mastermind) and once with two-byte codes (WORDLE_CODE_BITS=16: Wordle of six
   to eight letters, up to 3^8 = 6,561 codes).  Cython learns the same type from
   width8/code_width.pxd or width16/code_width.pxd, the one setup.py puts on the module's
   include path.  See rules.pxd. */
#ifndef WORDLE_CODES_H
#define WORDLE_CODES_H

#include <stdint.h>

#ifndef WORDLE_CODE_BITS
#define WORDLE_CODE_BITS 8
#endif

/* WORDLE_CODE_CHUNK: guesses whose histograms (MAX_CODES slots each) a statistics pass
   keeps on the stack at once */
#if WORDLE_CODE_BITS == 16
typedef uint16_t wordle_code_t;
#define WORDLE_MAX_CODES 6561
#define WORDLE_CODE_CHUNK 8
#else
typedef uint8_t wordle_code_t;
#define WORDLE_MAX_CODES 256
#define WORDLE_CODE_CHUNK 64
#endif

#define WORDLE_CODE_BYTES ((int)sizeof(wordle_code_t))

#endif
