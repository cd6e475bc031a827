"""wordle_compiler: builds, verifies and writes Wordle decision trees (see README, "API").

    import wordle_compiler

    result = wordle_compiler.compile_tree("minimax", start="salet")   # keywords as wordle-compile's
    print(result.stats["total_guesses"], result.ok)
    wordle_compiler.save(result, "minimax-salet-normal.wtree")
    verdict = wordle_compiler.verify("minimax-salet-normal.wtree")    # or a shipped tree's name
    assert verdict.ok, verdict.problems
    hard = wordle_compiler.Settings(mode="hard", max_depth=5)         # the game, checked once
    print(wordle_compiler.analyse("salet bbbbb", settings=hard).best_total)

Importing the package is cheap: numpy and the engine load on first use.
"""

__version__ = "0.1.0"

TYPE_CHECKING = False  # True for type checkers only: ``typing`` stays out of the start-up
if TYPE_CHECKING:  # the names' types for checkers; at run time each loads on first use (below)
    from .analysis.absurdle_play import AbsurdleResult
    from .api import absurdle, analyse, compile_tree, rank_first_words, review, save, verify
    from .core.settings import PathLike, Settings
    from .multiboard.build import BoardsResult
    from .multiboard.position import BoardsAnalysis
    from .multiboard.rank import BoardsRankedWord
    from .pipeline.compile_result import CompileResult
    from .proof.optimal import InfeasibleError
    from .ranking.ranked import RankedWord

__all__ = [
    "AbsurdleResult",
    "BoardsAnalysis",
    "BoardsRankedWord",
    "BoardsResult",
    "CompileResult",
    "InfeasibleError",
    "PathLike",
    "RankedWord",
    "Settings",
    "__version__",
    "absurdle",
    "analyse",
    "compile_tree",
    "rank_first_words",
    "review",
    "save",
    "verify",
]

# name -> (module, attribute), imported on first access (PEP 562) so that the command
# lines and ``import wordle_compiler`` stay light.  No submodule has one of these names:
# importing it would replace the function on the package.
_LAZY = {
    "compile_tree": ("api", "compile_tree"),
    "save": ("api", "save"),
    "verify": ("api", "verify"),
    "analyse": ("api", "analyse"),
    "review": ("api", "review"),
    "rank_first_words": ("api", "rank_first_words"),
    "absurdle": ("api", "absurdle"),
    "AbsurdleResult": ("analysis.absurdle_play", "AbsurdleResult"),
    "CompileResult": ("pipeline.compile_result", "CompileResult"),
    "BoardsResult": ("multiboard.build", "BoardsResult"),
    "BoardsAnalysis": ("multiboard.position", "BoardsAnalysis"),
    "BoardsRankedWord": ("multiboard.rank", "BoardsRankedWord"),
    "Settings": ("core.settings", "Settings"),
    "PathLike": ("core.settings", "PathLike"),
    "RankedWord": ("ranking.ranked", "RankedWord"),
    "InfeasibleError": ("proof.optimal", "InfeasibleError"),
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        module, attr = _LAZY[name]
        value = getattr(import_module(f"{__name__}.{module}"), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
