"""A Dask worker plugin (imported only with Dask): workers of our LocalCluster die with
the process that started them, so a killed ``wordle-rank`` leaves nothing running (a
worker busy inside a kernel call would not notice that its nanny was gone), and leave
Ctrl-C to it: a terminal sends Ctrl-C to the whole process group, and each worker would
print its KeyboardInterrupt traceback while that process shuts the cluster down anyway."""

from __future__ import annotations

import os
import signal
import threading

from distributed.diagnostics.plugin import WorkerPlugin

from .parallel import die_with_parent


class DieWithParent(WorkerPlugin):
    """Sets ``PR_SET_PDEATHSIG`` in each worker process as it starts."""

    name = "wordle-die-with-parent"

    def setup(self, worker):
        """Run by Dask in each worker process as it starts: have Linux SIGKILL it when its
        parent dies, and ignore Ctrl-C (where this runs on the worker's main thread)."""
        die_with_parent(os.getppid())
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)
