"""The commands that read the store and what is built from it: `check`, `pages`, `explain`,
`eval` and `search`."""

from __future__ import annotations

import argparse
import sys
import textwrap
import time
from pathlib import Path
from typing import TYPE_CHECKING

from .cli_types import (
    EXIT_CODES,
    REPO_DATA,
    Commands,
    ParagraphsFormatter,
    add_data_option,
    day,
    folder,
    folds,
    output_width,
    positive,
)
from .errors import DataError, UsageError, WriteError
from .leave_out import FOLDS

if TYPE_CHECKING:
    from .temporal import TemporalEvaluation
    from .whole_days import WholeDays


def add_check(commands: Commands) -> None:
    """`digest check`: every file the build reads, and the store as a whole."""
    check = commands.add_parser(
        "check",
        help="validate every record, the taxonomy and the hardware catalogue",
        description="Validate every file the build reads: each record (schema, types, dates, links), the "
        "taxonomy (rules, columns) and the hardware catalogue, and the store as a whole: two records of one "
        "paper (the same id, arXiv id or title), a record of a paper a curator rejected, unknown topic "
        "names, overrides naming papers that do not exist, sources that are not kept, a record saved under a "
        "name the build does not read (ID.yml). "
        "Prints one 'file:line: field: message' per problem and exits 1 if there is any; its last line says "
        "what the store holds (papers in topics, awaiting review, rejected). What check accepts, the build "
        "renders. Notes on stderr name what a reader would see wrong but the build "
        "renders all the same: a conversion leftover in an abstract, a date weeks before the month of the "
        "record's arXiv id.",
        epilog=EXIT_CODES + ".",
    )
    add_data_option(check)
    check.set_defaults(run=_run_check)


def add_pages(commands: Commands) -> None:
    """`digest pages`: the digest's files written to a folder."""
    pages = commands.add_parser(
        "pages",
        help="write the digest's pages, charts and exports to a folder",
        description="Write every page the digest generates (home, topics, papers, hardware, systems, tags, "
        "method, the literate-nav SUMMARY.md), the SVG charts and the exports (papers.json, papers.csv, "
        "feed.xml) under OUT: the same files `mkdocs build` gets from the digest plugin. Files whose "
        "content is unchanged are not rewritten.",
        epilog=EXIT_CODES + ".",
    )
    add_data_option(pages)
    pages.add_argument("--out", type=Path, required=True, help="folder to write into (created if missing)")
    pages.add_argument(
        "--site-url",
        default="http://127.0.0.1:8000/",
        help="absolute URL the site is served at, for the feed and exports (default: %(default)s)",
    )
    pages.add_argument(
        "--templates",
        type=Path,
        metavar="DIR",
        help="a folder of page templates (*.md.j2) that override the digest's own of the same name",
    )
    pages.set_defaults(run=_run_pages)


def add_explain(commands: Commands) -> None:
    """`digest explain`: why a paper got its topics, tags and facts."""
    explain = commands.add_parser(
        "explain",
        help="say why a paper got its topics, tags and facts",
        description="Print the reasoning for one paper: each topic's rule score against its threshold and the "
        "phrases that matched where, the tags, the learned model's probability for each topic with the terms "
        "that weighed most, the suggested topics and whether a curator set them, and the facts with the "
        "sentences they came from (curated ones marked).",
        epilog=EXIT_CODES + ".",
    )
    explain.add_argument("paper_id", metavar="ID", help="the paper's id (its file name in data/papers without .yaml)")
    add_data_option(explain)
    explain.set_defaults(run=_run_explain)


def add_eval(commands: Commands) -> None:
    """`digest eval`: the machine measured against what curators decided."""
    evaluate = commands.add_parser(
        "eval",
        help="measure topics, the fetch filter and figures against what curators decided",
        description="Two measurements on the papers curators decided (records with curated topics, and rejected "
        "papers, which count as in no topic). Leave one dump out: each paper is first seen in the dump of its "
        "first `sources` entry; for each fold of dumps, the model is trained on the papers first seen elsewhere "
        "and predicts those first seen in it. Temporal, as a daily update meets papers: the papers first seen "
        "on a day or after are predicted period by period, each period by a model trained on every paper first "
        "seen before it. Prints per-topic precision, recall and F1 and the macro-F1 (rules alone, the learned "
        "model alone and what ships), what the fetch filter keeps and drops, then the share of numbers with a "
        "unit in the abstracts that were extracted as figures, and the ones that were not.",
        epilog=EXIT_CODES + ".",
    )
    add_data_option(evaluate)
    evaluate.add_argument(
        "--folds",
        type=folds,
        default=FOLDS,  # the Method page's, so the two agree
        metavar="N",
        help="group the dumps into at most N folds, consecutive dumps together (default: "
        "%(default)s, as the Method page; 0: one dump a fold)",
    )
    evaluate.add_argument(
        "--split",
        type=day,
        metavar="DAY",
        help="the temporal split's first predicted day (default: the day that leaves half of the dated papers "
        "before it)",
    )
    evaluate.add_argument(
        "--periods",
        type=positive(int, most=100),
        metavar="N",
        help="cut the papers from the split on into N periods of about as many papers each, each predicted by a "
        "model retrained on every paper first seen before it (default: 4; 1: one model, trained before the split)",
    )
    evaluate.add_argument(
        "--days",
        type=folder,
        metavar="DIR",
        help="also judge every paper of the recorded Daily Papers days in DIR (hf-daily-DAY.json, such as "
        "../shared/daily-papers) listed on or after the split, in the same periods, each with the filter "
        "trained on the papers decided before it: what a daily update keeps of whole days, not only of the "
        "decided papers",
    )
    evaluate.add_argument(
        "--write",
        action="store_true",
        help="with --days: store the whole days' figures in the data folder (whole-days.json), with today's date "
        "and this command, for the Method page, which a build cannot measure without the recorded days",
    )
    evaluate.add_argument("--json", action="store_true", help="print the report as JSON")
    evaluate.set_defaults(run=_run_eval)


def add_search(commands: Commands) -> None:
    """`digest search`: a built site ranked as its search box ranks it."""
    from .search import SEARCH_DIFFERENCES  # noqa: PLC0415 (lunr loads only when searching)

    search = commands.add_parser(
        "search",
        help="search the built site as its search box ranks pages",
        formatter_class=ParagraphsFormatter,
        description="Print the pages of a built site that best match QUERY, with their URLs.\n\n" + SEARCH_DIFFERENCES,
        epilog=EXIT_CODES + "; 1 also when no page matches.",
    )
    search.add_argument("query", nargs="+", metavar="QUERY", help="the words to search for, as typed in the box")
    search.add_argument(
        "--site",
        type=Path,
        default=REPO_DATA.parent / "site",
        help="the built site folder (default: %(default)s; run 'make build' first)",
    )
    search.add_argument(
        "--limit", type=positive(int, most=10_000), default=10, help="how many pages to print (default: %(default)s)"
    )
    search.set_defaults(run=_run_search)


def _run_check(args: argparse.Namespace) -> int:
    from .check import check_and_count  # noqa: PLC0415
    from .records.store import record_paths  # noqa: PLC0415
    from .records.transaction import unfinished_writes  # noqa: PLC0415
    from .render.columns import TABLE_COLUMNS  # noqa: PLC0415
    from .text.plural import counted  # noqa: PLC0415

    notes: list[DataError] = []
    errors, holdings = check_and_count(args.data, notes, columns=TABLE_COLUMNS)
    for error in errors:
        print(error)
    for leftover in notes:
        print(f"note: {leftover}", file=sys.stderr)
    for note in unfinished_writes(args.data):
        print(f"note: {note}", file=sys.stderr)
    count = len(record_paths(args.data))
    found = f"{counted(len(errors), 'problem')} in {counted(len({error.path for error in errors}), 'file')}"
    print(f"{count} records checked: " + (found if errors else "all clean") + f"; {holdings}", file=sys.stderr)
    return 1 if errors else 0


def _run_pages(args: argparse.Namespace) -> int:
    from .build import build_files  # noqa: PLC0415
    from .render.site import write_site  # noqa: PLC0415
    from .render.templates import environment  # noqa: PLC0415

    if args.templates is not None and not args.templates.is_dir():
        raise UsageError(f"{args.templates}: --templates must name a folder of *.md.j2 templates")
    started = time.perf_counter()
    corpus, files = build_files(args.data, args.site_url, templates=environment(args.templates))
    try:
        written, unchanged = write_site(files, args.out)
    except OSError as error:  # a full disk, a read-only folder: the store is untouched, the pages incomplete
        raise WriteError(
            f"{args.out}: cannot write the pages ({error.strerror}); what is there is incomplete: "
            "free the space or pick another --out, and run it again"
        ) from None
    print(
        f"{len(corpus.papers)} papers -> {len(files)} files in {args.out} ({written} written, {unchanged} unchanged) "
        f"in {time.perf_counter() - started:.2f} s"
    )
    return 0


def _run_explain(args: argparse.Namespace) -> int:
    from .derive.classify import explain  # noqa: PLC0415
    from .derive.corpus import derive_paper  # noqa: PLC0415
    from .derive.hardware_catalog import load_hardware  # noqa: PLC0415
    from .derive.suggest import explain_suggestion, suggest, train_on_curated  # noqa: PLC0415
    from .derive.taxonomy import load_taxonomy, unknown_topics  # noqa: PLC0415
    from .derive.training import store_vectorizer, training_set  # noqa: PLC0415
    from .records.lookup import no_such_paper  # noqa: PLC0415
    from .records.store import HARDWARE_FILE, TAXONOMY_FILE, load_paper, record_path  # noqa: PLC0415
    from .text.latex import clean_text  # noqa: PLC0415
    from .text.sentences import split_sentences  # noqa: PLC0415

    if "/" in args.paper_id or not record_path(args.data, args.paper_id).is_file():
        raise UsageError(no_such_paper(args.data, args.paper_id))
    # The paper alone is derived, and the model trained as a build trains it, on what the model
    # sees of the other papers (kept between commands: derive/learnables.py), not on every paper
    # derived and linked: a build's worth of work (6 s) for one paper's reasons.
    taxonomy = load_taxonomy(args.data / TAXONOMY_FILE)
    loaded = load_paper(record_path(args.data, args.paper_id))
    if problems := unknown_topics(loaded.paper.topics, taxonomy):
        raise loaded.error("topics", problems[0])
    derived = derive_paper(loaded.paper, taxonomy, load_hardware(args.data / HARDWARE_FILE))
    training, records = training_set(args.data, taxonomy)
    model = train_on_curated(training, taxonomy, store_vectorizer(training, records))
    (suggestion,) = suggest(model, [derived.learnable], taxonomy.fallback.slug)
    paper = derived.paper
    width = output_width()

    def say(text: str, hang: int = 4) -> None:
        """Print each line of `text` wrapped to the width, its next lines `hang` columns further in
        than its own indent."""
        for line in text.split("\n"):
            indent = " " * (len(line) - len(line.lstrip(" ")))
            print(
                textwrap.fill(
                    line.strip(),
                    width,
                    initial_indent=indent,
                    subsequent_indent=indent + " " * hang,
                    break_on_hyphens=False,
                )
                or indent
            )

    # Text from the record as the paper's page shows it: its LaTeX and conversion damage repaired.
    say(f"{paper.id}: {clean_text(paper.title)}\n")
    say("rules:")
    say(explain(paper.title, paper.abstract, taxonomy, derived.curated_topics or ()))
    n_curated = sum(bool(item.paper.topics) for item in records)
    say(f"\nmodel (trained on {n_curated} curated papers):")
    say(explain_suggestion(suggestion, derived.classification, derived.is_curated("topics"), paper.id))
    say("\nfacts:" if derived.facts else "\nfacts: none extracted")
    for fact in derived.facts:
        origin = (
            "curated"
            if fact.curated
            else "listed with the paper on Hugging Face"
            if fact.listed
            else f"from: {clean_text(fact.sentence)}"
        )
        say(f"  {fact.kind}: {fact.shown}{'' if fact.own else ' [context]'}  ({origin})")
    roles = "curated" if derived.is_curated("sentence_roles") else "read from cues and position"
    say(f"\nsentence roles ({roles}):")
    for role, sentence in zip(derived.roles, split_sentences(paper.abstract), strict=False):
        say(f"  {role:<10} {clean_text(sentence)}", hang=11)
    if derived.headline:
        headline = derived.headline
        say(f"\nheadline: {headline.text}  ({'curated' if headline.curated else f'metric {headline.metric}'})")
    for key in sorted(
        derived.curated_keys - {"topics", "tags", "sentence_roles", "headline"} - {fact.kind for fact in derived.facts}
    ):
        say(f"  {key}: {paper.overrides.get(key)!r}  (curated)")
    return 0


def _run_eval(args: argparse.Namespace) -> int:
    import json  # noqa: PLC0415

    from .build import load_evaluation, load_whole_days  # noqa: PLC0415
    from .evaluate import evaluation_text  # noqa: PLC0415
    from .temporal import temporal_text  # noqa: PLC0415
    from .whole_days import whole_days_text  # noqa: PLC0415

    if args.write and not args.days:
        raise UsageError("--write stores the whole days' figures: give the recorded days too, --days DIR")
    started = time.perf_counter()
    split = args.split.isoformat() if args.split else None
    report = load_evaluation(args.data, args.folds or None, split, args.periods)
    if split and report.temporal is not None:
        _refuse_an_empty_split(split, report.temporal)
    days = (
        load_whole_days(args.data, args.days, report.temporal.split if report.temporal else split, args.periods)
        if args.days
        else None
    )
    if args.json:
        print(json.dumps(report.to_json() | ({"whole_days": days.to_json()} if days else {}), indent=2))
    else:
        print(evaluation_text(report))
        if report.temporal is not None:
            print(f"\n{temporal_text(report.temporal)}")
        if days is not None:
            print(f"\n{whole_days_text(days, args.days)}")
        print(f"in {time.perf_counter() - started:.2f} s", file=sys.stderr)
    if args.write and days is not None:
        _store_whole_days(args, days, report.n_curated + report.n_rejected)
    return 0


def _store_whole_days(args: argparse.Namespace, days: WholeDays, decided: int) -> None:
    """Write the whole days' figures where the Method page reads them, naming the command that measured them."""
    import datetime  # noqa: PLC0415

    from .whole_days_stored import whole_days_json, write_whole_days  # noqa: PLC0415

    options = [f"--days {args.days}"]
    options += [f"--split {args.split.isoformat()}"] if args.split else []
    options += [f"--periods {args.periods}"] if args.periods else []
    summary = whole_days_json(
        days, measured_on=datetime.date.today().isoformat(), command=f"digest eval {' '.join(options)}", decided=decided
    )
    path = write_whole_days(args.data, summary)
    print(f"stored the whole days' figures in {path}", file=sys.stderr)


def _refuse_an_empty_split(split: str, temporal: TemporalEvaluation) -> None:
    """A --split that leaves nothing to predict, or nothing to train on, gives no figure worth printing."""
    if not temporal.predicted:
        raise UsageError(
            f"--split {split}: no decided paper was first seen on or after it (the last was first seen on "
            f"{temporal.last}): give an earlier day"
        )
    if not temporal.trained_on:
        raise UsageError(f"--split {split}: no decided paper was first seen before it: give a later day")


def _run_search(args: argparse.Namespace) -> int:
    from .search import load_index, search  # noqa: PLC0415

    query = " ".join(args.query)
    if not query.strip():
        raise UsageError("give the words to search for: digest search 'speculative decoding'")
    hits = search(load_index(args.site), query, limit=int(args.limit))
    if not hits:
        print(f"no page matches {query!r}")
        return 1
    for rank, hit in enumerate(hits, start=1):
        print(f"{rank:>3}. {hit.page_title}  [{hit.words} words, {hit.score:.1f}]\n     /{hit.location}")
    sys.stdout.flush()  # inside main's try: a closed pipe is reported here, not at exit
    return 0
