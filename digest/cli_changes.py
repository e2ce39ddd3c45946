"""`digest changes`: the store's records as a branch changed them, as Markdown (digest/changes.py)."""

from __future__ import annotations

import argparse
from collections.abc import Collection
from pathlib import Path

from .cli_types import EXIT_CODES, Commands, ParagraphsFormatter, add_data_option
from .git_records import DEFAULT_BASE


def add_changes(commands: Commands) -> None:
    changes = commands.add_parser(
        "changes",
        help="the papers a branch added, rejected or changed, as Markdown for its pull request",
        formatter_class=ParagraphsFormatter,
        description="Compare the records under papers/ and rejected/ at a git revision with the working tree "
        "(committed or not) and print, as Markdown: the papers added, with their curated topics or, for a "
        "paper awaiting review, the topics the machine suggests; the papers rejected, brought back from "
        "rejected or removed; and for each changed record every changed field, old → new (each curated "
        "override apart). CI writes it into a pull request's summary and preview comment.\n\n"
        f"The revision is --since REV, or else the merge base of HEAD and {DEFAULT_BASE}: where the branch "
        "left the main line.",
        epilog=EXIT_CODES + ".",
    )
    changes.add_argument(
        "--since",
        metavar="REV",
        help=f"the revision to compare with: a branch, tag or commit (default: the merge base with {DEFAULT_BASE})",
    )
    changes.add_argument(
        "--site-url",
        metavar="URL",
        help="link each paper with a page to it on this site (a pull request's preview), e.g. "
        "https://owner.github.io/repo/pr-preview/pr-7/",
    )
    add_data_option(changes)
    changes.set_defaults(run=_run_changes)


def _run_changes(args: argparse.Namespace) -> int:
    from .changes import changes_markdown, store_changes  # noqa: PLC0415

    changes = store_changes(args.data, args.since)
    waiting = [record.id for record in changes.added if not record.topics]
    print(changes_markdown(changes, args.site_url, _suggestions(args.data, waiting) if waiting else {}), end="")
    return 0


def _suggestions(data_dir: Path, paper_ids: Collection[str]) -> dict[str, str]:
    """What the machine suggests for each paper awaiting review, as `digest review` says it."""
    from .derive.confidence import places_in_a_topic  # noqa: PLC0415
    from .review import review_queue  # noqa: PLC0415

    said = {}
    for item in review_queue(data_dir)[0]:
        if item.paper.id in paper_ids:
            suggestion = item.suggestion
            topics = ", ".join(suggestion.topics) if places_in_a_topic(suggestion) else "no topic fits"
            sure = f" (confidence {suggestion.confidence:.2f})" if suggestion.learned else " (the rules')"
            said[item.paper.id] = topics + sure
    return said
