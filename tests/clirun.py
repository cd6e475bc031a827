"""Running the click command lines the way their console scripts do (not a test module).

``invoke`` runs in-process through ``cli.common.run_click`` (the real error mechanism, fast);
``run`` starts a real subprocess (start-up, signals, exit codes as a shell sees them).
"""

from __future__ import annotations

import string
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner

MODULES = {
    "wordle-compile": "wordle_compiler.cli.compile",
    "wordle-tree": "wordle_compiler.cli.tree",
    "wordle-next": "wordle_runtime.cli",
    "wordle-rank": "wordle_compiler.cli.rank",
}


@dataclass
class Outcome:
    code: int
    out: str
    err: str

    @property
    def returncode(self) -> int:
        return self.code


def invoke(prog: str, *args, env=None) -> Outcome:
    """``prog args`` in this process, through the same runner as the console script."""
    from wordle_compiler.cli.common import run_click

    if prog == "wordle-compile":
        from wordle_compiler.cli.compile import compile_command as command
    else:
        from wordle_compiler.cli.tree import group as command
    runner = CliRunner(env=env)
    with runner.isolation() as (out, err, _):
        code = run_click(command, [str(a) for a in args], prog)
    return Outcome(code, out.getvalue().decode(), err.getvalue().decode())


def run(prog: str, *args, timeout=300, **kwargs) -> subprocess.CompletedProcess:
    """``prog args`` as a real process (``python -m``, so no installed script is needed)."""
    return subprocess.run(
        [sys.executable, "-m", MODULES[prog], *map(str, args)],
        capture_output=True,
        text=True,
        timeout=timeout,
        **kwargs,
    )


def one_line_error(result, code: int, *fragments: str) -> str:
    """Assert the CLI contract for a failure: exit ``code``, exactly one stderr line, no
    traceback, naming every fragment; return the line."""
    err = result.stderr if hasattr(result, "stderr") else result.err
    lines = err.strip().splitlines()
    assert result.returncode == code, (result.returncode, err)
    assert "Traceback" not in err, err
    assert len(lines) == 1, lines
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def run_binary(prog: str, *args, stdin: bytes | None = None, **kwargs) -> subprocess.CompletedProcess:
    """``prog args`` as a process with binary stdout (a tree file may come out of it)."""
    return subprocess.run(
        [sys.executable, "-m", MODULES[prog], *map(str, args)], input=stdin, capture_output=True, timeout=300, **kwargs
    )


def chain_list(folder: Path, n: int, duplicate: bool = False) -> Path:
    """``n`` answers that differ only in the first letter: in hard mode with these words as the
    guesses, each guess rules out one answer, so the best tree needs n guesses."""
    words = [c + "bcde" for c in string.ascii_lowercase if c not in "bcde"][:n]
    path = folder / f"chain{n}{'-dup' if duplicate else ''}.txt"
    path.write_text("\n".join(words + words[:1] * duplicate) + "\n")
    return path
