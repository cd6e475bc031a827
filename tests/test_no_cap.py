"""Depth limits past six guesses: at the deepest limit the engine searches as deep as the
answers need (docs/engine.md, "Without a guess cap")."""

import pytest

from clirun import chain_list
from wordle_compiler import compile_tree
from wordle_compiler.core.errors import BuildError
from wordle_compiler.core.settings import MAX_DEPTH_LIMIT


def test_a_hard_mode_chain_needs_a_guess_per_answer_at_the_deepest_limit(tmp_path):
    chain = chain_list(tmp_path, 10)  # 10 answers told apart one guess at a time in hard mode
    built = compile_tree("optimal", mode="hard", answers=chain, guesses=chain, max_depth=MAX_DEPTH_LIMIT)
    assert built.proved_optimal
    assert built.stats["total_guesses"] == 10 * 11 // 2
    assert built.stats["max_depth"] == 10
    with pytest.raises(BuildError):
        compile_tree("optimal", mode="hard", answers=chain, guesses=chain, max_depth=9)
