"""A Dask worker plugin (imported only with Dask): workers of our LocalCluster die with
the process that started them, so a killed ``wordle-rank`` leaves nothing running (a
worker busy inside a kernel call would not notice that its nanny was gone)."""

from __future__ import annotations

import os

from distributed.diagnostics.plugin import WorkerPlugin

from .parallel import die_with_parent


class DieWithParent(WorkerPlugin):
    """Sets ``PR_SET_PDEATHSIG`` in each worker process as it starts."""

    name = "wordle-die-with-parent"

    def setup(self, worker):
        """Run by Dask in each worker process as it starts: have Linux SIGKILL it when its parent dies."""
        die_with_parent(os.getppid())
