"""Helpers for tests/test_browser.py: a local static server, Chromium through Playwright, and
small readers for the site's pages (headings, link sections, comparison tables, search)."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

CHROMIUM = Path("/usr/bin/chromium")
# Without the background-networking flags Chromium phones Google (and this machine refuses).
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
VIEWPORT = {"width": 1280, "height": 900}  # desktop: the search box and the sidebar are on screen
EMPTY_CELL = "–"
CONTENT = ".md-content article"  # the page itself; search results are <article>s too


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


class SiteServer:
    """A threaded static server on 127.0.0.1 and an ephemeral port. The port is bound at once,
    so a site can be built for its own URL (`base`) before `start()` serves it."""

    def __init__(self, folder: Path):
        self.folder = Path(folder)
        self._server = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(self.folder))
        )
        self._server.daemon_threads = True
        self.port = self._server.server_address[1]
        self.base = f"http://127.0.0.1:{self.port}/"
        self._thread: threading.Thread | None = None

    def start(self) -> SiteServer:
        self._thread = threading.Thread(target=self._server.serve_forever, name=f"site-{self.port}", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join(timeout=10)
        self._server.server_close()

    def __enter__(self) -> SiteServer:
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


@dataclass
class Tab:
    """A page plus everything it did that a test may want to refuse: requests, console errors,
    uncaught exceptions, failed responses and dialogs (alert/confirm/prompt)."""

    page: object
    base: str
    requests: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    failed_responses: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)

    def attach(self, context) -> Tab:
        context.on("request", lambda request: self.requests.append(request.url))
        context.on(
            "response",
            lambda response: (
                response.status >= 400 and self.failed_responses.append(f"{response.status} {response.url}")
            ),
        )
        self.page.on(
            "console",
            lambda message: (
                message.type == "error" and self.console_errors.append(f"{message.text} @ {message.location}")
            ),
        )
        self.page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        self.page.on("dialog", self._on_dialog)
        return self

    def _on_dialog(self, dialog) -> None:
        self.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    def url(self, path: str = "") -> str:
        return self.base + path.lstrip("/")

    def goto(self, path: str = ""):
        response = self.page.goto(self.url(path))
        assert response is not None and response.status == 200, (path, response and response.status)
        return response

    def outside_requests(self) -> list[str]:
        return [
            url
            for url in self.requests
            if not url.startswith(self.base) and urlsplit(url).scheme not in ("data", "blob")
        ]

    def assert_clean(self) -> None:
        """Nothing left 127.0.0.1:<port>, nothing failed, nothing logged an error, no dialog."""
        assert self.requests, "the page made no request at all"
        assert self.outside_requests() == [], f"requests left {self.base}: {self.outside_requests()}"
        assert self.failed_responses == [], f"failed responses: {self.failed_responses}"
        assert self.console_errors == [], f"console errors: {self.console_errors}"
        assert self.page_errors == [], f"uncaught exceptions: {self.page_errors}"
        assert self.dialogs == [], f"dialogs opened: {self.dialogs}"


# ---------------------------------------------------------------------------------- page readers
HEADING_JS = f"""() => {{
    const h = document.querySelector('{CONTENT} h1');
    return h ? Array.from(h.childNodes).filter(n => !(n.classList && n.classList.contains('headerlink')))
                 .map(n => n.textContent).join('').trim() : null;
}}"""


def heading(page) -> str | None:
    """The page's h1 as a reader sees it, without the permalink mark."""
    return page.evaluate(HEADING_JS)


def wait_for_page(page, path: str, title: str, timeout: float = 10_000) -> None:
    """Wait until the page at `path` shows `title` as its h1. With instant navigation the address
    changes first and the content a moment later, so waiting for the URL alone is not enough."""
    try:
        page.wait_for_function(
            f"([path, title]) => location.pathname === path && ({HEADING_JS})() === title",
            arg=[path, title],
            timeout=timeout,
        )
    except Exception as error:
        raise AssertionError(f"expected {path} titled {title!r}, got {page.url} titled {heading(page)!r}") from error


def path_of(url: str) -> str:
    return urlsplit(url).path


def section_links(page, section_id: str) -> list[tuple[str, str]]:
    """(absolute href, text) of every link between the h2#section_id and the next h2."""
    return [
        tuple(pair)
        for pair in page.evaluate(
            """([id, content]) => {
             const links = [];
             const start = document.querySelector(`${content} h2#${id}`);
             if (!start) return null;
             for (let node = start.nextElementSibling; node && node.tagName !== 'H2'; node = node.nextElementSibling)
               node.querySelectorAll('a[href]:not(.headerlink)').forEach(a => links.push([a.href, a.textContent.trim()]));
             return links;
           }""",
            [section_id, CONTENT],
        )
        or []
    ]


# ---------------------------------------------------------------------------------- tables
def table(page):
    return page.locator(".digest-table").first


def header(page, label: str):
    return table(page).locator("thead th").filter(has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))


def column(page, label: str) -> list[str]:
    """The cell texts of one column, top to bottom, as currently ordered in the DOM; a topic table's
    Paper cell without the line under the name that names the paper's other topics ("also in: ...")."""
    labels = [text.strip() for text in table(page).locator("thead th").all_inner_texts()]
    index = labels.index(label)
    return table(page).evaluate(
        """(container, index) => Array.from(container.querySelector('table').tBodies[0].rows)
             .map(row => {
                 const cell = row.cells[index].cloneNode(true);
                 cell.querySelectorAll('.digest-also').forEach(line => line.remove());
                 return cell.textContent.trim();
             })""",
        index,
    )


def keyed_column(page, label: str) -> list[tuple[str, str | None, str | None]]:
    """(text, data-group, data-sort) of one column's cells, top to bottom, as currently ordered."""
    labels = [text.strip() for text in table(page).locator("thead th").all_inner_texts()]
    return [
        tuple(cell)
        for cell in table(page).evaluate(
            """(container, index) => Array.from(container.querySelector('table').tBodies[0].rows)
             .map(row => row.cells[index])
             .map(cell => [cell.textContent.trim(), cell.getAttribute('data-group'), cell.getAttribute('data-sort')])""",
            labels.index(label),
        )
    ]


# A row's content as the filter reads it: its cells' text, a space between cells, less the labels of
# the links that leave the site (PDF, HF, code: navigation, on every row) but the arXiv id.
ROW_CONTENT_JS = """row => Array.from(row.cells).map(cell => {
    const clone = cell.cloneNode(true);
    clone.querySelectorAll('a[href]').forEach(a => {
        if (a.hostname !== location.hostname && !/^\\s*\\d{4}\\.\\d{4,5}(?:v\\d+)?\\s*$/.test(a.textContent)) a.remove();
    });
    return clone.textContent;
}).join(' ')"""


def row_states(page) -> list[tuple[str, bool]]:
    """(what the filter searches, shown on screen) of every body row, hidden ones included: its
    content (ROW_CONTENT_JS) and its data-filter (the paper's title, tags and hardware
    architectures, not shown)."""
    return [
        tuple(pair)
        for pair in table(page).evaluate(
            f"""container => Array.from(container.querySelector('table').tBodies[0].rows)
             .map(row => [(({ROW_CONTENT_JS})(row) + ' ' + (row.getAttribute('data-filter') || '')).toLowerCase(),
                          row.getClientRects().length > 0])"""
        )
    ]


def shown_texts(page) -> list[str]:
    """The visible text of each row shown on screen, in order, lower case."""
    return table(page).evaluate(
        """container => Array.from(container.querySelector('table').tBodies[0].rows)
             .filter(row => row.getClientRects().length > 0).map(row => row.textContent.toLowerCase())"""
    )


def rows(page):
    return table(page).locator("tbody tr")


def visible_rows(page):
    return rows(page).filter(visible=True)


def sort_by(page, label: str) -> str:
    """Click a column heading; returns its aria-sort afterwards (ascending/descending)."""
    heading_cell = header(page, label)
    heading_cell.click()
    return heading_cell.get_attribute("aria-sort")


def text_key(text: str) -> str:
    return text.casefold()


def assert_sorted(cells: list[str], *, descending: bool) -> None:
    """Text in order ignoring case; empty cells ('–') last whichever the direction."""
    filled = [cell for cell in cells if cell not in ("", EMPTY_CELL)]
    assert cells[: len(filled)] == filled, f"empty cells are not last: {cells}"
    assert filled == sorted(filled, key=text_key, reverse=descending), cells


# ---------------------------------------------------------------------------------- search
def search(page, query: str) -> None:
    """Type into Material's search box, key by key as a reader would."""
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query)


def search_results(page) -> list[tuple[str, str]]:
    """(title, path) of each search result, best first, as rendered now."""
    return [
        tuple(pair)
        for pair in page.evaluate(
            """() => Array.from(document.querySelectorAll('.md-search-result__item > a.md-search-result__link'))
             .map(a => [(a.querySelector('h1, h2') || a).textContent.trim(), new URL(a.href).pathname])"""
        )
    ]


def wait_for_result(page, path: str, *, within: int, timeout: float = 10_000):
    """Wait until a result for page `path` is among the first `within` results (results follow
    the typing, so the last query's may take a moment); returns that result's link."""
    try:
        page.wait_for_function(
            """([path, within]) => Array.from(document.querySelectorAll('.md-search-result__item > a.md-search-result__link'))
                 .slice(0, within).some(a => new URL(a.href).pathname === path)""",
            arg=[path, within],
            timeout=timeout,
        )
    except Exception as error:  # a readable failure: what the reader saw instead
        raise AssertionError(
            f"{path} not in the first {within} results: {search_results(page)[: within + 5]}"
        ) from error
    origin = "{0.scheme}://{0.netloc}".format(urlsplit(page.url))
    return page.locator(f".md-search-result__item > a.md-search-result__link[href^='{origin}{path}']").first


# Counts the queries the page sends to Material's search worker and the answers it gets back
# (SearchMessageType QUERY = 2, RESULT = 3), so a test waits for the answer to the last query
# typed rather than for a guessed time. Installed before the page's own scripts run.
WATCH_SEARCH_WORKER_JS = """(() => {
  const watch = window.__searchWorker = {sent: 0, answered: 0, last: null};
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", event => { if (event.data && event.data.type === 3) watch.answered++; });
    }
    postMessage(message, ...rest) {
      if (message && message.type === 2) { watch.sent++; watch.last = message.data; }
      return super.postMessage(message, ...rest);
    }
  };
})();"""


def search_and_wait(page, query: str, timeout: float = 10_000) -> None:
    """Clear the search box, type `query` key by key, and wait until the worker has answered
    it: the results on screen are then the ones for the whole query (they render as the answer
    arrives, and the condition is checked on a later frame). Needs WATCH_SEARCH_WORKER_JS."""
    box = page.locator("input.md-search__input")
    box.click()
    box.fill("")
    box.press_sequentially(query)
    # a character with no key on the keyboard ("é", "“") is typed without key events, and the box
    # reads its value on keyup: send the keyup a real keyboard would
    box.dispatch_event("keyup")
    page.wait_for_function(
        """query => { const w = window.__searchWorker;
             return w.last === query && w.answered === w.sent; }""",
        arg=query,
        timeout=timeout,
    )


def result_pages(page, limit: int) -> list[str]:
    """The page of each of the first `limit` results, best first, as a path below the site
    root without its leading '/': each result's first link is its page (the article)."""
    return page.evaluate(
        """limit => Array.from(document.querySelectorAll('.md-search-result__item'))
             .slice(0, limit)
             .map(item => new URL(item.querySelector('a.md-search-result__link').href).pathname.slice(1))""",
        limit,
    )
