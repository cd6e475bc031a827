"""The compiled kernels (Cython), built by pip at install time; everything else is in pyproject.toml.

Building needs a C compiler and the Python headers, as any compiled package does.

A second install from the same checkout (``pip install .`` then ``pip install '.[test]'``)
compiles nothing again: pip builds in a fresh environment whose Cython files are all new, so
Cython's own timestamps would translate every module again and the C compiler would follow.
Instead the kernels' fingerprint (the sha256 of every kernel source, this file, Cython's and
Python's versions) is kept in ``build/kernels.sha256`` once they are built; when it matches
and the C files are there, the C files are taken as they are, and setuptools skips the
compile of every module whose object is newer than its C file."""

import hashlib
import os
import sys
from pathlib import Path

import Cython
from Cython.Build import Dependencies, cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

EXT = "compiler/ext"
# -O3 vectorises the passes' byte loops; no -ffast-math: the entropy must stay exact to the bit.
FLAGS = ["-O3"]
JOBS = os.cpu_count() or 1  # the modules translate and compile side by side
# Each module twice: one-byte feedback codes (games of at most 256 codes) and, with the
# suffix 16, two-byte codes (Wordle of six to eight letters); see ext/codes.h.
WIDTHS = {"": 8, "16": 16}
MODULES = ("_search", "_kernels", "_tuples")
SOURCES = (".pyx", ".pxd", ".pxi", ".h")  # what the C files are translated from
STAMP = Path("build") / "kernels.sha256"


def kernel_fingerprint() -> str:
    """The sha256 of what the C files depend on: every kernel source (name and bytes), this
    file, and the versions of Cython and Python."""
    digest = hashlib.sha256(f"{Cython.__version__}\n{sys.version}\n".encode())
    digest.update(Path(__file__).read_bytes())
    for path in sorted(Path(EXT).rglob("*")):
        if path.suffix in SOURCES:
            digest.update(f"{path.as_posix()}\n".encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def translated_already(fingerprint: str) -> bool:
    """Whether the C files of every module were translated from the sources as they are now."""
    c_files = [Path(EXT) / f"{name}{suffix}.c" for suffix in WIDTHS for name in MODULES]
    return STAMP.is_file() and STAMP.read_text().strip() == fingerprint and all(p.is_file() for p in c_files)


def modules_of_width(suffix: str, bits: int, translate: bool) -> list:
    """Both modules with codes of ``bits`` bits: the C macro that codes.h reads, and the
    folder ext/width{bits}/ on Cython's include path, whose code_width.pxd gives Cython the
    same code type (rules.pxd).  Without ``translate``, the modules built from their C files."""
    extensions = [
        Extension(
            f"wordle_compiler.ext.{name}{suffix}",
            [f"{EXT}/{name}{suffix}.{'pyx' if translate else 'c'}"],
            include_dirs=[EXT],
            define_macros=[("WORDLE_CODE_BITS", str(bits))],
            extra_compile_args=FLAGS,
        )
        for name in MODULES
    ]
    if not translate:
        return extensions
    # Cython keeps one dependency tree per process, resolved with the include path it was
    # first made with: made again, it finds this width's code_width.pxd
    Dependencies._dep_tree = None
    return cythonize(
        extensions,
        include_path=[EXT, f"{EXT}/width{bits}"],
        compiler_directives={"language_level": 3},
        nthreads=JOBS,
    )


class StampedBuild(build_ext):
    """setuptools' build_ext that records the fingerprint once every module is built."""

    fingerprint = ""

    def run(self) -> None:
        super().run()
        STAMP.parent.mkdir(exist_ok=True)
        STAMP.write_text(self.fingerprint + "\n")


FINGERPRINT = kernel_fingerprint()
TRANSLATE = not translated_already(FINGERPRINT)
if TRANSLATE:  # until this build ends well, the C files may be newer than any recorded build
    STAMP.unlink(missing_ok=True)
StampedBuild.fingerprint = FINGERPRINT
setup(
    ext_modules=[module for suffix, bits in WIDTHS.items() for module in modules_of_width(suffix, bits, TRANSLATE)],
    cmdclass={"build_ext": StampedBuild},
    options={"build_ext": {"parallel": JOBS}},
)
