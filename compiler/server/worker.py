"""One analysis worker process: ``python -m wordle_compiler.server.worker FD PARENT_PID JOB``.

The first message on the connection on descriptor ``FD`` is the setup, handed to the job
module ``JOB``'s ``prepare(setup)`` (to find its data and warm up); then each message is a
job, answered with what the module's ``run(payload)`` returns, one at a time, until the
connection closes.

The worker ignores Ctrl-C (the server that started it stops it), dies with the server
(``PR_SET_PDEATHSIG``), and runs in a process group of its own (setsid), so a terminal's
Ctrl-C never reaches it: the server says "interrupted" once, for everyone.
"""

from __future__ import annotations

import signal
import sys
from importlib import import_module
from multiprocessing.connection import Connection


def serve_jobs(conn, job_module) -> None:
    """Answer jobs from ``conn`` with ``job_module.run`` until the other end closes."""
    while True:
        try:
            payload = conn.recv()
        except (EOFError, OSError):
            return
        try:
            answer = job_module.run(payload)
        except Exception as exc:  # noqa: BLE001 - reported to the server, which answers with it
            answer = {"worker_error": f"{type(exc).__name__}: {exc}"}
        try:
            conn.send(answer)
        except (EOFError, OSError):
            return


def main(argv: list[str] | None = None) -> int:
    """Run the worker described by ``argv`` (see the module); the exit code."""
    fd, parent_pid, job = sys.argv[1:] if argv is None else argv
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from ..concurrency.parallel import die_with_parent

    die_with_parent(int(parent_pid))
    conn = Connection(int(fd))
    job_module = import_module(job)
    try:
        setup = conn.recv()
    except (EOFError, OSError):
        return 0
    job_module.prepare(setup)
    serve_jobs(conn, job_module)
    return 0


if __name__ == "__main__":
    sys.exit(main())
