"""Keys that decide when two spellings are the same thing: titles, paper ids, system names."""

from __future__ import annotations

import hashlib
import re

from slugify import slugify

from .latex import delatex

_NOT_KEY_RE = re.compile(r"[^a-z0-9]")
_PLAIN_TAG_RE = re.compile(r"[a-z0-9]+(?:[ -]+[a-z0-9]+)*", re.ASCII)
_SPOKEN = {"+": " plus ", "#": " sharp "}
# Words a phrase cannot end on: articles, conjunctions, prepositions (a cut id drops them).
_DANGLING = frozenset(
    "a an the and or nor but of for to in on at by with via from into onto as vs versus than that which "
    "is are its their our over under toward towards through without within across between using per".split()
)


def title_key(title: str) -> str:
    """The key two titles share when they name the same paper: case, punctuation,
    whitespace, Unicode and LaTeX accents do not count."""
    return str(slugify(delatex(title), separator=" "))


def paper_key(title: str, abstract: str) -> str:
    """The key two records share when they are the same paper: the title's, or, for a title with
    no letter or digit ("?!?!"), the abstract's. Empty when neither has one."""
    if key := title_key(title):
        return key
    return f"abstract: {key}" if (key := title_key(abstract)) else ""


def paper_slug(title: str, abstract: str = "", max_length: int = 64) -> str:
    """A readable id for a paper: the system name of a "Name: subtitle" title, else the
    whole title, as a URL slug cut at a word boundary; a title with no letter or digit is
    named by the first words of its abstract."""
    name, colon, _ = title.partition(":")
    if colon and 0 < len(name.split()) <= 5:
        title = name
    slug = str(slugify(delatex(title))) or str(slugify(delatex(" ".join(abstract.split()[:8]))))
    if len(slug) > max_length:
        # Cut mid-phrase, an id ended on the word that began the next ("...-for-full-attention-a"):
        # the cut takes the function words it leaves dangling too. A title's own last word stays
        # ("Zero-1-to-A"), and so does every id given before (an id never changes once given).
        slug = without_dangling_words(slug[: max_length + 1].rsplit("-", 1)[0])
    return slug or "paper"


def without_dangling_words(slug: str) -> str:
    """A slug cut mid-phrase without the function words it ends on ("...-attention-a": "...-attention"),
    never without its first word."""
    words = slug.split("-")
    while len(words) > 1 and words[-1] in _DANGLING:
        words.pop()
    return "-".join(words)


def name_key(name: str) -> str:
    """How a system name is compared: FlashAttention-2 = FlashAttention2 = flash attention 2."""
    return _NOT_KEY_RE.sub("", name.lower())


def url_slug(text: str) -> str:
    """A URL slug for a page named by `text`: "RTX 4090" -> "rtx-4090"."""
    return str(slugify(text))


def tag_slug(name: str) -> str:
    """The page slug of a curator's tag. Two tags share a page only when they differ in case or
    in spaces and hyphens ("KV cache", "kv-cache"); any other character counts, so `C++` and
    `C`, or `_` and `__`, never share one (a URL slug drops + and _).

    A plain tag (ASCII letters and digits, spaces, hyphens) is its URL slug, which never holds
    `_`; any other is its URL slug, `_` and a hash of the name, so no two collide."""
    folded = name.casefold()
    if _PLAIN_TAG_RE.fullmatch(folded.strip()):
        return url_slug(folded)
    spoken = "".join(_SPOKEN.get(character, character) for character in folded)
    key = " ".join(folded.replace("-", " ").split())
    return f"{url_slug(spoken) or 'tag'}_{hashlib.sha256(key.encode('utf-8')).hexdigest()[:10]}"
