"""The command lines' garbage-collector policy: no passes over the libraries' objects.

Importing numpy, click and the other libraries leaves many thousands of long-lived
objects that the cyclic collector scans again and again and never frees.  So the
command lines

- pause the collector while their modules import, then move every object that
  exists to the permanent generation (:func:`gc.freeze`) and resume;
- freeze again just before the interpreter exits (registered by
  ``common.run_click``, which every command line goes through), whose final
  collections would otherwise scan every object once more to free memory the OS
  takes back anyway.

A command line run as a program ends with :func:`exit_process`: the atexit handlers,
the streams flushed, then ``os._exit``.  The interpreter's own teardown (every module
dict cleared and every object freed one by one, after the final freeze) is a visible
share of a short build, for memory the OS takes back at once.

They also keep numpy's OpenBLAS to one thread (:func:`single_threaded_blas`).
Nothing here calls BLAS, yet on import OpenBLAS starts a thread per extra core,
which spins for a while: CPU time the command does not need, the same wall time.  Free
on an idle machine, but on a busy one it takes a share of a core from this or another
process.

Reference counting still frees every acyclic object at once; only cycles among
frozen objects wait for the exit.  Frozen objects are also never touched by a
collection in a forked worker, so their pages stay shared (the reason the Python
documentation gives for ``gc.freeze`` before ``fork``).
"""

from __future__ import annotations

import atexit
import gc
import os
import sys
from contextlib import contextmanager


@contextmanager
def collector_paused():
    """Pause the cyclic collector for the block (the heavy imports), then freeze
    what exists and resume."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        if was_enabled:
            gc.enable()


def no_collection_at_exit() -> None:
    """Freeze every object just before the interpreter's final collections
    (atexit runs after non-daemon threads have ended).  Idempotent."""
    atexit.unregister(gc.freeze)
    atexit.register(gc.freeze)


# the exit codes of an interrupted (Ctrl-C) and a terminated (SIGTERM) command (common's
# table), here because common imports this module
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143


def exit_process(code: int):
    """End this process with ``code`` without the interpreter's teardown: run the atexit
    handlers, flush stdout and stderr, then ``os._exit``.  Only for a command line's
    ``main`` run as the program; when a thread that is not a daemon is still alive (it
    would be waited for at a normal exit), exits normally instead, unless the run was
    interrupted (130) or terminated (143): its work is abandoned and its outputs already removed, and a
    process pool's manager thread, stuck reading a result that a killed worker left half
    written, once kept an interrupted build alive forever."""
    import threading

    me = threading.current_thread()
    waited_for = [t for t in threading.enumerate() if t.is_alive() and not t.daemon and t is not me]
    stopped = code in (EXIT_INTERRUPTED, EXIT_TERMINATED)
    if waited_for and not stopped:
        sys.exit(code)
    if stopped:
        _run_exit_handlers_quietly()
    else:
        atexit._run_exitfuncs()  # what a normal exit runs first (CPython's own hook)
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:  # None: the descriptor was closed when the process started
                stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can reach it
            pass
    os._exit(code)


def _run_exit_handlers_quietly() -> None:
    """The atexit handlers of an interrupted run, their complaints discarded: "interrupted"
    is already said, and a library's handler that finds its work cut short (Dask closing a
    cluster that Ctrl-C stopped half-started) would add a traceback to it."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):
        atexit._run_exitfuncs()
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 2)
    os.close(null)
    try:
        atexit._run_exitfuncs()
        sys.stderr.flush()
    finally:
        os.dup2(saved, 2)
        os.close(saved)


_loading_handlers: dict = {}  # prog -> (the handler while its module loads, {signal: the handler it replaced})


def exit_on_interrupt_while_loading(prog: str) -> None:
    """The first line of a command line's module: until :func:`loaded`, Ctrl-C ends the
    process at once with 130 and ``PROG: interrupted``, and SIGTERM with 143 and ``PROG:
    terminated``, as they do once the command runs.

    A KeyboardInterrupt raised among the imports (numpy's, click's) escaped any
    ``try`` that did not enclose every import and every module-level statement, and
    printed a traceback (seen when the Ctrl-C came during ``wordle-tree export``'s start-up);
    SIGTERM's default action ended the process without a word.  Nothing has been written
    and no worker started yet, so exiting on the spot is the clean exit.  A signal is left
    alone when it is ignored (a background job's Ctrl-C) or already someone else's, and
    both are off the main thread."""
    import signal
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    untouched = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    stops = {signal.SIGINT: ("interrupted", EXIT_INTERRUPTED), signal.SIGTERM: ("terminated", EXIT_TERMINATED)}

    def exit_now(signum, frame):
        word, code = stops[signum]
        os.write(2, f"{prog}: {word}\n".encode())
        os._exit(code)

    installed = {}
    for signum, default in untouched.items():
        if signal.getsignal(signum) is default:
            signal.signal(signum, exit_now)
            installed[signum] = default
    _loading_handlers[prog] = (exit_now, installed)


def loaded(prog: str) -> None:
    """The last line of a command line's module: Python's own Ctrl-C and SIGTERM handling
    again (the command installs its own while it runs; a program that imported the module
    keeps its)."""
    import signal

    handler, installed = _loading_handlers.pop(prog, (None, {}))
    for signum, default in installed.items():
        if signal.getsignal(signum) is handler:
            signal.signal(signum, default)


def single_threaded_blas() -> None:
    """Ask OpenBLAS (imported with numpy) for no threads of its own, unless the user set
    ``OPENBLAS_NUM_THREADS``; must run before numpy is imported.  Worker processes
    started afterwards inherit it."""
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
