"""Systems A–Z: every named system with its paper, by first letter."""

from __future__ import annotations

from collections import defaultdict

from ..derive.corpus import Derived
from .context import RenderContext


def render_systems(context: RenderContext) -> str:
    links = context.links("systems.md")
    by_letter: dict[str, list[Derived]] = defaultdict(list)
    for derived in context.corpus.papers.values():
        if derived.system:
            letter = derived.system[0].upper()
            by_letter[letter if letter.isalpha() else "#"].append(derived)
    letters = [(letter, letter.lower() if letter != "#" else "other",
                [(d.system, links.paper(d.id)) for d in sorted(by_letter[letter],
                                                               key=lambda d: ((d.system or "").lower(), d.id))])
               for letter in sorted(by_letter)]
    return context.render("systems.md.j2", letters=letters)
