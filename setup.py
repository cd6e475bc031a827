"""The compiled kernels (Cython), built by pip at install time; everything else is in pyproject.toml.

Building needs a C compiler and the Python headers, as any compiled package does."""

import os

from Cython.Build import Dependencies, cythonize
from setuptools import Extension, setup

EXT = "compiler/ext"
# -O3 vectorises the passes' byte loops; no -ffast-math: the entropy must stay exact to the bit.
FLAGS = ["-O3"]
JOBS = os.cpu_count() or 1  # the modules translate and compile side by side
# Each module twice: one-byte feedback codes (games of at most 256 codes) and, with the
# suffix 16, two-byte codes (Wordle of six to eight letters); see ext/codes.h.
WIDTHS = {"": 8, "16": 16}


def modules_of_width(suffix: str, bits: int) -> list:
    """Both modules with codes of ``bits`` bits: the C macro that codes.h reads, and the
    folder ext/width{bits}/ on Cython's include path, whose code_width.pxd gives Cython the
    same code type (rules.pxd)."""
    # Cython keeps one dependency tree per process, resolved with the include path it was
    # first made with: made again, it finds this width's code_width.pxd
    Dependencies._dep_tree = None
    return cythonize(
        [
            Extension(
                f"wordle_compiler.ext.{name}{suffix}",
                [f"{EXT}/{name}{suffix}.pyx"],
                include_dirs=[EXT],
                define_macros=[("WORDLE_CODE_BITS", str(bits))],
                extra_compile_args=FLAGS,
            )
            for name in ("_search", "_kernels")
        ],
        include_path=[EXT, f"{EXT}/width{bits}"],
        compiler_directives={"language_level": 3},
        nthreads=JOBS,
    )


setup(
    ext_modules=[module for suffix, bits in WIDTHS.items() for module in modules_of_width(suffix, bits)],
    options={"build_ext": {"parallel": JOBS}},
)
