"""mkdocs-gen-files script: the digest's pages, charts and exports (see digest/gen_files.py)."""

from digest.gen_files import generate

generate()
