"""The runtime installs on its own (`pip install ./runtime`): msgpack is its only dependency."""

import json
import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOLING = {"pip", "setuptools", "wheel"}  # what `python -m venv` itself puts in a venv
# A fresh virtualenv, installed from the package index.
pytestmark = pytest.mark.integration


def _run(*args, **kwargs):
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, timeout=300, **kwargs)


@pytest.fixture(scope="module")
def runtime_venv(tmp_path_factory):
    """A fresh venv with only ``pip install ./runtime`` in it, built from a copy of the
    checkout's runtime/ and trees/ (the build writes build/ and egg-info next to its sources)."""
    base = tmp_path_factory.mktemp("runtime-only")
    for part in ("runtime", "trees"):
        shutil.copytree(ROOT / part, base / part, ignore=shutil.ignore_patterns("__pycache__", "build", "*.egg-info"))
    env_dir = base / "venv"
    venv.create(env_dir, with_pip=True)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    result = _run(bin_dir / "python", "-m", "pip", "install", "--disable-pip-version-check", "-q", base / "runtime")
    if result.returncode != 0 and "No matching distribution" in result.stderr:
        pytest.skip(f"the package index is not reachable: {result.stderr.strip().splitlines()[-1]}")
    assert result.returncode == 0, result.stderr
    return bin_dir


@pytest.mark.slow  # several seconds: the slow suite (CI runs both)
def test_only_msgpack_comes_with_the_runtime(runtime_venv):
    listed = _run(runtime_venv / "python", "-m", "pip", "list", "--format=json", "--disable-pip-version-check")
    names = {item["name"].lower() for item in json.loads(listed.stdout)}
    assert names - TOOLING == {"msgpack", "wordle-runtime"}


@pytest.mark.long
def test_wordle_next_runs_from_the_runtime_only_install(runtime_venv):
    result = _run(runtime_venv / "wordle-next", "salet", "bbbbb")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == "courd"
    shipped = json.loads((ROOT / "trees" / "manifest.json").read_text())["trees"]
    listed_trees = _run(runtime_venv / "wordle-next", "--list-trees").stdout
    assert listed_trees.count("optimal") == sum("optimal" in name for name in shipped)  # every one ships
    api = "import wordle_runtime; print(wordle_runtime.load('salet-optimal-hard').next_guess('salet bbbbb'))"
    assert _run(runtime_venv / "python", "-c", api).returncode == 0
    missing = _run(runtime_venv / "python", "-c", "import wordle_compiler")
    assert missing.returncode != 0
    assert "No module named 'wordle_compiler'" in missing.stderr
