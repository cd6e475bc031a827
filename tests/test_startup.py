"""The command lines' collector policy (compiler/startup.py): the libraries' objects are
frozen once imported, and the collector keeps running for everything made afterwards."""

import gc
import subprocess
import sys

import pytest

from wordle_compiler.startup import collector_paused


def test_the_compile_command_line_freezes_its_libraries_and_keeps_collecting():
    code = ("import gc, sys, wordle_compiler.cli; "
            "print(gc.isenabled(), gc.get_freeze_count(), 'numba' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    enabled, frozen, numba_loaded = result.stdout.split()
    # numba's registries alone are tens of thousands of objects; a freeze that ran
    # before the imports (or not at all) would leave a handful
    assert enabled == "True" and numba_loaded == "True" and int(frozen) > 20_000


def test_the_collector_resumes_when_the_paused_block_fails():
    assert gc.isenabled()
    try:
        with pytest.raises(KeyboardInterrupt):
            with collector_paused():
                assert not gc.isenabled()
                raise KeyboardInterrupt
        assert gc.isenabled() and gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # leave this test process as it was
