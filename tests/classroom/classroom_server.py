"""Helpers of the classroom web tests: the app served by uvicorn in a thread, page clients with timeouts."""
from __future__ import annotations

import contextlib
import json
import threading
import time
from typing import Any, Callable, Iterator

from ccg.classroom.server import listen
from ccg.classroom.web import create_app

WAIT = 60.0  # seconds a test waits for a message before it fails (never a pass/fail timing)


@contextlib.contextmanager
def served(store: Any, runner: Any = None, poll: float = 0.05, **kwargs: Any) -> Iterator[str]:
    """``create_app(store, …)`` served on a free loopback port in this process; yields its base URL."""
    import uvicorn

    sock = listen("127.0.0.1", 0)
    base = f"http://127.0.0.1:{sock.getsockname()[1]}"
    app = create_app(store, runner=runner, poll=poll, base_url=base, **kwargs)
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.time() + WAIT
    while not server.started:
        if time.time() > deadline or not thread.is_alive():
            raise RuntimeError("the classroom app did not start")
        time.sleep(0.02)
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(15)
        sock.close()


class Page:
    """A page's websocket, as the page's script speaks it; every message it got is kept in ``seen``."""

    def __init__(self, base: str, path: str = "/ws/student", cookie: str | None = None, origin: str | None = None):
        from websockets.sync.client import connect

        headers = {}
        if cookie:
            headers["Cookie"] = cookie
        self.ws = connect(base.replace("http", "ws") + path, additional_headers=headers, origin=origin,
                          open_timeout=WAIT).__enter__()
        self.seen: list[dict] = []

    def send(self, **msg: Any) -> None:
        self.ws.send(json.dumps(msg))

    def until(self, test: Callable[[dict], bool], wait: float = WAIT) -> dict:
        """The next message passing ``test`` (AssertionError after ``wait`` seconds without one)."""
        deadline = time.time() + wait
        while True:
            left = deadline - time.time()
            if left <= 0:
                raise AssertionError(f"no such message; last ones: {[m.get('type') for m in self.seen[-8:]]}")
            try:
                raw = self.ws.recv(timeout=left)
            except TimeoutError:
                continue
            msg = json.loads(raw)
            self.seen.append(msg)
            if test(msg):
                return msg

    def kind(self, kind: str, wait: float = WAIT) -> dict:
        return self.until(lambda m: m.get("type") == kind, wait)

    def page(self, version: int | None = None, wait: float = WAIT) -> dict:
        """The next page message (at ``version`` or later)."""
        return self.until(lambda m: m.get("type") == "page" and (version is None or m["version"] >= version), wait)

    def join(self, code: str, name: str | None = None) -> dict:
        self.send(type="join", code=code, name=name)
        return self.page()

    def close(self) -> None:
        self.ws.close()

    def __enter__(self) -> "Page":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def teacher_cookie(base: str, key: str) -> str:
    """Exchange the teacher's key for the dashboard cookie, as the browser does; returns ``name=value``."""
    import httpx

    r = httpx.get(f"{base}/teacher", params={"key": key}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/teacher"
    return r.headers["set-cookie"].split(";", 1)[0]
