"""``ccg classroom serve``: the students' and teacher's pages (Voila, code hidden) and the bots, on one store.

Voila serves ``widgets/classroom/`` (``student.ipynb``, ``teacher.ipynb``); every page gets its
own kernel, which reads the store named by ``CCG_CLASSROOM_URL``. Voila's own app passes only
widget messages from the browser to a kernel (its ``allowed_message_types``: no
``execute_request``; the browser test checks it), so a student's page cannot run code on the
server, and the store file lies outside the folder Voila serves. The bot runner plays in a
thread of this process.
"""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import TextIO

from .bots import BotRunner
from .store import TableStore

__all__ = ["app_dir", "class_addresses", "serve", "voila_command"]

DEFAULT_PORT = 8866


def app_dir() -> Path:
    """The folder of the classroom app notebooks (``widgets/classroom`` of the ccg checkout)."""
    here = Path(__file__).resolve().parents[2] / "widgets" / "classroom"
    if not (here / "student.ipynb").is_file():
        raise ValueError(f"the classroom app notebooks are missing ({here}); run from a ccg checkout")
    return here


def voila_command(host: str, port: int) -> list[str]:
    """The Voila command line serving the classroom pages."""
    voila = Path(sys.executable).with_name("voila")
    cmd = [str(voila) if voila.exists() else "voila", str(app_dir()), "--no-browser", f"--port={port}",
           f"--Voila.ip={host}", "--ServerApp.port_retries=0", "--VoilaConfiguration.show_tracebacks=False"]
    return cmd


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


def _wait_for(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while True:
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer: the server is up
        except OSError:
            if proc.poll() is not None:
                raise ValueError(f"voila stopped at start (exit status {proc.returncode})") from None
            if time.time() > deadline:
                raise ValueError(f"voila did not answer on {url} within {timeout:.0f} s") from None
            time.sleep(0.3)


def _interrupt(*_: object) -> None:
    raise KeyboardInterrupt


def serve(store: TableStore, host: str = "127.0.0.1", port: int = DEFAULT_PORT, bot_delay: float = 1.0,
          bots: bool = True, out: TextIO = sys.stdout) -> int:
    """Serve the class until interrupted; returns the exit status."""
    with socket.socket() as probe:
        try:
            probe.bind((host if host not in ("", "::") else "0.0.0.0", port))
        except OSError as exc:
            raise ValueError(f"--port {port}: cannot listen on {host}:{port} ({exc.strerror})") from None
    key = store.teacher_key()
    bases = class_addresses(host, port)
    env = {**os.environ, "CCG_CLASSROOM_URL": store.url, "CCG_CLASSROOM_PUBLIC_URL": bases[0]}
    proc = subprocess.Popen(voila_command(host, port), env=env, start_new_session=True)
    runner = None
    try:
        _wait_for(f"http://{'127.0.0.1' if host in ('0.0.0.0', '', '::') else host}:{port}/", proc)
        if bots:
            runner = BotRunner(store, delay=bot_delay).start()
        print(f"ccg classroom: store {store!r}", file=out)
        print(f"teacher (keep this link to yourself): {bases[0]}/voila/render/teacher.ipynb?key={key}", file=out)
        for base in bases:
            print(f"students: {base}/voila/render/student.ipynb  (then the join code on their card)", file=out)
        print("bots: " + (f"playing (a move {bot_delay:g} s after the last one)" if bots else "off"), file=out)
        print("stop with Ctrl+C; everything is in the store, `serve` again to go on", file=out, flush=True)
        signal.signal(signal.SIGTERM, _interrupt)  # `kill` stops as cleanly as Ctrl+C
        return proc.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        if runner is not None:
            runner.stop()
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
