"""A real Dask cluster for tests: a ``dask scheduler`` and a ``dask worker``, each its own
process group (not a test module)."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path


def start_cluster(folder: Path, nthreads: int, nworkers: int = 1):
    """A real ``dask scheduler`` and a ``dask worker`` of ``nworkers`` processes of ``nthreads``
    threads each: (address, [worker, scheduler]); its scheduler file goes in ``folder``."""
    info = folder / "scheduler.json"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL, "start_new_session": True}
    scheduler = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(info),
        ],
        **quiet,
    )
    deadline = time.monotonic() + 60
    while not info.exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    address = json.loads(info.read_text())["address"]
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_worker",
            address,
            "--nthreads",
            str(nthreads),
            "--nworkers",
            str(nworkers),
            "--no-dashboard",
        ],
        **quiet,
    )
    return address, [worker, scheduler]


def stop_cluster(processes) -> None:
    """SIGTERM to each process group, SIGKILL after 30 s."""
    for proc in processes:
        with contextlib.suppress(ProcessLookupError):  # a process the test killed already
            os.killpg(proc.pid, signal.SIGTERM)
    for proc in processes:
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
