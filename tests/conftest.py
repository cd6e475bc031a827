import os
import tempfile

import pytest

# Keep the matrix cache inside the test run unless the caller chose one.
os.environ.setdefault("WORDLE_TREE_CACHE", os.path.join(tempfile.gettempdir(), "wordle-tree-test-cache"))


@pytest.fixture(scope="session")
def ctx():
    from wordle_compiler.core.config import Context

    return Context.load()


@pytest.fixture(scope="session")
def small_tree_bytes(ctx):
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.pipeline.compile import compile_tree
    from wordle_runtime.format import pack_tree

    result = compile_tree(BuildConfig(strategy="most-parts", start="salet"), ctx)
    return pack_tree(result.data)
