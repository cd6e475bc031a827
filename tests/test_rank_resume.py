"""``wordle-rank --resume`` never turns a wrong results file into a false proof: a file of
another ranking, a damaged line or a forged claim ends in a refusal (one line, exit 2) or
in the true best, never in a wrong "proved best"."""

import subprocess
import sys

import pytest

from clirun import MODULES
from sampled_lists import write_sampled_lists


@pytest.fixture(scope="module")
def lists(tmp_path_factory):
    """60 answers, 200 guesses and 30 first words, drawn with a fixed seed: a ranking in a second."""
    folder = tmp_path_factory.mktemp("resume-lists")
    _, guesses, rng = write_sampled_lists(folder, 11, 60, 400, 140)
    (folder / "first.txt").write_text("\n".join(sorted(rng.sample(guesses.read_text().split(), 30))) + "\n")
    return folder


def rank(lists, out, *extra):
    cmd = [
        sys.executable,
        "-m",
        MODULES["wordle-rank"],
        "--answers",
        str(lists / "answers.txt"),
        "--guesses",
        str(lists / "guesses.txt"),
        "--first-words",
        str(lists / "first.txt"),
        "--top",
        "3",
        "-o",
        str(out),
        "--quiet",
        *extra,
    ]
    return subprocess.run(cmd, capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def truth(lists, tmp_path_factory):
    """The uninterrupted ranking: its results file's lines and its first stdout line."""
    out = tmp_path_factory.mktemp("truth") / "r.csv"
    result = rank(lists, out)
    assert result.returncode == 0, result.stderr
    return out.read_text().splitlines(), result.stdout.splitlines()[0]


def _forge(truth, how):
    """A results file made from the true one by ``how``."""
    header, columns, *rows = truth[0]
    best, second = rows[0].split(","), rows[1].split(",")
    last = rows[-1].split(",")[0]  # a word with only a bound
    n = 60
    forged = {
        "other mode": [header.replace("mode normal", "mode hard"), columns, *rows[:5]],
        "other depth": [header.replace("max-depth 6", "max-depth 5"), columns, *rows[:5]],
        "no header": [columns, *rows[:5]],
        "word not ranked": [header, columns, f"zzzzz,{2 * n},2.000000,exact"],
        "negative total": [header, columns, f"{best[0]},-5,-0.083333,exact"],
        "huge total": [header, columns, f"{best[0]},{10**20},1.0,exact"],
        "unknown status": [header, columns, f"{best[0]},{best[1]},{best[2]},maybe"],
        "duplicate": [header, columns, rows[0], rows[0]],
        "best given a bound": [header, columns, f"{best[0]},{6 * n},6.000000,>= {6 * n}"],
        "best infeasible": [header, columns, f"{best[0]},,,infeasible"],
        "second given a better total": [header, columns, f"{second[0]},{int(best[1]) - 3},1.0,exact"],
        "a bound made exact": [header, columns, f"{last},{int(best[1]) - 1},1.0,exact"],
    }
    return "\n".join(forged[how]) + "\n"


CASES = [
    "other mode",
    "other depth",
    "no header",
    "word not ranked",
    "negative total",
    "huge total",
    "unknown status",
    "duplicate",
    "best given a bound",
    "best infeasible",
    "second given a better total",
    "a bound made exact",
]


@pytest.mark.long
@pytest.mark.parametrize("how", CASES)
def test_a_forged_or_foreign_results_file_ends_in_a_refusal_or_the_truth(lists, truth, tmp_path, how):
    out = tmp_path / "r.csv"
    out.write_text(_forge(truth, how))
    result = rank(lists, out, "--resume")
    if result.returncode == 0:
        assert result.stdout.splitlines()[0] == truth[1]  # the true best, proved again
        assert out.read_text().splitlines() == truth[0]
    else:
        assert result.returncode == 2, result.stderr
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert "not resuming" in result.stderr, result.stderr
        assert "proved best" not in result.stdout


def test_a_claim_the_search_contradicts_is_refused_and_dropped_from_the_file(lists, truth, tmp_path):
    out = tmp_path / "r.csv"
    out.write_text(_forge(truth, "best given a bound"))
    refused = rank(lists, out, "--resume")
    assert refused.returncode == 2, refused.stderr
    assert "but the search proves" in refused.stderr, refused.stderr
    assert truth[0][2].split(",")[0] + ",360" not in out.read_text()  # the forged line is gone
    again = rank(lists, out, "--resume")  # what is left is this run's own proofs: resumable
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[0] == truth[1]
    assert out.read_text().splitlines() == truth[0]


@pytest.mark.parametrize("kept", ["cut by a kill", "complete"])
def test_a_genuine_file_resumes_to_the_same_result(lists, truth, tmp_path, kept):
    """Killed mid-line (the last line has no newline), or with every word already decided
    (nothing left to rank): the same result and file as the uninterrupted run."""
    out = tmp_path / "r.csv"
    cut = "\n".join(truth[0][:9]) + "\n" + truth[0][9][:5]
    out.write_text(cut if kept == "cut by a kill" else "\n".join(truth[0]) + "\n")
    result = rank(lists, out, "--resume")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == truth[1]
    assert out.read_text().splitlines() == truth[0]


def test_jobs_and_scheduler_together_are_refused_and_leave_the_file(lists, truth, tmp_path):
    out = tmp_path / "r.csv"
    out.write_text("\n".join(truth[0]) + "\n")
    result = rank(lists, out, "--jobs", "2", "--scheduler", "tcp://127.0.0.1:1")
    assert result.returncode == 2, result.stderr
    assert "--jobs and --scheduler" in result.stderr, result.stderr
    assert out.read_text().splitlines() == truth[0]


def test_an_empty_results_name_is_refused(lists, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", MODULES["wordle-rank"], "--answers", str(lists / "answers.txt"), "-o", ""],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert result.returncode == 2
    assert result.stderr.strip() == "wordle-rank: -o needs a file name"
    assert list(tmp_path.iterdir()) == []


def test_no_first_word_within_the_depth_is_exit_1_with_the_proofs_kept(lists, tmp_path):
    out = tmp_path / "r.csv"
    result = rank(lists, out, "--max-depth", "2")
    assert result.returncode == 1, result.stderr
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .startswith("wordle-rank: no first word solves every answer within 2 guesses (30 proved infeasible")
    )
    assert out.read_text().count(",,,infeasible") == 30


@pytest.mark.long
@pytest.mark.parametrize(
    "address",
    [
        "not-a-url",
        "",
        "tcp://",
        "http://127.0.0.1:8786",
        "inproc://x",
        "ucx://127.0.0.1:8786",
        "tls://127.0.0.1:8786",
        "x" * 5000,
        "tcp://127.0.0.1:99999",
    ],
)
def test_a_malformed_scheduler_address_is_one_line_before_any_work(lists, truth, tmp_path, address):
    out = tmp_path / "r.csv"
    out.write_text("\n".join(truth[0]) + "\n")
    result = rank(lists, out, "--scheduler", address)
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip().splitlines() == [result.stderr.strip()]
    assert len(result.stderr) < 200
    assert "--scheduler takes tcp://HOST:PORT" in result.stderr
    assert out.read_text().splitlines() == truth[0]


def _rows(path):
    """word -> its row without the word and the check (the last field)."""
    return {line.split(",")[0]: line.split(",", 1)[1].rsplit(",", 1)[0] for line in path.read_text().splitlines()[2:]}


def test_a_larger_top_on_resume_decides_the_bounded_words_again(lists, truth, tmp_path):
    """A finished --top 1 file resumed with --top 3: its bounds are below the new cut-off,
    so those words are ranked again (never "contradicted"), and the file is the fresh one's."""
    out = tmp_path / "r.csv"
    assert rank(lists, out, "--top", "1").returncode == 0
    result = rank(lists, out, "--resume")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0] == truth[1]
    assert out.read_text().splitlines() == truth[0]


@pytest.mark.long
def test_a_smaller_top_on_resume_keeps_every_proved_value(lists, truth, tmp_path):
    """A finished --top 8 file resumed with --top 2: every exact value stays exact (proved
    again) and every bound stays at the value it was proved to reach, above the new cut-off."""
    out = tmp_path / "r.csv"
    assert rank(lists, out, "--top", "8").returncode == 0
    before = _rows(out)
    result = rank(lists, out, "--top", "2", "--resume")
    assert result.returncode == 0, result.stderr
    assert _rows(out) == before
    fresh = tmp_path / "fresh.csv"
    assert rank(lists, fresh, "--top", "2").returncode == 0
    exact_fresh = {w for w, row in _rows(fresh).items() if row.endswith(",exact")}
    assert exact_fresh < {w for w, row in before.items() if row.endswith(",exact")}


def test_a_forged_bound_in_a_finished_file_is_refused(lists, truth, tmp_path):
    """The true best claimed at least one more than its value: ranked again, it comes out
    exact below the claim, which is a contradiction (one line, exit 2)."""
    header, columns, best, *rest = truth[0]
    word, total, *_ = best.split(",")
    out = tmp_path / "r.csv"
    out.write_text("\n".join([header, columns, f"{word},{int(total) + 1},1.0,lower-bound", *rest]) + "\n")
    result = rank(lists, out, "--resume")
    assert result.returncode == 2, result.stderr
    assert "but the search proves" in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
