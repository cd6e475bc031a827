"""The runtime never imports the compiler or its heavy dependencies."""

import subprocess
import sys

FORBIDDEN = ["numpy", "numba", "networkx", "click", "wordle_compiler", "tqdm", "pydot"]


def test_runtime_imports_only_msgpack_and_stdlib():
    code = (
        "import sys, wordle_runtime, wordle_runtime.cli, wordle_runtime.tree;"
        f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules];"
        "print(','.join(bad)); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, f"runtime imported: {result.stdout.strip()} {result.stderr}"
