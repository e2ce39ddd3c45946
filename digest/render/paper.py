"""A page per paper: metadata, where to read it, abstract, its BibTeX, facts with their
sentences, links; then, collapsed, why it has its topics and where it was seen.

The reader's part comes first and an empty section is left out; the curator's machinery (rule
scores, model terms, the dumps a paper came from) is in closed `<details>` blocks. The fact
block is HTML, written by one template (`_facts.md.j2`) from `FactRow`s."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..derive.anchors import COMPARED_BY, COMPARES_AGAINST
from ..derive.confidence import no_topic_fits
from ..derive.corpus import Derived
from ..derive.facts import Fact
from ..derive.facts.overhead import is_overhead
from ..derive.facts.utilization import is_utilization_gain
from ..derive.learn import term_in_words
from ..derive.suggestion_origin import NO_TOPIC, topic_origin, why_no_topic
from ..fact_kinds import BY_NAME
from ..text.link_labels import described
from .bibtex import bibtex_entry, citation_key
from .columns import COLUMNS, NO_HEADLINE
from .context import PageLinks, RenderContext
from .glossary import term_anchor, terms_of
from .hardware_pages import papers_naming
from .headline_source import headline_source
from .html_table import html_table
from .markdown import html_link, html_text, md_marked
from .paths import GLOSSARY_PAGE, REVIEW_PAGE, paper_path
from .read_links import read_links

AUTHORS_SHOWN = 10
AUTHORS_ANCHOR = "authors"  # the id of the Authors section, shown when the details line cuts the list
# Details kept on one line when the line wraps: a date or a name broken at its hyphen ("2021-" /
# "04-15", "ZeRO-" / "Infinity") reads as two things.
UNBROKEN_FIELDS = frozenset({"Published", "Added", "System"})
# Where the links of a paper's listing come from, in the fact block's sentence column: no sentence.
LISTED_ROW = "Listed with the paper on Hugging Face, not in its abstract"

# The related papers a page lists in its Compares against and Compared by sections, not again.
SHOWN_APART = frozenset({COMPARES_AGAINST, COMPARED_BY})


def render_paper(context: RenderContext, paper_id: str) -> str:
    source = paper_path(paper_id)
    links = context.links(source)
    html_links = context.links(source, html=True)
    derived = context.corpus.papers[paper_id]
    paper = derived.paper
    # (label, value as HTML, curated): the details line under the title.
    meta: list[tuple[str, str, bool]] = [
        ("Published", html_text(derived.published or "unknown"), derived.is_curated("published"))
    ]
    if paper.added:
        meta.append(("Added", html_text(paper.added), False))
    if paper.authors:
        meta.append(("Authors", author_list(paper.authors), False))
    elif paper.authors_count is not None:
        meta.append(("Authors", str(paper.authors_count), False))
    if paper.organization:
        meta.append(("Organisation", html_text(paper.organization), False))
    if paper.upvotes:  # none yet says nothing a reader can use
        meta.append(("Upvotes", str(paper.upvotes), False))
    if derived.system:
        meta.append(("System", html_text(derived.system), derived.is_curated("system")))
    if derived.hardware:
        hardware = ", ".join(html_links.hardware(name) for name in derived.hardware)
        meta.append(("Hardware", hardware, derived.is_curated("hardware")))
    for key, values in derived.vocabulary.items():
        if values:
            meta.append((COLUMNS[key].label, html_text(", ".join(values)), derived.is_curated(key)))
    # The headline leads, on a line of its own, as it leads a table's row: buried in the details line
    # it was the eighth field, eleven lines down on a phone, and a search result showed the dates.
    headline = None
    if derived.headline:
        headline = (html_text(derived.headline.text), derived.is_curated("headline"))
    elif derived.states_no_result:
        headline = (f"{NO_HEADLINE} in the abstract", True)
    meta.append(("Topics", topic_list(derived, html_links), derived.is_curated("topics")))
    meta += tags_and_terms(context, derived, html_links)

    facts = render_facts(context, facts_by_sentence(derived, html_links))
    context_facts = render_facts(context, facts_by_sentence(derived, html_links, own=False), own=False)
    topic_matches = topic_evidence(context, derived)  # HTML: shown in a collapsed HTML block
    # One line per hardware, its page and how many other papers name it: the page lists them.
    same_hardware = [
        (html_links.hardware(name), others) for name in derived.hardware if (others := papers_naming(context, name) - 1)
    ]
    sources = html_table(
        ["Listed", "Upvotes", "Authors", "Dump", "Line"],
        [
            [
                html_text(s.date or ""),
                "" if s.upvotes is None else str(s.upvotes),
                html_text(s.organization or ("" if s.authors_count is None else s.authors_count)),
                f"<code>{html_text(s.file)}</code>",
                str(s.line),
            ]
            for s in paper.sources
        ],
        sticky=False,
        marked=False,
    )
    return context.render(
        "paper.md.j2",
        paper=paper,
        derived=derived,
        external_baselines=[
            (mention, entry.what if (entry := context.corpus.baselines.get(mention.target)) else "")
            for mention in derived.external_baselines
        ],
        links=links,
        html_links=html_links,
        meta=meta,
        headline=headline,
        headline_source=headline_source(derived),
        unbroken=UNBROKEN_FIELDS,
        facts=facts,
        context_facts=context_facts,
        topic_matches=topic_matches,
        same_hardware=same_hardware,
        # Its baselines and the papers comparing against it have sections of their own above.
        related=[item for item in derived.related if item.reason not in SHOWN_APART],
        sources=sources,
        read=read_links(paper, html=True),
        bibtex=bibtex_entry(derived, citation_key(context, paper_id)),
        review_link=html_links.to(REVIEW_PAGE, "Needs review"),
        # The machine's own placement, curated or not: for a paper a curator put in the fallback, no
        # topic reaches its threshold and the evidence list would be empty without this line.
        unplaced=derived.suggestion.topics == (context.corpus.taxonomy.fallback.slug,),
        why_no_topic=why_no_topic(derived.suggestion),
        no_topic_commands=no_topic_fits(paper_id)[1:],
        tag_names=[context.tag_names.get(tag, tag) for tag in derived.tags],
        all_authors=", ".join(html_text(name) for name in paper.authors) if len(paper.authors) > AUTHORS_SHOWN else "",
        authors_anchor=AUTHORS_ANCHOR,
    )


def paper_page_inputs(context: RenderContext, paper_id: str) -> tuple[object, ...]:
    """Everything `render_paper` reads, compared by value: on a `mkdocs serve` rebuild a paper
    page whose inputs are equal to the last build's is not rendered again (an edit to one
    record re-renders its page and those that link it, not a thousand)."""
    derived = context.corpus.papers[paper_id]
    linked = [mention.target for mention in derived.compares_to] + list(derived.compared_by)
    linked += [item.paper for item in derived.related]
    return (
        derived,
        [context.corpus.papers[pid].paper.title for pid in linked],
        [papers_naming(context, name) for name in derived.hardware],
        citation_key(context, paper_id),  # a paper of the same stem, added, gives it a letter
        context.corpus.taxonomy,
        context.corpus.catalog,
        context.corpus.glossary,
        context.corpus.baselines,
        context.templates_fingerprint,
    )


@dataclass
class FactRow:
    """One row of a paper's fact block: a sentence (HTML, each value's words marked in place) and
    the values read from it (HTML). `facts` are the row's facts, for a template that shows more."""

    sentence: str
    values: str
    curated: bool = False
    facts: list[Fact] = field(default_factory=list)


def render_facts(context: RenderContext, rows: list[FactRow], *, own: bool = True) -> str:
    """The fact block as HTML: the one place a paper's facts become markup (`_facts.md.j2`); with
    `own=False`, the context values, set apart (`_context_facts.md.j2`)."""
    return context.render("_facts.md.j2" if own else "_context_facts.md.j2", rows=rows) if rows else ""


def facts_by_sentence(derived: Derived, links: PageLinks, own: bool = True) -> list[FactRow]:
    """One row per source sentence, in reading order, with the words each value was read from
    marked in place, then the values; the links the paper's listing gives, and then curated
    values, last, each in a row of their own. The paper's own values, or with `own=False` the
    context: the background's and the baselines'. `links` make HTML links."""
    by_sentence: dict[str, list[Fact]] = {}
    listed = [fact for fact in derived.facts if fact.listed and not fact.curated and fact.own == own]
    for fact in (fact for fact in derived.facts if fact.own == own and fact not in listed):
        by_sentence.setdefault("" if fact.curated else fact.sentence, []).append(fact)
    text = derived.paper.title + "\n" + derived.paper.abstract

    def position(sentence: str) -> int:  # a sentence split_sentences reshaped goes last
        found = text.find(sentence)
        return found if found >= 0 else len(text)

    reading_order = sorted((sentence for sentence in by_sentence if sentence), key=position)
    rows = []
    for sentence in reading_order:
        facts = by_sentence[sentence]
        marks = [(*fact.span, _label(fact)) for fact in facts if fact.span]
        rows.append(
            FactRow(md_marked(sentence, marks, html_cell=True), fact_values(facts, links, linked=own), facts=facts)
        )
    if listed:
        rows.append(FactRow(f"<em>{LISTED_ROW}</em>", fact_values(listed, links), facts=listed))
    if "" in by_sentence:
        rows.append(
            FactRow(
                "<em>Set by a curator, from the abstract as a whole</em>",
                fact_values(by_sentence[""], links),
                curated=True,
                facts=by_sentence[""],
            )
        )
    return rows


def fact_values(facts: list[Fact], links: PageLinks, linked: bool = True) -> str:
    """ "<strong>Speedup</strong> up to 2.2× (vs vLLM) · <strong>Hardware</strong> A100, H100" (HTML):
    each kind once, then its values, linked when they have a page (a hardware page lists the papers
    that use it, so context hardware, which the paper does not use, stays plain text)."""
    by_label: dict[str, list[str]] = {}
    for fact in facts:
        by_label.setdefault(_label(fact), []).append(
            html_link(described(fact.value, fact.listed == "project_page"), fact.value)
            if fact.kind == "code"
            else links.hardware(fact.value)
            if fact.kind == "hardware" and linked
            else html_text(fact.shown)
        )
    return " · ".join(f"<strong>{label}</strong> {', '.join(values)}" for label, values in by_label.items())


def _label(fact: Fact) -> str:
    """A fact's heading in a fact row: its kind's label, but "Links" for the code kind, which holds
    every link an abstract gives (code, model, project page, ...), each saying what it is; and
    "Overhead" for what a method adds, which facts/overhead.py reads as a reduction's kind ("≤ 4%
    overhead" read "Reduction"); and "Utilization" for a multiplier of one, which results.py reads as a
    speedup's kind ("1.6× higher GPU utilization" read "Speedup")."""
    if is_overhead(fact.kind, fact.value):
        return "Overhead"
    if is_utilization_gain(fact.kind, fact.value):
        return BY_NAME["utilization"].label
    return "Links" if fact.kind == "code" else BY_NAME[fact.kind].label


def tags_and_terms(context: RenderContext, derived: Derived, links: PageLinks) -> list[tuple[str, str, bool]]:
    """The details line's last fields, each when it has a value: the tags, linked (not marked
    curated: a curator's tags add to the rules', they replace none), and the glossary's terms."""
    fields = []
    if derived.tags:
        fields.append(("Tags", ", ".join(links.tag(t) for t in derived.tags), False))
    if terms := glossary_terms(context, derived, links):
        fields.append(("Terms", terms, False))
    return fields


def glossary_terms(context: RenderContext, derived: Derived, links: PageLinks) -> str:
    """The glossary's entries the title and abstract use, in the order they first come (HTML):
    "TTFT (time to first token), SLO (service level objective)", each kept on one line and linked
    to its entry on the Glossary page. They give a reader meeting an acronym its meaning, and put
    both forms in the page's search text."""
    linked = [
        links.to(GLOSSARY_PAGE, html_text(e.shown), term_anchor(context, e)) for e in terms_of(context, derived.id)
    ]
    return ", ".join(f'<span class="digest-nowrap">{link}</span>' for link in linked)


def author_list(names: list[str]) -> str:
    """The first AUTHORS_SHOWN names, then how many more, linked to the page's Authors section,
    which lists them all (and puts every name in search: an author past the tenth was found by
    none)."""
    shown = ", ".join(html_text(name) for name in names[:AUTHORS_SHOWN])
    more = len(names) - AUTHORS_SHOWN
    return f'{shown} and <a href="#{AUTHORS_ANCHOR}">{more} more</a>' if more > 0 else shown


def topic_list(derived: Derived, links: PageLinks) -> str:
    """The paper's topics as links; suggested ones with where they came from (suggestion_origin.py):
    "Serving (suggested, 0.93)", "GPU kernels (suggested, rules)", "Other GPU work (suggested: no topic fits)"."""
    if derived.is_curated("topics"):
        return ", ".join(links.topic(t) for t in derived.topics)
    origins = [(slug, topic_origin(derived.suggestion, slug)) for slug in derived.topics]
    return ", ".join(
        f"{links.topic(slug)} (suggested: {origin.short})"
        if origin.by == NO_TOPIC
        else f"{links.topic(slug)} (suggested, {origin.short})"
        for slug, origin in origins
    )


@dataclass(frozen=True)
class TopicEvidence:
    """What the rules and the model say about one topic of one paper, as the page lists it."""

    name: str
    score: int
    threshold: int
    phrases: str  # the rule matches, HTML
    probability: float | None  # the model's, None when the rules decide this topic
    model_threshold: float | None
    terms: str  # the model's strongest terms, HTML


def topic_evidence(context: RenderContext, derived: Derived) -> list[TopicEvidence]:
    """Every ruled topic the paper has, the rules gave or the model chose, in taxonomy order."""
    shown = set(derived.topics) | set(derived.classification.rule_topics)
    evidence = []
    for score in derived.classification.scores:
        prediction = derived.suggestion.prediction(score.slug)
        if score.slug not in shown and not (prediction and prediction.chosen):
            continue
        phrases = ", ".join(f"“{html_text(hit.phrase)}” ({hit.where})" for hit in score.matches[:6])
        terms = ", ".join(
            html_text(term_in_words(term, derived.classification, lambda text: f"“{text}”"))
            for term in (prediction.terms if prediction else ())
        )
        evidence.append(
            TopicEvidence(
                context.topics[score.slug].name,
                score.score,
                score.threshold,
                phrases,
                prediction.probability if prediction else None,
                prediction.threshold if prediction else None,
                terms,
            )
        )
    return evidence
