"""What every page renderer of one build shares: the corpus, the templates and the page links."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar, cast

import jinja2

from ..derive.corpus import Corpus, Derived, Memo, no_memo
from ..derive.taxonomy import Topic
from ..text.keys import tag_slug
from .markdown import html_link, html_text, md_link, md_text
from .paths import feed_path, hardware_path, paper_path, rel, tag_path, topic_path, url_rel
from .templates import fingerprint

T = TypeVar("T")


class RenderContext:
    """One per build: renders templates and makes links from any page to any other."""

    def __init__(
        self, corpus: Corpus, templates: jinja2.Environment, part_size: int | None = None, reuse: Memo = no_memo
    ) -> None:
        self.corpus = corpus
        self.templates = templates
        self.part_size = part_size  # rows of a listing's part; None: listing.PART_SIZE
        self.topics: dict[str, Topic] = {topic.slug: topic for topic in corpus.taxonomy.topics}
        self.tag_names = {tag.slug: tag.name for tag in corpus.taxonomy.tags}
        self._titles: dict[str, str] = {}  # paper id -> its escaped title, linked from many pages
        self._html_titles: dict[str, str] = {}
        # (kind, slug, name, page, paper ids) of each listing with a feed, as its page is rendered.
        self.feeds: list[tuple[str, str, str, str, list[str]]] = []
        self.memo: dict[str, Any] = {}  # what several renderers derive once per build (`once`)
        self.templates_fingerprint = fingerprint(templates)
        self.reuse = reuse  # the last build's output of a renderer whose inputs are equal (mkdocs serve)

    def once(self, name: str, derive: Callable[[], T]) -> T:
        """What `derive` gives, worked out at the first ask of this build (several renderers ask:
        the hardware families, the citation keys)."""
        if name not in self.memo:
            self.memo[name] = derive()
        return cast(T, self.memo[name])

    def render(self, template: str, **context: Any) -> str:
        return self.templates.get_template(template).render(**context)

    def rows_inputs(self, ids: Iterable[str]) -> tuple[object, ...]:
        """What a table of the papers `ids` may read, compared by value: the papers, the rules and
        the templates. Passed with a renderer to `reuse`."""
        return (
            [self.corpus.papers[pid] for pid in ids],
            self.corpus.taxonomy,
            self.corpus.catalog,
            self.templates_fingerprint,
        )

    def links(self, source: str, *, html: bool = False) -> PageLinks:
        """Links from the page `source`: Markdown, or HTML (`html`) for the tables the digest
        writes as HTML (digest/render/html_table.py)."""
        return PageLinks(self, source, html=html)

    def feed(self, kind: str, slug: str, name: str, page: str, ids: Iterable[str]) -> dict[str, str]:
        """Note that the listing at `page` has a feed (written with the site's files) and return
        the front matter that advertises it in the page's head."""
        self.feeds.append((kind, slug, name, page, list(ids)))
        return {"feed": feed_path(kind, slug), "feed_title": f"ML Systems Paper Digest: {name}"}

    def papers_by_year(self, ids: Iterable[str]) -> list[Derived]:
        """The papers newest first (listing.NEWEST_FIRST): by year, an unknown year last, then by date
        within a year, an undated paper after the dated ones, then by id. The order of the topic,
        hardware and tag listings, which listing.py splits by year."""
        papers = sorted((self.corpus.papers[pid] for pid in ids), key=lambda d: d.id)
        papers.sort(key=lambda d: d.published or "", reverse=True)  # stable: ids stay in order on one day
        papers.sort(key=lambda d: -(d.year or 0))
        return papers

    def tag(self, tag: str) -> tuple[str, str]:
        """(slug, name) of a paper's tag: a taxonomy tag by its slug, a curator's tag as written."""
        if tag in self.tag_names:
            return tag, self.tag_names[tag]
        return tag_slug(tag), tag

    def escaped_title(self, paper_id: str, *, html: bool = False) -> str:
        titles = self._html_titles if html else self._titles
        if paper_id not in titles:
            titles[paper_id] = (html_text if html else md_text)(self.corpus.papers[paper_id].paper.title)
        return titles[paper_id]


class PageLinks:
    """Links from the page `source` to papers, topics and hardware, text escaped: Markdown links,
    or HTML ones (`html`) with the URL the built site serves, for the digest's HTML tables."""

    def __init__(self, context: RenderContext, source: str, *, html: bool = False) -> None:
        self.context = context
        self.source = source
        self.html = html

    def text(self, value: object) -> str:
        """Record text made inert for this kind of link: Markdown or HTML."""
        return html_text(value) if self.html else md_text(value)

    def _link(self, text: str, target: str, anchor: str = "") -> str:
        fragment = f"#{anchor}" if anchor else ""
        if self.html:
            return f'<a href="{url_rel(self.source, target)}{fragment}">{text}</a>'
        return f"[{text}]({rel(self.source, target)}{fragment})"

    def paper(self, paper_id: str, label: str | None = None) -> str:
        text = self.text(label) if label else self.context.escaped_title(paper_id, html=self.html)
        return self._link(text, paper_path(paper_id))

    def topic(self, slug: str, *, short: bool = False) -> str:
        """A link to the topic's page, named by its name, or by its short name (`short`), which in
        HTML has the whole name in its title."""
        topic = self.context.topics[slug]
        if not short or topic.short_name == topic.name:
            return self._link(self.text(topic.name), topic_path(slug))
        link = self._link(self.text(topic.short_name), topic_path(slug))
        return link.replace("<a ", f'<a title="{html_text(topic.name)}" ', 1) if self.html else link

    def outside(self, name: str) -> str:
        """A system of the baseline catalogue, no paper of the digest: its name as plain text, no
        link (in HTML muted, with what it is in its title)."""
        if not self.html:
            return self.text(name)
        entry = self.context.corpus.baselines.get(name)
        what = f": {entry.what}" if entry else ""
        return f'<span class="digest-outside" title="{html_text(f"Not in the digest{what}")}">{html_text(name)}</span>'

    def hardware(self, name: str) -> str:
        catalog = self.context.corpus.catalog
        entry = catalog.get(name)
        if entry is None:  # a curator's override may name hardware the catalogue lacks
            return self.text(name)
        return self._link(self.text(name), hardware_path(catalog.slug(entry)))

    def tag(self, tag: str) -> str:
        slug, name = self.context.tag(tag)
        return self._link(self.text(name), tag_path(slug))

    def to(self, target: str, label: str, anchor: str = "") -> str:
        """A link to any generated page by its path (at the element `anchor`, if given), with a
        label escaped already."""
        return self._link(label, target, anchor)

    def external(self, label: str, url: str, name: str | None = None) -> str:
        """A link to an http(s) URL, or the URL as plain text when it is anything else; `name`:
        what a screen reader says for it (markdown.md_link)."""
        return (html_link if self.html else md_link)(label, url, name)
