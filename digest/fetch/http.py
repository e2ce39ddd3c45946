"""Downloading an API's answer to a file: the one place the digest talks to the network.

requests with urllib3's `Retry` (both already installed: MkDocs Material needs requests): a
timeout on connecting and on every read, retries with exponential backoff on a refused or
dropped connection, a timeout and the statuses that say "try again" (429, 500, 502, 503, 504),
a server's Retry-After honoured up to `max_wait`, and a User-Agent that names the project.
The body is streamed to a file, at most `max_bytes` of it, and its content type is checked
before a byte is kept. Every way this fails is a FetchError that says what happened.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import requests
from requests.adapters import HTTPAdapter
from urllib3.exceptions import ConnectTimeoutError, MaxRetryError, NewConnectionError, ReadTimeoutError
from urllib3.util.retry import Retry

from ..errors import FetchError
from .plan import Page

RETRY_STATUSES = (429, 500, 502, 503, 504)
_CHUNK = 1 << 16


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "dev"


USER_AGENT = (f"ML-Systems-Paper-Digest/{_version('ml-systems-paper-digest')} (digest fetch; "
              f"python-requests/{_version('requests')})")


@dataclass(frozen=True)
class HttpOptions:
    timeout: float = 30.0  # seconds to connect, and between two reads of the answer
    retries: int = 4  # tries after the first
    backoff: float = 2.0  # waits 0, 4, 8, 16 s between tries (backoff * 2^(n-1), the first at once)
    max_wait: float = 120.0  # the longest Retry-After honoured; a longer one is cut to this
    max_bytes: int = 64 << 20  # an answer larger than this is not an API's page


class Client:
    """One session for a whole fetch: connections reused, every request retried the same way."""

    def __init__(self, options: HttpOptions | None = None):
        self.options = options or HttpOptions()
        retry = Retry(total=self.options.retries, backoff_factor=self.options.backoff, backoff_max=60,
                      status_forcelist=RETRY_STATUSES, allowed_methods=frozenset({"GET"}), raise_on_status=False,
                      respect_retry_after_header=True, retry_after_max=int(self.options.max_wait))
        self.session = requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        adapter = HTTPAdapter(max_retries=retry)
        self.session.mount("http://", adapter)
        self.session.mount("https://", adapter)

    def close(self) -> None:
        self.session.close()

    def get(self, page: Page, target: Path) -> int:
        """The answer to `page` in `target` (the transport `digest fetch` uses)."""
        return self.download(page.url, page.params, target, page.accept)

    def download(self, url: str, params: Mapping[str, str], target: Path, accept: tuple[str, ...]) -> int:
        """GET `url` and write the body to `target`; the number of bytes. `accept`: the content
        types (without parameters) the answer may have."""
        try:
            with self.session.get(url, params=params, timeout=self.options.timeout, stream=True) as response:
                where = response.url
                tries = 1 + len(response.raw.retries.history) if response.raw.retries else 1
                self._check(response, where, tries, accept)
                return self._save(response, where, target)
        except requests.RequestException as error:
            sent = error.request.url if error.request is not None else None
            raise FetchError(f"{sent if isinstance(sent, str) else url}: {self._describe(error)}") from None

    def _check(self, response: requests.Response, where: str, tries: int, accept: tuple[str, ...]) -> None:
        if response.status_code != requests.codes.ok:
            after = f" after {tries} tries" if tries > 1 else ""
            wait = response.headers.get("Retry-After")
            hint = (f"; the server asks to wait {wait} s (Retry-After): try again later" if wait else
                    "; try again later" if response.status_code in RETRY_STATUSES else "")
            raise FetchError(f"{where}: HTTP {response.status_code} {response.reason}{after}{hint}")
        content_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if content_type not in accept:
            stated = content_type or "of no stated type"
            raise FetchError(f"{where}: the answer is {stated}, not {' or '.join(accept)}: not the API's answer "
                             "(an error page, a proxy, or the wrong --endpoint)")

    def _save(self, response: requests.Response, where: str, target: Path) -> int:
        size = 0
        with open(target, "wb") as out:
            for chunk in response.iter_content(_CHUNK):
                size += len(chunk)
                if size > self.options.max_bytes:
                    raise FetchError(f"{where}: the answer is larger than {self.options.max_bytes:,} bytes, far more "
                                     "than an API's page; stopped")
                out.write(chunk)
        return size

    def _describe(self, error: requests.RequestException) -> str:
        """What went wrong, in words: a timeout, a refused connection, a connection cut short."""
        reason = error.args[0] if error.args and isinstance(error.args[0], Exception) else error
        if isinstance(reason, MaxRetryError):
            reason = reason.reason or reason
        timeout = self.options.timeout
        tries = f" ({1 + self.options.retries} tries)" if self.options.retries else ""
        if isinstance(reason, ConnectTimeoutError) or isinstance(error, requests.ConnectTimeout):
            return f"could not connect within {timeout:g} s{tries}"
        if isinstance(reason, ReadTimeoutError) or isinstance(error, requests.ReadTimeout):
            return f"no answer within {timeout:g} s{tries}"
        if isinstance(reason, NewConnectionError):
            return f"cannot connect{tries}: {reason}"
        if isinstance(error, requests.exceptions.ChunkedEncodingError):
            return "the connection broke in the middle of the answer (it was cut off); try again later"
        return str(reason)
