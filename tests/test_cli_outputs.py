"""The one output mechanism: destinations are checked before
the work, only regular files are ever replaced, writes are atomic, late failures are one
line, and temporary files left by killed runs are cleaned up on the next write."""

import errno
import os
import time

import pytest

from clirun import invoke, one_line_error, run
from wordle_compiler.core import matrix as fm
from wordle_compiler.core import matrix_cache
from wordle_compiler.util import files as outputs

TREE = "salet-optimal-normal"
# A long build (optimal, the best first word proved over the whole list): a bad -o must fail long before.
SLOW_BUILD = ["--strategy", "optimal", "--quiet"]


def _bad_destinations(tmp_path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    link = tmp_path / "link.wtree"
    link.symlink_to(afile)
    return {
        "missing folder": (tmp_path / "no" / "such" / "out.wtree", "does not exist"),
        "parent is a file": (afile / "out.wtree", "not a folder"),
        "a directory": (tmp_path, "directory"),
        "a FIFO": (fifo, "FIFO"),
        "a symlink": (link, "symbolic link"),
        "a device": ("/dev/full", "device"),
        "empty name": ("", "empty"),
    }


CASES = ["missing folder", "parent is a file", "a directory", "a FIFO", "a symlink", "a device", "empty name"]


@pytest.mark.long
@pytest.mark.parametrize("case", CASES)
def test_compile_checks_the_destination_before_building(case, tmp_path):
    target, fragment = _bad_destinations(tmp_path)[case]
    began = time.monotonic()
    result = run("wordle-compile", *SLOW_BUILD, "-o", target)
    one_line_error(result, 2, fragment)
    assert time.monotonic() - began < 10  # the build never started
    assert os.path.islink(tmp_path / "link.wtree")
    assert (tmp_path / "afile").read_text() == "x"


@pytest.mark.long
@pytest.mark.parametrize("case", CASES)
def test_export_and_import_check_the_destination(case, tmp_path):
    target, fragment = _bad_destinations(tmp_path)[case]
    one_line_error(run("wordle-tree", "export", TREE, "--format", "csv", "-o", target), 2, fragment)
    csv = tmp_path / "tree.csv"
    assert invoke("wordle-tree", "export", TREE, "--format", "csv", "-o", csv).code == 0
    one_line_error(run("wordle-tree", "import", csv, "--from", "csv", "-o", target), 2, fragment)


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_read_only_folder_is_refused_before_the_work(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    one_line_error(run("wordle-compile", *SLOW_BUILD, "-o", folder / "t.wtree"), 2, "cannot write")


def test_a_late_write_failure_is_one_line_and_leaves_the_old_file(tmp_path, monkeypatch):
    """The disk fills up after the checks passed: exit 2, one line, nothing left behind."""
    out = tmp_path / "t.wtree"
    out.write_bytes(b"previous")
    real_replace = os.replace

    def full_disk(src, dst):
        if str(dst) == str(out):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_replace(src, dst)

    monkeypatch.setattr(outputs.os, "replace", full_disk)
    result = invoke("wordle-tree", "export", TREE, "--format", "csv", "-o", out)
    one_line_error(result, 2, f"cannot write {out}", "No space left on device")
    assert out.read_bytes() == b"previous"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.wtree"]


def _dead_pid() -> int:
    pid = 4_000_000  # above any default pid_max on Linux
    while True:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return pid
        except PermissionError:
            pass
        pid += 1


def test_stale_temporary_files_are_removed_by_the_next_write(tmp_path):
    out = tmp_path / "out.csv"
    dead = tmp_path / f".out.csv.{_dead_pid()}-0123abcd.tmp"  # its process is gone
    live = tmp_path / f".out.csv.{os.getppid()}-0123abcd.tmp"  # a live process: maybe writing now
    old = tmp_path / ".out.csv.k3j4h5g6.tmp"  # the old mkstemp form, two hours old
    other = tmp_path / f".notes.txt.{_dead_pid()}-0123abcd.tmp"  # another file's: not ours to judge
    for path in (dead, live, old, other):
        path.write_text("partial")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    assert run("wordle-tree", "export", TREE, "--format", "csv", "-o", out).returncode == 0
    assert not dead.exists()
    assert not old.exists()
    assert live.exists()
    assert other.exists()
    assert out.exists()


def test_matrix_cache_temporary_files_are_removed(tmp_path, monkeypatch):
    """A kill during the cache write leaves ``.feedback-….npy.PID.tmp``; the next cache write
    (or ``wordle-tree cache --clear``) removes it."""
    monkeypatch.setenv(matrix_cache.CACHE_ENV, str(tmp_path))
    stale = tmp_path / f".feedback-0123.npy.{_dead_pid()}.tmp"
    stale.write_bytes(b"partial")
    from wordle_compiler.core.wordlists import WordLists

    words = ("abbey", "crane", "geese", "llama", "speed", "those")
    fm.feedback_matrix(WordLists(answers=words[:4], guesses=words, answers_name="t", guesses_name="t"))
    assert not stale.exists()
    assert len(list(tmp_path.glob("feedback-*.npy"))) == 1
    stale.write_bytes(b"partial")
    result = run("wordle-tree", "cache", "--clear", env={**os.environ, matrix_cache.CACHE_ENV: str(tmp_path)})
    assert result.returncode == 0
    assert "removed 2 file(s)" in result.stdout
    assert list(tmp_path.iterdir()) == []


def test_atomic_write_keeps_permissions_of_a_normal_file(tmp_path):
    out = tmp_path / "t.bin"
    outputs.write_atomic(out, b"abc")
    umask = os.umask(0)
    os.umask(umask)
    assert out.read_bytes() == b"abc"
    assert (out.stat().st_mode & 0o777) == 0o666 & ~umask
    outputs.write_atomic(out, lambda fh: fh.write(b"def"))
    assert out.read_bytes() == b"def"
    assert [p.name for p in tmp_path.iterdir()] == ["t.bin"]


def test_reading_only_regular_files(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    began = time.monotonic()
    one_line_error(run("wordle-tree", "info", fifo, timeout=30), 2, "FIFO")
    one_line_error(
        run("wordle-tree", "import", fifo, "--from", "csv", "-o", tmp_path / "o.wtree", timeout=30), 2, "FIFO"
    )
    one_line_error(run("wordle-tree", "info", "/dev/zero", timeout=30), 2, "not a regular file")
    assert time.monotonic() - began < 25  # none of them waited for a writer or read forever
    big = tmp_path / "big.csv"
    with open(big, "wb") as fh:
        fh.truncate(64 * 1024 * 1024 + 1)  # sparse: no disk used
    one_line_error(run("wordle-tree", "import", big, "--from", "csv", "-o", tmp_path / "o.wtree"), 2, "limit")
