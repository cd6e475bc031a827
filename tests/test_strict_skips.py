"""In a strict run (``WORDLE_TREE_STRICT_SKIPS=1``, as .ci/run sets) a test that skips for a
missing tool fails, and a skip that describes the machine (root) stays a skip."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PLANTED = '''
import pytest

def test_missing_tool():
    pytest.skip("no Chromium and chromedriver found")

def test_root_machine():
    pytest.skip("root may write into a read-only folder")
'''


def _run(folder: Path, strict: bool) -> str:
    env = {**os.environ, "WORDLE_TREE_STRICT_SKIPS": "1" if strict else "0"}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_planted.py"],
        cwd=folder,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    return result.stdout.strip().splitlines()[-1]


@pytest.mark.long
def test_a_skip_for_a_missing_tool_fails_only_in_a_strict_run(tmp_path):
    shutil.copy(Path(__file__).with_name("conftest.py"), tmp_path / "conftest.py")
    (tmp_path / "test_planted.py").write_text(PLANTED)
    assert _run(tmp_path, strict=True).startswith("1 failed, 1 skipped")
    assert _run(tmp_path, strict=False).startswith("2 skipped")
