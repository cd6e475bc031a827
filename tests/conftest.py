import os
import signal
import tempfile

import pytest

# Keep the matrix cache inside the test run unless the caller chose one.
os.environ.setdefault("WORDLE_TREE_CACHE", os.path.join(tempfile.gettempdir(), "wordle-tree-test-cache"))

# The tests press Ctrl-C on purpose (SIGINT to this process and to the commands they start).
# A shell starts a background job with SIGINT ignored, and every process started from it
# inherits that; Python's own handler, here, makes the tests mean the same wherever they run.
signal.signal(signal.SIGINT, signal.default_int_handler)

# .ci/run sets this: it installs every tool the tests use (Chromium and its driver,
# Graphviz, the reference solver's compiler), so a test that skips for a missing tool
# there is a failure, not a quiet gap.  Skips that describe the machine itself stay skips.
STRICT_SKIPS_ENV = "WORDLE_TREE_STRICT_SKIPS"
MACHINE_SKIPS = ("root may write into a read-only folder",)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In a strict run, a skip for any other reason than :data:`MACHINE_SKIPS` fails."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get(STRICT_SKIPS_ENV) != "1" or not report.skipped or hasattr(report, "wasxfail"):
        return
    reason = str(report.longrepr[-1]) if isinstance(report.longrepr, tuple) else str(report.longrepr)
    if not any(allowed in reason for allowed in MACHINE_SKIPS):
        report.outcome = "failed"
        report.longrepr = f"skipped in a strict run ({STRICT_SKIPS_ENV}=1, as .ci/run sets): {reason}"


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


@pytest.fixture(scope="session")
def weighted_build(ctx):
    """(a compile result built under :func:`support.weights.raw_test_weights`, the integer Weights)."""
    from support.weights import WEIGHTS_SOURCE, raw_test_weights
    from wordle_compiler.core.config import BuildConfig
    from wordle_compiler.core.settings import Settings
    from wordle_compiler.core.weights import integer_weights
    from wordle_compiler.pipeline.compile import compile_tree

    weights = integer_weights(raw_test_weights(len(ctx.words.answers)), WEIGHTS_SOURCE)
    return compile_tree(
        BuildConfig(strategy="most-parts", settings=Settings(weights=weights), start="salet"), ctx
    ), weights


@pytest.fixture(scope="session")
def weighted_tree_bytes(weighted_build):
    from wordle_runtime.format import pack_tree

    return pack_tree(weighted_build[0].data)
