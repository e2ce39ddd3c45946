"""Reading the digest's generated pages in tests: the HTML tables it writes, and a page's sections."""

from __future__ import annotations

import posixpath
import re

from bs4 import BeautifulSoup


def tables(page: str) -> list[tuple[list[str], list[list[str]]]]:
    """Every HTML table of a generated page: (headings, rows of cell texts)."""
    soup = BeautifulSoup(page, "html.parser")
    return [
        (
            [th.get_text() for th in table.select("thead th")],
            [[td.get_text() for td in tr.find_all("td")] for tr in table.select("tbody tr")],
        )
        for table in soup.find_all("table")
    ]


def row_of(page: str, paper_id: str) -> list[str]:
    """The cell texts of the first table row that links to the paper's page."""
    soup = BeautifulSoup(page, "html.parser")
    for tr in soup.select("tbody tr"):
        if tr.find("a", href=re.compile(rf"(^|/)papers/{re.escape(paper_id)}/$")):
            return [td.get_text() for td in tr.find_all("td")]
    raise AssertionError(f"no table row links to {paper_id}")


def section(page: str, heading: str) -> str:
    """The text of a page from its `## heading` to the next heading or collapsed block ("" if none)."""
    found = re.search(rf"^## {re.escape(heading)}\b.*?$(.*?)(?=^## |^<details|\Z)", page, re.M | re.S)
    return found[1] if found else ""


def hrefs(page: str) -> list[str]:
    """Every link target of a page's HTML (its tables)."""
    return [a["href"] for a in BeautifulSoup(page, "html.parser").find_all("a", href=True)]


def linked_page(source: str, href: str, files: dict | None = None) -> str:
    """The generated file an HTML link of the page `source` leads to (directory URLs, as the built
    site serves them): from topics/x.md, "../../papers/y/" -> papers/y.md."""
    stem = source.removesuffix(".md")
    base = "" if stem == "index" else stem.removesuffix("index") if stem.endswith("/index") else stem + "/"
    url = posixpath.normpath(posixpath.join(base, href)) if base or href not in ("", "./") else "."
    if url == ".":
        return "index.md"
    if files is not None and f"{url}.md" not in files and f"{url}/index.md" in files:
        return f"{url}/index.md"
    return f"{url}.md"


def linked_pages(source: str, page: str, files: dict | None = None) -> list[str]:
    """The generated pages the HTML links of the page `source` lead to (external links left out)."""
    return [linked_page(source, href, files) for href in hrefs(page) if "://" not in href]
