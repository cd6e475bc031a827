"""One frozen build configuration (also the build's identity in ``meta``) and the
loaded context every stage shares."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field

from .wordlists import WordLists, letters_array, load_word_lists

# numpy and the numba kernels are imported where they are used: the command lines import
# this module for MODES and BuildConfig, and ``wordle-tree info`` should not pay for numba.
MODES = ("normal", "hard", "possible")


@dataclass(frozen=True)
class BuildConfig:
    strategy: str = "entropy"
    mode: str = "normal"
    answers: str = "original"
    guesses: str | None = None
    start: str | None = None
    opening: tuple[str, ...] = ()
    max_depth: int = 6
    seed: int = 0
    width: int = 50
    candidates: int | None = None  # optimal without start: None proves over every first word

    def as_meta(self) -> dict:
        """The settings as ``meta["config"]`` stores them: ``opening`` as a list, None ones left out."""
        meta = asdict(self)
        meta["opening"] = list(self.opening)
        return {k: v for k, v in meta.items() if v is not None}


@dataclass
class Context:
    """Word lists, their letters, and the feedback matrix (guesses x answers)."""

    words: WordLists
    matrix: object  # numpy uint8[n_guesses, n_answers]
    guess_letters: object = field(repr=False)  # uint8[n_guesses, 5]
    answer_in_guesses: object = field(repr=False)  # int32[n_answers]
    guess_index: dict = field(repr=False)
    use_cache: bool = field(default=True, repr=False)  # how the matrices are loaded: see from_words
    refresh_cache: bool = field(default=False, repr=False)
    _by_answer: object = field(default=None, repr=False, compare=False)

    @classmethod
    def load(cls, answers: str = "original", guesses: str | None = None, use_cache: bool = True,
             refresh_cache: bool = False):
        """Lists by name or path, and their matrix (``refresh_cache``: recompute and rewrite it)."""
        words = load_word_lists(answers, guesses)
        return cls.from_words(words, use_cache, refresh_cache)

    @classmethod
    def from_words(cls, words: WordLists, use_cache: bool = True, refresh_cache: bool = False):
        """A context for lists already loaded: their letters, indices and feedback matrix (from the
        cache unless ``use_cache`` is false; ``refresh_cache`` recomputes and rewrites it)."""
        from .feedback_matrix import feedback_matrix

        matrix = feedback_matrix(words, use_cache=use_cache, refresh=refresh_cache)
        return cls(
            words=words,
            matrix=matrix,
            guess_letters=letters_array(words.guesses),
            answer_in_guesses=words.answer_index_in_guesses(),
            guess_index={w: i for i, w in enumerate(words.guesses)},
            use_cache=use_cache,
            refresh_cache=refresh_cache,
        )

    def matrix_by_answer(self):
        """The matrix laid out answers × guesses (``uint8[n_answers, n_guesses]``, what the
        exact search reads), from the cache like :attr:`matrix`; loaded on first use."""
        if self._by_answer is None:
            from .feedback_matrix import answer_major_matrix

            self._by_answer = answer_major_matrix(self.words, self.matrix, self.use_cache, self.refresh_cache)
        return self._by_answer

    @property
    def all_answers(self):
        """Every answer index, ``0 .. n_answers - 1``, as ``int32``."""
        import numpy as np

        return np.arange(len(self.words.answers), dtype=np.int32)

    @property
    def all_guesses(self):
        """Every guess index, ``0 .. n_guesses - 1``, as ``int32``."""
        import numpy as np

        return np.arange(len(self.words.guesses), dtype=np.int32)
