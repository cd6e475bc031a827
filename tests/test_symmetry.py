"""First guesses that the game's symmetry makes equivalent (core/symmetry.py): Mastermind
over every code is decided over one code per class, and that gives the best first guess of
all, tie-break included."""

import json
import re

import pytest

from clirun import run
from wordle_compiler.core.config import BuildConfig, Context
from wordle_compiler.core.modes import initial_legal
from wordle_compiler.core.settings import Settings
from wordle_compiler.core.symmetry import first_guess_representatives, multiplicities
from wordle_compiler.core.wordlists import WordLists, load_word_lists
from wordle_compiler.pipeline.compile import forced_guesses
from wordle_compiler.proof.optimal import compile_optimal
from wordle_compiler.search import forget_solvers, solver_for
from wordle_runtime.game import mastermind, mastermind_codes


def test_one_code_per_class_of_colour_multiplicities():
    words = load_word_lists(game=mastermind(4, 6))
    assert first_guess_representatives(words, "normal", None) == ["1111", "1112", "1122", "1123", "1234"]
    assert first_guess_representatives(words, "possible", None) == ["1111", "1112", "1122", "1123", "1234"]
    super_words = WordLists(
        *(tuple(mastermind_codes(mastermind(5, 8))),) * 2, "a", "g", mastermind(5, 8)
    )  # 32,768 codes: 7 classes
    assert first_guess_representatives(super_words, "normal", None) == [
        "11111", "11112", "11122", "11123", "11223", "11234", "12345",
    ]  # fmt: skip
    assert multiplicities("3231") == (2, 1, 1) == multiplicities("4415")


def test_no_symmetry_without_every_code_or_with_weights_a_class_does_not_share():
    from wordle_compiler.core.weights import integer_weights

    game = mastermind(3, 3)
    every = tuple(mastermind_codes(game))
    one_heavier = integer_weights([2] + [1] * (len(every) - 1), "test")  # 111 weighs more than 222
    assert first_guess_representatives(WordLists(every, every, "a", "g", game), "normal", one_heavier) is None
    fewer = WordLists(every[:-1], every[:-1], "a", "g", game)
    assert first_guess_representatives(fewer, "normal", None) is None
    assert first_guess_representatives(load_word_lists(), "normal", None) is None  # Wordle's lists


@pytest.mark.parametrize("pegs, colours", [(3, 3), (3, 4), (4, 3), (2, 5)])
def test_the_best_over_the_classes_is_the_best_over_every_code(pegs, colours):
    """Every code valued exactly, the best chosen by the search's tie-break (total, depth,
    alphabetical: every code can be the answer), against the global proof's choice."""
    forget_solvers()
    ctx = Context.from_words(load_word_lists(game=mastermind(pegs, colours)), use_cache=False)
    solver = solver_for(ctx, "normal")
    answers, legal = ctx.all_answers, initial_legal(ctx, "normal")
    values = {}
    for guess in range(len(ctx.words.guesses)):
        outcome = solver.guess_value(guess, answers, legal, 8)
        values[ctx.words.guesses[guess]] = (outcome.cost, outcome.depth, ctx.words.guesses[guess])
    for code, value in values.items():  # the symmetry itself: a class shares one value
        representative = min(c for c in values if multiplicities(c) == multiplicities(code))
        assert value[:2] == values[representative][:2]
    cfg = BuildConfig(strategy="optimal", settings=Settings(max_depth=8))
    root, proved, label, _ = compile_optimal(ctx, cfg, forced_guesses(ctx, cfg))
    assert proved
    assert label == "global"
    assert ctx.words.guesses[root.guess] == min(values.values())[2]


@pytest.mark.slow
def test_classic_mastermind_s_best_first_guess_is_proved_over_every_code(tmp_path):
    """Koyama and Lai's optimum: 5,625 guesses over the 1,296 secrets, from 1123."""
    tree = tmp_path / "mastermind.wtree"
    built = run("wordle-compile", "--game", "mastermind:4x6", "--strategy", "optimal", "-o", tree, "--json")
    assert built.returncode == 0, built.stderr
    assert '"start": "1123"' in built.stdout
    assert '"total_guesses": 5625' in built.stdout
    assert '"optimality": "global"' in built.stdout
    assert run("wordle-tree", "verify", tree).returncode == 0


def test_wordle_rank_gives_every_code_its_class_s_value(tmp_path):
    """wordle-rank over every code decides one code per class; every row it writes is the
    value the code has on its own (each evaluated here without the symmetry)."""
    from wordle_compiler.ranking.first_words import RankSpec, evaluate_word

    results = tmp_path / "ranked.csv"
    ranked = run("wordle-rank", "--game", "mastermind:3x4", "--top", "all", "-o", results, "--quiet")
    assert ranked.returncode == 0, ranked.stderr
    rows = [line.split(",") for line in results.read_text().splitlines()[2:]]
    codes = mastermind_codes(mastermind(3, 4))
    assert sorted(row[0] for row in rows) == codes
    forget_solvers()
    spec = RankSpec(settings=Settings(answers="mastermind:3x4", guesses="mastermind:3x4"))
    for word, total, _, status, _ in rows:
        assert status == "exact"
        assert evaluate_word(spec, word, 1 << 36).value == int(total)


@pytest.mark.long
@pytest.mark.parametrize("code", ["1123", "3213"])  # its class's representative, and another of it
def test_a_code_decided_by_an_earlier_run_gives_its_class_its_value(tmp_path, code):
    """A run over --first-words decides one code; resumed over every code, that code's class
    takes its value at once (no code of it is decided again) and the file is a fresh run's."""
    one = tmp_path / "one.txt"
    one.write_text(code + "\n")
    resumed, fresh = tmp_path / "resumed.csv", tmp_path / "fresh.csv"
    rank = ("wordle-rank", "--game", "mastermind:4x6", "--top", "1", "--quiet", "--json")
    first = run(*rank, "--first-words", one, "-o", resumed)
    assert first.returncode == 0, first.stderr
    assert len(resumed.read_text().splitlines()) == 3  # the header, the columns, the code
    again = run(*rank, "-o", resumed, "--resume")
    assert again.returncode == 0, again.stderr
    whole = run(*rank, "-o", fresh)
    assert whole.returncode == 0, whole.stderr
    assert resumed.read_bytes() == fresh.read_bytes()
    # only 1111, 1112, 1122 and 1234, against the code's total: about a third of the search of
    # all five from nothing (deciding the code's class again takes nearly all of it, and
    # deciding its other 719 codes one by one hundreds of times as much)
    nodes = [json.loads(done.stdout)["counters"]["nodes"] for done in (again, whole)]
    assert nodes[0] < nodes[1] / 2


def test_the_opening_table_answers_mastermind_at_once():
    analysed = run("wordle-tree", "analyse", "--game", "mastermind:4x6", "--top", "1", "--json")
    assert analysed.returncode == 0, analysed.stderr
    assert '"word": "1123"' in analysed.stdout
    assert '"total": 5625' in analysed.stdout


SYMMETRY_NAMES = {
    "symmetric_lists",
    "first_guess_representatives",
    "symmetry_classes",
    "multiplicities",
    "guess_orbits",
    "OrbitLevels",
}


def symmetry_homes(root) -> tuple[dict[str, set[str]], list[str]]:
    """(module -> the symmetry names it defines; calls that decide the weights' part of the rule
    themselves, passing a comparison or a bool where the weights go) over the modules under
    ``root``."""
    import ast

    defined: dict[str, set[str]] = {}
    deciding = []
    for path in sorted(root.rglob("*.py")):
        rel = str(path.relative_to(root))
        for node in ast.walk(ast.parse(path.read_text(), rel)):
            if isinstance(node, ast.FunctionDef | ast.ClassDef) and node.name in SYMMETRY_NAMES:
                defined.setdefault(rel, set()).add(node.name)
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", getattr(node.func, "attr", None))
                given = [*node.args, *(k.value for k in node.keywords if k.arg == "weights")]
                bools = (ast.Compare, ast.BoolOp, ast.UnaryOp)
                if name in SYMMETRY_NAMES and any(
                    isinstance(a, bools) or (isinstance(a, ast.Constant) and isinstance(a.value, bool)) for a in given
                ):
                    deciding.append(f"{rel}:{node.lineno}")
    return defined, deciding


def test_the_symmetry_rule_has_one_home(tmp_path):
    """core/symmetry.py defines every symmetry of the game and decides what weights keep; the
    kernels' twins live in ext/renaming.pxd alone.  Checked against a planted second home."""
    from pathlib import Path

    import wordle_compiler

    compiler = Path(wordle_compiler.__file__).parent
    defined, deciding = symmetry_homes(compiler)
    assert defined == {"core/symmetry.py": SYMMETRY_NAMES}
    assert deciding == []
    sources = Path(__file__).resolve().parents[1] / "compiler" / "ext"  # an install holds no .pxd
    kernel = [p for p in sources.iterdir() if p.suffix in (".pyx", ".pxd", ".pxi")]
    twins = [p.name for p in kernel if re.search(r"^cdef[^\n]*\brenaming_twins\(", p.read_text(), re.MULTILINE)]
    assert twins == ["renaming.pxd"]
    planted = tmp_path / "planted.py"
    second_home = "def multiplicities(code):\n    return code\n\n"
    planted.write_text(second_home + "x = guess_orbits(w, 'n', weights is not None, [])\n")
    assert symmetry_homes(tmp_path) == ({"planted.py": {"multiplicities"}}, ["planted.py:4"])
