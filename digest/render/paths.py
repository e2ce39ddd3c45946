"""Where each generated page lives under docs/, and the relative links between pages."""

from __future__ import annotations


def paper_path(paper_id: str) -> str:
    return f"papers/{paper_id}.md"


def topic_path(slug: str) -> str:
    return f"topics/{slug}.md"


def hardware_path(slug: str) -> str:
    return f"hardware/{slug}.md"


def tag_path(slug: str) -> str:
    # tags.md is the tags' index, served as tags/index.html: a tag named "index" must not take its place.
    return f"tags/{slug if slug != 'index' else 'index-tag'}.md"


def rel(source: str, target: str) -> str:
    """The relative link from page `source` to page `target` (MkDocs checks both exist).

    Both are clean paths under docs/; this is posixpath.relpath without its abspath calls, which
    cost a tenth of the digest step at 10,000 papers (each paper page links about 35 others)."""
    source_dirs, target_parts = source.split("/")[:-1], target.split("/")
    common = 0
    while common < min(len(source_dirs), len(target_parts) - 1) and source_dirs[common] == target_parts[common]:
        common += 1
    return "/".join([".."] * (len(source_dirs) - common) + target_parts[common:])


def page_url(path: str) -> str:
    """Where MkDocs serves the page `path` (directory URLs): topics/x.md -> topics/x/, index.md -> ""."""
    stem = path.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("/index") + "/" if stem.endswith("/index") else stem + "/"


def url_rel(source: str, target: str) -> str:
    """The relative URL from page `source` to page `target`, as the built site serves them: what
    an HTML link needs, since MkDocs rewrites only Markdown links (checked by the build tests)."""
    return rel(page_url(source) + "x", page_url(target)) or "./"


def feed_path(kind: str, slug: str) -> str:
    """Where the feed of a topic, tag or hardware lives in the site: feed-topic-offloading.xml.

    At the site's root, next to feed.xml: Material's instant navigation fetches `sitemap.xml`
    next to every `<link rel="alternate">` of a page (it takes them for language versions), and
    only the root has one."""
    return f"feed-{kind}-{slug}.xml"


REVIEW_PAGE = "review.md"
NEW_PAGE = "new.md"
GLOSSARY_PAGE = "glossary.md"
