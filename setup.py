"""The compiled kernels (Cython), built by pip at install time; everything else is in pyproject.toml.

Building needs a C compiler and the Python headers, as any compiled package does."""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

EXT = "compiler/ext"
# -O3 vectorises the passes' byte loops; no -ffast-math: the entropy must stay exact to the bit.
FLAGS = ["-O3"]
JOBS = os.cpu_count() or 1  # the modules translate and compile side by side
# Each module twice: one-byte feedback codes (games of at most 256 codes) and, with the
# suffix 16, two-byte codes (Wordle of six to eight letters); see ext/codes.h.
WIDTHS = {"": "8", "16": "16"}

setup(
    ext_modules=cythonize(
        [
            Extension(
                f"wordle_compiler.ext.{name}{suffix}",
                [f"{EXT}/{name}{suffix}.pyx"],
                include_dirs=[EXT],
                define_macros=[("WORDLE_CODE_BITS", bits)],
                extra_compile_args=FLAGS,
            )
            for name in ("_search", "_kernels")
            for suffix, bits in WIDTHS.items()
        ],
        include_path=[EXT],
        compiler_directives={"language_level": 3},
        nthreads=JOBS,
    ),
    options={"build_ext": {"parallel": JOBS}},
)
