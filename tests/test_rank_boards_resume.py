"""``wordle-rank --boards K`` keeps every first word it has valued in its results file (a
row appended as each is valued), stops on SIGTERM or Ctrl-C in one line, and ``--resume``
goes on from the file to the uninterrupted run's file, byte for byte: kills at seeded
moments through real processes, logs cut at any row, edited rows and other rankings' files."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from clirun import MODULES
from sampled_lists import write_sampled_lists
from support.dask_cluster import start_cluster, stop_cluster
from wordle_compiler.core.settings import Settings
from wordle_compiler.multiboard.rank import BoardsRanker, rank_boards

COMPLETE = "; complete yes"
# (boards, the lists' folder, what else the command line says): a ranking of a few seconds
CASES = {
    "total": (2, "lists", ()),
    "win": (2, "lists", ("--objective", "win", "--max-depth", "3")),
    # one exact first word and six infeasible ones, which leave 18 to 144 tuples unsolved
    "infeasible": (3, "twelve", ("--max-depth", "4", "--first-words", "FIRST")),
}


@pytest.fixture(scope="module")
def folders(tmp_path_factory) -> dict[str, Path]:
    """14 answers and 30 guesses (two boards: 182 tuples), and the first 12 answers alone
    (three boards: 1,320 tuples), with seven of them as first words."""
    lists = tmp_path_factory.mktemp("boards-lists")
    write_sampled_lists(lists, 5, 14, 200, 16)
    twelve = tmp_path_factory.mktemp("boards-twelve")
    answers = (lists / "answers.txt").read_text().split()[:12]
    (twelve / "answers.txt").write_text("\n".join(answers) + "\n")
    (twelve / "guesses.txt").write_text("\n".join(answers) + "\n")
    (twelve / "first.txt").write_text("\n".join(answers[:7]) + "\n")
    return {"lists": lists, "twelve": twelve}


def rank_command(folders, case: str, out: Path, *extra) -> list[str]:
    """wordle-rank --boards K --top all of ``case`` into ``out``."""
    boards, name, args = CASES[case]
    folder = folders[name]
    args = tuple(str(folder / "first.txt") if arg == "FIRST" else arg for arg in args)
    lists = ("--answers", str(folder / "answers.txt"), "--guesses", str(folder / "guesses.txt"))
    command = [sys.executable, "-m", MODULES["wordle-rank"], "--boards", str(boards), *lists, *args]
    return [*command, "--top", "all", "-o", str(out), "--quiet", *extra]


def rank(folders, case: str, out: Path, *extra) -> subprocess.CompletedProcess:
    return subprocess.run(rank_command(folders, case, out, *extra), capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def uninterrupted(folders, tmp_path_factory) -> dict[str, bytes]:
    """Each case's results file from one run that nothing stopped."""
    files = {}
    for case in CASES:
        out = tmp_path_factory.mktemp(f"uninterrupted-{case}") / "r.csv"
        result = rank(folders, case, out)
        assert result.returncode in (0, 1), result.stderr
        files[case] = out.read_bytes()
    return files


def row_lines(path: Path) -> list[str]:
    """The complete rows a results file holds (its first and column lines left out)."""
    if not path.exists():
        return []
    return path.read_text().split("\n")[:-1][2:]


def _no_process_left(proc: subprocess.Popen) -> None:
    """No process of the command's own group (it starts a new one) is left."""
    with pytest.raises(ProcessLookupError):
        os.killpg(proc.pid, 0)


@pytest.mark.long
@pytest.mark.parametrize("how, code, said", [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")])
def test_a_stopped_ranking_keeps_every_word_valued(folders, uninterrupted, tmp_path, how, code, said):
    """Stopped once three words are in the file: one line, the documented code, and every
    row then in the file is the uninterrupted file's row, checked as it will be."""
    out = tmp_path / "r.csv"
    proc = subprocess.Popen(
        rank_command(folders, "total", out), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
    )
    deadline = time.monotonic() + 120
    while len(row_lines(out)) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    seen = len(row_lines(out))
    proc.send_signal(how)
    _, err = proc.communicate(timeout=60)
    assert (proc.returncode, err.decode()) == (code, f"wordle-rank: {said}\n")
    _no_process_left(proc)
    header, _, *rows = uninterrupted["total"].decode().splitlines()
    kept = row_lines(out)
    assert 3 <= seen <= len(kept) < len(rows)
    assert set(kept) <= set(rows)
    assert out.read_text().splitlines()[0] == header.removesuffix(COMPLETE)


def _kill_then_resume(folders, case: str, out: Path, how: int, delay: float) -> int:
    """Run (resuming when the file exists) and send ``how`` after ``delay`` seconds: the
    exit code, once the file is seen never to hold fewer rows than before."""
    before = set(row_lines(out))
    extra = ["--resume"] if out.exists() else []
    proc = subprocess.Popen(
        rank_command(folders, case, out, *extra),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    deadline = time.monotonic() + delay
    while time.monotonic() < deadline and proc.poll() is None:
        assert set(row_lines(out)) >= before or out.read_text().endswith(COMPLETE + "\n")
        time.sleep(0.02)
    if proc.poll() is None:
        os.killpg(proc.pid, how) if how == signal.SIGKILL else proc.send_signal(how)
    _, err = proc.communicate(timeout=60)
    _no_process_left(proc)
    if proc.returncode in (130, 143):
        assert err.decode() in ("wordle-rank: interrupted\n", "wordle-rank: terminated\n")
    words = {row.split(",")[0] for row in row_lines(out)}
    assert words >= {row.split(",")[0] for row in before}, (how, delay, err)
    return proc.returncode


@pytest.mark.long
@pytest.mark.parametrize("case, seed", [("total", 3), ("win", 7)])
def test_kills_at_seeded_moments_then_resume_give_the_uninterrupted_file(folders, uninterrupted, tmp_path, case, seed):
    """Five kills (SIGKILL, SIGINT or SIGTERM), each followed by --resume, then a last --resume."""
    out = tmp_path / "r.csv"
    rng = random.Random(seed)
    for _ in range(5):
        how = rng.choice([signal.SIGKILL, signal.SIGINT, signal.SIGTERM])
        code = _kill_then_resume(folders, case, out, how, rng.uniform(0.4, 1.0))
        assert code in (0, 1, 130, 143, -signal.SIGKILL), code
    final = rank(folders, case, out, "--resume")
    assert final.returncode in (0, 1), final.stderr
    assert out.read_bytes() == uninterrupted[case]


@pytest.mark.parametrize("case", CASES)
def test_a_log_cut_at_any_row_resumes_to_the_uninterrupted_file(folders, uninterrupted, tmp_path, case):
    """What a killed run leaves: the first line without its finished mark, some rows in the
    order they were valued, the last one cut short; infeasible words, whose lost tuples no
    row gives, come last in the guess list's order either way."""
    header, columns, *rows = uninterrupted[case].decode().splitlines()
    kept = random.Random(len(rows)).sample(rows, len(rows) // 2)
    out = tmp_path / "r.csv"
    out.write_text("\n".join([header.removesuffix(COMPLETE), columns, *kept]) + "\n" + rows[-1][:7])
    result = rank(folders, case, out, "--resume")
    assert result.returncode in (0, 1), result.stderr
    assert out.read_bytes() == uninterrupted[case]
    if case == "infeasible":
        statuses = [row.split(",")[-2] for row in rows]
        exact = statuses.count("exact")
        assert statuses == ["exact"] * exact + ["infeasible"] * (len(rows) - exact)
        infeasible = [row.split(",")[0] for row in rows[exact:]]
        assert exact >= 1
        assert len(infeasible) >= 2
        assert infeasible == sorted(infeasible)


def test_a_finished_file_resumes_with_no_search(folders, uninterrupted, tmp_path):
    out = tmp_path / "r.csv"
    out.write_bytes(uninterrupted["win"])
    result = rank(folders, "win", out, "--resume", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["search_nodes"] == 0
    assert len(doc["exact"]) == len(uninterrupted["win"].decode().splitlines()) - 2
    assert out.read_bytes() == uninterrupted["win"]


def test_rows_whose_checks_fail_are_valued_again(folders, uninterrupted, tmp_path):
    """The best word's total made one lower (its check left as it was) and a row with no
    check: both words are valued again, the others are not."""
    header, columns, best, second, *rest = uninterrupted["total"].decode().splitlines()
    word, total, average, status, check = best.split(",")
    edited = f"{word},{int(total) - 1},{average},{status},{check}"
    out = tmp_path / "r.csv"
    out.write_text("\n".join([header, columns, edited, second.rsplit(",", 1)[0], *rest]) + "\n")
    result = rank(folders, "total", out, "--resume", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["search_nodes"] > 0
    assert out.read_bytes() == uninterrupted["total"]


@pytest.mark.long
@pytest.mark.parametrize(
    "old, new, fragment",
    [
        ("; boards 2;", "; boards 3;", "was made with boards 3, not 2"),
        ("; boards 2;", ";", "was made with boards (none), not 2"),
        ("; objective total;", "; objective win;", "was made with objective win, not total"),
        ("; max-depth 7;", "; max-depth 6;", "was made with max-depth 6, not 7"),
        ("; answers answers.txt sha256:", "; answers answers.txt sha256:0", "was made with answers answers.txt"),
    ],
)
def test_a_file_of_another_ranking_is_refused_in_one_line(folders, uninterrupted, tmp_path, old, new, fragment):
    out = tmp_path / "r.csv"
    text = uninterrupted["total"].decode()
    assert old in text
    out.write_text(text.replace(old, new, 1))
    before = out.read_bytes()
    result = rank(folders, "total", out, "--resume")
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert fragment in result.stderr, result.stderr
    assert result.stderr.endswith("; not resuming from it\n"), result.stderr
    assert out.read_bytes() == before


def test_without_resume_a_file_with_rows_is_refused_and_force_replaces_it(folders, uninterrupted, tmp_path):
    out = tmp_path / "r.csv"
    header, columns, *rows = uninterrupted["total"].decode().splitlines()
    out.write_text("\n".join([header.removesuffix(COMPLETE), columns, *rows[:3]]) + "\n")
    before = out.read_bytes()
    refused = rank(folders, "total", out)
    assert refused.returncode == 2
    assert refused.stderr == (
        f"wordle-rank: results file {out} already holds 3 rows: --resume goes on from it, --force replaces it, "
        "-o names another file\n"
    )
    both = rank(folders, "total", out, "--resume", "--force")
    assert (both.returncode, both.stderr) == (2, "wordle-rank: --force starts over and --resume goes on: give one\n")
    assert out.read_bytes() == before
    forced = rank(folders, "total", out, "--force")
    assert forced.returncode == 0, forced.stderr
    assert out.read_bytes() == uninterrupted["total"]


def test_decided_rows_are_taken_as_they_are(folders):
    """In Python: the words ``decided`` holds are not valued (``on_row`` is called for the
    others only), and the ranking is the one that values them all."""
    folder = folders["lists"]
    lists = {"answers": folder / "answers.txt", "guesses": folder / "guesses.txt"}
    settings = Settings(boards=2, max_depth=3, objective="win", **lists)
    whole = rank_boards(settings)
    decided = {row.word: row for row in whole.rows[::2]}
    valued = []
    again = BoardsRanker(settings).run(decided=decided, on_row=valued.append)
    assert again.rows == whole.rows
    assert sorted(row.word for row in valued) == sorted(row.word for row in whole.rows[1::2])


@pytest.mark.long
def test_two_workers_write_the_one_process_file_from_the_start_and_resumed(folders, uninterrupted, tmp_path):
    """--jobs 2 (two local Dask workers) writes the one-process file byte for byte, and so
    does --jobs 2 --resume from that file cut after three rows."""
    out = tmp_path / "r.csv"
    result = rank(folders, "total", out, "--jobs", "2")
    assert result.returncode == 0, result.stderr
    assert out.read_bytes() == uninterrupted["total"]
    header, columns, *rows = uninterrupted["total"].decode().splitlines()
    cut = tmp_path / "cut.csv"
    cut.write_text("\n".join([header.removesuffix(COMPLETE), columns, *rows[:3]]) + "\n")
    resumed = rank(folders, "total", cut, "--jobs", "2", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert cut.read_bytes() == uninterrupted["total"]


@pytest.mark.slow  # a scheduler and two workers started as their own processes
def test_a_real_cluster_writes_the_one_process_file(folders, uninterrupted, tmp_path):
    address, processes = start_cluster(tmp_path, nthreads=1, nworkers=2)
    try:
        for case in ("total", "infeasible"):
            out = tmp_path / f"{case}.csv"
            result = rank(folders, case, out, "--scheduler", address)
            assert result.returncode in (0, 1), result.stderr
            assert out.read_bytes() == uninterrupted[case]
    finally:
        stop_cluster(processes)


def test_jobs_and_a_scheduler_are_alternatives(folders, tmp_path):
    result = rank(folders, "total", tmp_path / "r.csv", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert (result.returncode, result.stderr) == (
        2,
        "wordle-rank: --jobs and --scheduler are alternatives: the cluster's workers do the work\n",
    )
