"""The README's Quickstart, as written, on a copy of the checkout with Debian's own python3.

Debian marks its Python externally managed (PEP 668): ``pip install`` outside a virtual
environment stops at once, so the Quickstart makes one first.  The second install must take
the kernels the first compiled (their files untouched) and add only the test extra.
"""

import ast
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DEBIAN_PYTHON = Path("/usr/bin/python3")
pytestmark = [pytest.mark.slow, pytest.mark.integration]  # two installs from the package index: minutes


def quickstart_lines() -> list[str]:
    """The command lines of the README's Quickstart block, in order."""
    section = README.read_text(encoding="utf-8").split("## Quickstart", 1)[1]
    block = re.search(r"```bash\n(.*?)```", section, re.DOTALL).group(1)
    return [line for line in block.splitlines() if line.strip()]


def _copy_of_the_checkout(destination: Path) -> Path:
    """The files git tracks or would track (not ignored), as they are in the work tree."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (destination / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, destination / name)
    return destination


def _bash(script: str, folder: Path, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], cwd=folder, env=env, capture_output=True, text=True, timeout=1800
    )


def compiled_module_names() -> set[str]:
    """The module names setup.py builds: every entry of ``MODULES`` at every code width."""
    constants = {
        node.targets[0].id: node.value
        for node in ast.parse((ROOT / "setup.py").read_text(encoding="utf-8")).body
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }
    modules = ast.literal_eval(constants["MODULES"])
    widths = ast.literal_eval(constants["WIDTHS"])
    return {f"{name}{suffix}" for name in modules for suffix in widths}


def _kernel_files(folder: Path) -> dict[str, int]:
    return {path.name: path.stat().st_mtime_ns for path in folder.glob("build/lib*/wordle_compiler/ext/*.so")}


def test_the_quickstart_works_with_debians_python(tmp_path):
    if not (DEBIAN_PYTHON.is_file() and list(Path("/usr/lib").glob("python3*/EXTERNALLY-MANAGED"))):
        pytest.skip("needs Debian's own python3 (/usr/bin/python3, externally managed)")
    make_venv, first, second = quickstart_lines()
    assert make_venv.startswith("python3 -m venv .venv")
    assert first.startswith("pip install . && ")
    install_tests, _, run_tests = second.partition(" && ")
    assert (install_tests, run_tests) == ("pip install '.[test]'", "pytest")
    folder = _copy_of_the_checkout(tmp_path / "clone")
    env = {
        "PATH": f"{DEBIAN_PYTHON.parent}:/bin",  # Debian's python3 first: the one the README speaks of
        "HOME": str(tmp_path / "home"),
        "WORDLE_TREE_CACHE": str(tmp_path / "cache"),
        **{
            key: os.environ[key]
            for key in ("PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_FIND_LINKS")
            if key in os.environ
        },
    }
    refused = _bash("python3 -m pip install --dry-run .", folder, env)
    assert refused.returncode != 0
    assert "externally-managed-environment" in refused.stderr

    built = _bash(f"{make_venv}\n{first}", folder, env)
    assert built.returncode == 0, built.stderr[-3000:]
    assert "answers 2315  total 7920  average 3.4212" in built.stdout
    assert (folder / "optimal-salet-normal.wtree").is_file()
    kernels = _kernel_files(folder)
    assert {name.split(".")[0] for name in kernels} == compiled_module_names(), kernels

    extra = _bash(f"{make_venv}\n{install_tests}\npytest --version", folder, env)
    assert extra.returncode == 0, extra.stderr[-3000:]
    assert _kernel_files(folder) == kernels, "the second install compiled the kernels again"
