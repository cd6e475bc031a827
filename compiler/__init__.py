"""wordle_compiler: builds, verifies and writes Wordle decision trees (see README, "API").

    import wordle_compiler

    result = wordle_compiler.compile_tree("minimax", start="salet")   # keywords as wordle-compile's
    print(result.stats["total_guesses"], result.ok)
    wordle_compiler.save(result, "minimax-salet-normal.wtree")
    verdict = wordle_compiler.verify("minimax-salet-normal.wtree")    # or a shipped tree's name
    assert verdict.ok, verdict.problems

Importing the package is cheap: numpy and the engine load on first use.
"""

__version__ = "0.1.0"

__all__ = [
    "compile_tree",
    "save",
    "verify",
    "analyse",
    "review",
    "rank_first_words",
    "CompileResult",
    "InfeasibleError",
    "__version__",
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
    "CompileResult": ("api", "CompileResult"),
    "InfeasibleError": ("pipeline.optimal", "InfeasibleError"),
}


def __getattr__(name):
    if name in _LAZY:
        from importlib import import_module

        module, attr = _LAZY[name]
        value = getattr(import_module(f"{__name__}.{module}"), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return sorted(set(globals()) | set(_LAZY))
