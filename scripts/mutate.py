"""Hand-written mutants of the digest's rules, each run against the fast tests that cover it.

A mutant is one rule a user relies on, broken on purpose: a comparison flipped, a check
skipped, a value dropped. The tests "catch" it when at least one of them fails (or the run
times out, or crashes). A mutant that survives is a rule no test holds.

    .venv/bin/python scripts/mutate.py                 # every mutant, against a copy of this checkout
    .venv/bin/python scripts/mutate.py --list          # the mutants, and the tests each runs
    .venv/bin/python scripts/mutate.py ingest-upvotes  # some of them, by name (or a prefix)
    .venv/bin/python scripts/mutate.py --root DIR      # mutate another checkout (an older commit)

The checkout is copied to a scratch folder first (the working tree is never touched), and the
mutants are applied there one at a time, each run by `pytest -x` on only the tests named for
it, niced, one process at a time: a whole run takes some minutes of one core. A mutant whose
original text is not in the code (another version of it) is listed as "n/a" and left out of
the score; when the code moves on, update its text here.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
TIMEOUT = 120  # seconds for one mutant's tests; a hang counts as caught
FAST = ["-m", "not browser and not build"]


@dataclass(frozen=True)
class Mutant:
    name: str
    file: str  # under the checkout
    original: str  # must occur exactly once in the file
    mutated: str
    tests: tuple[str, ...]  # pytest arguments: files, node ids, -k expressions
    fast: bool = True  # run with `-m "not browser and not build"`


def m(name: str, file: str, original: str, mutated: str, *tests: str, fast: bool = True) -> Mutant:
    return Mutant(name, file, original, mutated, tests, fast)


RULES = "tests/test_rules_held.py"
ROBUST = "tests/test_robustness.py"
BAD = "tests/test_bad_input.py"

MUTANTS = [
    # -- the model and its suggestions
    m(
        "model-learns-from-uncurated",
        "digest/derive/suggest.py",
        "curated = sorted((item for item in papers if item.curated)",
        "curated = sorted((item for item in papers)",
        RULES,
        "tests/test_review.py",
    ),
    m(
        "suggest-ignores-the-fetch-floor",
        "digest/derive/suggest.py",
        "off_topic = on_topic is not None and on_topic < MIN_PROBABILITY",
        "off_topic = False",
        RULES,
    ),
    m(
        "on-topic-model-blind-to-word-shares",
        "digest/derive/density.py",
        "systems = sum(word in SYSTEMS_WORDS for word in words)",
        "systems = 0",
        "tests/test_density.py",
    ),
    m(
        "model-min-positives",
        "digest/derive/learn.py",
        "if MIN_POSITIVES <= positives[slug] <=",
        "if 1 <= positives[slug] <=",
        RULES,
        "tests/test_review.py",
    ),
    m(
        "review-order-reversed",
        "digest/derive/corpus.py",
        "return sorted(uncurated, key=lambda d: (d.suggestion.confidence, d.id))",
        "return sorted(uncurated, key=lambda d: (d.suggestion.confidence, d.id), reverse=True)",
        RULES,
        "tests/test_review.py",
    ),
    m(
        "review-order-by-id",
        "digest/derive/corpus.py",
        "return sorted(uncurated, key=lambda d: (d.suggestion.confidence, d.id))",
        "return sorted(uncurated, key=lambda d: d.id)",
        RULES,
        "tests/test_review.py",
    ),
    m(
        "fetch-filter-no-floor",
        "digest/derive/relevance.py",
        "Verdict(suggestion.relevance >= min_probability,",
        "Verdict(suggestion.relevance >= 0,",
        RULES,
        "tests/test_relevance.py",
    ),
    m(
        "fetch-filter-rules-only-keeps-nothing",
        "digest/derive/relevance.py",
        "return Verdict(bool(placed), placed, None, closest)",
        "return Verdict(False, placed, None, closest)",
        RULES,
        "tests/test_relevance.py",
    ),
    m(
        "fetch-filter-keeps-unplaced",
        "digest/derive/relevance.py",
        "return Verdict(bool(placed), placed, None, closest)",
        "return Verdict(True, placed, None, closest)",
        RULES,
        "tests/test_relevance.py",
    ),
    # -- replay, rejection and the model cache (issue 18)
    m(
        "rejected-papers-come-back",
        "digest/ingest.py",
        'if (rejected := self.rejected.get(entry.arxiv_id or "") or self.rejected.get(key)) is not None:',
        "if (rejected := None) is not None:",
        "tests/test_replay.py",
    ),
    m(
        "replay-never-resumes",
        "digest/fetch/recorded.py",
        "first = since or (held[-1] + dt.timedelta(days=1) if held else dt.date.min)",
        "first = since or dt.date.min",
        "tests/test_replay.py",
    ),
    m(
        "model-cache-ignores-edits",
        "digest/derive/learnables.py",
        'if entry is None or stamp is None or entry["stamp"] != [stamp.mtime_ns, stamp.size, stamp.inode]:',
        "if entry is None or stamp is None:",
        "tests/test_replay.py",
    ),
    # -- fetch: paging, pauses, the client's limits
    m(
        "fetch-one-page-only",
        "digest/fetch/run.py",
        "            if len(entries) < one.size:\n                break",
        "            break",
        RULES,
        "tests/test_fetch.py",
    ),
    m(
        "arxiv-one-page",
        "digest/fetch/arxiv.py",
        "return Series(page, size, -(-most // size), pause)",
        "return Series(page, size, 1, pause)",
        RULES,
        "tests/test_fetch.py",
    ),
    m("arxiv-no-pause", "digest/fetch/run.py", "if number and one.pause:", "if False:", RULES, "tests/test_fetch.py"),
    m(
        "http-no-size-cap",
        "digest/fetch/http.py",
        "if size > options.max_bytes:",
        "if size > options.max_bytes * 1000:",
        RULES,
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-retry-after-uncapped",
        "digest/fetch/http.py",
        "return min(retry_after, self.options.max_wait)",
        "return retry_after",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-no-backoff",
        "digest/fetch/http.py",
        "return 0.0 if attempt == 1 else min(self.options.backoff * 2 ** (attempt - 1), BACKOFF_MAX)",
        "return 0.0",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-429-without-retry-after-fails",
        "digest/fetch/http.py",
        "        if response.status_code in RETRY_STATUSES:",
        "        if response.status_code in (500, 502, 503, 504):",
        ROBUST,
        RULES,
        "tests/test_fetch.py",
    ),
    m(
        "http-no-budget",
        "digest/fetch/http.py",
        "if self.waited + wait > self.options.budget:",
        "if False:",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-budget-per-request",
        "digest/fetch/http.py",
        "self.waited += wait",
        "self.waited = wait",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-no-deadline",
        "digest/fetch/http.py",
        "if self.clock() - started > options.deadline:",
        "if False:",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-no-alarm",
        "digest/fetch/http.py",
        "    if not usable:\n        yield\n        return",
        "    if True:\n        yield\n        return",
        ROBUST,
    ),
    m(
        "http-any-redirect",
        "digest/fetch/http.py",
        "if (here.scheme, here.hostname, here.port) != (there.scheme, there.hostname, there.port):",
        "if False:",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-refused-as-timeout",
        "digest/fetch/http.py",
        "        if isinstance(reason, NewConnectionError) and not isinstance(reason, NameResolutionError):",
        "        if False:",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "http-retry-after-echoed",
        "digest/fetch/http.py",
        'hint = "" if wait is None else f"; the server asks to wait {wait:g} s (Retry-After): try again later"',
        "hint = f\"; the server asks to wait {response.headers.get('Retry-After')} s (Retry-After): try again later\"",
        ROBUST,
        "tests/test_fetch.py",
    ),
    m(
        "fetch-scratch-removes-live-folders",
        "digest/fetch/scratch.py",
        "            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)\n",
        "            pass\n",
        ROBUST,
    ),
    m(
        "fetch-scratch-kept",
        "digest/fetch/scratch.py",
        "            shutil.rmtree(folder, ignore_errors=True)\n            removed.append(folder)",
        "            removed.append(folder)",
        ROBUST,
    ),
    m(
        "since-last-takes-future-days",
        "digest/fetch/hf_daily.py",
        "held = [day for day in days_held(sources_dir) if day <= today]",
        "held = days_held(sources_dir)",
        ROBUST,
        "tests/test_fetch.py",
    ),
    # -- the store's one way to write
    m(
        "journal-deleted-on-failure",
        "digest/records/transaction.py",
        '    except OSError as error:\n        raise WriteError(\n            f"{data_dir}: the write stopped after',
        "    except OSError as error:\n        (stage / JOURNAL).unlink(missing_ok=True)\n"
        '        raise WriteError(\n            f"{data_dir}: the write stopped after',
        RULES,
        "tests/test_no_lost_data.py",
    ),
    m(
        "journal-obeys-dotdot",
        "digest/records/transaction.py",
        'if "/" in staged or not parts or Path(target).is_absolute() or ".." in parts:',
        'if "/" in staged or not parts or Path(target).is_absolute():',
        RULES,
        "tests/test_no_lost_data.py",
    ),
    m(
        "journal-after-moves",
        "digest/records/transaction.py",
        "            _write_journal(self.stage, self.moves, self.data_dir)\n            self.committed = True\n"
        "            _apply(self.data_dir, self.stage, [(move.staged, move.target) for move in self.moves])",
        "            _apply(self.data_dir, self.stage, [(move.staged, move.target) for move in self.moves])\n"
        "            self.committed = True",
        RULES,
        "tests/test_no_lost_data.py",
    ),
    # -- ingest
    m(
        "ingest-upvotes-lowered",
        "digest/ingest.py",
        "(paper.upvotes is None or entry.upvotes > paper.upvotes)",
        "(paper.upvotes is None or entry.upvotes != paper.upvotes)",
        RULES,
        ROBUST,
        "tests/test_ingest.py",
    ),
    m(
        "ingest-complete-abstract-rewritten",
        "digest/ingest.py",
        "        paper.abstract_truncated\n        and len(entry.abstract) > len(paper.abstract)\n",
        "        len(entry.abstract) > len(paper.abstract)\n",
        ROBUST,
        "tests/test_ingest.py",
    ),
    m(
        "ingest-links-from-another-text",
        "digest/ingest.py",
        "    if entry.abstract != paper.abstract:  # another text: its addresses are not the record's\n        return",
        "    pass",
        ROBUST,
        "tests/test_ingest.py",
    ),
    m(
        "ingest-rewrites-authors",
        "digest/ingest.py",
        "    if not paper.authors:\n        paper.authors = list(entry.authors)",
        "    if entry.authors:\n        paper.authors = list(entry.authors)",
        RULES,
        "tests/test_ingest.py",
    ),
    m(
        "ingest-rewrites-date",
        "digest/ingest.py",
        "if paper.published is None and published and",
        "if published and",
        RULES,
        "tests/test_ingest.py",
    ),
    # -- curators' overrides and accept
    m(
        "override-tags-replace",
        "digest/derive/overrides.py",
        "tags=list(dict.fromkeys([*classification.tags, *paper.tags])),",
        "tags=list(paper.tags or classification.tags),",
        RULES,
        "tests/test_curation.py",
    ),
    m(
        "override-facts-not-marked",
        "digest/derive/overrides.py",
        'curated = [Fact(kind, value, "", curated=True)',
        'curated = [Fact(kind, value, "", curated=False)',
        RULES,
        "tests/test_curation.py",
    ),
    m(
        "override-none-ignored",
        "digest/derive/overrides.py",
        "curated_kinds = {kind: overrides[kind] for kind in FACT_KEYS if kind in overrides}",
        "curated_kinds = {kind: overrides[kind] for kind in FACT_KEYS if overrides.get(kind)}",
        RULES,
        "tests/test_curation.py",
    ),
    m(
        "accept-topic-twice",
        "digest/review.py",
        "{pid: tuple(dict.fromkeys(topics)) for pid in papers}",
        "{pid: tuple(topics) for pid in papers}",
        ROBUST,
        "tests/test_review.py",
    ),
    m(
        "accept-crlf-to-lf",
        "digest/records/edit.py",
        'newline = "\\r\\n" if "\\r\\n" in text else "\\r" if "\\r" in text else "\\n"',
        'newline = "\\n"',
        ROBUST,
        "tests/test_review.py",
    ),
    m(
        "accept-drops-bom",
        "digest/records/edit.py",
        "return bom + with_topics(",
        'return b"" + with_topics(',
        ROBUST,
        "tests/test_review.py",
    ),
    m(
        "accept-drops-comments",
        "digest/records/edit.py",
        'comments = "".join(comment + newline for comment in _comments(replaced))',
        'comments = ""',
        ROBUST,
        "tests/test_review.py",
    ),
    # -- the fact-kind table
    m(
        "speedup-without-baseline",
        "digest/fact_kinds.py",
        'Kind("speedup", "Speedup", figure=True, comparative=True)',
        'Kind("speedup", "Speedup", figure=True)',
        "tests/test_figures.py",
    ),
    m(
        "code-can-be-context",
        "digest/fact_kinds.py",
        'override="links", column="Code", always_own=True)',
        'override="links", column="Code")',
        "tests/test_attribution.py",
        "tests/test_facts.py",
    ),
    # -- columns and exports
    m(
        "code-link-labels",
        "digest/render/columns.py",
        "links.external(label, url) for label, url in zip(link_labels(urls)",
        'links.external("code", url) for label, url in zip(link_labels(urls)',
        RULES,
        "tests/test_counts_said.py",
    ),
    m(
        "compares-cell-titles",
        "digest/render/columns.py",
        "links.paper(m.target, papers[m.target].system) for m in derived.compares_to",
        "links.paper(m.target) for m in derived.compares_to",
        RULES,
        "tests/test_pages.py",
    ),
    m(
        "scale-sorts-by-first-value",
        "digest/render/table_keys.py",
        "return max((m for m in map(magnitude, values) if m is not None), default=None)",
        "return next((m for m in map(magnitude, values) if m is not None), None)",
        RULES,
        "tests/test_table_keys.py",
    ),
    m(
        "sparse-columns-shown",
        "digest/render/topic.py",
        "sum(map(bool, cells)) * SPARSE_SHARE >= len(cells)",
        "sum(map(bool, cells)) >= 0",
        "tests/test_topic_columns.py",
    ),
    m(
        "model-scales-in-abstract-order",
        "digest/render/columns.py",
        'links.text(v) for v in largest_first(d.values("model_scale"))',
        'links.text(v) for v in d.values("model_scale")',
        "tests/test_topic_columns.py",
    ),
    m(
        "z-system-in-others",
        "digest/render/listing.py",
        'if "A" <= letter <= "Z" else',
        'if "A" <= letter < "Z" else',
        RULES,
        "tests/test_listing.py",
    ),
    m(
        "json-drops-suggested",
        "digest/render/columns.py",
        '    "topics",\n    "suggested",\n    "tags",',
        '    "topics",\n    "tags",',
        RULES,
        "tests/test_pages.py",
    ),
    m(
        "bibtex-splits-x-and-y",
        "digest/text/bibtex.py",
        'f"{{{name}}}" if _AND.search(name) or "," in name else name',
        "name",
        ROBUST,
        "tests/test_citations.py",
    ),
    m(
        "bibtex-any-command",
        "digest/text/bibtex.py",
        "not command.isalpha() or command in allowed",
        "True",
        ROBUST,
        "tests/test_citations.py",
    ),
    m(
        "bibtex-carets",
        "digest/text/bibtex.py",
        'while "^^" in text:',
        "while False:",
        ROBUST,
        "tests/test_citations.py",
    ),
    m(
        "bibtex-math-percent",
        "digest/text/bibtex.py",
        "_MATH_SPECIALS.get(special, special) if inside",
        "special if inside",
        ROBUST,
        "tests/test_citations.py",
    ),
    m(
        "hf-link-for-old-ids",
        "digest/text/arxiv.py",
        'if "/" not in paper_id else None',
        "if True else None",
        ROBUST,
        "tests/test_citations.py",
    ),
    # -- readers: what they refuse
    m(
        "arxiv-unicode-digits",
        "digest/text/arxiv.py",
        'ARXIV_ID = re.compile(rf"^{_ID}\\Z", re.ASCII)',
        'ARXIV_ID = re.compile(rf"^{_ID}\\Z")',
        ROBUST,
        BAD,
    ),
    m(
        "fifo-read",
        "digest/records/regular.py",
        "        if not stat.S_ISREG(mode):\n",
        "        if False:\n",
        ROBUST,
        BAD,
    ),
    m(
        "yaml-unbounded-depth",
        "digest/records/yamlfile.py",
        "if depth > MAX_DEPTH:",
        "if depth > MAX_DEPTH * 1000:",
        BAD,
    ),
    m("json-long-integers", "digest/sources/json_items.py", 'if len(text.lstrip("-")) > MAX_DIGITS:', "if False:", BAD),
    m(
        "dump-long-counts",
        "digest/sources/hf_daily_text.py",
        "if len(digits) > _MAX_COUNT_DIGITS:",
        "if False:",
        ROBUST,
    ),
    m(
        "json-recursion",
        "digest/sources/json_items.py",
        "            except RecursionError:",
        "            except ZeroDivisionError:",
        BAD,
    ),
    m("cli-nan", "digest/cli_types.py", "if not math.isfinite(value):", "if False:", BAD),
    m("cli-day-years", "digest/cli_types.py", "if found.year not in YEARS:", "if False:", BAD, "tests/test_fetch.py"),
    m(
        "future-dates",
        "digest/records/yamlfile.py",
        'if value[0] != "-" and int(value[:4]) > latest_year():',
        "if False:",
        BAD,
        "tests/test_check.py",
    ),
    m(
        "next-year-refused",
        "digest/records/yamlfile.py",
        "return dt.datetime.now(dt.UTC).year + 1",
        "return dt.datetime.now(dt.UTC).year",
        ROBUST,
        BAD,
    ),
    m(
        "source-dates-unbounded",
        "digest/sources/fields.py",
        "return day.isoformat() if day.year <= latest_year() else None",
        "return day.isoformat()",
        ROBUST,
    ),
    m(
        "bibtex-lone-dollar-is-math",
        "digest/text/bibtex.py",
        'math = sum(match[2] == "$" for match in tokens) % 2 == 0',
        "math = True",
        ROBUST,
        "tests/test_citations.py",
    ),
    m(
        "tag-slugs-collide",
        "digest/text/keys.py",
        "return f\"{url_slug(spoken) or 'tag'}_{",
        "return url_slug(folded) or f\"{url_slug(spoken) or 'tag'}_{",
        ROBUST,
    ),
    m(
        "tag-without-letter",
        "digest/records/model.py",
        "if not any(character.isalnum() for character in tag):",
        "if False:",
        BAD,
    ),
    m(
        "explain-path",
        "digest/cli_site.py",
        "derived = corpus.papers.get(args.paper_id)",
        "derived = corpus.papers.get(args.paper_id, next(iter(corpus.papers.values())))",
        BAD,
    ),
    m(
        "search-fuzzy-uncapped",
        "digest/search.py",
        "min(int(digits), MAX_EDIT_DISTANCE) if len(digits) == 1",
        "int(digits) if True",
        ROBUST,
    ),
    m(
        "sigterm-silent",
        "digest/cli.py",
        "return {number: signal.signal(number, stop) for number in (signal.SIGTERM, signal.SIGHUP)}",
        "return {}",
        ROBUST,
    ),
    m(
        "one-papers",
        "digest/text/plural.py",
        "noun if count == 1 else",
        "noun if count == 0 else",
        "tests/test_counts_said.py",
    ),
    m(
        "hardware-index-counts-the-name-only",
        "digest/render/hardware_pages.py",
        "str(len(page.ids)),",
        "str(len(context.corpus.by_hardware.get(page.name, page.ids))),",
        "tests/test_counts_said.py",
    ),
    m(
        "model-learned-for-every-paper",
        "digest/evaluate.py",
        "topic.learned += topic.slug in actual and (topic.slug in modelled or topic.slug == fallback)",
        "topic.learned += topic.slug in actual",
        "tests/test_evaluation.py",
    ),
    m(
        "rejected-paper-written-again",
        "digest/check.py",
        "errors.extend(rejected_again(data_dir, item, rejected_arxiv, rejected_titles))",
        "pass",
        "tests/test_check.py",
    ),
    m(
        "record-saved-as-yml-unread",
        "digest/check.py",
        "    errors += unread_files(data_dir, notes)\n",
        "",
        "tests/test_check.py",
    ),
]


def copy_checkout(root: Path, into: Path) -> Path:
    """The checkout's code, tests, data and config, without the venv, the site or git."""
    skip = {
        ".venv",
        ".git",
        "site",
        ".tools",
        "benchmarks",
        "node_modules",
        ".mypy_cache",
        ".ruff_cache",
        ".pytest_cache",
        "__pycache__",
    }
    target = into / "checkout"
    shutil.copytree(root, target, ignore=lambda folder, names: [n for n in names if n in skip])
    return target


def run_one(mutant: Mutant, checkout: Path) -> tuple[str, float]:
    """'caught', 'survived', 'n/a' (its text is not in this code), with the seconds it took."""
    path = checkout / mutant.file
    if not path.is_file():
        return "n/a", 0.0
    source = path.read_text(encoding="utf-8")
    if source.count(mutant.original) != 1:
        return "n/a", 0.0
    tests = [test for test in mutant.tests if (checkout / test.split("::")[0]).exists()]
    if not tests:
        return "n/a", 0.0
    path.write_text(source.replace(mutant.original, mutant.mutated), encoding="utf-8")
    started = time.monotonic()
    try:
        command = [
            "nice",
            "-n",
            "19",
            sys.executable,
            "-m",
            "pytest",
            "-x",
            "-q",
            "-p",
            "no:cacheprovider",
            *(FAST if mutant.fast else []),
            *tests,
        ]
        result = subprocess.run(
            command,
            cwd=checkout,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )
        # 5: every test named was deselected (browser or build only): no fast test holds the rule.
        outcome = "survived" if result.returncode in (0, 5) else "caught"
        if result.returncode == 4:  # a usage error: the mutant proves nothing
            outcome = "n/a"
    except subprocess.TimeoutExpired:
        outcome = "caught"  # a hang is a failure a user would see
    finally:
        path.write_text(source, encoding="utf-8")
    return outcome, time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("names", nargs="*", help="run only the mutants with these names (or name prefixes)")
    parser.add_argument("--root", type=Path, default=REPO, help="the checkout to mutate (default: this one)")
    parser.add_argument("--list", action="store_true", help="list the mutants and their tests, run nothing")
    args = parser.parse_args()
    chosen = [mutant for mutant in MUTANTS if not args.names or any(mutant.name.startswith(n) for n in args.names)]
    if args.list:
        for mutant in chosen:
            print(f"{mutant.name:40} {mutant.file:32} {' '.join(mutant.tests)}")
        return 0
    with tempfile.TemporaryDirectory(prefix="digest-mutate-") as scratch:
        checkout = copy_checkout(args.root.resolve(), Path(scratch))
        counts = {"caught": 0, "survived": 0, "n/a": 0}
        for mutant in chosen:
            outcome, seconds = run_one(mutant, checkout)
            counts[outcome] += 1
            print(f"{outcome:9} {mutant.name:40} ({seconds:.0f} s)", flush=True)
    scored = counts["caught"] + counts["survived"]
    score = f"{100 * counts['caught'] / scored:.0f}%" if scored else "n/a"
    print(
        f"\n{counts['caught']} of {scored} mutants caught ({score}); {counts['survived']} survived; "
        f"{counts['n/a']} not applicable to this code"
    )
    return 0 if not counts["survived"] else 1


if __name__ == "__main__":
    sys.exit(main())
