"""Prebuilt, verified tree files shipped with the package (listed in manifest.json)."""
