"""The compiled kernels (Cython, built when pip installs the package): the exact search
(``_search``), the heuristic strategies' and feedback matrix's passes (``_kernels``) and
the exact multi-board search (``_tuples``).

Each module is built twice from one source (``codes.h``, ``width8/`` and ``width16/``): as
named, with one-byte feedback codes (games of at most 256 codes: Wordle of up to five
letters, Mastermind), and with the suffix 16, with two-byte codes (Wordle of six to eight
letters).  :func:`kernel_build` chooses the :class:`KernelBuild` a game needs, and the
loaded lists carry it (``WordLists.kernel_build``, ``Context.kernel_build``); functions
that read no codes (letters, modes, checksums) are the same in both and are imported from
the one-byte build."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

    from wordle_runtime.game import Game


@dataclass(frozen=True)
class KernelBuild:
    """One build of the compiled kernels: ``width`` bytes a feedback code, its ``kernels``
    (the matrix, the heuristics' passes), its exact ``search`` and its multi-board search
    (``tuples``, imported when first asked for).  It pickles as its width (a Dask task that
    carries one imports the build on its worker)."""

    width: int
    kernels: ModuleType
    search: ModuleType

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return build_of_width, (self.width,)

    @property
    def code_dtype(self) -> np.dtype:
        """The dtype of a feedback matrix's cells: uint8 or uint16."""
        import numpy as np

        return np.dtype(self.kernels.CODE_DTYPE)

    @property
    def tuples(self) -> ModuleType:
        """The exact multi-board search over tuple positions (``_tuples``)."""
        return importlib.import_module(f"{__name__}._tuples{'' if self.width == 1 else '16'}")

    @property
    def max_codes(self) -> int:
        """The most feedback codes a game played by this build may have."""
        return int(self.kernels.MAX_CODES)


@cache
def build_of_width(width: int) -> KernelBuild:
    """The build of ``width``-byte codes (1 or 2)."""
    suffix = {1: "", 2: "16"}[width]
    kernels = importlib.import_module(f"{__name__}._kernels{suffix}")
    return KernelBuild(width, kernels, importlib.import_module(f"{__name__}._search{suffix}"))


def kernel_build(game: Game) -> KernelBuild:
    """The build whose codes fit ``game``'s: the one-byte build when it has at most 256
    codes, else the two-byte one; ``ValueError`` (one line) when no build plays it.  The one
    place a build is chosen: the loaded lists carry it (``WordLists.kernel_build``)."""
    narrow = build_of_width(1)
    if game.n_codes <= narrow.max_codes:
        return narrow
    wide = build_of_width(2)
    if game.n_codes > wide.max_codes:
        raise ValueError(
            f"{game.name} has {game.n_codes:,} feedback codes; the engine plays games of at most {wide.max_codes:,}"
        )
    return wide


def kernel_build_of_codes(codes: np.ndarray) -> KernelBuild:
    """The build that reads ``codes`` (a matrix or a row of feedback codes) as they are: the
    one whose cells are as wide as theirs."""
    return build_of_width(codes.dtype.itemsize)
