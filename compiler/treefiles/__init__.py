"""Tree files: flattening a built tree into the runtime's format (``artifact``), reading ``meta``
safely (``metaview``), checking every claim a file makes (``verification``), importing other
tools' trees (``importer``) and exporting them (``export``)."""
