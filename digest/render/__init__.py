"""Rendering: a derived corpus in, Markdown pages, charts and exports out ({path: text}).

Pure: no MkDocs import, no clock; the same corpus gives byte-identical files.
"""
