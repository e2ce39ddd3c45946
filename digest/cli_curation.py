"""The curator's commands of `digest`: review, accept, reject (the loop is in digest/review.py)."""

from __future__ import annotations

import argparse
import getpass
import os
import textwrap
from collections.abc import Iterator

from .cli_types import EXIT_CODES, REPO_DATA, Commands, ParagraphsFormatter, add_data_option, day, output_width
from .derive.confidence import DEFINITION

EPILOG = EXIT_CODES + "."
REVIEW_LIMIT = 20  # papers `digest review` lists at a time
# What the confidence is, in the words every place that shows one uses (digest/derive/confidence.py).
CONFIDENCE = f"{DEFINITION} Each paper names its least sure topic, with its probability and threshold."
LEGEND = (
    f"Least confident first. {CONFIDENCE} In brackets, the model's probability that the paper is in "
    "that topic; near: a topic left out at over half its threshold; no topic fits (other): none reached its "
    "threshold, and the confidence is how sure the machine is of that."
)


def add_commands(commands: Commands) -> None:
    review = commands.add_parser(
        "review",
        help="list uncurated papers, least confident first, with the topics suggested for them",
        formatter_class=ParagraphsFormatter,
        description="List the papers whose topics no curator has set, least confident first, each with the "
        "topics the machine suggests (the learned model's where it could learn a topic from the curated and "
        "rejected papers, the rules' where it could not) and the model's probability for each.\n\n"
        f"{CONFIDENCE}\n\n"
        "Narrow the list with --topic, --band and --day, and page through it with --limit and --offset. "
        "Then accept a suggestion with 'digest accept ID', correct it with 'digest accept ID --topics a,b', "
        "or take the paper out of the digest with 'digest reject ID'. The list fits the terminal, or 80 "
        "columns when it is not one.",
        epilog=EPILOG,
    )
    add_data_option(review)
    review.add_argument("--topic", metavar="SLUG", help="only papers suggested in this topic")
    review.add_argument(
        "--band",
        type=_band,
        metavar="LOW-HIGH",
        help="only papers whose confidence is in this band, e.g. 0.3-0.6",
    )
    review.add_argument("--day", type=day, metavar="DAY", help="only papers seen in the listing of this day")
    review.add_argument(
        "--limit", type=_count, default=REVIEW_LIMIT, help="how many papers to list (default: %(default)s; 0: all)"
    )
    review.add_argument("--offset", type=_count, default=0, help="skip this many first (default: %(default)s)")
    review.set_defaults(run=_run_review)

    accept = commands.add_parser(
        "accept",
        help="write curated topics into records (the suggested ones, or --topics)",
        description="Set the curated `topics:` of each paper ID: the topics given with --topics, or else the "
        "topics the machine suggests for that paper (see 'digest review'). Only the `topics:` line of each "
        "record changes, and not even that when the record has those topics already; every other field, "
        "comment and line stays as it was. The suggestion never replaces topics a curator set: those change "
        "only when --topics names them. A rejected paper named with --topics comes back from data/rejected/ "
        "with those topics. All records are written together or, on any problem, none is. A curated paper "
        "teaches the model at the next build.",
        epilog=EPILOG,
    )
    accept.add_argument(
        "paper_ids",
        nargs="+",
        metavar="ID",
        help="paper ids (file names in data/papers, or in data/rejected with --topics, without .yaml)",
    )
    accept.add_argument(
        "--topics",
        type=_topic_list,
        metavar="a,b",
        help="comma-separated topic slugs to set instead of the suggestion, e.g. kernels,serving",
    )
    add_data_option(accept)
    accept.set_defaults(run=_run_accept)

    reject = commands.add_parser(
        "reject",
        help="take papers out of the digest as off-topic, for good",
        description="Move each paper ID from papers/ to rejected/: it leaves the site, but its record stays, "
        "with who rejected it, when and why. No fetch, replay or ingest brings it back, and the topic model "
        "learns from it as a paper in no topic. A paper another record names in overrides.compares_to is "
        "refused until that reference is removed (or that record rejected too). All records move together or, "
        "on any problem, none does. "
        "To undo, name its topics: 'digest accept ID --topics a,b' brings it back.",
        epilog=EPILOG,
    )
    reject.add_argument(
        "paper_ids", nargs="+", metavar="ID", help="paper ids (file names in data/papers without .yaml)"
    )
    reject.add_argument(
        "--reason", default="", help="why, in a few words (e.g. 'RL for reasoning, no systems contribution')"
    )
    reject.add_argument(
        "--by",
        default=os.environ.get("DIGEST_CURATOR") or getpass.getuser(),
        help="who rejects them (default: $DIGEST_CURATOR, else your login name)",
    )
    add_data_option(reject)
    reject.set_defaults(run=_run_reject)


def _run_review(args: argparse.Namespace) -> int:
    from .review import ReviewFilter, describe, review_queue  # noqa: PLC0415

    only = ReviewFilter(args.topic, args.band, args.day.isoformat() if args.day else None)
    waiting, curated = review_queue(args.data, only)
    end = None if args.limit == 0 else args.offset + args.limit
    shown = waiting[args.offset : end]
    width = output_width()
    if shown:
        print(textwrap.fill(LEGEND, width), end="\n\n")
    for item in shown:
        print(describe(item.paper, item.suggestion, width), end="\n\n")
    # On stdout after the list, so that `digest review | less` ends with it.
    for line in _what_next(args, len(waiting), curated, len(shown)):
        print(textwrap.fill(line, width, break_on_hyphens=False))
    return 0


def _what_next(args: argparse.Namespace, waiting: int, curated: int, shown: int) -> Iterator[str]:
    """What was listed, and the commands that come next: the next page, accept and reject."""
    asked = " of those asked for" if args.topic or args.band or args.day else ""
    data = f" --data {args.data}" if args.data != REPO_DATA else ""
    if not waiting:
        yield f"No paper{asked} needs review; {curated} are curated."
        return
    first = args.offset + 1
    listed = f"listed #{first} to #{args.offset + shown}" if shown else f"--offset {args.offset} is past the last"
    papers = "1 paper needs" if waiting == 1 else f"{waiting} papers need"
    yield f"{papers} review{asked} ({curated} curated); {listed}."
    after = waiting - args.offset - shown
    if after > 0:
        yield f"Next {min(after, args.limit or after)}: {_review_command(args, data)} --offset {args.offset + shown}"
    if shown:
        yield (
            f"For each paper, 'digest explain ID{data}' shows its abstract and why the machine suggests what it "
            f"does; 'digest accept ID{data}' takes its suggested topics, 'digest accept ID --topics a,b{data}' "
            f"sets others, 'digest reject ID --reason \"...\"{data}' takes it out of the digest (each takes "
            "several ids). A paper that no topic fits is placed in none: reject it, or name its topics."
        )


def _review_command(args: argparse.Namespace, data: str) -> str:
    """`digest review` with the options given, to list the next papers of the same queue."""
    options = [
        f" --topic {args.topic}" if args.topic else "",
        f" --band {args.band[0]:g}-{args.band[1]:g}" if args.band else "",
        f" --day {args.day}" if args.day else "",
        f" --limit {args.limit}" if args.limit != REVIEW_LIMIT else "",
    ]
    return f"digest review{''.join(options)}{data}"


def _run_accept(args: argparse.Namespace) -> int:
    from .review import accept  # noqa: PLC0415

    for done in accept(args.data, args.paper_ids, args.topics):
        if done.unchanged:
            print(f"{done.paper_id}: topics already {', '.join(done.topics)}; nothing changed")
            continue
        was = (
            f" (back from rejected: {done.rejection.rejected_by} rejected it on {done.rejection.rejected_on})"
            if done.rejection
            else f" (was {', '.join(done.before)})"
            if done.before
            else ""
        )
        print(f"{done.paper_id}: topics {', '.join(done.topics)}{was}")
    return 0


def _run_reject(args: argparse.Namespace) -> int:
    from .review import reject  # noqa: PLC0415

    for done in reject(args.data, args.paper_ids, by=args.by, reason=args.reason):
        topics = ",".join(done.paper.topics)
        print(
            f"{done.paper.id}: rejected by {done.rejected_by} on {done.rejected_on}"
            + (f" ({done.reason})" if done.reason else "")
            # A curator's topics are undone too: say so, and how to restore them.
            + (
                f"; it was curated in {topics}: 'digest accept {done.paper.id} --topics {topics}' undoes this"
                if topics
                else ""
            )
        )
    return 0


def _topic_list(value: str) -> list[str]:
    topics = [slug.strip() for slug in value.split(",") if slug.strip()]
    if not topics:
        raise argparse.ArgumentTypeError("give at least one topic slug, e.g. --topics kernels,serving")
    return topics


def _band(value: str) -> tuple[float, float]:
    low, dash, high = value.partition("-")
    try:
        band = (float(low), float(high)) if dash else (float("nan"), float("nan"))
    except ValueError:
        band = (float("nan"), float("nan"))
    if not 0 <= band[0] <= band[1] <= 1:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{value!r} is not a band of confidence like 0.3-0.6, from 0 to 1")
    return band


def _count(value: str) -> int:
    if not value.isascii() or not value.isdigit():
        raise argparse.ArgumentTypeError(f"{value!r} is not a whole number of zero or more")
    return int(value)
