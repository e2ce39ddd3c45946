"""A page per paper: metadata, abstract, facts with their sentences, topics, links, sources."""

from __future__ import annotations

from .columns import COLUMNS
from .context import RenderContext
from .markdown import md_link, md_text
from .paths import paper_path

FACT_LABELS = {
    "system": "System", "hardware": "Hardware", "gpu_count": "GPU count", "model_scale": "Model scale",
    "precision": "Precision", "speedup": "Speedup", "reduction": "Reduction", "throughput": "Throughput",
    "code": "Code",
}


def render_paper(context: RenderContext, paper_id: str) -> str:
    source = paper_path(paper_id)
    links = context.links(source)
    derived = context.corpus.papers[paper_id]
    paper = derived.paper
    meta: list[tuple[str, str, bool]] = [("Published", md_text(derived.published or "unknown"),
                                          derived.is_curated("published"))]
    if paper.authors_count is not None:
        meta.append(("Authors", str(paper.authors_count), False))
    if paper.organization:
        meta.append(("Organisation", md_text(paper.organization), False))
    if paper.upvotes is not None:
        meta.append(("Upvotes", str(paper.upvotes), False))
    if derived.system:
        meta.append(("System", md_text(derived.system), False))
    if derived.hardware:
        meta.append(("Hardware", ", ".join(links.hardware(name) for name in derived.hardware),
                     derived.is_curated("hardware")))
    for key, values in derived.terms.items():
        if values:
            meta.append((COLUMNS[key].label, md_text(", ".join(values)), derived.is_curated(key)))
    if derived.is_curated("headline") and derived.headline:
        meta.append(("Headline", md_text(derived.headline), True))
    meta.append(("Topics", ", ".join(links.topic(t) for t in derived.topics), derived.is_curated("topics")))
    if derived.tags:  # not marked curated: a curator's tags add to the rules', they replace none
        meta.append(("Tags", ", ".join(links.tag(t) for t in derived.tags), False))

    facts = []
    for fact in derived.facts:
        value = (md_link(fact.value, fact.value) if fact.kind == "code" else
                 links.hardware(fact.value) if fact.kind == "hardware" else md_text(fact.value))
        facts.append([FACT_LABELS.get(fact.kind, md_text(fact.kind)), value,
                      "curated" if fact.curated else "extracted", md_text(fact.sentence) if fact.sentence else ""])

    topic_matches = [(context.topics[match.slug].name, match.score,
                      ", ".join(f"“{md_text(hit.phrase)}” ({hit.where})" for hit in match.matches[:6]))
                     for match in derived.classification.topics]
    # One line per hardware, its page and how many other papers name it: the page lists them.
    same_hardware = [(links.hardware(name), others)
                     for name in derived.hardware if (others := len(context.corpus.by_hardware.get(name, [])) - 1)]
    sources = [[md_text(s.file), str(s.line), md_text(s.date or ""), "" if s.upvotes is None else str(s.upvotes),
                md_text(s.organization or ("" if s.authors_count is None else s.authors_count))]
               for s in paper.sources]
    return context.render(
        "paper.md.j2", paper=paper, derived=derived, links=links, meta=meta, facts=facts,
        topic_matches=topic_matches, same_hardware=same_hardware, sources=sources,
        tag_names=[context.tag_names.get(tag, tag) for tag in derived.tags],
    )
