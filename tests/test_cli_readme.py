"""The README's examples are run, and its tables agree with the code.

Every command line in the README's fenced code blocks is run, except:

* synopsis lines (they hold ``[options]``, ``a|b`` choices or upper-case placeholders
  such as ``FILE``, or ``...``), which are not commands;
* the commands in :data:`SLOW_OR_EXTERNAL`, each with the reason it is skipped.
"""

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from clirun import MODULES
from wordle_compiler.cli import common as cliutil

README = Path(__file__).resolve().parent.parent / "README.md"
TEXT = README.read_text(encoding="utf-8")
PROGRAMS = tuple(MODULES)

# command (as written, comment removed) -> why it is not run here
SLOW_OR_EXTERNAL = {
    "pip install .": "installs the package (network, minutes)",
    "pip install '.[test]'": "installs the test extra (network)",
    "pytest": "this is the test suite",
    "python benchmarks/bench.py": "the benchmark takes minutes",
    "wordle-compile --strategy minimax --answers all --start lares --max-depth 7": (
        "12972 answers: a 168 MB matrix (the benchmark runs it)"
    ),
    "wordle-rank --jobs 2": "the proof over all 12972 first words: minutes on 2 cores",
}


def _is_synopsis(command: str) -> bool:
    return bool(re.search(r"\[|\||\.\.\.|\b[A-Z][A-Z0-9_]{2,}\b", command))


def fenced_commands() -> list[str]:
    commands = []
    for body in re.findall(r"```[a-z]*\n(.*?)```", TEXT, re.DOTALL):
        for text in body.splitlines():
            line = re.sub(r"^\$ ", "", text.strip())
            for written in line.split(" && "):
                part = re.sub(r"\s+#.*$", "", written).strip()
                if part.startswith((*PROGRAMS, "pip ", "pytest", "python ")):
                    commands.append(part)
    return commands


CHEAP = [c for c in fenced_commands() if c not in SLOW_OR_EXTERNAL and not _is_synopsis(c)]
# The common tasks that do not end by themselves: the server (tests/test_serve.py starts it).
LONG_LIVED = {"wordle-tree serve": "a server runs until stopped"}


def common_tasks() -> list[str]:
    """The commands of the README's "Common tasks" table (its rows that name one)."""
    section = TEXT.split("\n## Common tasks\n", 1)[1].split("\n## ", 1)[0]
    cells = re.findall(r"^\|[^|]+\| `([^`]+)` \|$", section, re.MULTILINE)
    return [cell for cell in cells if cell.startswith(PROGRAMS)]


def test_every_fenced_command_is_run_or_skipped_by_name():
    for command in fenced_commands():
        assert command in CHEAP or command in SLOW_OR_EXTERNAL or _is_synopsis(command), command
    assert len(CHEAP) >= 8
    assert "wordle-compile --strategy optimal --start salet" in CHEAP


def _runs(command, folder):
    prog, *args = shlex.split(command)
    result = subprocess.run(
        [sys.executable, "-m", MODULES[prog], *args],
        cwd=folder,
        capture_output=True,
        text=True,
        input="q\n",
        timeout=600,
    )
    assert result.returncode == 0, (command, result.stderr)
    assert "Traceback" not in result.stderr


@pytest.mark.long
@pytest.mark.parametrize("command", CHEAP)
def test_readme_command_runs(command, tmp_path):
    _runs(command, tmp_path)


def test_the_common_tasks_table_names_runnable_commands():
    tasks = common_tasks()
    assert len(tasks) >= 8
    assert not [task for task in tasks if _is_synopsis(task)], "a common task is a command to copy, not a synopsis"


@pytest.mark.long
@pytest.mark.parametrize(
    "command", [task for task in common_tasks() if task not in SLOW_OR_EXTERNAL and task not in LONG_LIVED]
)
def test_common_task_runs(command, tmp_path):
    _runs(command, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("command", [c for c in SLOW_OR_EXTERNAL if c.startswith(PROGRAMS)])
def test_slow_readme_command_runs(command, tmp_path):
    _runs(command, tmp_path)


def test_errors_table_matches_the_exit_codes():
    section = TEXT.split("## Errors and exit codes", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| `wordle-compile`, `wordle-tree` \| ([\d, ]+) \|", section, re.MULTILINE)
    documented = {int(code) for row in rows for code in row.split(",")}
    assert documented == set(cliutil.EXIT_CODES) == {0, 1, 2, 3, 130, 143}


@pytest.mark.long
def test_api_example_runs_and_prints_what_it_says(tmp_path):
    section = TEXT.split("\n## API\n", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL).group(1)
    expected = [line.split("# ", 1)[1].strip() for line in code.splitlines() if line.startswith("print(")]
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300, env={**os.environ}
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == expected
    assert (tmp_path / "minimax-salet-normal.wtree").exists()


def test_every_package_ci_installs_before_the_suite_is_named_in_the_readme():
    script = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    setup = script.split("pip install '.[test]'")[0]
    packages = set(re.findall(r"need\+=\(([a-z0-9+.-]+)\)", setup))
    packages |= set(re.findall(r"\b(w[a-z]+):[a-z]+\b", setup))  # the word lists' loop: package:file
    assert {"gcc", "python3-dev", "graphviz", "chromium", "hunspell-tools", "wspanish"} <= packages
    prerequisites = TEXT.split("## wordle-next")[0]
    named = {name for line in re.findall(r"apt-get install ([a-z0-9+.\s-]+)`", prerequisites) for name in line.split()}
    assert packages <= named, packages - named
