"""Prebuilt, verified tree files shipped with the package (see MANIFEST.md)."""
