"""Screenshots of the built site for the README (docs/assets/screenshots/): desktop (1400×900) and phone.

    .venv/bin/mkdocs build -d site && .venv/bin/python scripts/screenshots.py site docs/assets/screenshots

Serves SITE on 127.0.0.1 and drives Debian's Chromium (Playwright, headless), as the browser
tests do. Pages: the home page, a topic, a paper.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

PAGES = {"home": "", "topic": "topics/serving/", "paper": "papers/fastattention/#facts", "new": "new/"}
VIEWPORTS = {"desktop": {"width": 1400, "height": 900}, "phone": {"width": 390, "height": 844}}


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """A request handler that logs nothing: a line per request buried what the script says."""

    def log_message(self, format: str, *args: object) -> None:
        return


def main(site: Path, out: Path) -> None:
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", headless=True, args=["--no-sandbox", "--disable-gpu"]
        )
        for device, viewport in VIEWPORTS.items():
            page = browser.new_page(viewport=viewport)
            for name, path in PAGES.items():
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                page.screenshot(path=str(out / f"{name}-{device}.png"))
            page.close()
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
