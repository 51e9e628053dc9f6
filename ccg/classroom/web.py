"""The classroom web application (Starlette, ASGI): students' pages, the teacher's dashboard, their websockets.

Why Starlette + uvicorn: one small, well-kept asynchronous stack in one process holds a class's
hundred websockets cheaply; the engine runs in the same process (worker threads), so a page costs
a socket and a few kilobytes instead of a Jupyter kernel of 150 MB, and a browser can send only
the few JSON messages below — never code, never a widget protocol.

Routes:

- ``/`` the student's page (static HTML + ``/static/…`` script and plotly.js from the installed
  ``plotly`` package: no outside origin); ``/ws/student`` its websocket: ``{"type": "join", "code",
  "name"}``, ``{"type": "play", "action", "seen"}``;
- ``/teacher`` the dashboard: ``/teacher?key=…`` (the link ``serve`` prints) sets an HttpOnly,
  SameSite=Strict cookie and redirects to ``/teacher``, so the key leaves the address bar;
  ``/ws/teacher`` its websocket (cookie and same origin checked); ``/teacher/print/…`` the lesson's
  printable pages.

Every response carries a Content-Security-Policy naming no outside origin and ``Referrer-Policy:
no-referrer``. Errors are logged on the server; a browser only ever reads our own one-line messages.
"""
from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import hmac
import json
import logging
import threading
import time
from collections import deque
from pathlib import Path
from typing import Any
from urllib.parse import quote

import anyio.to_thread
import plotly
from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.types import ASGIApp, Message, Receive, Scope
from starlette.websockets import WebSocket, WebSocketDisconnect

from ..i18n import _, lang, normalize
from . import printables
from .hub import RECONNECTING, Client, Hub, said, status_message
from .pages import COOKIE as LANG_COOKIE
from .pages import page_language, render
from .store import StoreError, TableStore
from .teacher import carry_out

__all__ = ["CSP", "JoinLimiter", "create_app", "teacher_token"]

log = logging.getLogger("ccg.classroom.web")

STATIC = Path(__file__).with_name("static")
COOKIE = "ccg_teacher"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; "
       "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; "
       "form-action 'self'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"referrer-policy", b"no-referrer"),
           (b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY")]
NO_STORE = (b"cache-control", b"no-store")                  # pages: never kept (the dashboard's least of all)
CACHED = (b"cache-control", b"public, max-age=3600")        # scripts: a class's 30 devices load them once
MAX_MESSAGE = 4096       # bytes: the longest message a page ever sends is a table form
JOIN_TRIES = 10          # failed join attempts per client address …
JOIN_WINDOW = 60.0       # … within this many seconds; then it waits


def plotly_js() -> Path:
    """plotly.js as shipped inside the installed ``plotly`` package (no CDN)."""
    return Path(plotly.__file__).parent / "package_data" / "plotly.min.js"


_GZIP_LOCK = threading.Lock()


def plotly_js_gzip() -> bytes:
    """plotly.js compressed once per process (4.8 MB -> about 1.4 MB on the class network); a class
    arriving at once waits for the one compression instead of each doing its own."""
    with _GZIP_LOCK:
        return _plotly_js_gzip()


@functools.lru_cache(maxsize=1)
def _plotly_js_gzip() -> bytes:
    return gzip.compress(plotly_js().read_bytes(), compresslevel=6)


def teacher_token(key: str) -> str:
    """The dashboard cookie's value: derived from the teacher's key, so the key itself never rides in a cookie."""
    return hmac.new(key.encode(), b"ccg classroom teacher session", hashlib.sha256).hexdigest()


class JoinLimiter:
    """At most ``tries`` failed join attempts per client address in ``window`` seconds (a sliding window)."""

    def __init__(self, tries: int = JOIN_TRIES, window: float = JOIN_WINDOW) -> None:
        self.tries, self.window = tries, window
        self.failed: dict[str, deque[float]] = {}

    def wait(self, who: str, now: float | None = None) -> float:
        """Seconds ``who`` must wait before the next attempt (0: go ahead)."""
        now = time.monotonic() if now is None else now
        seen = self.failed.get(who)
        if not seen:
            return 0.0
        while seen and now - seen[0] > self.window:
            seen.popleft()
        if len(seen) < self.tries:
            return 0.0
        return self.window - (now - seen[0])

    def failure(self, who: str, now: float | None = None) -> None:
        if len(self.failed) > 10_000:
            self.failed.clear()
        self.failed.setdefault(who, deque()).append(time.monotonic() if now is None else now)


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response; no traceback ever leaves (500 in words)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                extra = [*HEADERS, CACHED if scope["path"].startswith("/static/") else NO_STORE]
                names = {h[0].lower() for h in extra}
                message["headers"] = [h for h in message.get("headers", []) if h[0].lower() not in names] + extra
            await send(message)

        try:
            await self.app(scope, receive, with_headers)
        except Exception:
            log.exception("classroom: error answering %s", scope.get("path"))
            if not started:
                await PlainTextResponse("Something went wrong on the server; try again.", 500)(scope, receive,
                                                                                                with_headers)


def _page(name: str, request: Request, default: str | None) -> HTMLResponse:
    """A page in the reader's language; a language chosen with the switch is remembered in a cookie."""
    code = page_language(request, default)
    response = HTMLResponse(render(name, code, chosen=_chosen(request)))
    if request.query_params.get("lang") and _chosen(request):
        response.set_cookie(LANG_COOKIE, code, max_age=365 * 24 * 3600, samesite="lax", path="/")
    return response


def _chosen(conn: HTTPConnection) -> bool:
    """True if this device chose its language (the switch now, or a cookie from before)."""
    for value in (conn.query_params.get("lang"), conn.cookies.get(LANG_COOKIE)):
        try:
            if value:
                normalize(value)
                return True
        except ValueError:
            pass
    return False


def _connection_language(ws: WebSocket, default: str | None) -> str:
    """A websocket's language: the one its page was drawn in (``?page_lang=``), else as for a page."""
    try:
        return normalize(ws.query_params.get("page_lang") or "")
    except ValueError:
        return page_language(ws, default)


def create_app(store: TableStore, runner: Any = None, poll: float = 0.1, base_url: str = "",
               limiter: JoinLimiter | None = None, language: str | None = None) -> Starlette:
    """The ASGI app serving ``store``'s class (``runner``: the bot runner of this process, shown on the dashboard;
    ``language``: the pages' language when a browser asks for none ccg speaks, default the process's)."""
    room = Classroom(store, runner, poll, base_url, limiter or JoinLimiter(), language)
    routes = [
        Route("/", room.student_page), Route("/teacher", room.teacher_page), Route("/static/{name}", static_file),
        Route("/teacher/print", room.printable), Route("/teacher/print/{name}", room.printable),
        WebSocketRoute("/ws/student", room.student_ws), WebSocketRoute("/ws/teacher", room.teacher_ws),
    ]
    app = Starlette(routes=routes, lifespan=room.lifespan)
    app.state.classroom = room.state
    app.add_middleware(SecurityHeaders)
    return app


class Classroom:
    """The routes of one class's app: its pages, the teacher's printables and the two websockets. ``state``
    holds the hub and the teacher's cookie token while the app runs (``lifespan``)."""

    def __init__(self, store: TableStore, runner: Any, poll: float, base_url: str, limiter: JoinLimiter,
                 language: str | None) -> None:
        self.store, self.runner, self.poll, self.base_url = store, runner, poll, base_url
        self.limiter, self.language = limiter, language
        self.state: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette):
        """Start the hub (and read the teacher's key, warm plotly.js) before the class arrives; stop it after."""
        hub = Hub(self.store, poll=self.poll, runner=self.runner, base_url=self.base_url)
        self.state["hub"] = hub
        self.state["token"] = teacher_token(await anyio.to_thread.run_sync(self.store.teacher_key))
        await anyio.to_thread.run_sync(plotly_js_gzip)
        hub.start()
        try:
            yield
        finally:
            await hub.stop()

    def is_teacher(self, conn: HTTPConnection) -> bool:
        token = conn.cookies.get(COOKIE, "")
        return bool(token) and hmac.compare_digest(token, self.state["token"])

    # ---- pages ----
    async def student_page(self, request: Request) -> Response:
        return _page("student.html", request, self.language)

    async def teacher_page(self, request: Request) -> Response:
        """The dashboard; ``?key=`` (the printed link) logs in instead."""
        key = request.query_params.get("key")
        if key is not None:
            return await self._teacher_login(key)
        if not self.is_teacher(request):
            return HTMLResponse("<p>The teacher's dashboard needs the teacher's link that "
                                "<code>ccg classroom serve</code> printed.</p>", 403)
        return _page("teacher.html", request, self.language)

    async def _teacher_login(self, key: str) -> Response:
        """The right key sets the teacher's cookie and redirects, so the key leaves the address bar (and the
        history)."""
        ok = await anyio.to_thread.run_sync(self.store.check_teacher_key, key)
        if not ok:
            return HTMLResponse("<p>This is not the teacher's key: open the teacher link that "
                                "<code>ccg classroom serve</code> printed.</p>", 403)
        response = RedirectResponse("/teacher", 303)
        response.set_cookie(COOKIE, self.state["token"], httponly=True, samesite="strict", path="/")
        return response

    async def printable(self, request: Request) -> Response:
        """A lesson's printable page (``/teacher/print/{name}?lesson=``), or the list of them."""
        if not self.is_teacher(request):
            return PlainTextResponse("the teacher's pages need the teacher's link", 403)
        lesson = request.query_params.get("lesson", "")
        name = request.path_params.get("name")
        try:
            code = page_language(request, self.language)  # the dashboard's language (its switch, cookie, browser)
            pages = await anyio.to_thread.run_sync(
                lambda: printables.lesson_pages(self.store, lesson, base_url=self.base_url, language=code))
        except StoreError as exc:
            return PlainTextResponse(str(exc), 400)
        if name is None:
            links = "".join(f"<li><a href='/teacher/print/{quote(n)}?lesson={quote(lesson)}'>{n}</a></li>"
                            for n in pages)
            return HTMLResponse(f"<!DOCTYPE html><meta charset='utf-8'><title>Print</title><ul>{links}</ul>")
        if name not in pages:
            return PlainTextResponse("no such page", 404)
        return HTMLResponse(pages[name])

    # ---- websockets ----
    async def student_ws(self, ws: WebSocket) -> None:
        """A student's page: joins a table with its card's code, plays, pings."""
        if not same_origin(ws):
            await ws.close(1008)
            return
        await ws.accept()
        hub: Hub = self.state["hub"]
        client = Client(send=ws.send_text, lang=_connection_language(ws, self.language))
        hub.clients.add(client)
        who = ws.client.host if ws.client else "?"
        try:
            if not hub.store_ok:
                await hub.send(client, status_message(False))
            while (msg := await receive(ws)) is not None:
                kind = msg["type"]
                if kind == "join":
                    await self._join(hub, client, msg, who)
                elif kind == "play":
                    await hub.play(client, msg.get("action"), msg.get("seen"))
                elif kind == "ping":
                    await hub.send(client, json.dumps({"type": "pong"}))
        except Exception:
            log.exception("classroom: a student's connection failed")
        finally:
            client.alive = False
            hub.clients.discard(client)

    async def _join(self, hub: Hub, client: Client, msg: dict, who: str) -> None:
        """A student joins with a card's code (and a name); wrong codes from one device are rate-limited."""
        wait = self.limiter.wait(who)
        if wait > 0:
            with lang(client.lang):
                text = _("Too many wrong codes from this device: wait {seconds} s and check your "
                         "card.").format(seconds=f"{wait:.0f}")
            await hub.send(client, json.dumps({"type": "join-error", "text": text}))
            return
        code, name = msg.get("code"), msg.get("name")
        if not isinstance(code, str) or (name is not None and not isinstance(name, str)):
            with lang(client.lang):
                text = _("type the code on your card")
            await hub.send(client, json.dumps({"type": "join-error", "text": text}))
            return
        with lang(client.lang):
            problem = await hub.join(client, code, name or None)
            reconnecting = _(RECONNECTING)
        if problem is not None:
            if problem != reconnecting:
                self.limiter.failure(who)
            await hub.send(client, json.dumps({"type": "join-error", "text": problem}))

    async def teacher_ws(self, ws: WebSocket) -> None:
        """The dashboard: the class's state pushed to it, the teacher's actions carried out."""
        if not same_origin(ws) or not self.is_teacher(ws):
            await ws.close(1008)
            return
        await ws.accept()
        hub: Hub = self.state["hub"]
        client = Client(send=ws.send_text, teacher=True, lang=_connection_language(ws, self.language))
        hub.clients.add(client)
        try:
            if not hub.store_ok:
                await hub.send(client, status_message(False))
            await hub.push_teacher(force=True)
            while (msg := await receive(ws)) is not None:
                with lang(client.lang):
                    await _teacher_action(hub, client, msg)
        finally:
            client.alive = False
            hub.clients.discard(client)


async def _teacher_action(hub: Hub, client: Client, msg: dict) -> None:
    """Carry out one dashboard action; a refusal or a failure is said on the dashboard."""
    try:
        answer = await carry_out(hub, client, msg)
        if answer:
            await hub.send(client, said(answer))
        hub.wake.set()
    except StoreError as exc:
        await hub.send(client, said(str(exc), True))
    except Exception:
        log.exception("classroom: a dashboard action failed")
        await hub.send(client, said(_("that did not work: {why}").format(why=_(RECONNECTING)), True))


async def static_file(request: Request) -> Response:
    """The pages' own scripts and style, and plotly.js from the installed package (gzipped when accepted)."""
    name = request.path_params["name"]
    if name == "plotly.min.js":
        if "gzip" in request.headers.get("accept-encoding", ""):
            return Response(await anyio.to_thread.run_sync(plotly_js_gzip), media_type="text/javascript",
                            headers={"content-encoding": "gzip", "vary": "Accept-Encoding"})
        return FileResponse(plotly_js(), media_type="text/javascript")
    if name not in {"classroom.js", "teacher.js", "classroom.css"}:
        return PlainTextResponse("not found", 404)
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return FileResponse(STATIC / name, media_type=kind)


def same_origin(ws: WebSocket) -> bool:
    origin = ws.headers.get("origin")
    host = ws.headers.get("host", "")
    return origin is None or origin.split("://", 1)[-1] == host


async def receive(ws: WebSocket) -> dict | None:
    """The next message of a page as a dict (None: closed); anything else is answered and skipped."""
    while True:
        try:
            text = await ws.receive_text()
        except (WebSocketDisconnect, RuntimeError, KeyError):
            return None
        if len(text) > MAX_MESSAGE:
            await ws.close(1009)
            return None
        try:
            msg = json.loads(text)
        except ValueError:
            msg = None
        if isinstance(msg, dict) and isinstance(msg.get("type"), str):
            return msg
        await ws.send_text(said("the page sent something it should not; reload it", True))
