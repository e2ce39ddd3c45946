"""Records in, derived values out: facts, topics, tags and cross-links for every paper.

Nothing derived is stored in the records, so nothing goes stale: this runs at every build.
Pure: the same papers, taxonomy and catalogue give the same corpus. A `memo` may let a caller
that builds again and again (`mkdocs serve`) reuse the cross-links of the last build.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from ..records.model import LISTING_LINKS, Paper
from ..text.link_labels import link_identity
from ..text.sentences import leading_sentences, sentence_spans, split_sentences
from . import overrides
from .anchors import anchors
from .baseline_catalog import NO_BASELINES, BaselineCatalog
from .classify import Classification, classify
from .facts import Fact, extract_facts, misread
from .facts.headline import Headline, machine_headline
from .facts.roles import BACKGROUND, OWN, PRIOR, sentence_roles
from .facts.system import find_system
from .field_terms import field_term_weights
from .glossary import NO_GLOSSARY, Glossary
from .hardware_catalog import HardwareCatalog
from .links import Mention, Related, compared_with, find_mentions, group_by, related_papers
from .suggest import Learnable, Suggestion, fit_text, suggest, train_on_curated
from .taxonomy import Taxonomy
from .vocabularies import paper_vocabulary

if TYPE_CHECKING:
    from sklearn.feature_extraction.text import TfidfVectorizer

    from .learn import TopicModel

T = TypeVar("T")


class Memo(Protocol):
    """memo(name, inputs, compute): compute(), or the result of the last call with equal inputs;
    with `refresh` False, the last result whatever the inputs, once there is one (BuildCache.memo)."""

    def __call__(self, name: str, inputs: Any, compute: Callable[[], T], *, refresh: bool = True) -> T: ...


def no_memo(name: str, inputs: object, compute: Callable[[], T], *, refresh: bool = True) -> T:
    return compute()


@dataclass(frozen=True)
class PaperDerivation:
    """What the digest derives from one record alone, curator corrections applied: the machine's
    evidence (`classification`, `learnable`) next to the curator's decisions (`curated_*`)."""

    paper: Paper
    facts: list[Fact]
    classification: Classification  # the rules' evidence; never the decision
    tags: list[str]
    vocabulary: dict[str, list[str]]  # the vocabulary columns' values: memory_tiers, workloads, parallelism
    published: str | None  # the record's date, or the curator's
    headline: Headline | None  # the paper's own main result, which a table shows
    curated_keys: frozenset[str]  # the keys a curator set: "topics", "tags", override keys
    curated_topics: tuple[str, ...] | None  # the record's `topics:`, or None when no curator set them
    curated_comparisons: list[str] | None  # `overrides.compares_to`, resolved when linking
    extracted: list[Fact]  # the facts as extracted, before any override
    learnable: Learnable  # what the topic model sees of the paper
    roles: list[str]  # one per abstract sentence: the curator's, else the machine's

    @property
    def id(self) -> str:
        return self.paper.id

    @property
    def system(self) -> str | None:
        return next((fact.value for fact in self.facts if fact.kind == "system"), None)

    @property
    def hardware(self) -> list[str]:
        return list(dict.fromkeys(fact.value for fact in self.facts if fact.kind == "hardware" and fact.own))

    @property
    def context(self) -> list[Fact]:
        """The values the abstract gives of the background or of baselines: shown apart, never as the paper's."""
        return [fact for fact in self.facts if not fact.own]

    @property
    def teaser(self) -> str:
        """What a listing says of the paper: its abstract from the first sentence about its own work,
        as much as `leading_sentences` fits. An abstract most often opens with the field's background
        ("models have grown 1000x"), which says nothing of the paper itself."""
        spans = sentence_spans(self.paper.abstract)
        start = next((begin for (begin, _), role in zip(spans, self.roles, strict=False) if role == OWN), 0)
        return leading_sentences(self.paper.abstract[start:])

    @property
    def year(self) -> int | None:
        published = self.published
        return int(published[:4]) if published and published[0].isdigit() else None

    def is_curated(self, key: str) -> bool:
        return key in self.curated_keys

    @property
    def states_no_result(self) -> bool:
        """A curator read the abstract and found no single result of the paper's own (`metric: none`),
        which a reader is told, where a headline the machine did not find is left empty."""
        return self.headline is None and self.is_curated("headline")

    def values(self, kind: str) -> list[str]:
        """The values of a fact kind or a vocabulary."""
        if kind in self.vocabulary:
            return self.vocabulary[kind]
        return [fact.value for fact in self.facts if fact.kind == kind and fact.own]


@dataclass(frozen=True, kw_only=True)
class Derived(PaperDerivation):
    """A paper with everything the digest derives for it, built once with the corpus: its own
    values, the model's suggestion, the topics shown, and its links to the other papers."""

    suggestion: Suggestion  # the model's evidence (where it learned a topic; the rules' elsewhere)
    topics: tuple[str, ...]  # the decision the site shows: the curator's topics, else the suggestion's
    compares_to: tuple[Mention, ...]
    compared_by: tuple[str, ...]
    related: tuple[Related, ...]
    # Systems of the baseline catalogue compared against (named so by the abstract, or a curator's
    # compares_to): no paper of the digest, so no link and no `compared_by`.
    external_baselines: tuple[Mention, ...] = ()

    @classmethod
    def of(
        cls,
        own: PaperDerivation,
        suggestion: Suggestion,
        compares_to: Sequence[Mention],
        compared_by: Sequence[str],
        related: Sequence[Related],
        *,
        external_baselines: Sequence[Mention] = (),
    ) -> Derived:
        return cls(
            **{f.name: getattr(own, f.name) for f in fields(PaperDerivation)},
            suggestion=suggestion,
            topics=shown_topics(own, suggestion),
            compares_to=tuple(compares_to),
            compared_by=tuple(compared_by),
            related=tuple(related),
            external_baselines=tuple(external_baselines),
        )


def shown_topics(own: PaperDerivation, suggestion: Suggestion) -> tuple[str, ...]:
    """The decision the site shows: the curator's topics, else the suggestion's."""
    return own.curated_topics if own.curated_topics is not None else suggestion.topics


@dataclass
class Corpus:
    papers: dict[str, Derived]  # by id, in id order
    taxonomy: Taxonomy
    catalog: HardwareCatalog
    by_topic: dict[str, list[str]]
    by_hardware: dict[str, list[str]]
    by_tag: dict[str, list[str]]
    rejected: Sequence[Learnable] = ()  # papers a curator rejected: not on the site, but learned from
    # The suggestions are a model's trained on the records as they were earlier (the preview keeps its first).
    trained_earlier: bool = False
    glossary: Glossary = NO_GLOSSARY  # the field's acronyms a paper page lists as its terms
    baselines: BaselineCatalog = NO_BASELINES  # systems compared against that are no paper of the store

    def needs_review(self) -> list[Derived]:
        """Papers whose topics no curator set, least confident suggestion first (then by id)."""
        uncurated = [d for d in self.papers.values() if not d.is_curated("topics")]
        return sorted(uncurated, key=lambda d: (d.suggestion.confidence, d.id))

    def newest(self, count: int) -> list[Derived]:
        dated = sorted(self.papers.values(), key=lambda d: (d.published or "", d.id), reverse=True)
        return dated[:count]


def derive_paper(paper: Paper, taxonomy: Taxonomy, catalog: HardwareCatalog) -> PaperDerivation:
    """What the machine says about one paper, with the curator's corrections applied."""
    machine = machine_roles(paper)  # read once: the machine's facts and, uncurated, the page's roles
    facts = extract_facts(paper.title, paper.abstract, catalog, machine)
    roles = paper.overrides.get("sentence_roles") or machine
    context_values = paper.overrides.get("context_values", [])
    # A curator's sentence roles say whose each value is: the page shows those, the eval the machine's.
    shown = (
        extract_facts(paper.title, paper.abstract, catalog, roles, context_values)
        if "sentence_roles" in paper.overrides or context_values
        else facts
    )
    if wrong := paper.overrides.get("misread"):  # before the headline: a misread value never leads
        shown = [fact for fact in shown if not misread(fact, wrong)]
    shown = [*shown, *listing_links(paper, shown)]  # before the overrides: a curator's `code` replaces them
    vocabulary = paper_vocabulary(paper.title, paper.abstract, taxonomy)
    classification = classify(paper.title, paper.abstract, taxonomy)
    curated = overrides.apply(
        paper,
        facts=shown,
        classification=classification,
        vocabulary=vocabulary,
        headline=machine_headline(shown),
        taxonomy=taxonomy,
    )
    return PaperDerivation(
        paper=paper,
        facts=curated.facts,
        classification=classification,
        tags=curated.tags,
        vocabulary=curated.vocabulary,
        published=curated.published,
        headline=curated.headline,
        curated_keys=curated.keys,
        curated_topics=curated.topics,
        curated_comparisons=curated.compares_to,
        extracted=facts,
        learnable=Learnable.of(paper, classification),
        roles=list(roles),
    )


def listing_links(paper: Paper, facts: Sequence[Fact]) -> list[Fact]:
    """The links the paper's listing gives beside its abstract (its code repository, then its
    project page) as code facts, each unless the abstract's links, or the listing's other one,
    lead to the same place already (`link_identity`: one repository however its address is
    written). A project page may be a repository: it is labelled by its address, as the
    abstract's links are."""
    seen = {link_identity(fact.value) for fact in facts if fact.kind == "code"}
    listed = []
    for name in LISTING_LINKS:
        if (url := getattr(paper, name)) and (identity := link_identity(url)) not in seen:
            seen.add(identity)
            listed.append(Fact("code", url, "", listed=name))
    return listed


def machine_roles(paper: Paper) -> list[str]:
    """The roles the machine reads for each sentence of the paper's abstract."""
    sentences = split_sentences(paper.abstract)
    system = find_system(paper.title.strip(), sentences)
    return sentence_roles(sentences, system[0] if system else None)


def baseline_mentions(
    names: dict[str, tuple[list[str], str]],
    roles: dict[str, dict[str, str]],
    baselines: BaselineCatalog = NO_BASELINES,
) -> dict[str, list[Mention]]:
    """The papers each paper names as a baseline: with comparison language, in a sentence about
    its own work (the title counts as one), never a predecessor named as background; and the
    systems of the baseline catalogue named so (`Mention.in_digest` False)."""

    def keep(paper_id: str, sentence: str, start: int) -> bool:
        return roles[paper_id].get(sentence) not in (BACKGROUND, PRIOR) and compared_with(sentence, start)

    return find_mentions(names, split_sentences, keep, baselines.spellings())


def build_corpus(
    derivations: list[PaperDerivation],
    taxonomy: Taxonomy,
    catalog: HardwareCatalog,
    memo: Memo = no_memo,
    rejected: Sequence[Learnable] = (),
    *,
    retrain: bool = True,
    glossary: Glossary = NO_GLOSSARY,
    baselines: BaselineCatalog = NO_BASELINES,
) -> Corpus:
    """The derived papers linked to each other and grouped by topic, hardware and tag. The
    `rejected` papers are not part of it: the model learns from them as papers in no topic. With
    `retrain` False (the preview), the topic model `memo` holds is kept whatever changed."""
    own = {d.id: d for d in sorted(derivations, key=lambda d: d.id)}
    # The build's one text model, fitted once on every paper's words: it feeds the topic model,
    # related papers and the strongest terms. Refitted only when a paper's words change.
    corpus = [*(d.learnable for d in own.values()), *rejected]
    words = [(item.paper.id, item.example.words) for item in corpus]
    vectorizer = memo("vectorizer", words, lambda: fit_text(corpus))
    suggestions, trained_earlier = _suggestions(
        list(own.values()), taxonomy, memo, rejected, vectorizer, retrain=retrain
    )
    compares_to, external = _comparisons(own, memo, baselines)
    compared_by: dict[str, list[str]] = {pid: [] for pid in own}
    for pid, mentions in compares_to.items():
        for mention in mentions:
            compared_by[mention.target].append(pid)
    fallback = taxonomy.fallback.slug
    topics = {
        pid: frozenset(shown_topics(d, suggestion)) - {fallback}
        for (pid, d), suggestion in zip(own.items(), suggestions, strict=True)
    }
    topic_lists = sorted((pid, sorted(slugs)) for pid, slugs in topics.items())
    firsts = anchors(
        {pid: [m.target for m in mentions] for pid, mentions in compares_to.items()},
        compared_by,
        {pid: d.system for pid, d in own.items()},
    )
    titles = [(item.paper.title, item.paper.abstract) for item in corpus]
    # tags too: a narrow tag shared lowers the floor (links.related_papers)
    tag_lists = [(pid, d.tags) for pid, d in own.items()]
    related: dict[str, list[Related]] = memo(
        "related",
        (words, titles, topic_lists, tag_lists, firsts),
        lambda: _related(own, topics, vectorizer, titles, firsts),
    )
    derived = {
        pid: Derived.of(
            d, suggestion, compares_to[pid], compared_by[pid], related[pid], external_baselines=external[pid]
        )
        for (pid, d), suggestion in zip(own.items(), suggestions, strict=True)
    }
    by_topic: dict[str, list[str]] = {topic.slug: [] for topic in taxonomy.topics}
    by_topic.update(group_by({pid: list(d.topics) for pid, d in derived.items()}))
    return Corpus(
        papers=derived,
        taxonomy=taxonomy,
        catalog=catalog,
        by_topic=by_topic,
        by_hardware=group_by({pid: d.hardware for pid, d in derived.items()}),
        by_tag=group_by({pid: d.tags for pid, d in derived.items()}),
        rejected=rejected,
        trained_earlier=trained_earlier,
        glossary=glossary,
        baselines=baselines,
    )


def _suggestions(
    papers: list[PaperDerivation],
    taxonomy: Taxonomy,
    memo: Memo,
    rejected: Sequence[Learnable],
    vectorizer: TfidfVectorizer | None,
    *,
    retrain: bool,
) -> tuple[list[Suggestion], bool]:
    """Train on the curated and rejected papers and suggest topics for every paper; and whether the
    model was trained on other records than these. It is retrained only when the texts, the
    curated topics, the rejections or the taxonomy change (an edit to a note retrains nothing),
    and without `retrain` only when the taxonomy does."""
    learnables = [d.learnable for d in papers]
    texts = [(p.paper.id, p.paper.title, p.paper.abstract) for p in learnables]
    training = (taxonomy, texts, [p.paper.topics for p in learnables], [p.paper.id for p in rejected])

    def train() -> tuple[Any, TopicModel]:
        return training, train_on_curated([*learnables, *rejected], taxonomy, vectorizer)

    # The model with what it was trained on: kept without `retrain`, that may be older than `training`.
    trained_on, model = memo("model", training, train, refresh=retrain)
    if trained_on[0] != taxonomy:  # a kept model knows only the topics it was trained on
        trained_on, model = memo("model", training, train)
    suggestions: list[Suggestion] = memo(
        "suggestions", (trained_on, texts), lambda: suggest(model, learnables, taxonomy.fallback.slug)
    )
    return suggestions, trained_on != training


def _comparisons(
    papers: dict[str, PaperDerivation], memo: Memo, baselines: BaselineCatalog
) -> tuple[dict[str, list[Mention]], dict[str, list[Mention]]]:
    """What each paper compares against: the papers of the digest, and apart the systems of the
    baseline catalogue. A curator's compares_to is the whole of both; else the abstract's baselines."""
    # The title counts as the first sentence: "Extend FlashAttention2 to NPUs" names its baseline.
    names = {pid: ([d.system] if d.system else [], f"{d.paper.title}. {d.paper.abstract}") for pid, d in papers.items()}
    # The roles in order, with the abstract in `names`, say each sentence's role: the abstracts are
    # split into sentences only when the mentions are found again, not at each rebuild.
    roles = {pid: d.roles for pid, d in papers.items()}
    mentions: dict[str, list[Mention]] = memo(
        "mentions", (names, roles, baselines), lambda: baseline_mentions(names, _sentence_roles(papers), baselines)
    )
    compared = {
        pid: mentions[pid]
        if d.curated_comparisons is None
        else _curated_mentions(d.curated_comparisons, papers, baselines, mentions[pid])
        for pid, d in papers.items()
    }
    return (
        {pid: [m for m in found if m.in_digest] for pid, found in compared.items()},
        {pid: [m for m in found if not m.in_digest] for pid, found in compared.items()},
    )


def _curated_mentions(
    targets: list[str], papers: dict[str, PaperDerivation], baselines: BaselineCatalog, read: list[Mention]
) -> list[Mention]:
    """A curator's compares_to as mentions: a paper's id (linked), else a name of the baseline
    catalogue (`digest check` refuses anything else). Each keeps the sentence the machine `read`
    it in, if it read it, so the page quotes the comparison; the others have none ("curated")."""
    sentences = {(mention.target, mention.in_digest): mention.sentence for mention in read}
    mentions = []
    for target in targets:
        if target in papers:
            sentence = sentences.get((target, True), "")
            mentions.append(Mention(target, papers[target].system or target, sentence))
        elif entry := baselines.named(target):
            sentence = sentences.get((entry.name, False), "")
            mentions.append(Mention(entry.name, target, sentence, in_digest=False))
    return mentions


def _sentence_roles(papers: dict[str, PaperDerivation]) -> dict[str, dict[str, str]]:
    """Each paper's abstract sentences, each with its role."""
    return {pid: dict(zip(split_sentences(d.paper.abstract), d.roles, strict=False)) for pid, d in papers.items()}


def _related(
    papers: dict[str, PaperDerivation],
    topics: dict[str, frozenset[str]],
    vectorizer: TfidfVectorizer | None,
    texts: Sequence[tuple[str, str]],
    firsts: dict[str, list[tuple[str, str]]],
) -> dict[str, list[Related]]:
    """Each paper's anchors (its baselines, its series, those comparing against it: anchors.py),
    then the papers most like it by the cosine of their rows of the build's TF-IDF matrix, over the
    field's terms of the corpus's `texts` (title, abstract: field_terms.py), those of a topic it
    shares first among the near (`related_papers`)."""
    if vectorizer is None:
        return {pid: [] for pid in papers}
    matrix = vectorizer.transform([d.learnable.example.words for d in papers.values()])
    vocabulary = vectorizer.get_feature_names_out().tolist()
    weights = field_term_weights(
        vocabulary, (title for title, _ in texts), (f"{title}. {abstract}" for title, abstract in texts)
    )
    return related_papers(
        list(papers),
        matrix,
        topics=[topics[pid] for pid in papers],
        term_weights=weights,
        vocabulary=vocabulary,
        anchors=firsts,
        tags=[frozenset(d.tags) for d in papers.values()],
    )
