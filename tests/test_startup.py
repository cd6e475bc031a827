"""The command lines' start-up policy (compiler/cli/startup.py): the libraries' objects are
frozen once imported, the collector keeps running for everything made afterwards, and
OpenBLAS starts no threads."""

import gc
import json
import os
import subprocess
import sys

import pytest

from wordle_compiler.cli.startup import collector_paused


def test_the_compile_command_line_freezes_its_libraries_and_keeps_collecting():
    code = "import gc, sys, wordle_compiler.cli.compile; print(gc.isenabled(), gc.get_freeze_count())"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    enabled, frozen = result.stdout.split()
    # numpy and click are thousands of objects; a freeze that ran before the imports (or
    # not at all) would leave a handful
    assert enabled == "True"
    assert int(frozen) > 10_000


def test_the_collector_resumes_when_the_paused_block_fails():
    assert gc.isenabled()
    try:
        with pytest.raises(KeyboardInterrupt), collector_paused():  # noqa: PT012 - the block fails as it runs
            assert not gc.isenabled()
            raise KeyboardInterrupt
        assert gc.isenabled()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # leave this test process as it was


@pytest.mark.parametrize(
    "module", ["wordle_compiler.cli.compile", "wordle_compiler.cli.rank", "wordle_compiler.cli.tree"]
)
def test_the_command_lines_start_no_blas_threads(module):
    # numpy imported for real: OpenBLAS would start a spinning thread per extra core
    code = f"import os, {module}, numpy; print(len(os.listdir('/proc/self/task')), os.environ['OPENBLAS_NUM_THREADS'])"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert result.stdout.split() == ["1", "1"]


def _program(tmp_path, args, before=""):
    """Run wordle-compile's ``main()`` as the program (argv from ``sys.argv``), with an
    atexit probe that prints last."""
    code = (
        f"import atexit, sys; sys.argv = ['wordle-compile', *{list(args)!r}]; {before}"
        "atexit.register(lambda: print('probe ran')); from wordle_compiler.cli.compile import main; main()"
    )
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)


def test_a_command_line_program_ends_without_teardown_yet_runs_atexit_and_flushes(tmp_path):
    out = tmp_path / "salet.wtree"
    ok = _program(tmp_path, ["--strategy", "optimal", "--start", "salet", "-o", str(out), "--quiet", "--json"])
    assert ok.returncode == 0, ok.stderr
    doc, probe = ok.stdout.strip().splitlines()
    assert json.loads(doc)["total_guesses"] == 7920
    assert probe == "probe ran"
    assert out.stat().st_size > 0
    bad = _program(tmp_path, ["--strategy", "optimal", "--start", "zzzzz", "--json"])
    assert bad.returncode == 2
    assert bad.stdout.splitlines()[-1] == "probe ran"
    assert "error" in json.loads(bad.stdout.splitlines()[0])
    assert "zzzzz" in bad.stderr


def test_a_command_line_program_waits_for_a_thread_that_is_not_a_daemon(tmp_path):
    # a library's worker thread still running at the end: exit as usual, after it
    marker = tmp_path / "late.txt"
    late = (
        f"import threading, time; threading.Thread(target=lambda: (time.sleep(0.3), "
        f"open({str(marker)!r}, 'w').write('done'))).start(); "
    )
    result = _program(tmp_path, ["--strategy", "minimax", "--start", "salet", "-o", "minimax.wtree", "--quiet"], late)
    assert result.returncode == 0, result.stderr
    assert marker.read_text() == "done"
    assert result.stdout.splitlines()[-1] == "probe ran"


def test_an_interrupted_program_does_not_wait_for_a_stuck_thread():
    """Exit code 130 (interrupted) ends the process even with a thread that is not a daemon
    blocked for ever (a process pool's manager thread reading a half-written result)."""
    code = (
        "import threading; from wordle_compiler.cli.startup import exit_process; "
        "threading.Thread(target=threading.Event().wait).start(); exit_process(130)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    assert result.returncode == 130
    assert result.stderr == ""
