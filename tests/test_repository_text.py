"""The repository speaks of the product: the README stays a manual of bounded length, and no
file tells how the code was written (work periods, issue numbers); git history holds that."""

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README_LINES = 450
# The work-period word, spelled in two pieces so that this file does not name it itself.
WORK_PERIOD = re.compile(r"\bsess" + r"ions?\b", re.IGNORECASE)
# Its other meanings: pytest's fixture scope, and the Unix process groups started with setsid
# that benchmarks/busy.py puts its load in.
OTHER_MEANINGS = re.compile(r'scope="sess' + r'ion"')
UNIX_MEANING_FILES = {"benchmarks/busy.py", "benchmarks/results/busy.json"}
# The named games' word lists hold dictionary words, the work-period word among them.
WORD_LISTS = "compiler/data/games/"


def _tracked_text_files():
    names = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for name in names.splitlines():
        path = ROOT / name
        if (
            (
                path.suffix in {".py", ".md", ".pyx", ".pxd", ".pxi", ".toml", ".txt", ".html", ".json"}
                or name == ".ci/run"
            )
            and path.is_file()
            and path.stat().st_size < 2_000_000
        ):
            yield name, path.read_text(encoding="utf-8", errors="replace")


def test_the_readme_is_a_manual_of_bounded_length():
    lines = (ROOT / "README.md").read_text(encoding="utf-8").count("\n")
    assert lines <= README_LINES, f"README.md has {lines} lines; move internals to docs/"


def test_no_file_narrates_how_it_was_written():
    found = []
    this_file = Path(__file__).relative_to(ROOT).as_posix()
    for name, text in _tracked_text_files():
        if name == this_file or (name.startswith(WORD_LISTS) and name.endswith(".txt")):
            continue
        unix = name in UNIX_MEANING_FILES
        for number, line in enumerate(text.splitlines(), start=1):
            if WORK_PERIOD.search(line) and not (unix or OTHER_MEANINGS.search(line)):
                found.append(f"{name}:{number}: {line.strip()[:100]}")
            if re.search(r"\bissue #?\d+", line, re.IGNORECASE):
                found.append(f"{name}:{number}: {line.strip()[:100]}")
    assert not found, "\n".join(found)
