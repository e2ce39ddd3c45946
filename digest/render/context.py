"""What every page renderer of one build shares: the corpus, the templates and the page links."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import jinja2

from ..derive.corpus import Corpus, Derived
from ..derive.taxonomy import Topic
from ..text.keys import tag_slug
from .markdown import md_text
from .paths import hardware_path, paper_path, rel, tag_path, topic_path


class RenderContext:
    """One per build: renders templates and makes links from any page to any other."""

    def __init__(self, corpus: Corpus, templates: jinja2.Environment) -> None:
        self.corpus = corpus
        self.templates = templates
        self.topics: dict[str, Topic] = {topic.slug: topic for topic in corpus.taxonomy.topics}
        self.tag_names = {tag.slug: tag.name for tag in corpus.taxonomy.tags}
        self._titles: dict[str, str] = {}  # paper id -> its escaped title, linked from many pages

    def render(self, template: str, **context: Any) -> str:
        return self.templates.get_template(template).render(**context)

    def links(self, source: str) -> PageLinks:
        return PageLinks(self, source)

    def papers_by_year(self, ids: Iterable[str]) -> list[Derived]:
        """The papers, newest year first and an unknown year last, in id order within a year:
        the order of every listing, which listing.py splits by year."""
        return sorted((self.corpus.papers[pid] for pid in ids), key=lambda d: (-(d.year or 0), d.id))

    def tag(self, tag: str) -> tuple[str, str]:
        """(slug, name) of a paper's tag: a taxonomy tag by its slug, a curator's tag as written."""
        if tag in self.tag_names:
            return tag, self.tag_names[tag]
        return tag_slug(tag), tag

    def escaped_title(self, paper_id: str) -> str:
        if paper_id not in self._titles:
            self._titles[paper_id] = md_text(self.corpus.papers[paper_id].paper.title)
        return self._titles[paper_id]


class PageLinks:
    """Markdown links from the page `source` to papers, topics and hardware, text escaped."""

    def __init__(self, context: RenderContext, source: str) -> None:
        self.context = context
        self.source = source

    def paper(self, paper_id: str, label: str | None = None) -> str:
        text = md_text(label) if label else self.context.escaped_title(paper_id)
        return f"[{text}]({rel(self.source, paper_path(paper_id))})"

    def topic(self, slug: str) -> str:
        return f"[{md_text(self.context.topics[slug].name)}]({rel(self.source, topic_path(slug))})"

    def hardware(self, name: str) -> str:
        catalog = self.context.corpus.catalog
        entry = catalog.get(name)
        if entry is None:  # a curator's override may name hardware the catalogue lacks
            return md_text(name)
        return f"[{md_text(name)}]({rel(self.source, hardware_path(catalog.slug(entry)))})"

    def tag(self, tag: str) -> str:
        slug, name = self.context.tag(tag)
        return f"[{md_text(name)}]({rel(self.source, tag_path(slug))})"

    def to(self, target: str, label: str) -> str:
        """A link to any generated page by its path, with a label that is Markdown already."""
        return f"[{label}]({rel(self.source, target)})"
