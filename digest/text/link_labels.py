"""What a link an abstract gives leads to, in a word its link text can say: "code" for a source
repository, "project page" for its web site, "model", "dataset" or "demo" for a Hugging Face
page, else the site's host.

A table cell shows the word alone ("code", "model", "code 2" for a second repository); a paper
page shows it before the address. Never "code" for what is no code: a model's page is a model.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection
from urllib.parse import urlsplit

REPOSITORY_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeberg.org", "sourceforge.net"})
PROJECT_PAGE_HOSTS = (".github.io", ".gitlab.io")  # a repository's web site: the project's page, not its code
# Hugging Face's kinds of page, by the first part of the path; a page "org/name" is a model's.
HUGGING_FACE = "huggingface.co"
HUGGING_FACE_KINDS = {"datasets": "dataset", "spaces": "demo", "papers": "paper page", "collections": "collection"}


def link_kind(url: str, project_page: bool = False) -> str:
    """ "code", "model", "dataset", "demo", ... or the host ("deepspeed.ai") when the address says no
    more; "project page" for one a listing gives as the paper's project page (`project_page`),
    unless it is a repository, which is code whatever a listing calls it."""
    parts = urlsplit(url)
    host = (parts.hostname or "").removeprefix("www.")
    if host in REPOSITORY_HOSTS:
        return "code"
    if project_page:
        return "project page"
    if host.endswith(PROJECT_PAGE_HOSTS):
        return "project page"
    if host == HUGGING_FACE:
        path = [part for part in parts.path.split("/") if part]
        if path and path[0] in HUGGING_FACE_KINDS:
            return HUGGING_FACE_KINDS[path[0]]
        return "model" if len(path) >= 2 else "Hugging Face"
    return host or url


def link_labels(urls: list[str], project_pages: Collection[str] = ()) -> list[str]:
    """Each address's kind, numbered from the second of a kind on: "code", "model", "code 2";
    `project_pages` are addresses a listing gives as project pages."""
    seen: Counter[str] = Counter()
    labels = []
    for url in urls:
        kind = link_kind(url, url in project_pages)
        seen[kind] += 1
        labels.append(kind if seen[kind] == 1 else f"{kind} {seen[kind]}")
    return labels


def described(url: str, project_page: bool = False) -> str:
    """The address as a paper page shows it, under "Links": after its kind ("code: https://github.com/…",
    "project page: …"), unless the kind is only its host."""
    kind = link_kind(url, project_page)
    host = (urlsplit(url).hostname or "").removeprefix("www.")
    return url if kind == host else f"{kind}: {url}"


def link_identity(url: str) -> str:
    """What an address leads to, for telling two addresses of one place apart from two places:
    its host and path, without the scheme, "www.", a trailing slash or a repository's ".git"; a
    repository's owner and name in lower case (GitHub and GitLab read them so), and on GitHub only
    the repository ("github.com/thu-ml/sageattention" for ".../SageAttention/tree/main"). The
    abstract's "https://github.com/aiha-lab/TANGRAM" and a listing's
    "http://github.com/aiha-lab/tangram.git" are one repository."""
    parts = urlsplit(url.strip())
    host = (parts.hostname or "").removeprefix("www.")
    path = parts.path.rstrip("/")
    if host == "github.com":  # "/owner/name": a branch, folder or file of it is the same repository
        path = "/".join(path.split("/")[:3])
    if host in REPOSITORY_HOSTS:
        path = path.split("/-/")[0].rstrip("/").removesuffix(".git").lower()  # GitLab's "/-/tree/main"
    query = f"?{parts.query}" if parts.query else ""
    return f"{host}{path}{query}"
