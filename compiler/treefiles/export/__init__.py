"""Exporters, one small class per format: text, the reference solver's format, CSV and JSON
(``formats``), Graphviz pictures (``graphviz``) and the HTML explorer (``html``), all reading
a tree file through ``view``."""
