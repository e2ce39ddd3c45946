"""What the confidence of a suggestion is, said in the same words wherever one is shown: `digest
review` and `digest explain`, the Needs review page and a paper's page (suggest.py's
`certainty` and `least_sure` compute it). Nothing heavy is imported here: the command line's
help reads the definition as it starts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .suggest import Suggestion

# One sentence, so that a page can say it where it shows a confidence.
DEFINITION = (
    "Confidence is how sure the machine is of its whole suggestion: as sure as its least sure topic, "
    "from 0 (that topic's probability at the threshold it must reach: a toss-up) to 1 (a probability of 1 "
    "for a topic suggested, of 0 for one left out)."
)


def confidence_line(suggestion: Suggestion) -> str:
    """The confidence, and the topic decision it is that of, with the numbers that make it."""
    from .suggest import MIN_PROBABILITY  # noqa: PLC0415 (the model's module: see the docstring)

    least = suggestion.least_sure
    if least is None or least.probability is None or least.threshold is None:
        return "confidence: none, the rules decide (too few curated papers for the model to learn a topic)"
    of = f"confidence {suggestion.confidence:.2f}, least sure: {least.slug}"
    if not places_in_a_topic(suggestion):  # how sure it is that none fits, and the nearest miss
        of = f"confidence {suggestion.confidence:.2f} that no topic fits; closest: {least.slug}"
    if not least.chosen and least.probability >= least.threshold:  # the on-topic model overruled it
        return (
            f"{of} reached its threshold ({least.probability:.2f} against {least.threshold:.2f}), but the "
            f"model of papers in any topic puts it under the fetch filter's floor "
            f"({suggestion.relevance or 0:.2f} against {MIN_PROBABILITY:.2f})"
        )
    return f"{of} at {least.probability:.2f} against its threshold {least.threshold:.2f}"


def places_in_a_topic(suggestion: Suggestion) -> bool:
    """Whether the suggestion names a topic: without one it is the fallback (`other`) alone, which
    says that no topic fits, and which `digest accept ID` does not take as a verdict."""
    return any(prediction.chosen for prediction in suggestion.predictions)


def no_topic_fits(paper_id: str) -> tuple[str, str, str]:
    """What a curator does with a paper that no topic fits, in the words `review` and `explain`
    use: a line saying so, then the two commands, each printed on a line of its own, never wrapped
    (wrapped inside its quotes, a command broke when copied)."""
    return (
        "no topic fits: reject it, or name its topics (accept alone refuses it):",
        f'digest reject {paper_id} --reason "..."',
        f"digest accept {paper_id} --topics a,b",
    )
