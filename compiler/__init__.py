"""wordle_compiler: builds, verifies and writes Wordle decision trees (see README)."""

__version__ = "0.1.0"
