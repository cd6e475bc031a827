"""Ctrl-C while a command runs: recorded, raised, reported once, and bounded in time.

The handler records each SIGINT as well as raising KeyboardInterrupt: code that catches
broad exceptions (a library's callback, a thread) could swallow the exception; the
record cannot be.  SIGTERM (``kill``, a batch system's time limit) takes the same path,
reported as ``PROG: terminated`` with 143 (128 + the signal's number, as the shell says).

A person who presses Ctrl-C must see the one line ``PROG: interrupted`` and get the
prompt back.  Two things could stand in the way once the interrupt unwinds a Dask run
(a cluster cut off while it starts or stops):

- objects whose clean-up fails print ``Exception ignored in …`` when collected (an
  asyncio future of the client whose event loop is already closed).  From the first
  Ctrl-C on, such unraisable exceptions are discarded: they only repeat "interrupted".
- the unwinding itself can block on a cluster that will never answer.  A command run as
  a program (not a call from Python) arms a watchdog at the first Ctrl-C: if the process
  still lives :data:`GRACE_SECONDS` later, the watchdog says "interrupted" (unless that
  was said already) and ends the process with 130 (143 after SIGTERM).  The workers die
  with it (``PR_SET_PDEATHSIG``, see :mod:`..concurrency.worker_start`).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

from .startup import EXIT_INTERRUPTED, EXIT_TERMINATED

# The watchdog waits well past the longest a Ctrl-C'd Dask run was seen to take to exit
# cleanly (interrupts of `wordle-compile --strategy optimal --jobs 2` at random moments, two
# runs at once on two cores; docs/performance.md, "Ctrl-C during a Dask run").
GRACE_SECONDS = 10.0

# what each stopping signal is called in the one line, and the exit code it ends with
STOPS = {signal.SIGINT: ("interrupted", EXIT_INTERRUPTED), signal.SIGTERM: ("terminated", EXIT_TERMINATED)}

_seen: list[int] = []  # stopping signals seen by the handler, first first
_report_lock = threading.Lock()
_reported: list[bool] = []
_state: dict = {"report": None, "watchdog": None, "arm": False}


def interrupted() -> bool:
    """Whether Ctrl-C came while the command ran (even if its exception was swallowed)."""
    return bool(_seen)


def stop() -> tuple[str, int]:
    """The first stopping signal's word and exit code; Ctrl-C's when no handler saw one
    (a KeyboardInterrupt raised some other way)."""
    return STOPS[_seen[0] if _seen else signal.SIGINT]


def check_interrupted() -> None:
    """Raise KeyboardInterrupt if Ctrl-C came and was swallowed: called before writing."""
    if _seen:
        raise KeyboardInterrupt


def report_once() -> bool:
    """Say "interrupted" or "terminated" through the report given to :func:`recorded`,
    unless it was said already (by the watchdog or an earlier call); whether this call
    said it."""
    with _report_lock:
        if _reported:
            return False
        _reported.append(True)
    report = _state["report"]
    if report is not None:
        report()
    return True


def _expire() -> None:
    report_once()
    for stream in (sys.stdout, sys.stderr):
        with suppress(OSError, ValueError):
            stream.flush()
    os._exit(stop()[1])


def _on_stop(signum, frame):
    _seen.append(signum)
    sys.unraisablehook = _discard
    if _state["arm"] and _state["watchdog"] is None:
        watchdog = threading.Timer(GRACE_SECONDS, _expire)
        watchdog.daemon = True
        watchdog.start()
        _state["watchdog"] = watchdog
    raise KeyboardInterrupt


def _discard(unraisable) -> None:
    """``sys.unraisablehook`` after a Ctrl-C: nothing a person needs (see the module)."""


@contextmanager
def recorded(report: Callable[[], object], as_program: bool) -> Iterator[None]:
    """Ctrl-C and SIGTERM handled as the module says while the block runs; ``report``
    says "interrupted" or "terminated" (see :func:`stop`).  ``as_program``: the watchdog
    may end the process, and stays armed after the block, through the exit (never in a
    caller's own process)."""
    del _seen[:], _reported[:]
    _state.update(report=report, watchdog=None, arm=as_program)
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may set handlers (tests may run us in a thread)
        return
    # a signal started ignored (Ctrl-C in a background job) stays ignored
    previous = {signum: signal.getsignal(signum) for signum in STOPS}
    handled = [signum for signum, handler in previous.items() if handler is not signal.SIG_IGN]
    saved_hook = sys.unraisablehook
    for signum in handled:
        signal.signal(signum, _on_stop)
    try:
        yield
    finally:
        for signum in handled:
            signal.signal(signum, previous[signum])
        if not as_program:
            sys.unraisablehook = saved_hook
