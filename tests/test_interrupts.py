"""Ctrl-C always ends a command with one line and 130 (SIGTERM: 143), even when its
unwinding blocks or leaves objects whose clean-up fails (cli/interrupts.py), through real
processes."""

import signal
import subprocess
import sys
import time

PROGRAM = '''
import sys, threading, click
from wordle_compiler.cli import interrupts
from wordle_compiler.cli.common import exit_after

interrupts.GRACE_SECONDS = {grace}

class FailsWhenCollected:
    def __del__(self):
        raise RuntimeError("Event loop is closed")

@click.command()
@click.option("--json", "as_json", is_flag=True)
def stuck(as_json):
    try:
        print("ready", flush=True)
        threading.Event().wait()
    finally:
        FailsWhenCollected()
        if {block}:
            threading.Event().wait()  # an unwinding that never ends

exit_after(stuck, None, "stuck")
'''


def _interrupted(grace, block, *args, signum=signal.SIGINT):
    """(exit code, stdout after "ready", stderr, seconds from the signal to exit)."""
    code = PROGRAM.format(grace=grace, block=block)
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert proc.stdout.readline() == "ready\n"
    began = time.monotonic()
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out, err, time.monotonic() - began


def test_an_unwinding_that_blocks_ends_after_the_grace_with_one_line():
    code, out, err, seconds = _interrupted(1.0, True)
    assert (code, out, err) == (130, "", "stuck: interrupted\n")
    assert 1.0 <= seconds < 10


def test_the_watchdog_says_it_in_json_too():
    code, out, err, _ = _interrupted(1.0, True, "--json")
    assert (code, err) == (130, "stuck: interrupted\n")
    assert out == '{"error": "interrupted", "exit_code": 130}\n'


def test_an_unwinding_that_ends_says_it_once_and_does_not_wait_for_the_watchdog():
    code, out, err, seconds = _interrupted(30.0, False)
    assert (code, out, err) == (130, "", "stuck: interrupted\n")  # no "Exception ignored in"
    assert seconds < 10


def test_sigterm_takes_the_same_path_and_says_terminated():
    code, out, err, seconds = _interrupted(30.0, False, "--json", signum=signal.SIGTERM)
    assert (code, err) == (143, "stuck: terminated\n")
    assert out == '{"error": "terminated", "exit_code": 143}\n'
    assert seconds < 10


def test_a_blocked_unwinding_after_sigterm_ends_with_143():
    code, out, err, _ = _interrupted(1.0, True, signum=signal.SIGTERM)
    assert (code, out, err) == (143, "", "stuck: terminated\n")
