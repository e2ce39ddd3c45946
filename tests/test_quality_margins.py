"""A model's gain that only a gain word names ("outperforms X by 4.2%") is a quality, in a sentence
that names no speed, nothing that runs and no resource (quality_margin.py).

The sentences are written for these tests in the style of the field's abstracts."""

from __future__ import annotations

import pytest

from digest.derive.facts import extract_facts
from digest.derive.facts.headline import machine_headline


def _quality(catalog, abstract: str) -> list[str]:
    return [fact.value for fact in extract_facts("", abstract, catalog) if fact.kind == "quality" and fact.own]


@pytest.mark.parametrize(
    ("abstract", "expected"),
    [
        ("Our 1B model exceeds the strongest open model at this scale by 2.4%.", ["2.4% improvement"]),
        # "of similar size" says which baselines, not what the gain is in
        (
            "Across nine benchmarks, Foo-8B outperforms baselines of similar size by 6.1%-12.8%.",
            ["6.1%–12.8% improvement"],
        ),
        (
            "On unseen tasks, the tuned planner yields a 7.5% relative improvement over the base planner.",
            ["7.5% improvement"],
        ),
        (
            "The agent achieves an average improvement of 3.2% over the strongest prompting baseline.",
            ["3.2% improvement"],
        ),
        ("On the held-out split, our reward model improves over the best baseline by +2.7 points.", ["+2.7 points"]),
        # the other figures of a list share its words
        (
            "The student surpasses its teacher by 4.4% and 6.0% on the two suites, respectively.",
            ["4.4% improvement", "6.0% improvement"],
        ),
        (
            "Our recipe gives 12.1% and 8.3% relative gains in factuality and helpfulness.",
            ["12.1% improvement", "8.3% improvement"],
        ),
        (
            "Fine-tuning on our data brings clear gains on instruction following, such as IFEval (+5.2%) and MIA (+3.9%).",
            ["+5.2%", "+3.9%"],
        ),
        # a signed gain in brackets after each benchmark, in points or bare
        (
            "From its base model, it improves V* Bench (+16.8), MME-RealWorld (+12.6) and TreeBench (+2 points).",
            ["+16.8", "+12.6", "+2 points"],
        ),
        # a resource in the name of what beats or is beaten is not what the gain is in
        (
            "Across six benchmarks, our agent surpasses memory systems such as MemBank by up to 9.5%.",
            ["up to 9.5% improvement"],
        ),
        ("On MTEB, KV-Pool outperforms existing training-free baselines by up to 7%.", ["up to 7% improvement"]),
    ],
)
def test_a_gain_only_a_gain_word_names_is_a_quality(catalog, abstract, expected):
    assert _quality(catalog, abstract) == expected


@pytest.mark.parametrize(
    "abstract",
    [
        # a sentence about speed: the other rules decide what the figure is
        "Our kernel outperforms the vendor library by 18% on long sequences.",
        "The scheduler improves end-to-end serving by 23% over the default policy.",
        # a gain in a resource, in tokens or in an overhead is no quality
        "Our cache improves memory efficiency by 31% over paging.",
        # a resource named after what is beaten is what the gain is in
        "Our allocator outperforms the paged baseline in memory efficiency by 31%.",
        "The method increases the token budget by 40% compared with greedy decoding.",
        "Token overhead varies from modest savings to a 380% increase while pass rates stay the same.",
        # the earlier figures of a list share the last one's words: an increase in time
        "Our sampler improves temporal coherence with only a 7% and 11% increase in inference time, respectively.",
        # a share, not a gain
        "The planner improves the plan for 35% of the tasks.",
    ],
)
def test_no_quality_from_a_speed_a_resource_or_a_share(catalog, abstract):
    assert _quality(catalog, abstract) == []


def test_a_quality_margin_leads_only_where_no_efficiency_figure_does(catalog):
    abstract = "Across three reasoning suites, our verifier outperforms the strongest baseline by 5.5%."
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and (found.metric, found.value) == ("quality", "5.5% improvement")
    abstract += " It also reduces verification cost by 3x."
    found = machine_headline(extract_facts("", abstract, catalog))
    assert found is not None and found.metric == "cost"


def _speedups(catalog, abstract: str) -> list[str]:
    return [fact.value for fact in extract_facts("", abstract, catalog) if fact.kind == "speedup" and fact.own]


@pytest.mark.parametrize(
    ("abstract", "speedups", "qualities"),
    [
        # a speed named only in a later clause is that clause's figure's
        (
            "Our tuned agents reach an average 14% relative improvement over their base models, while being 9% faster.",
            ["9% faster"],
            ["14% improvement"],
        ),
        (
            "Our recipe improves held-out instruction following by up to 4%, and accelerates training by up to 1.4x.",
            ["up to 1.4×"],
            ["up to 4% improvement"],
        ),
        # a speed named before the gain still makes it one
        (
            "Our drafter gives a 3.1x acceleration over autoregressive decoding, improving over the best drafter by 18%.",
            ["3.1×", "18% faster"],
            [],
        ),
        # a training stage, or a time at which a method runs, is no speed
        (
            "Pre-training on our corpus yields an average 5.1% improvement over the web-only mixture.",
            [],
            ["5.1% improvement"],
        ),
        ("Applying self-critique at test time yields an average +6.4% improvement on five suites.", [], ["+6.4%"]),
        # more of a cost is an overhead, unless a cut saves it
        ("It gains 3.2 points on the hard split with approximately 2% additional training FLOPs.", [], []),
    ],
)
def test_a_generic_gain_is_a_speed_only_where_a_speed_is_named_before_it_or_in_its_clause(
    catalog, abstract, speedups, qualities
):
    assert _speedups(catalog, abstract) == speedups
    assert [value for value in _quality(catalog, abstract) if "point" not in value] == qualities


def test_an_overhead_saved_is_a_reduction(catalog):
    abstract = "Our planner matches the best policy while saving up to 40% extra space and 60% extra time."
    assert [f.value for f in extract_facts("", abstract, catalog) if f.kind == "reduction"] == [
        "up to 40% lower extra space",
        "60% lower extra time",
    ]


def test_a_margin_over_systems_named_for_a_resource_is_the_headline(catalog):
    abstract = "Across six benchmarks, our agent surpasses memory systems such as MemBank by up to 9.5%."
    headline = machine_headline(extract_facts("", abstract, catalog))
    assert headline is not None
    assert (headline.metric, headline.value) == ("quality", "up to 9.5% improvement")
