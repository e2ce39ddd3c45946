"""A local HTTP server on 127.0.0.1 that plays recorded API answers, for the fetch tests.

Each path has a script: the answers to give, in order, the last one repeated. An answer is a
status, headers and a body, and may stall before answering (a timeout) or cut its body short
(a connection that breaks). Every request is logged with its query and headers, so a test can
see what was asked, how often, and with which User-Agent.
"""

from __future__ import annotations

import http.server
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import parse_qs, urlsplit


@dataclass
class Answer:
    body: bytes = b""
    status: int = 200
    content_type: str | None = "application/json; charset=utf-8"
    headers: dict[str, str] = field(default_factory=dict)
    stall: float = 0.0  # seconds to wait before answering
    send: int | None = None  # send only this many bytes of the body, then close (Content-Length stays whole)
    drip: float = 0.0  # seconds between two bytes of the body: a server that never stops, slowly
    hang_up: bool = False  # close the connection without a word


@dataclass
class Request:
    path: str
    query: dict[str, str]
    headers: dict[str, str]
    at: float


class _Handler(http.server.BaseHTTPRequestHandler):
    server: RecordedServer._Server  # type: ignore[name-defined]

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        self.server.owner.requests.append(
            Request(
                parts.path,
                {k: v[-1] for k, v in parse_qs(parts.query).items()},
                dict(self.headers.items()),
                time.monotonic(),
            )
        )
        answer = self.server.owner.next_answer(parts.path)
        if answer.stall:
            time.sleep(answer.stall)
        if answer.hang_up:
            self.close_connection = True
            return
        self.send_response(answer.status)
        if answer.content_type:
            self.send_header("Content-Type", answer.content_type)
        self.send_header("Content-Length", str(len(answer.body)))
        for name, value in answer.headers.items():
            self.send_header(name, value)
        self.end_headers()
        try:
            body = answer.body[: answer.send] if answer.send is not None else answer.body
            for start in range(0, len(body), 1 if answer.drip else len(body) or 1):
                self.wfile.write(body[start : start + 1] if answer.drip else body)
                self.wfile.flush()
                time.sleep(answer.drip)
        except (BrokenPipeError, ConnectionResetError):  # the client gave up (a timeout): fine
            pass
        if answer.send is not None:
            self.close_connection = True

    def log_message(self, format, *args):
        pass


class RecordedServer:
    """`with RecordedServer({"/api/daily_papers": [Answer(...)]}) as server: server.url("/api/daily_papers")`"""

    class _Server(http.server.ThreadingHTTPServer):
        daemon_threads = True
        owner: RecordedServer

    def __init__(self, scripts: dict[str, list[Answer]]):
        self.scripts = {path: list(answers) for path, answers in scripts.items()}
        self.requests: list[Request] = []
        self._lock = threading.Lock()
        self._server = self._Server(("127.0.0.1", 0), _Handler)
        self._server.owner = self
        self.base = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def url(self, path: str) -> str:
        return self.base + path

    def next_answer(self, path: str) -> Answer:
        with self._lock:
            script = self.scripts.get(path)
            if not script:
                return Answer(b"not found", 404, "text/plain")
            return script.pop(0) if len(script) > 1 else script[0]

    def __enter__(self) -> RecordedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=10)
