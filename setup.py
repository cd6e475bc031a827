"""The compiled kernels (Cython, built by pip at install time); everything else is in pyproject.toml."""

from Cython.Build import cythonize
from setuptools import Extension, setup

EXT = "compiler/ext"
# -O3 vectorises the passes' byte loops; no -ffast-math: the entropy must stay exact to the bit.
FLAGS = ["-O3"]

setup(
    ext_modules=cythonize(
        [Extension(f"wordle_compiler.ext.{name}", [f"{EXT}/{name}.pyx"], extra_compile_args=FLAGS)
         for name in ("_feedback", "_partition", "_search")],
        include_path=[EXT],
        compiler_directives={"language_level": 3},
    ),
)
