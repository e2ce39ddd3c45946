"""Downloading an API's answer to a file: the one place the digest talks to the network.

requests for the connection (already installed: MkDocs Material needs it), with the tries
counted here rather than by urllib3's Retry, so that each wait is shown and one budget bounds
them all. What bounds a fetch, so that none runs for ever:

- a timeout on connecting and on every read (`timeout`), and one deadline for a whole answer
  (`deadline`): a server that drips a byte a second never times out a read (checked between
  reads of the body, and by SIGALRM for the status line and headers);
- retries with exponential backoff after a refused or dropped connection, a timeout and the
  statuses that say "try again" (429, 500, 502, 503, 504), and one at once after a server name
  that does not resolve (offline, or a mistyped address, which more tries would not cure); a
  server's Retry-After (seconds or a date) is honoured up to `max_wait`, an unreadable one is
  ignored;
- one budget of waiting for the whole fetch (`budget`): a storm of 429s with long Retry-After
  values stops with a message instead of sleeping for minutes, and every wait is shown;
- at most `max_bytes` of body, streamed to a file, its content type checked first;
- redirects followed only within the same scheme, host and port (a mirror's own paths).

A User-Agent names the project. Every way this fails is a FetchError that says, in words, what
happened (never an exception's repr).
"""

from __future__ import annotations

import datetime as dt
import errno
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import requests
from requests.adapters import HTTPAdapter
from urllib3.exceptions import (
    ConnectTimeoutError,
    HTTPError,
    MaxRetryError,
    NameResolutionError,
    NewConnectionError,
    ProtocolError,
    ReadTimeoutError,
    SSLError,
)

from ..errors import FetchError
from .plan import Page

RETRY_STATUSES = (429, 500, 502, 503, 504)
_UNRESOLVED = ": no network here, or a wrong --endpoint; try again when online"
BACKOFF_MAX = 60.0  # the longest wait between two tries without a Retry-After
_ALARM_GRACE = 2.0  # the alarm comes after the deadline, so a dripping body is stopped by `_save`, which says more
_CHUNK = 1 << 16

Progress = Callable[[str, bool], None]


def _version(package: str) -> str:
    try:
        return version(package)
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "dev"


USER_AGENT = (
    f"ML-Systems-Paper-Digest/{_version('ml-systems-paper-digest')} (digest fetch; "
    f"python-requests/{_version('requests')})"
)


@dataclass(frozen=True)
class HttpOptions:
    timeout: float = 30.0  # seconds to connect, and between two reads of the answer
    deadline: float = 300.0  # seconds for one whole answer, from the request to its last byte
    retries: int = 4  # tries after the first
    backoff: float = 2.0  # waits 0, 4, 8, 16 s between tries (backoff * 2^(n-1), the first at once)
    max_wait: float = 120.0  # the longest Retry-After honoured; a longer one is cut to this
    budget: float = 300.0  # seconds one fetch may wait between tries, over all its requests
    max_bytes: int = 64 << 20  # an answer larger than this is not an API's page
    max_redirects: int = 5


class _TryAgainError(Exception):
    """A failure that another try may cure: where, what, how long the server asks to wait, and the
    most tries worth making (None: as many as the options allow)."""

    def __init__(
        self, where: str, message: str, retry_after: float | None = None, hint: str = "", most: int | None = None
    ):
        super().__init__(message)
        self.where, self.message, self.retry_after, self.hint, self.most = where, message, retry_after, hint, most


class Client:
    """One session for a whole fetch: connections reused, every request tried the same way, one
    budget of waiting for all of them."""

    def __init__(
        self,
        options: HttpOptions | None = None,
        *,
        progress: Progress | None = None,
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.options = options or HttpOptions()
        self.progress = progress or (lambda message, milestone: None)
        self.sleep, self.clock = sleep, clock
        self.waited = 0.0  # seconds waited between tries so far, against options.budget
        self.session = requests.Session()
        self.session.headers["User-Agent"] = USER_AGENT
        adapter = HTTPAdapter(max_retries=0)  # tries are made and shown by `download`
        self.session.mount("http://", adapter)
        self.session.mount("https://", adapter)

    def close(self) -> None:
        self.session.close()

    def get(self, page: Page, target: Path) -> int:
        """The answer to `page` in `target` (the transport `digest fetch` uses)."""
        return self.download(page.url, page.params, target, page.accept, label=page.label)

    def download(
        self, url: str, params: Mapping[str, str], target: Path, accept: tuple[str, ...], *, label: str = ""
    ) -> int:
        """GET `url` and write the body to `target`; the number of bytes. `accept`: the content
        types (without parameters) the answer may have. `label`: what is fetched ("2025-01-23"),
        which names it in the line shown before each new try."""
        tries = 1 + self.options.retries
        for attempt in range(1, tries + 1):
            try:
                return self._once(url, params, target, accept)
            except _TryAgainError as failed:
                after = f" after {attempt} tries" if attempt > 1 else ""
                worth = min(tries, failed.most or tries)
                if attempt >= worth:
                    raise FetchError(
                        f"{failed.where}: {failed.message}{after}{failed.hint or '; try again later'}"
                    ) from None
                wait = self._wait(failed.retry_after, attempt)
                if self.waited + wait > self.options.budget:
                    raise FetchError(
                        f"{failed.where}: {failed.message}{after}; this fetch has waited "
                        f"{self.waited:g} s between tries, and {wait:g} s more would pass its "
                        f"{self.options.budget:g} s budget: try again later"
                    ) from None
                why = "as the server asks (Retry-After)" if failed.retry_after is not None else "backing off"
                self.progress(
                    f"{label or _short(failed.where)}: {failed.message}; try {attempt + 1} of {worth} in {wait:g} s "
                    f"({why})",
                    True,
                )
                self.sleep(wait)
                self.waited += wait
        raise AssertionError("unreachable: the last try returns or raises")

    def _wait(self, retry_after: float | None, attempt: int) -> float:
        """Seconds before the try after `attempt`: the server's Retry-After up to max_wait, else
        the backoff (0 after the first failure, then backoff * 2^(n-1), at most BACKOFF_MAX)."""
        if retry_after is not None:
            return min(retry_after, self.options.max_wait)
        return 0.0 if attempt == 1 else min(self.options.backoff * 2 ** (attempt - 1), BACKOFF_MAX)

    def _once(self, url: str, params: Mapping[str, str] | None, target: Path, accept: tuple[str, ...]) -> int:
        deadline = self.options.deadline
        try:
            with _alarm(deadline + _ALARM_GRACE):
                return self._request(url, params, target, accept)
        except _DeadlinePassedError:
            raise FetchError(
                f"{url}: no whole answer within {deadline:g} s (the server sends too slowly, or its "
                "headers never end); stopped, try again later"
            ) from None

    def _request(self, url: str, params: Mapping[str, str] | None, target: Path, accept: tuple[str, ...]) -> int:
        started = self.clock()
        for _ in range(self.options.max_redirects + 1):
            try:
                response = self.session.get(
                    url, params=params, timeout=self.options.timeout, stream=True, allow_redirects=False
                )
            except requests.RequestException as error:
                sent = error.request.url if error.request is not None else None
                where = sent if isinstance(sent, str) else url
                message, again = self._describe(error)
                if isinstance(_cause(error), NameResolutionError):
                    # Offline, or a mistyped --endpoint: a second try at once covers a resolver's
                    # blip, and four more over 28 s of backoff would cure neither.
                    raise _TryAgainError(where, message, hint=_UNRESOLVED, most=2) from None
                if again:
                    raise _TryAgainError(where, message) from None
                raise FetchError(f"{where}: {message}") from None
            with response:
                where = response.url
                if response.is_redirect:
                    url, params = self._redirect(response), None
                    continue
                self._check(response, where, accept)
                return self._save(response, where, target, started)
        raise FetchError(f"{url}: more than {self.options.max_redirects} redirects; not the API's address")

    def _redirect(self, response: requests.Response) -> str:
        location = urljoin(response.url, response.headers.get("Location", ""))
        here, there = urlsplit(response.url), urlsplit(location)
        if (here.scheme, here.hostname, here.port) != (there.scheme, there.hostname, there.port):
            raise FetchError(
                f"{response.url}: redirected to {there.scheme}://{there.netloc}, another server or "
                "port: not followed; if the API moved there, give its address with --endpoint"
            )
        return location

    def _check(self, response: requests.Response, where: str, accept: tuple[str, ...]) -> None:
        if response.status_code in RETRY_STATUSES:
            wait = retry_after(response.headers.get("Retry-After"), dt.datetime.now(dt.UTC))
            hint = "" if wait is None else f"; the server asks to wait {wait:g} s (Retry-After): try again later"
            raise _TryAgainError(where, f"HTTP {response.status_code} {response.reason}", wait, hint)
        if response.status_code != requests.codes.ok:
            raise FetchError(f"{where}: HTTP {response.status_code} {response.reason}")
        content_type = response.headers.get("Content-Type", "").split(";")[0].strip().lower()
        if content_type not in accept:
            stated = content_type or "of no stated type"
            raise FetchError(
                f"{where}: the answer is {stated}, not {' or '.join(accept)}: not the API's answer "
                "(an error page, a proxy, or the wrong --endpoint)"
            )

    def _save(self, response: requests.Response, where: str, target: Path, started: float) -> int:
        """Stream the body to `target`, chunk by chunk as it arrives (read1 returns what has come,
        so the deadline is checked however slowly the bytes drip)."""
        size, options = 0, self.options
        try:
            with open(target, "wb") as out:
                while chunk := response.raw.read1(_CHUNK, decode_content=True):
                    size += len(chunk)
                    if size > options.max_bytes:
                        raise FetchError(
                            f"{where}: the answer is larger than {options.max_bytes:,} bytes, far "
                            "more than an API's page; stopped"
                        )
                    if self.clock() - started > options.deadline:
                        raise FetchError(
                            f"{where}: the answer took more than {options.deadline:g} s to arrive "
                            f"({size:,} bytes so far): the server is too slow; stopped, try again later"
                        )
                    out.write(chunk)
        except ReadTimeoutError:
            raise _TryAgainError(where, f"the answer stopped for {options.timeout:g} s") from None
        except (ProtocolError, OSError) as error:
            if isinstance(error, OSError) and error.filename is not None:
                raise  # the scratch file, not the network: the command reports the disk
            raise _TryAgainError(where, "the connection broke in the middle of the answer (it was cut off)") from None
        return size

    def _describe(self, error: requests.RequestException) -> tuple[str, bool]:
        """What went wrong, in words, and whether another try may cure it."""
        reason = _cause(error)
        timeout = self.options.timeout
        sent = error.request.url if error.request is not None else None
        host = urlsplit(sent).netloc if isinstance(sent, str) else "the server"
        if isinstance(reason, NewConnectionError) and not isinstance(reason, NameResolutionError):
            return _connect_failure(reason, host), True  # (a subclass of ConnectTimeoutError: asked first)
        cases = [  # the first that holds says it
            (
                isinstance(reason, NameResolutionError),
                f"cannot find the server {host} (its name does not resolve)",
                True,
            ),
            (
                isinstance(reason, ConnectTimeoutError) or isinstance(error, requests.ConnectTimeout),
                f"could not connect within {timeout:g} s",
                True,
            ),
            (
                isinstance(reason, ReadTimeoutError) or isinstance(error, requests.ReadTimeout),
                f"no answer within {timeout:g} s",
                True,
            ),
            (
                isinstance(reason, SSLError) or isinstance(error, requests.exceptions.SSLError),
                "the secure connection failed (TLS): the server's certificate or protocol was refused",
                False,
            ),
            (
                isinstance(error, requests.exceptions.ChunkedEncodingError),
                "the connection broke in the middle of the answer (it was cut off)",
                True,
            ),
            (
                isinstance(reason, ProtocolError | ConnectionError) or "RemoteDisconnected" in type(reason).__name__,
                "the server closed the connection without answering",
                True,
            ),
            (
                isinstance(
                    error,
                    requests.exceptions.InvalidURL
                    | requests.exceptions.MissingSchema
                    | requests.exceptions.InvalidSchema,
                ),
                "not a web address the fetch can ask (http:// or https://, then a host)",
                False,
            ),
            (
                isinstance(reason, HTTPError | OSError) or isinstance(error, requests.ConnectionError),
                "the connection failed",
                True,
            ),
        ]
        return next(((message, again) for holds, message, again in cases if holds), ("the request failed", False))


def _short(url: str) -> str:
    """An address as a line shown before each try names it: its host and path. The query (a
    title of a hundred characters, escaped) is the same at every try, and the error after the
    last names the whole address."""
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path}" if parts.netloc else url


def _cause(error: BaseException) -> BaseException:
    """The innermost cause of a requests error: requests wraps urllib3's MaxRetryError, which
    wraps what happened."""
    reason = error
    while True:
        inner = reason.args[0] if reason.args and isinstance(reason.args[0], BaseException) else None
        if isinstance(reason, MaxRetryError) and reason.reason is not None:
            inner = reason.reason
        if inner is None or inner is reason:
            return reason
        reason = inner


def _connect_failure(reason: NewConnectionError, host: str) -> str:
    cause = reason.__cause__ or reason.__context__
    if isinstance(cause, ConnectionRefusedError) or getattr(cause, "errno", None) == errno.ECONNREFUSED:
        return f"the connection was refused: nothing answers at {host}"
    strerror = getattr(cause, "strerror", None)
    return f"cannot connect to {host}" + (f" ({strerror})" if strerror else "")


class _DeadlinePassedError(BaseException):
    """Raised by SIGALRM inside a blocking read; a BaseException, so no library's `except
    Exception` swallows it on its way out."""


@contextmanager
def _alarm(seconds: float) -> Iterator[None]:
    """A hard deadline for what the block does, where the checks between reads cannot reach: a
    server that drips the status line or headers a byte at a time, each within the read timeout.
    Only the main thread receives signals, and only an unused SIGALRM is taken; elsewhere the
    checks in `_save` are the deadline."""
    usable = threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGALRM) in (
        signal.SIG_DFL,
        None,
    )
    if not usable:
        yield
        return

    def expire(_number: int, _frame: object) -> None:
        raise _DeadlinePassedError

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def retry_after(value: str | None, now: dt.datetime) -> float | None:
    """Seconds a Retry-After header asks to wait: a whole number, or an HTTP date (RFC 9110);
    None when there is none or it is neither (never shown: it is the server's text)."""
    if value is None:
        return None
    value = value.strip()
    if value.isascii() and value.isdigit():
        return float(value) if len(value) < 10 else None
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when.tzinfo is None:
        return None
    return max(0.0, (when - now).total_seconds())
