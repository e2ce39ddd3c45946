"""What a link an abstract gives leads to, in a word its link text can say: "code" for a source
repository, "project page" for its web site, "model", "dataset" or "demo" for a Hugging Face
page, else the site's host.

A table cell shows the word alone ("code", "model", "code 2" for a second repository); a paper
page shows it before the address. Never "code" for what is no code: a model's page is a model.
"""

from __future__ import annotations

from collections import Counter
from urllib.parse import urlsplit

REPOSITORY_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net"})
PROJECT_PAGE_HOSTS = (".github.io", ".gitlab.io")  # a repository's web site: the project's page, not its code
# Hugging Face's kinds of page, by the first part of the path; a page "org/name" is a model's.
HUGGING_FACE = "huggingface.co"
HUGGING_FACE_KINDS = {"datasets": "dataset", "spaces": "demo", "papers": "paper page", "collections": "collection"}


def link_kind(url: str) -> str:
    """ "code", "model", "dataset", "demo", ... or the host ("deepspeed.ai") when the address says no more."""
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.")
    if host in REPOSITORY_HOSTS:
        return "code"
    if host.endswith(PROJECT_PAGE_HOSTS):
        return "project page"
    if host == HUGGING_FACE:
        path = [part for part in parts.path.split("/") if part]
        if path and path[0] in HUGGING_FACE_KINDS:
            return HUGGING_FACE_KINDS[path[0]]
        return "model" if len(path) >= 2 else "Hugging Face"
    return host or url


def link_labels(urls: list[str]) -> list[str]:
    """Each address's kind, numbered from the second of a kind on: "code", "model", "code 2"."""
    seen: Counter[str] = Counter()
    labels = []
    for url in urls:
        kind = link_kind(url)
        seen[kind] += 1
        labels.append(kind if seen[kind] == 1 else f"{kind} {seen[kind]}")
    return labels


def described(url: str) -> str:
    """The address as a paper page shows it, under "Links": after its kind ("code: https://github.com/…",
    "project page: …"), unless the kind is only its host."""
    kind = link_kind(url)
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    return url if kind == host else f"{kind}: {url}"
