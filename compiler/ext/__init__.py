"""The compiled kernels (Cython, built when pip installs the package): the exact search
(``_search``) and the heuristic strategies' and feedback matrix's passes (``_kernels``)."""
