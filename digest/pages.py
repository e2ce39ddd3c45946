"""The corpus as Markdown pages: home, topics, papers, hardware, systems A–Z, tags, method.

Pure rendering: a Corpus in, {path: Markdown} out, no MkDocs import. Every value that comes
from a record passes through `md_text`/`md_link` (digest.escape). Output depends only on the
corpus, never on the clock, so unchanged inputs give byte-identical pages.
"""

from __future__ import annotations

from collections import defaultdict

import yaml

from .corpus import Corpus, Derived
from .escape import html_text, md_link, md_text

OTHER = "other"
COLUMN_LABELS = {
    "system": "System", "memory_tiers": "Memory tiers", "workload": "Workload", "model_scale": "Model scale",
    "hardware": "Hardware", "gpu_count": "GPUs", "precision": "Precision", "headline": "Headline result",
    "code": "Code", "year": "Year", "parallelism": "Parallelism", "baselines": "Compares against",
    "title": "Paper",
}
DEFAULT_COLUMNS = ["system", "year", "hardware", "headline", "code"]
FACT_LABELS = {
    "system": "System", "hardware": "Hardware", "gpu_count": "GPU count", "model_scale": "Model scale",
    "precision": "Precision", "speedup": "Speedup", "reduction": "Reduction", "throughput": "Throughput",
    "code": "Code", "memory_tiers": "Memory tiers", "workload": "Workload", "headline": "Headline",
}
NEWEST_ON_HOME = 10
SAME_HARDWARE_SHOWN = 8


def paper_path(paper_id: str) -> str:
    return f"papers/{paper_id}.md"


def topic_path(slug: str) -> str:
    return f"topics/{slug}.md"


def hardware_path(slug: str) -> str:
    return f"hardware/{slug}.md"


def rel(source: str, target: str) -> str:
    """The relative link from page `source` to page `target` (MkDocs checks both exist).

    Both are clean paths under docs/; this is posixpath.relpath without its abspath calls, which
    cost a tenth of the digest step at 10,000 papers (each paper page links about 35 others)."""
    source_dirs, target_parts = source.split("/")[:-1], target.split("/")
    common = 0
    while common < min(len(source_dirs), len(target_parts) - 1) and source_dirs[common] == target_parts[common]:
        common += 1
    return "/".join([".."] * (len(source_dirs) - common) + target_parts[common:])


def front_matter(**fields) -> str:
    fields = {key: value for key, value in fields.items() if value not in (None, [], {})}
    if not fields:
        return ""
    dumped = yaml.dump(fields, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=1000)
    return "---\n" + dumped + "---\n\n"


_Dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)  # libyaml when PyYAML has it: same text, faster


def table(headers: list[str], rows: list[list[str]], *, interactive: bool = False) -> str:
    """A Markdown table; `interactive` wraps it for the sort/filter script (docs/js/tables.js)."""
    lines = ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
    lines += ["| " + " | ".join(cell or "–" for cell in row) + " |" for row in rows]
    body = "\n".join(lines) + "\n"
    if not interactive:
        return body
    return ('<div class="digest-table" markdown>\n'
            '<input type="search" class="digest-filter" placeholder="Filter rows…" aria-label="Filter rows">\n\n'
            f"{body}\n</div>\n")


class SiteWriter:
    """Renders every page of one corpus. One instance per build."""

    def __init__(self, corpus: Corpus):
        self.corpus = corpus
        self.topics = {topic.slug: topic for topic in corpus.taxonomy.topics}
        self.tag_names = {tag.slug: tag.name for tag in corpus.taxonomy.tags}
        self._titles: dict[str, str] = {}  # paper id -> its escaped title, linked from many pages

    # ------------------------------------------------------------------ shared pieces
    def paper_link(self, source: str, paper_id: str, label: str | None = None) -> str:
        if not label:
            if paper_id not in self._titles:
                self._titles[paper_id] = md_text(self.corpus.papers[paper_id].paper.title)
            text = self._titles[paper_id]
        else:
            text = md_text(label)
        return f"[{text}]({rel(source, paper_path(paper_id))})"

    def topic_link(self, source: str, slug: str) -> str:
        return f"[{md_text(self.topics[slug].name)}]({rel(source, topic_path(slug))})"

    def hardware_link(self, source: str, name: str) -> str:
        entry = self.corpus.catalog.get(name)
        if entry is None:  # a curator's override may name hardware the catalogue lacks
            return md_text(name)
        return f"[{md_text(name)}]({rel(source, hardware_path(self.corpus.catalog.slug(entry)))})"

    def cell(self, source: str, derived: Derived, column: str) -> str:
        """One comparison-table cell; curated values carry a mark."""
        if column == "title":
            return self.paper_link(source, derived.id)
        if column == "system":
            return self.paper_link(source, derived.id, derived.system or _short_title(derived.paper.title))
        if column == "year":
            return str(derived.paper.year or "")
        if column == "hardware":
            return ", ".join(self.hardware_link(source, name) for name in derived.hardware)
        if column == "code":
            urls = derived.values("code")
            return " ".join(md_link("code" if i == 0 else f"code {i + 1}", url) for i, url in enumerate(urls))
        if column == "headline":
            return md_text(derived.headline() or "")
        if column == "baselines":
            return ", ".join(self.paper_link(source, m.target, self.corpus.papers[m.target].system)
                             for m in derived.compares_to)
        return ", ".join(md_text(v) for v in derived.values(column))

    # ------------------------------------------------------------------ pages
    def pages(self) -> dict[str, str]:
        pages = {"index.md": self.home(), "systems.md": self.systems(), "tags.md": self.tags_page(),
                 "method.md": self.method(), "hardware/index.md": self.hardware_index(),
                 "SUMMARY.md": self.summary()}
        for slug in self.topics:
            pages[topic_path(slug)] = self.topic(slug)
        for paper_id in self.corpus.papers:
            pages[paper_path(paper_id)] = self.paper(paper_id)
        for name in self.corpus.by_hardware:
            entry = self.corpus.catalog.get(name)
            if entry is not None:
                pages[hardware_path(self.corpus.catalog.slug(entry))] = self.hardware(name)
        return pages

    def summary(self) -> str:
        """The literate-nav sidebar: sections and topics, never every paper (see the README)."""
        lines = ["- [Home](index.md)", "- Topics"]
        lines += [f"    - [{md_text(topic.name)}]({topic_path(slug)})" for slug, topic in self.topics.items()]
        lines += ["- [Hardware](hardware/index.md)", "- [Systems A–Z](systems.md)", "- [Tags](tags.md)",
                  "- [Method](method.md)", "- [Contributing](contributing.md)"]
        return "\n".join(lines) + "\n"

    def home(self) -> str:
        source = "index.md"
        corpus = self.corpus
        rows = [[self.topic_link(source, slug), md_text(topic.description.split(". ")[0].rstrip(".")),
                 str(len(corpus.by_topic.get(slug, [])))] for slug, topic in self.topics.items()]
        newest = [[self.paper_link(source, d.id), md_text(d.paper.published or ""),
                   ", ".join(self.topic_link(source, t) for t in d.topics)] for d in corpus.newest(NEWEST_ON_HOME)]
        return (
            "# ML Systems Paper Digest\n\n"  # no front-matter title: Material would print the site name twice
            "Papers on the systems side of machine learning: moving model state between GPU, CPU memory "
            "and SSD, parallel training, GPU kernels, inference serving, and the hardware underneath. "
            "Each paper is classified into topics, its hardware, scale and headline numbers are pulled "
            "from its abstract with the sentence they came from, and papers are linked to the systems "
            "they compare against. The [method](method.md) page says how, and where it goes wrong.\n\n"
            f"**{len(corpus.papers)} papers**, **{len(corpus.by_hardware)} kinds of hardware**, "
            f"**{sum(1 for d in corpus.papers.values() if d.system)} named systems**, "
            f"**{sum(len(d.compares_to) for d in corpus.papers.values())} comparison links**. "
            "Download everything as [papers.json](papers.json), [papers.csv](papers.csv) or follow the "
            "[feed](feed.xml).\n\n"
            "## Topics\n\n" + table(["Topic", "Covers", "Papers"], rows)
            + "\n![Papers per topic and year](charts/topics-by-year.svg)\n\n"
            "![Papers per hardware and topic](charts/hardware-by-topic.svg)\n\n"
            "## Newest papers\n\n" + table(["Paper", "Published", "Topics"], newest)
        )

    def topic(self, slug: str) -> str:
        source = topic_path(slug)
        topic = self.topics[slug]
        ids = self.corpus.by_topic.get(slug, [])
        columns = list(topic.columns) or DEFAULT_COLUMNS
        rows = [[self.cell(source, self.corpus.papers[pid], column) for column in columns] for pid in ids]
        parts = [front_matter(title=topic.name, search={"boost": 2}), f"# {md_text(topic.name)}\n\n",
                 md_text(topic.description, latex=False), "\n\n"]
        if not ids:
            parts.append("No paper in the digest falls under this topic yet.\n")
            return "".join(parts)
        parts += [f"{len(ids)} papers. Click a column heading to sort, type in the box to filter.\n\n",
                  table([COLUMN_LABELS[c] for c in columns], rows, interactive=True), "\n## Papers\n\n"]
        for pid in ids:
            derived = self.corpus.papers[pid]
            reason = self._topic_reason(derived, slug)
            # A paragraph, not a heading: a heading per paper would make this page's sections
            # outrank the papers' own pages in search.
            parts.append(f"**{self.paper_link(source, pid)}**  \n"
                         f"{md_text(derived.paper.year or 'year unknown')} · {reason}  \n"
                         f"{md_text(_first_sentences(derived.paper.abstract))}\n\n")
        return "".join(parts)

    def _topic_reason(self, derived: Derived, slug: str) -> str:
        if derived.topics_curated:
            return "topic set by a curator"
        if slug == OTHER:
            return "matched no topic's rules"
        match = next((m for m in derived.classification.topics if m.slug == slug), None)
        phrases = list(dict.fromkeys(hit.phrase for hit in match.matches))[:4] if match else []
        return "matched " + ", ".join(f"“{md_text(p)}”" for p in phrases) if phrases else "classified"

    def paper(self, paper_id: str) -> str:
        source = paper_path(paper_id)
        derived = self.corpus.papers[paper_id]
        paper = derived.paper
        tag_names = [self.tag_names.get(tag, tag) for tag in derived.tags]
        meta = [f"**Published** {md_text(paper.overrides.get('published', paper.published) or 'unknown')}"]
        if paper.authors_count is not None:
            meta.append(f"**Authors** {paper.authors_count}")
        if paper.organization:
            meta.append(f"**Organisation** {md_text(paper.organization)}")
        if paper.upvotes is not None:
            meta.append(f"**Upvotes** {paper.upvotes}")
        if derived.system:
            meta.append(f"**System** {md_text(derived.system)}")
        for kind, (values, curated) in derived.terms.items():
            if values:
                meta.append(f"**{COLUMN_LABELS[kind]}** {md_text(', '.join(values))}" + (" (curated)" if curated else ""))
        topics = ", ".join(self.topic_link(source, t) for t in derived.topics)
        meta.append(f"**Topics** {topics}" + (" (curated)" if derived.topics_curated else ""))
        # Templates print the title unescaped, and `striptags` undoes the H1's escaping, so
        # the front matter carries an HTML-escaped title: shown as text everywhere.
        parts = [front_matter(title=html_text(paper.title), tags=tag_names or None),
                 f"# {md_text(paper.title)}\n\n", " · ".join(meta), "\n\n"]
        if paper.notes:
            parts.append(f'!!! note "Curator\'s note"\n    {md_text(paper.notes)}\n\n')
        parts.append(f"## Abstract\n\n{md_text(paper.abstract)}\n\n")
        parts.append(self._facts_section(source, derived))
        parts.append(self._classification_section(derived))
        parts.append(self._links_section(source, derived))
        parts.append("## Sources\n\nEvery listing this paper was seen in, with what that listing said.\n\n")
        parts.append(table(["Dump", "Line", "Listed", "Upvotes", "Authors"], [
            [md_text(s.file), str(s.line), md_text(s.date or ""), "" if s.upvotes is None else str(s.upvotes),
             md_text(s.organization or ("" if s.authors_count is None else s.authors_count))]
            for s in paper.sources]))
        return "".join(parts)

    def _facts_section(self, source: str, derived: Derived) -> str:
        rows = []
        for fact in derived.facts:
            value = md_link(fact.value, fact.value) if fact.kind == "code" else (
                self.hardware_link(source, fact.value) if fact.kind == "hardware" else md_text(fact.value))
            origin = "curated" if fact.curated else "extracted"
            rows.append([FACT_LABELS.get(fact.kind, md_text(fact.kind)), value, origin,
                         md_text(fact.sentence) if fact.sentence else ""])
        if not rows:
            return "## Facts\n\nNothing was extracted from this abstract.\n\n"
        return ("## Facts\n\nExtracted from the abstract, each with the sentence it came from; "
                "curated values were set by a curator in the record's `overrides`.\n\n"
                + table(["Fact", "Value", "Origin", "Sentence"], rows) + "\n")

    def _classification_section(self, derived: Derived) -> str:
        lines = ["## Topics and tags\n"]
        if derived.topics_curated:
            lines.append("Topics set by a curator in the record's `topics` field.\n")
        for match in derived.classification.topics:
            phrases = ", ".join(f"“{md_text(hit.phrase)}” ({hit.where})" for hit in match.matches[:6])
            lines.append(f"- **{md_text(self.topics[match.slug].name)}**, score {match.score:g}: {phrases}")
        if derived.classification.fallback and not derived.topics_curated:
            lines.append("- No topic's rules matched: listed under *Other GPU work*.")
        if derived.tags:
            lines.append("\nTags: " + ", ".join(md_text(self.tag_names.get(t, t)) for t in derived.tags))
        return "\n".join(lines) + "\n\n"

    def _links_section(self, source: str, derived: Derived) -> str:
        corpus = self.corpus
        parts = ["## Compares against\n\n"]
        if derived.compares_to:
            parts += [f"- {self.paper_link(source, m.target)}"
                      + (f": “{md_text(m.sentence)}”" if m.sentence else " (curated)") + "\n"
                      for m in derived.compares_to]
        else:
            parts.append("Names no other paper's system in the digest.\n")
        parts.append("\n## Compared by\n\n")
        parts += ([f"- {self.paper_link(source, pid)}\n" for pid in derived.compared_by]
                  or ["No paper in the digest names this one's system.\n"])
        parts.append("\n## Related papers\n\nBy similarity of title and abstract.\n\n")
        parts += ([f"- {self.paper_link(source, pid)} ({score:.2f})\n" for pid, score in derived.related]
                  or ["None close enough.\n"])
        parts.append("\n## Same hardware\n\n")
        shown = False
        for name in derived.hardware:
            others = [pid for pid in corpus.by_hardware.get(name, []) if pid != derived.id]
            if not others:
                continue
            shown = True
            links = ", ".join(self.paper_link(source, pid) for pid in others[:SAME_HARDWARE_SHOWN])
            more = f" and {len(others) - SAME_HARDWARE_SHOWN} more" if len(others) > SAME_HARDWARE_SHOWN else ""
            parts.append(f"- {self.hardware_link(source, name)}: {links}{more}\n")
        if not shown:
            parts.append("No other paper names the same hardware.\n")
        return "".join(parts) + "\n"

    def hardware_index(self) -> str:
        source = "hardware/index.md"
        rows = []
        for name, ids in sorted(self.corpus.by_hardware.items(), key=lambda item: (-len(item[1]), item[0])):
            entry = self.corpus.catalog.get(name)
            rows.append([self.hardware_link(source, name), md_text(entry.vendor if entry else ""),
                         md_text(entry.class_ if entry else ""), md_text((entry.arch or "") if entry else ""),
                         str(len(ids))])
        return (front_matter(title="Hardware") + "# Hardware\n\n"
                "Hardware named in the abstracts, matched against the catalogue in `data/hardware.yaml` "
                "(canonical names and their aliases).\n\n"
                + table(["Hardware", "Vendor", "Class", "Architecture", "Papers"], rows, interactive=True))

    def hardware(self, name: str) -> str:
        source = hardware_path(self.corpus.catalog.slug(self.corpus.catalog.get(name)))
        entry = self.corpus.catalog.get(name)
        rows = []
        for pid in self.corpus.by_hardware[name]:
            derived = self.corpus.papers[pid]
            sentence = next((f.sentence for f in derived.facts if f.kind == "hardware" and f.value == name), "")
            rows.append([self.paper_link(source, pid), ", ".join(self.topic_link(source, t) for t in derived.topics),
                         md_text(sentence)])
        facts = f"{md_text(entry.vendor)} {md_text(entry.class_)}" + (f", {md_text(entry.arch)}" if entry.arch else "")
        aliases = ", ".join(md_text(a) for a in entry.aliases)
        return (front_matter(title=html_text(name)) + f"# {md_text(name)}\n\n{facts}. "
                + (f"Also written as: {aliases}.\n\n" if aliases else "\n\n")
                + f"{len(rows)} papers name it.\n\n" + table(["Paper", "Topics", "Where the abstract names it"], rows))

    def systems(self) -> str:
        source = "systems.md"
        by_letter: dict[str, list[Derived]] = defaultdict(list)
        for derived in self.corpus.papers.values():
            if derived.system:
                letter = derived.system[0].upper()
                by_letter[letter if letter.isalpha() else "#"].append(derived)
        parts = [front_matter(title="Systems A–Z"), "# Systems A–Z\n\n",
                 "Every named system in the digest, with its paper. ",
                 " · ".join(f"[{letter}](#{letter.lower() if letter != '#' else 'other'})"
                            for letter in sorted(by_letter)), "\n\n"]
        for letter in sorted(by_letter):
            anchor = letter.lower() if letter != "#" else "other"
            parts.append(f"## {letter} {{#{anchor}}}\n\n")
            for derived in sorted(by_letter[letter], key=lambda d: (d.system.lower(), d.id)):
                parts.append(f"- **{md_text(derived.system)}**: {self.paper_link(source, derived.id)}\n")
            parts.append("\n")
        return "".join(parts)

    def tags_page(self) -> str:
        return (front_matter(title="Tags") + "# Tags\n\nSecondary tags, from the rules in `data/taxonomy.yaml` "
                "and from curators. Each links to the papers that carry it.\n\n<!-- material/tags -->\n")

    def method(self) -> str:
        taxonomy = self.corpus.taxonomy
        parts = [front_matter(title="Method", search={"boost": 0.5}), "# Method\n\n",
                 "Everything on this site is derived at build time from the records in `data/papers/`; "
                 "nothing derived is stored, so nothing goes stale. A curator corrects the machine by "
                 "writing into the record (`topics:` or `overrides:`), and pages mark those values as curated.\n\n",
                 "## Topics\n\n",
                 "Each topic has weighted rules: phrases matched in the title and the abstract, with "
                 "matches in the title weighing more. A paper joins every topic whose score reaches that "
                 "topic's threshold (a paper can have several). A paper that reaches none is not dropped: "
                 "it is listed under *Other GPU work*. `digest explain ID` prints the reasoning for one "
                 "paper. Rules match words, not meaning: a paper that mentions “pipeline” in passing can "
                 "score, and a paper that describes its idea in unusual words can be missed.\n\n"]
        for topic in taxonomy.topics:
            if topic.slug == OTHER:
                continue
            patterns = ", ".join(f"`{rule.pattern}` ({rule.weight:g})" for rule in topic.rules[:40])
            parts.append(f"### {md_text(topic.name)}\n\n{md_text(topic.description, latex=False)}\n\n"
                         f"Threshold {topic.threshold:g}. Rules: {patterns}\n\n")
        parts.append(
            "## Facts\n\n"
            "Facts are pulled from the abstract with patterns, and each is shown with its sentence so it "
            "can be checked: hardware (the catalogue in `data/hardware.yaml`, with aliases such as "
            "“RTX4090” for RTX 4090), GPU counts, model scale (“175B”), precision (FP8, INT4, W4A8), "
            "headline numbers (speedups, including the dumps' “2.31times”, percentage reductions, "
            "throughput) and code links. The system's name comes from a “Name: subtitle” title or from "
            "“we present Name”. Limits: a number is taken with the words around it, not with its "
            "meaning, so a speedup over a weak baseline reads like one over a strong one; hardware named "
            "only as a baseline or in passing counts as hardware the paper uses.\n\n"
            "## Cross-links\n\n"
            "*Compares against* lists papers whose system name appears in this paper's abstract, ignoring "
            "case, hyphens and spaces (FlashAttention2 = FlashAttention-2); *compared by* is the reverse. "
            "A name mentioned for another reason (as a building block, not a baseline) still counts. "
            "*Related papers* are the five most similar by TF-IDF over title and abstract, computed from "
            "each paper's heaviest terms through an inverted index, so the cost grows about linearly with "
            "the number of papers. *Same hardware* groups papers by the canonical hardware they name.\n\n"
            "## Sources\n\n"
            "Records come from Hugging Face Daily Papers listings, kept under `data/sources/`. A listing "
            "date without a year is given the listing's year when the curator knows it, and otherwise "
            "stays unknown rather than guessed.\n")
        return "".join(parts)


def _short_title(title: str) -> str:
    return title if len(title) <= 48 else title[:47].rsplit(" ", 1)[0] + "…"


def _first_sentences(abstract: str, limit: int = 320) -> str:
    if len(abstract) <= limit:
        return abstract
    cut = abstract[:limit].rsplit(". ", 1)[0]
    return (cut if len(cut) > 80 else abstract[:limit].rsplit(" ", 1)[0]) + " …"
