# The README's commands. Each target sets up .venv itself, so a fresh clone needs only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1:8000

.PHONY: serve build test check bench clean

$(INSTALLED): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $(INSTALLED)

serve: $(INSTALLED)  ## build the site from data/ and serve it, rebuilding on every edit
	$(BIN)/mkdocs serve --dev-addr $(HOST)

build: $(INSTALLED)  ## build the static site into site/
	$(BIN)/mkdocs build --strict

test: $(INSTALLED)  ## the whole test suite: unit, golden pages, real builds, browser
	$(BIN)/python -m pytest

check: $(INSTALLED)  ## validate the records
	$(BIN)/digest check

bench: $(INSTALLED)  ## the scale benchmark (N = 100, 1,000, 5,000)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf site test-output benchmarks/work
