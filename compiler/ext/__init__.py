"""The compiled kernels (Cython, built when pip installs the package): the exact search
(``_search``) and the heuristic strategies' and feedback matrix's passes (``_kernels``).

Each module is built twice from one source (``codes.h``, ``width8/`` and ``width16/``): as
named, with one-byte feedback codes (games of at most 256 codes: Wordle of up to five
letters, Mastermind), and with the suffix 16, with two-byte codes (Wordle of six to eight
letters).  :func:`kernels_for` and
:func:`search_for` give the build a game needs; functions that read no codes (letters,
modes, checksums) are the same in both and are imported from the one-byte build."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

from . import _kernels

if TYPE_CHECKING:
    import numpy as np

    from wordle_runtime.game import Game


def _wide(game: Game) -> bool:
    """Whether ``game`` needs the two-byte builds; ValueError when no build plays it."""
    if game.n_codes <= _kernels.MAX_CODES:
        return False
    limit = importlib.import_module(f"{__name__}._kernels16").MAX_CODES
    if game.n_codes > limit:
        raise ValueError(
            f"{game.name} has {game.n_codes:,} feedback codes; the engine plays games of at most {limit:,}"
        )
    return True


def kernels_for(game: Game) -> ModuleType:
    """The ``_kernels`` build whose codes fit ``game``'s."""
    return importlib.import_module(f"{__name__}._kernels16") if _wide(game) else _kernels


def search_for(game: Game) -> ModuleType:
    """The ``_search`` build whose codes fit ``game``'s."""
    return importlib.import_module(f"{__name__}._search16" if _wide(game) else f"{__name__}._search")


def code_dtype(game: Game) -> np.dtype:
    """The dtype of ``game``'s feedback matrix cells: uint8 or uint16."""
    import numpy as np

    return np.dtype(kernels_for(game).CODE_DTYPE)


def kernels_for_codes(codes: np.ndarray) -> ModuleType:
    """The ``_kernels`` build that reads ``codes`` (a matrix or a row of feedback codes) as
    they are: the two-byte build for uint16 cells."""
    return importlib.import_module(f"{__name__}._kernels16") if codes.dtype.itemsize == 2 else _kernels
