"""Standard output that fails, for all four command lines, as real processes: a reader that
stops early (``| head``) ends the command quietly with 0; a write refused (``> /dev/full``)
is the one line ``PROG: cannot write to standard output: REASON`` with exit 2."""

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import MODULES

WORDS = ["awake", "cigar", "humph", "rebut", "sissy"]
FULL_DISK = "No space left on device"
needs_dev_full = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")


@pytest.fixture
def small_list(tmp_path) -> Path:
    path = tmp_path / "small.txt"
    path.write_text("".join(w + "\n" for w in WORDS))
    return path


def _cheap_runs(small_list: Path) -> dict:
    """One quick invocation per command that prints to standard output."""
    return {
        "wordle-next": ["--list-trees"],
        "wordle-tree": ["info", "salet-optimal-hard"],
        "wordle-compile": ["--answers", small_list, "--guesses", small_list, "-o", "-", "--quiet"],
        "wordle-rank": ["--help"],
    }


def _command(prog: str, *args) -> list[str]:
    return [sys.executable, "-m", MODULES[prog], *map(str, args)]


def _with_closed_reader(prog: str, *args, cwd=None) -> subprocess.CompletedProcess:
    """``prog args`` writing into a pipe whose reading end is already closed: every write
    meets EPIPE, as after ``| head`` has exited."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            _command(prog, *args), stdout=write_end, stderr=subprocess.PIPE, text=True, timeout=120, cwd=cwd
        )
    finally:
        os.close(write_end)


def _into_dev_full(prog: str, *args, cwd=None) -> subprocess.CompletedProcess:
    with open("/dev/full", "w") as full:
        return subprocess.run(
            _command(prog, *args), stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, cwd=cwd
        )


@pytest.mark.long
@pytest.mark.parametrize("prog", ["wordle-next", "wordle-tree", "wordle-compile", "wordle-rank"])
def test_a_closed_pipe_ends_quietly_with_0(prog, small_list, tmp_path):
    result = _with_closed_reader(prog, *_cheap_runs(small_list)[prog], cwd=tmp_path)
    assert (result.returncode, result.stderr) == (0, "")


def test_a_closed_pipe_after_json_output_is_quiet_too():
    result = _with_closed_reader("wordle-next", "--json", "crane", "bbbbb")
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.parametrize(
    "prog,args",
    [
        ("wordle-next", ["--json", "qqqqq", "bbbbb"]),
        ("wordle-tree", ["info", "no-such-tree", "--json"]),
    ],
)
def test_a_failure_whose_json_meets_a_closed_pipe_keeps_its_line_and_code(prog, args):
    result = _with_closed_reader(prog, *args)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"{prog}: ")
    assert "Traceback" not in result.stderr


@pytest.mark.long
def test_head_in_a_shell_pipeline_leaves_stderr_empty(tmp_path):
    err = tmp_path / "stderr.txt"
    script = (
        f"{shlex.join(_command('wordle-next', '--list-trees'))} 2>{shlex.quote(str(err))} | head -1; "
        "echo \"status ${PIPESTATUS[0]}\""
    )
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    listing = subprocess.run(_command("wordle-next", "--list-trees"), capture_output=True, text=True, timeout=120)
    assert result.stdout.splitlines() == [listing.stdout.splitlines()[0], "status 0"]
    assert err.read_text() == ""
    assert result.stderr == ""


@pytest.mark.long
@needs_dev_full
@pytest.mark.parametrize("prog", ["wordle-next", "wordle-tree", "wordle-compile", "wordle-rank"])
def test_a_full_disk_is_one_line_exit_2(prog, small_list, tmp_path):
    result = _into_dev_full(prog, *_cheap_runs(small_list)[prog], cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == f"{prog}: cannot write to standard output: {FULL_DISK}\n"


@needs_dev_full
@pytest.mark.parametrize("args", [["--help"], ["--version"], ["--json", "salet", "bbbbb"], ["salet", "bbbbb"]])
def test_wordle_next_reports_a_full_disk_for_every_output(args):
    """argparse's help swallows its write error: the failure is still reported."""
    result = _into_dev_full("wordle-next", *args)
    assert result.returncode == 2
    assert result.stderr == f"wordle-next: cannot write to standard output: {FULL_DISK}\n"


@needs_dev_full
def test_a_full_disk_under_json_gives_the_line_and_no_object():
    result = _into_dev_full("wordle-tree", "verify", "salet-optimal-normal", "--json")
    assert result.returncode == 2
    assert result.stderr == f"wordle-tree: cannot write to standard output: {FULL_DISK}\n"


@needs_dev_full
def test_a_failed_request_keeps_its_own_line_when_its_json_cannot_be_written():
    result = _into_dev_full("wordle-next", "--json", "qqqqq", "bbbbb")
    assert result.returncode == 2
    assert result.stderr == "wordle-next: step 1: 'qqqqq' is not in this tree's guess list\n"


def test_output_that_works_is_unchanged(small_list, tmp_path):
    """The same commands into a pipe that is read: exit 0, the whole output."""
    from wordle_runtime.format import unpack_tree

    result = subprocess.run(
        _command("wordle-next", "--json", "salet", "bbbbb"), capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["guess"] == "courd"
    result = subprocess.run(
        _command("wordle-compile", *_cheap_runs(small_list)["wordle-compile"]),
        capture_output=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 0
    assert sorted(unpack_tree(result.stdout).answers) == WORDS
