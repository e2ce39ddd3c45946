"""One fetch from start to end: download every page, read each, judge the papers, ingest.

Nothing is written before every page has been downloaded and read: the pages go to a scratch
folder (fetch/scratch.py), and a page that fails (no answer, a refusal, the wrong content type,
JSON or XML cut off or broken) stops the fetch with the reason and an untouched store. Then the
ingest writes the new records and the answers they cite in one transaction (digest/ingest.py).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..derive.relevance import Verdict, judge
from ..derive.taxonomy import load_taxonomy
from ..errors import FetchError
from ..ingest import IngestReport, Progress, ingest
from ..records.store import TAXONOMY_FILE, load_all
from ..sources import open_source
from ..sources.model import DumpError, EmptySourceError, Entry
from ..text.keys import paper_key
from .http import Client
from .plan import Page, Series
from .scratch import scratch_folder

_DUMP_ADVICE = re.compile(r"[;:] save the dump as UTF-8$")  # advice for a file a user saved, not an answer


@dataclass
class FetchReport:
    pages: int = 0  # answers downloaded
    listed: int = 0  # papers they list
    left_out: list[str] = field(default_factory=list)  # "title (arXiv id): why", for new papers not on topic
    ingest: IngestReport | None = None  # None when no answer listed a paper


def fetch(series: Sequence[Series], data_dir: Path, *, client: Client, dry_run: bool = False,
          progress: Progress | None = None, sleep: Callable[[float], None] = time.sleep) -> FetchReport:
    """Fetch the pages of `series` and ingest the papers on topic into `data_dir`."""
    say = progress or (lambda message, milestone: None)
    report = FetchReport()
    with scratch_folder(data_dir) as folder:
        answers: list[tuple[Page, Path, list[Entry]]] = []
        for one in series:
            for number in range(one.pages):
                if number and one.pause:
                    sleep(one.pause)
                page = one.page(number)
                target = Path(folder) / page.name
                size = client.download(page.url, page.params, target, page.accept)
                entries = _entries(page, target)
                report.pages += 1
                report.listed += len(entries)
                say(f"{page.label}: {len(entries)} paper(s) listed ({size:,} bytes)", True)
                if entries:
                    answers.append((page, target, entries))
                if len(entries) < one.size:
                    break
        if not answers:
            return report
        verdicts = _verdicts(data_dir, [entry for _, _, entries in answers for entry in entries], say)

        def keep(entry: Entry) -> bool:
            verdict = verdicts[_key(entry)]
            if not verdict.kept:
                report.left_out.append(f"{entry.title} ({entry.arxiv_id or 'no arXiv id'}): {verdict.reason}")
            return verdict.kept

        report.ingest = ingest([path for _, path, _ in answers], data_dir, dry_run=dry_run, progress=say,
                               format_name=answers[0][0].format, keep=keep)
    report.left_out = list(dict.fromkeys(report.left_out))  # a paper listed twice is left out once
    return report


def _entries(page: Page, path: Path) -> list[Entry]:
    """Every entry of an answer, read as its format: a broken answer stops the fetch."""
    try:
        _, _, entries = open_source(path, None, page.format)
        return list(entries)
    except EmptySourceError:
        return []
    except DumpError as error:
        where = f" (line {error.line})" if error.line else ""
        message = _DUMP_ADVICE.sub(": an API answers in UTF-8, so this is not its answer", error.message)
        raise FetchError(f"{page.url} ({page.label}): the answer{where} is unusable: {message}; "
                         "nothing was written") from None


def _verdicts(data_dir: Path, entries: list[Entry], say: Progress) -> dict[str, Verdict]:
    """Each listed paper's verdict, from a model of the store's curated records (the rules where
    it has too few)."""
    unique = {_key(entry): entry for entry in entries}
    curated = [item.paper for item in load_all(data_dir)[0] if item.paper.topics]
    say(f"judging {len(unique)} paper(s) against the {len(curated)} curated record(s) of {data_dir}", True)
    taxonomy = load_taxonomy(data_dir / TAXONOMY_FILE)
    found = judge([(entry.title, entry.abstract) for entry in unique.values()], curated, taxonomy)
    return dict(zip(unique, found, strict=True))


def _key(entry: Entry) -> str:
    return entry.arxiv_id or paper_key(entry.title, entry.abstract)
