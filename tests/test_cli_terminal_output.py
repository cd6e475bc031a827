"""What the commands print for a person, through real processes: wordle-rank's exact values
bounded by --top (the ties beyond counted on one line), progress written as plain lines when
stderr is not a terminal, and Mastermind's reports, which name no "normal mode"."""

import csv

import pytest

from clirun import run


@pytest.mark.long
def test_rank_prints_top_k_words_then_one_line_for_the_ties(tmp_path):
    results = tmp_path / "ranking.csv"
    ranked = run("wordle-rank", "--game", "mastermind:4x6", "--top", "3", "-o", results)
    assert ranked.returncode == 0, ranked.stderr
    exact = [row for row in csv.DictReader(results.read_text().splitlines()[1:]) if row["status"] == "exact"]
    third = exact[2]["total"]
    assert len(exact) > 3
    assert all(row["total"] == third for row in exact[3:])  # Mastermind's symmetries: hundreds of ties
    lines = ranked.stdout.splitlines()
    shown = [line.split()[0] for line in lines if line.startswith("  ") and not line.startswith("  …")]
    assert shown == [row["word"] for row in exact[:3]]
    more = [line for line in lines if line.startswith("  … and ")]
    assert len(more) == 1
    assert more[0].startswith(f"  … and {len(exact) - 3:,} more tied at {third} (")
    assert more[0].endswith("; --json and the results file list them all")
    assert len(lines) < 10
    # its progress went to a pipe: plain lines, no carriage return or cursor move
    assert "ranking first words" in ranked.stderr
    # the 1,291 codes the symmetry decides with their class count once, never twice
    assert "1296/1296 words" in ranked.stderr.splitlines()[-1]
    assert "\r" not in ranked.stderr
    assert "\x1b" not in ranked.stderr


@pytest.mark.long
def test_progress_to_a_pipe_is_plain_lines():
    result = run("wordle-tree", "bench", "--strategies", "first,most-parts", "--start", "own")
    assert result.returncode == 0, result.stderr
    lines = result.stderr.splitlines()
    # a bench of a few seconds writes none (the first line comes five seconds in:
    # tests/test_cli_progress.py); a slower machine's, only the bar's lines
    assert all(line.startswith("bench: ") for line in lines), lines
    assert "\r" not in result.stderr
    assert "\x1b" not in result.stderr


def test_the_seeded_proof_says_at_once_which_word_it_solved_and_what_is_left(tmp_path):
    tree = tmp_path / "mm45.wtree"
    built = run("wordle-compile", "--game", "mastermind:4x5", "--strategy", "optimal", "-o", tree)
    assert built.returncode == 0, built.stderr
    assert "total 2463" in built.stdout
    ranking = [line for line in built.stderr.splitlines() if line.startswith("proving the best first word: ")]
    assert ranking, built.stderr
    assert ranking[0].endswith("1123 solved: 2,463; refuting the other 4"), ranking


@pytest.mark.long
def test_mastermind_reports_leave_its_only_rules_unnamed(tmp_path):
    for mode in ("normal", "possible"):
        tree = tmp_path / f"{mode}.wtree"
        built = run("wordle-compile", "--game", "mastermind:4x6", "--strategy", "minimax", "--mode", mode, "-o", tree)
        assert built.returncode == 0, built.stderr
        verified, info = run("wordle-tree", "verify", tree), run("wordle-tree", "info", tree)
        assert verified.returncode == 0, verified.stderr
        assert info.returncode == 0, info.stderr
        texts = [built.stdout, verified.stdout, info.stdout]
        if mode == "normal":
            assert not any("normal mode" in text or "mode normal" in text for text in texts)
            assert verified.stdout.splitlines()[0].endswith("(limit 6)")
            assert "mode        any code at every step" in info.stdout.splitlines()
        else:
            assert "mode possible" in built.stdout
            assert verified.stdout.splitlines()[0].endswith("(limit 6, possible mode)")
    wordle = run("wordle-tree", "verify", "salet-optimal-normal")
    assert wordle.stdout.splitlines()[0].endswith("(limit 6, normal mode)")  # Wordle's mode is a choice: named


def test_the_opening_from_the_shipped_table_counts_its_ties_too():
    done = run("wordle-tree", "analyse", "--game", "mastermind:4x6", "--top", "3")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.strip()[:2] in ("1.", "2.", "3.", "4.")]
    assert [row.split()[1] for row in rows] == ["1123*", "1124*", "1125*"]
    assert "… and 717 more tied at 5625" in done.stdout  # 1123's class of 720 codes, by symmetry
