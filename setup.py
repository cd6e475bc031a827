"""The compiled kernels (Cython), built by pip at install time; everything else is in pyproject.toml.

Building needs a C compiler and the Python headers, as any compiled package does."""

import os

from Cython.Build import cythonize
from setuptools import Extension, setup

EXT = "compiler/ext"
# -O3 vectorises the passes' byte loops; no -ffast-math: the entropy must stay exact to the bit.
FLAGS = ["-O3"]
JOBS = os.cpu_count() or 1  # the two modules translate and compile side by side

setup(
    ext_modules=cythonize(
        [
            Extension(f"wordle_compiler.ext.{name}", [f"{EXT}/{name}.pyx"], extra_compile_args=FLAGS)
            for name in ("_search", "_kernels")
        ],
        include_path=[EXT],
        compiler_directives={"language_level": 3},
        nthreads=JOBS,
    ),
    options={"build_ext": {"parallel": JOBS}},
)
