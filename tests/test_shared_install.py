"""A user who did not install the package (root did; site-packages is read-only to them,
their HOME unset): building, ranking and analysing work, nothing is written into the
installed package, and a cache that cannot be written is said once and computed in memory.
``cache --clear`` on another user's cache says what it could not remove."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from clirun import MODULES

NOBODY = 65534
# Root, and setpriv to run commands as another user.
pytestmark = pytest.mark.integration


def as_nobody(args, cwd, env_extra=None):
    """``python args`` as uid/gid 65534, with no HOME and no cache settings."""
    env = {k: v for k, v in os.environ.items() if k not in ("HOME", "WORDLE_TREE_CACHE", "XDG_CACHE_HOME")}
    env.update(env_extra or {})
    command = ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", sys.executable, *args]
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def workdir():
    if os.geteuid() != 0:
        pytest.skip("needs root, to run commands as another user with setpriv")
    if shutil.which("setpriv") is None:
        pytest.skip("setpriv (util-linux) is not installed")
    probe = as_nobody(
        ["-c", "import os, wordle_compiler.ext._search as m; print(os.access(os.path.dirname(m.__file__), os.W_OK))"],
        cwd="/",
    )
    if probe.returncode != 0:
        pytest.skip(f"this install is not readable by another user: {probe.stderr.strip().splitlines()[-1:]}")
    assert probe.stdout.strip() == "False"  # the install really is read-only to them
    folder = Path(tempfile.mkdtemp(prefix="wordle-nobody-"))
    folder.chmod(0o777)
    answers = sorted(
        Path(__file__).resolve().parents[1].joinpath("compiler", "data", "answers-original.txt").read_text().split()
    )[::7]  # a list no cache has seen: the matrix is computed
    (folder / "answers.txt").write_text("\n".join(answers) + "\n")
    (folder / "first.txt").write_text("salet\ncrane\nadieu\n")
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.mark.long
def test_a_build_by_another_user_computes_in_memory_and_says_so_once(workdir):
    result = as_nobody(
        [
            "-m",
            MODULES["wordle-compile"],
            "--strategy",
            "optimal",
            "--start",
            "salet",
            "--answers",
            "answers.txt",
            "-o",
            "t.wtree",
        ],
        cwd=workdir,
    )
    assert result.returncode == 0, result.stderr
    assert (workdir / "t.wtree").is_file()
    warnings = [line for line in result.stderr.splitlines() if "cannot write the matrix cache" in line]
    assert len(warnings) == 1, result.stderr
    assert warnings[0].startswith("wordle-compile: warning: "), result.stderr
    quiet = as_nobody(
        [
            "-m",
            MODULES["wordle-compile"],
            "--strategy",
            "entropy",
            "--answers",
            "answers.txt",
            "--quiet",
            "-o",
            "e.wtree",
        ],
        cwd=workdir,
    )
    assert quiet.returncode == 0, quiet.stderr
    assert quiet.stderr == "", quiet.stderr


def test_ranking_and_analysis_by_another_user(workdir):
    ranked = as_nobody(
        [
            "-m",
            MODULES["wordle-rank"],
            "--answers",
            "answers.txt",
            "--first-words",
            "first.txt",
            "--top",
            "1",
            "--quiet",
            "-o",
            "r.csv",
        ],
        cwd=workdir,
    )
    assert ranked.returncode == 0, ranked.stderr
    assert (workdir / "r.csv").read_text().count("\n") >= 3
    analysed = as_nobody(
        ["-m", MODULES["wordle-tree"], "analyse", "salet:bbbbb", "--answers", "answers.txt", "--top", "1", "--json"],
        cwd=workdir,
    )
    assert analysed.returncode == 0, analysed.stderr


def test_clearing_another_users_cache_is_an_error_that_says_so(workdir, tmp_path_factory):
    cache = Path(tempfile.mkdtemp(prefix="wordle-root-cache-"))
    try:
        cache.chmod(0o755)  # readable by everyone, writable by root only
        (cache / "feedback-0123.npy").write_bytes(b"x" * 100)
        (cache / "feedback-0123.sum").write_text("0-0-")
        result = as_nobody(
            ["-m", MODULES["wordle-tree"], "cache", "--clear"], cwd=workdir, env_extra={"WORDLE_TREE_CACHE": str(cache)}
        )
        assert result.returncode == 2, result
        assert result.stderr.strip().splitlines() == [
            f"wordle-tree: removed 0 file(s), 0.0 MB, from {cache}; could not remove 2 file(s): Permission denied"
        ]
        assert sorted(p.name for p in cache.iterdir()) == ["feedback-0123.npy", "feedback-0123.sum"]
    finally:
        shutil.rmtree(cache, ignore_errors=True)
