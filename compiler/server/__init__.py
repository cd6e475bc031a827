"""``wordle-tree serve``'s machinery: the HTTP server (:mod:`.http`), the trees it serves and
their pages (:mod:`.site`), the multi-board pages (:mod:`.pages`), the API's requests, checked
and answered (:mod:`.query`), and the worker processes that run each analysis under a time
limit and a memory cap (:mod:`.workers`, :mod:`.worker`, :mod:`.jobs`).  An analysis is a
typed request of the API layer (``analysis/request.py``), the one the command line runs too;
this package never imports the command line."""
