"""The compiler's Python API: every public function, its signature, and calling it again."""

import subprocess
import sys

import pytest

import wordle_compiler
from wordle_runtime.format import read_tree_file


def test_importing_the_package_is_light():
    code = (
        "import sys, wordle_compiler; heavy = [m for m in ('numpy', 'click') if m in sys.modules];"
        "print(heavy); assert callable(wordle_compiler.compile_tree) and callable(wordle_compiler.verify)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "[]", result.stdout + result.stderr


def test_public_names_have_docstrings():
    for name in wordle_compiler.__all__:
        if name != "__version__":
            assert getattr(wordle_compiler, name).__doc__, name


def test_compile_save_verify(tmp_path):
    result = wordle_compiler.compile_tree("minimax", start="salet")
    assert result.stats["total_guesses"] == 8158
    assert result.ok
    assert result.start == "salet"
    assert not result.proved_optimal
    assert result.optimality == "heuristic"
    out = tmp_path / "t.wtree"
    size = wordle_compiler.save(result, out)
    assert size == out.stat().st_size
    for tree in (out, str(out), out.read_bytes(), read_tree_file(out), result):
        verdict = wordle_compiler.verify(tree)
        assert verdict.ok
        assert verdict.problems == []
        assert verdict.report.total_guesses == 8158
    assert not wordle_compiler.verify(out, max_depth=4).ok
    assert wordle_compiler.verify("plate-optimal-possible").mode == "possible"  # a shipped tree by name


def test_verify_stays_callable_after_the_engine_imports_its_module():
    import wordle_compiler.pipeline.compile

    assert wordle_compiler.verify("salet-optimal-normal").ok


def test_a_deeper_heuristic_tree_is_returned_not_ok():
    result = wordle_compiler.compile_tree("first", max_depth=5)
    assert not result.ok
    assert result.exceeding_max_depth
    assert result.stats["max_depth"] > 5


@pytest.mark.parametrize(
    "kwargs,message",
    [
        ({"strategy": "nope"}, "unknown strategy"),
        ({"start": ""}, "not empty"),
        ({"opening": "salet,salet"}, "twice"),
        ({"mode": "easy"}, "mode"),
        ({"max_depth": 0}, "max_depth"),
        ({"start": "zzzzz"}, "not in the guess list"),
        ({"answers": "bogus"}, "no word list"),
    ],
)
def test_bad_settings_raise_value_error(kwargs, message):
    with pytest.raises(ValueError, match=message):
        wordle_compiler.compile_tree(**kwargs)


def test_infeasible_optimal_raises_infeasible_error():
    with pytest.raises(wordle_compiler.InfeasibleError):
        wordle_compiler.compile_tree("optimal", start="salet", max_depth=2)


def test_save_refuses_what_is_not_a_regular_file(tmp_path):
    result = wordle_compiler.compile_tree("first", start="salet", max_depth=20)
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "elsewhere")
    for target in ("/dev/full", link, tmp_path):
        with pytest.raises(ValueError, match=r"refusing|directory"):
            wordle_compiler.save(result, target)
    with pytest.raises(TypeError):
        wordle_compiler.save("not a tree", tmp_path / "x.wtree")


@pytest.mark.long
def test_the_api_functions_stay_callable_after_their_modules_load():
    """No submodule shadows a public function: each works twice, whatever was imported between."""
    code = (
        "import wordle_compiler as w; "
        "import wordle_compiler.analysis.position, wordle_compiler.treefiles.verification; "
        "a = [w.analyse('salet bbbbb', top=1).best_total for _ in range(2)]; "
        "v = [w.verify('salet-optimal-normal').ok for _ in range(2)]; "
        "r = [len(w.review('salet bbbbb round ggggg')) for _ in range(2)]; print(a == a[:1] * 2, v, r)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-1000:]
    assert result.stdout.split() == ["True", "[True,", "True]", "[2,", "2]"]


def test_public_functions_have_full_signatures():
    """help() shows every parameter with its type and the return type: nothing hides in **kwargs."""
    import inspect

    for name in ("compile_tree", "save", "verify", "analyse", "review", "rank_first_words"):
        signature = inspect.signature(getattr(wordle_compiler, name))
        assert signature.return_annotation is not inspect.Signature.empty, name
        for param in signature.parameters.values():
            assert param.kind not in (param.VAR_KEYWORD, param.VAR_POSITIONAL), (name, param)
            assert param.annotation is not inspect.Parameter.empty, (name, param.name)


@pytest.mark.long
def test_compile_and_rank_twice_give_the_same_answers():
    first = [wordle_compiler.compile_tree("minimax", start="salet").stats["total_guesses"] for _ in range(2)]
    ranked = [wordle_compiler.rank_first_words(first_words=["salet", "crane"], top=1) for _ in range(2)]
    assert first == [8158, 8158]
    assert ranked[0] == ranked[1]
    assert ranked[0][0] == wordle_compiler.RankedWord("salet", 7920, None, "exact")
