"""The ranking's time estimate (ranking.eta): which words are sampled, and how close the
estimate is when a replayed run's costs fall off a cliff, decay smoothly or stay flat."""

import pytest

from wordle_compiler.ranking.eta import (MIN_WORDS, PER_STRATUM, STRATA, RemainingWork, format_duration,
                                      sample_words)


def test_every_slice_is_sampled_once_per_round():
    order = [f"w{i:05d}" for i in range(3001)]
    sample = sample_words(order)
    assert len(sample) == len(set(sample)) == STRATA * PER_STRATUM
    position = {word: i for i, word in enumerate(order)}
    for round_ in range(PER_STRATUM):
        slices = [position[w] * STRATA // len(order) for w in sample[round_ * STRATA:(round_ + 1) * STRATA]]
        assert slices == list(range(STRATA))
    assert sample == sample_words(list(order))


def test_short_lists_are_not_sampled():
    assert sample_words([f"w{i}" for i in range(MIN_WORDS - 1)]) == []


def replay(costs, head=10, sample_penalty=1.0):
    """A serial run over words priced ``costs`` (in heuristic order): ``head`` words, the
    sample (each costing ``sample_penalty`` times its price), then the rest; yields (true
    seconds left, estimate or None) after each word."""
    order = [f"w{i:05d}" for i in range(len(costs))]
    price = dict(zip(order, costs))
    sample = [w for w in sample_words(order) if w not in order[:head]]
    for word in sample:
        price[word] *= sample_penalty
    taken = set(order[:head]) | set(sample)
    sequence = order[:head] + sample + [w for w in order if w not in taken]
    work, clock, total = RemainingWork(order, sample), 0.0, sum(price.values())
    for word in sequence:
        clock += price[word]
        work.done(word, price[word])
        yield total - clock, work.estimate(clock)


def cliff(n=6000):  # the 3158 list's shape: 2.5 s a word, then 0.02 s once probes refute
    return [2.5 + (i % 7) * 0.2 if i < n // 6 else 0.02 + (i % 5) * 0.004 for i in range(n)]


def decay(n=6000):  # the original list's shape: a few slow words, a long cheap tail
    return [0.01 + 1.0 / (1 + i / 20) for i in range(n)]


@pytest.mark.parametrize("costs", [cliff(), decay(), [0.05] * 3000], ids=["cliff", "decay", "flat"])
def test_the_estimate_is_within_a_factor_two_once_every_slice_is_priced(costs):
    steps = list(replay(costs))
    first = next(i for i, (_, estimate) in enumerate(steps) if estimate is not None)
    assert first <= 10 + STRATA, "one round of the sample should be enough"
    for left, estimate in steps[first:-len(costs) // 20]:  # the very end is seconds either way
        assert 0.5 <= estimate[1] / left <= 2.0
        assert 0.0 <= estimate[0] <= 1.0
    assert steps[-1][1][1] == 0.0 and steps[-1][1][0] == 1.0


def test_dearer_samples_are_discounted_once_a_slice_is_finished():
    costs = decay()
    steps = list(replay(costs, sample_penalty=1.6))
    second_slice_done = 10 + len(sample_words(costs)) + 2 * len(costs) // STRATA
    for left, estimate in steps[second_slice_done:-len(costs) // 20]:
        assert 0.8 <= estimate[1] / left <= 1.25


def test_without_a_sample_the_slices_ahead_are_priced_like_the_last_one_reached():
    order = [f"w{i}" for i in range(100)]
    work = RemainingWork(order)
    assert work.estimate(1.0) is None
    for word in order[:10]:
        work.done(word, 0.5)
    fraction, left = work.estimate(5.0)
    assert fraction == pytest.approx(0.1) and left == pytest.approx(45.0)


def test_a_rate_from_the_words_done_would_be_far_off_on_the_cliff():
    costs = cliff()
    clock = sum(costs[:100])  # after the first 100 words in order
    naive = clock / 100 * (len(costs) - 100)
    assert naive / (sum(costs) - clock) > 4  # what a plain progress bar would say


def test_durations_read_naturally():
    assert [format_duration(s) for s in (0.2, 40, 95, 3000, 5400, 12600)] == \
        ["1 s", "40 s", "2 min", "50 min", "1.5 h", "3.5 h"]
