"""Every form of parallel work: forked workers and threads on this machine (``parallel``), and a
Dask cluster, local or remote, behind one executor (``cluster``, its local workers started by
a forkserver that first imports ``worker_start``)."""
