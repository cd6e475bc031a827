"""``wordle-tree serve``'s machinery: the HTTP server (:mod:`.http`), the trees it serves and
their pages (:mod:`.site`), and the worker processes that run each analysis under a time limit
(:mod:`.workers`, :mod:`.worker`).  What an analysis is, and how a request is checked, is the
command line's business (``cli/serve*.py``): this package never imports the engine."""
