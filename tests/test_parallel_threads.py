"""map_threads: results in task order whatever the timing, errors reach the caller."""

import threading
import time

import pytest

from wordle_compiler.concurrency.parallel import map_threads


@pytest.mark.parametrize("jobs", [1, 2, 5])
def test_results_follow_task_order_not_finishing_order(jobs):
    tasks = list(range(12))
    seen_lanes = set()

    def slow_first(task, lane):
        seen_lanes.add(lane)
        time.sleep(0.02 * (12 - task) / 12)
        return task * task

    done = []
    assert map_threads(slow_first, tasks, jobs, weights=[t % 4 for t in tasks], progress=done.append) == [
        t * t for t in tasks
    ]
    assert sorted(done) == sorted(t % 4 for t in tasks)  # progress: every task's weight, once
    assert seen_lanes <= set(range(jobs))
    assert seen_lanes


def test_progress_runs_on_the_calling_thread():
    caller = threading.get_ident()
    threads = []
    map_threads(lambda t, lane: t, [1, 2, 3], 2, progress=lambda w: threads.append(threading.get_ident()))
    assert threads == [caller] * 3


def test_a_task_error_reaches_the_caller():
    def fail_on_three(task, lane):
        if task == 3:
            raise ValueError("task three")
        return task

    with pytest.raises(ValueError, match="task three"):
        map_threads(fail_on_three, list(range(6)), 2)
