"""The one error mechanism of wordle-compile and wordle-tree: every
failure is one line on stderr with a documented exit code, never a traceback; --json
failures are JSON objects; Ctrl-C is 130 and SIGTERM 143 even during start-up; warnings are one line."""

import json
import signal
import subprocess
import sys
import time

import pytest

from clirun import MODULES, invoke, one_line_error, run

TREE = "salet-optimal-normal"


@pytest.mark.long
@pytest.mark.parametrize(
    "prog,args,fragments",
    [
        ("wordle-compile", ["--start", ""], ["--start", "not empty"]),
        ("wordle-compile", ["-o", ""], ["file name is empty"]),
        ("wordle-compile", ["--opening", "salet,salet"], ["two different words", "'salet,salet'"]),
        ("wordle-compile", ["--opening", "salet"], ["--opening takes two different words, W1,W2: got 'salet'"]),
        ("wordle-compile", ["--answers", "bogus"], ["original, nyt, nyt-extended, improved, all"]),
        ("wordle-compile", ["--guesses", "bogus"], ["original, nyt, improved, answers"]),
        ("wordle-compile", ["--strategy", "nope"], ["--strategy"]),
        ("wordle-compile", ["--start", "zzzzz"], ["not in the guess list"]),
        ("wordle-tree", ["verify", TREE, "--max-depth", "0"], ["--max-depth", "1<=x<=127"]),
        ("wordle-tree", ["verify", TREE, "--max-depth", "-1"], ["--max-depth"]),
        ("wordle-tree", ["info", "no-such-tree"], ["no-such-tree"]),
        ("wordle-tree", ["export", TREE, "--path", "salet qqqqq"], ["--path", "pattern"]),
        ("wordle-tree", ["export", TREE, "--path", "crane bbbbb"], ["the tree plays 'salet' here"]),
        ("wordle-tree", ["bench", "--strategies", "nope"], ["unknown strategy 'nope'"]),
        ("wordle-tree", ["bench", "--start", "salet,"], ["empty entry"]),
        ("wordle-tree", ["nosuchcommand"], ["No such command"]),
    ],
)
def test_bad_input_is_one_line_exit_2(prog, args, fragments, tmp_path):
    """No --quiet: a bad request fails before any notice or progress could be printed."""
    one_line_error(run(prog, *args, cwd=tmp_path), 2, *fragments)
    assert list(tmp_path.iterdir()) == []  # nothing written, nothing left behind


def test_infeasible_optimal_with_json_prints_an_error_object():
    result = run("wordle-compile", "--strategy", "optimal", "--start", "salet", "--max-depth", "2", "--json", "--quiet")
    line = one_line_error(result, 1, "no tree solves every answer within 2 guesses")
    doc = json.loads(result.stdout)
    assert doc["exit_code"] == 1
    assert doc["error"] in line


def test_too_deep_heuristic_with_json_keeps_the_stats_and_adds_the_error(tmp_path):
    result = invoke(
        "wordle-compile", "--strategy", "first", "--max-depth", "5", "--json", "--quiet", "-o", tmp_path / "t.wtree"
    )
    line = one_line_error(result, 1, "need more than 5 guesses", "--allow-deeper", "--strategy optimal")
    doc = json.loads(result.out)
    assert doc["output"] is None
    assert doc["error"] in line
    assert doc["answers"] == 2315
    assert not (tmp_path / "t.wtree").exists()


def test_failed_verify_with_json_is_one_object_with_an_error():
    result = invoke("wordle-tree", "verify", TREE, "--max-depth", "4", "--json")
    one_line_error(result, 1, "verification failed", "need more than 4 guesses")
    doc = json.loads(result.out)
    assert doc["ok"] is False
    assert doc["exit_code"] == 1
    assert len(doc["exceeding_max_depth"]) == 42


def test_usage_error_with_json_is_an_object_too():
    result = run("wordle-tree", "info", "no-such-tree", "--json")
    one_line_error(result, 2, "no-such-tree")
    assert json.loads(result.stdout)["exit_code"] == 2


def test_internal_error_is_one_line_exit_3(monkeypatch):
    """A bug surfaces as one line naming it (and a traceback only when asked for)."""
    import wordle_compiler.cli.tree_report as report

    def broken(*args):
        raise RuntimeError("simulated bug")

    monkeypatch.setattr(report, "info_lines", broken)
    result = invoke("wordle-tree", "info", TREE)
    one_line_error(result, 3, "internal error", "RuntimeError: simulated bug", "WORDLE_TREE_DEBUG=1")
    monkeypatch.setenv("WORDLE_TREE_DEBUG", "1")
    with pytest.raises(RuntimeError):
        invoke("wordle-tree", "info", TREE)


def test_warnings_are_one_clean_line(tmp_path):
    answers = tmp_path / "a.txt"
    answers.write_text("cigar\nrebut\ncigar\nsissy\n")
    result = run("wordle-compile", "--strategy", "minimax", "--answers", answers, "-o", tmp_path / "t.wtree")
    assert result.returncode == 0, result.stderr
    warning = [line for line in result.stderr.splitlines() if "duplicate" in line]
    assert warning == [f"wordle-compile: warning: {answers}: dropped 1 duplicate word(s)"]
    assert "warnings.warn" not in result.stderr
    assert ".py:" not in result.stderr


@pytest.mark.long
@pytest.mark.parametrize("delay", [0.3, 0.6, 1.0])
def test_ctrl_c_during_start_up_is_130_without_traceback(delay, tmp_path):
    """Sent while numpy and the kernels import (the first half second or so), or just after."""
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            MODULES["wordle-compile"],
            "--strategy",
            "optimal",
            "--quiet",
            "-o",
            tmp_path / "t.wtree",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, (proc.returncode, err)
    assert err.strip().splitlines() == ["wordle-compile: interrupted"], err
    assert list(tmp_path.iterdir()) == []


# Runs a command line as its console script does, after arranging that a signal arrives
# the moment one given module starts to import: Ctrl-C or SIGTERM at a chosen point of start-up.
_TRIP_IMPORT = r"""
import importlib.abc, os, runpy, signal, sys
module, target, signum, *argv = sys.argv[1:]

class Trip(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target_=None):
        if name == target:
            os.kill(os.getpid(), int(signum))
        return None

sys.meta_path.insert(0, Trip())
sys.argv = [module, *argv]
runpy.run_module(module, run_name="__main__", alter_sys=True)
"""


@pytest.mark.parametrize(
    "prog,args,target",
    [
        ("wordle-compile", ["--help"], "click.core"),
        ("wordle-compile", ["--help"], "numpy"),
        ("wordle-compile", ["--help"], "wordle_compiler.strategies.heuristic"),
        ("wordle-tree", ["info", TREE], "msgpack"),
        ("wordle-tree", ["info", TREE], "wordle_compiler.core.settings"),
        ("wordle-tree", ["info", TREE], "wordle_compiler.cli.analyse"),  # imported last
        ("wordle-rank", ["--help"], "click.core"),
        ("wordle-rank", ["--help"], "wordle_compiler.util.files"),
    ],
)
@pytest.mark.parametrize(
    "signum, code, word", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")]
)
def test_a_stop_at_any_import_of_start_up_is_one_line_and_its_code(prog, args, target, signum, code, word, tmp_path):
    """Each command line's modules load with Ctrl-C (130) and SIGTERM (143) handled from
    their first line; a target that is no longer imported shows as exit 0 (the command
    ran) and fails here."""
    result = subprocess.run(
        [sys.executable, "-c", _TRIP_IMPORT, MODULES[prog], target, str(int(signum)), *args],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert (result.returncode, result.stderr) == (code, f"{prog}: {word}\n"), result
    assert result.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_broken_pipe_ends_quietly():
    """``wordle-tree export ... | head -1``: the reader leaving early is not an error."""
    proc = subprocess.Popen(
        [sys.executable, "-m", MODULES["wordle-tree"], "export", TREE, "--format", "csv"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert proc.returncode == 0
    assert err == ""
