"""Imported first by the forkserver that starts this package's Dask workers: from here on
that process, and every worker it forks, ignores Ctrl-C and dies with its parent.

A terminal sends Ctrl-C to its whole foreground process group, workers included; the
process that started the cluster shuts it down and says "interrupted" in one line, so a
worker has nothing to do with Ctrl-C but print a traceback.  Ignoring it from birth
leaves no window in which a worker could: the forkserver is started with SIGINT blocked
(see :func:`.cluster.start_forkserver`), so a Ctrl-C that arrives before this module runs
stays pending until it is ignored here, and the forkserver hands the ignored disposition
to every worker it forks.  Linux kills the forkserver when the command dies, and each
worker when the forkserver dies (``PR_SET_PDEATHSIG``, set in the worker as it is
forked), so a killed command leaves no process behind, even one still starting.

Unless the command was asked to be verbose (:data:`QUIET_ENV`), the forkserver's
standard error, and so every worker's, goes to ``/dev/null``.

Nothing happens on import anywhere else: :data:`FORKSERVER_ENV` (the command's process
id) is set only in the forkserver's environment.
"""

from __future__ import annotations

import os
import signal

FORKSERVER_ENV = "WORDLE_TREE_WORKER_FORKSERVER"
QUIET_ENV = "WORDLE_TREE_WORKER_QUIET"


def _start_forkserver(command_pid: int) -> None:
    from .parallel import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    die_with_parent(command_pid)
    forkserver_pid = os.getpid()
    os.register_at_fork(after_in_child=lambda: die_with_parent(forkserver_pid))
    if os.environ.get(QUIET_ENV) == "1":
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, 2)
        os.close(null)


if os.environ.get(FORKSERVER_ENV, "").isdigit():
    _start_forkserver(int(os.environ[FORKSERVER_ENV]))
