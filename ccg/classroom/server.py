"""``ccg classroom serve``: the class's web application (:mod:`ccg.classroom.web`) and the bots, in one process.

uvicorn serves the Starlette app on one listening socket opened here with ``SO_REUSEADDR`` (a
restarted server gets its port at once, even with connections of the last run still closing); the
bot runner plays in a thread of the same process. No child process is started, so ``kill -9``
leaves nothing behind, and SIGTERM or Ctrl+C stops as cleanly as each other. Everything is in the
store: ``serve`` again resumes every table where it was.
"""
from __future__ import annotations

import logging
import socket
import sys
from typing import Any, TextIO

import uvicorn

from .bots import BotRunner
from .store import TableStore
from .web import create_app

__all__ = ["class_addresses", "listen", "serve"]

DEFAULT_PORT = 8866
GRACE = 3  # seconds open pages get to hear that the server stops


def class_addresses(host: str, port: int) -> list[str]:
    """Base URLs to give the class: loopback as is; for 0.0.0.0 this machine's own IPv4 addresses."""
    if host not in ("0.0.0.0", "", "::"):
        return [f"http://{host}:{port}"]
    found: list[str] = []
    try:
        import psutil  # every interface's own addresses, read locally (nothing is sent)

        ips = [a.address for addrs in psutil.net_if_addrs().values() for a in addrs if a.family == socket.AF_INET]
    except ImportError:
        try:
            ips = [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
        except OSError:
            ips = []
    for ip in ips:
        if not ip.startswith("127.") and ip not in found:
            found.append(ip)
    return [f"http://{ip}:{port}" for ip in found] or [f"http://{socket.gethostname()}:{port}"]


def listen(host: str, port: int) -> socket.socket:
    """The server's listening socket (``SO_REUSEADDR``); ValueError naming the port if it is taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host if host not in ("",) else "0.0.0.0", port))
        sock.listen(512)
    except OSError as exc:
        sock.close()
        raise ValueError(f"--port {port}: cannot listen on {host}:{port} ({exc.strerror})") from None
    sock.set_inheritable(False)
    return sock


class _Server(uvicorn.Server):
    """uvicorn's server, except that SIGTERM/SIGINT end ``serve`` normally (exit status 0, bots stopped)
    instead of being raised again once the server has shut down."""

    def handle_exit(self, sig: int, frame: Any) -> None:
        super().handle_exit(sig, frame)
        self._captured_signals.clear()


def serve(store: TableStore, host: str = "127.0.0.1", port: int = DEFAULT_PORT, bot_delay: float = 1.0,
          bots: bool = True, out: TextIO = sys.stdout, poll: float = 0.1, language: str | None = None) -> int:
    """Serve the class until SIGTERM or Ctrl+C; returns the exit status (``language``: the pages' default)."""
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s: %(message)s", stream=sys.stderr)
    sock = listen(host, port)
    port = sock.getsockname()[1]
    key = store.teacher_key()
    bases = class_addresses(host, port)
    runner = BotRunner(store, delay=bot_delay) if bots else None
    app = create_app(store, runner=runner, poll=poll, base_url=bases[0], language=language)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=GRACE,
                            ws_max_size=64 * 1024, lifespan="on", server_header=False)
    server = _Server(config)
    print(f"ccg classroom: store {store!r}", file=out)
    print(f"teacher (keep this link to yourself): {bases[0]}/teacher?key={key}", file=out)
    for base in bases:
        print(f"students: {base}/  (then the join code on their card)", file=out)
    print("bots: " + (f"playing (a move {bot_delay:g} s after the last one)" if bots else "off"), file=out)
    print("stop with Ctrl+C; everything is in the store, `serve` again to go on", file=out, flush=True)
    if runner is not None:
        runner.start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        if runner is not None:
            runner.stop()
        sock.close()
    return 0
