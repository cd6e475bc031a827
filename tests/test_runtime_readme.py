"""The README's wordle-next section: its command examples and its Python example run as written."""

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## wordle-next\n")
    return text[start : text.index("\n## ", start + 1)]


def _fenced(section: str, language: str) -> list[str]:
    blocks, lines, inside = [], [], False
    for line in section.splitlines():
        if line.startswith("```"):
            if inside:
                blocks.append("\n".join(lines))
                lines, inside = [], False
            elif line.strip() == f"```{language}":
                inside = True
            continue
        if inside:
            lines.append(line)
    return blocks


def _commands():
    """The examples in the section's first plain fenced block, minus the interactive one
    and the placeholder file name."""
    found = []
    for line in _fenced(_section(), "")[0].splitlines():
        command = line.split("#", 1)[0].strip()
        if command.startswith("wordle-next") and " -i" not in command and "my.wtree" not in command:
            found.append(command)
    return found


@pytest.mark.long
@pytest.mark.parametrize("command", _commands())
def test_command_examples_run(command):
    argv = shlex.split(command)[1:]
    result = subprocess.run(
        [sys.executable, "-m", "wordle_runtime.cli", *argv], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, (command, result.stderr)
    assert result.stdout.strip()
    assert not result.stderr


def test_python_example_prints_what_its_comments_say():
    code = _fenced(_section(), "python")[0]
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "courd"
    _guess, remaining, on_tree, expected = lines[1].split()
    assert on_tree == "True"
    assert int(remaining) >= 1
    assert float(expected) >= 1
    assert lines[2] == "[('salet', 0), ('courd', 27)]"
