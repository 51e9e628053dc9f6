"""Browser-test set-up: Debian's Chromium, Jupyter servers on free ports in a private Jupyter home, app notebooks."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from server_cleanup import spawn, stop_process, track, untrack
from system_deps import chromium  # noqa: F401  (re-exported for the browser tests)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
TIMEOUT_MS = 90_000  # one wait for the page (a click's answer); failures report what the page showed


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A Jupyter server process (JupyterLab or Voila) on a free local port, stopped on close.

    The server goes with the test run however it ends (``server_cleanup``: ``close`` at the fixture's
    teardown, at exit, on SIGTERM, and by the parent-death signal SIGTERM when the run is killed outright).
    Jupyter answers SIGTERM by shutting down its kernels.
    """

    def __init__(self, cmd: list[str], cwd: Path, url: str, env: dict | None = None, ready_path: str = "") -> None:
        self.log = tempfile.TemporaryFile()
        self.url = url
        self.proc = spawn(cmd, cwd=cwd, stdout=self.log, stderr=subprocess.STDOUT, env=env)
        track(self)
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(url + ready_path, timeout=2)
                return
            except urllib.error.HTTPError:  # any HTTP answer: the server is up
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.close()
                    pytest.fail(f"{cmd[0]} did not start on {url}:\n{self.output()[-3000:]}")
                time.sleep(0.3)

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def close(self) -> None:
        untrack(self)
        stop_process(self.proc)
        self.log.close()


def jupyter_env(home: Path, venv_bin: Path) -> dict:
    """An environment whose Jupyter config, data, runtime and settings live under ``home`` (nothing from the user)."""
    env = dict(os.environ)
    env.update({
        "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
        "JUPYTER_DATA_DIR": str(home / "data"), "IPYTHONDIR": str(home / "ipython"),
        "PATH": f"{venv_bin}{os.pathsep}{env.get('PATH', '')}", "JUPYTER_PLATFORM_DIRS": "1",
        # ccg's Voila template (the apps ask for it), as `pip install .` would install it
        "JUPYTER_PATH": str(Path(__file__).resolve().parents[2] / "share" / "jupyter"),
    })
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[2])  # the kernels import the ccg these tests sit beside
    return env


def write_lab_settings(settings_dir: Path) -> None:
    """JupyterLab settings for a quiet, deterministic page: no news or update pop-ups, every cell in the DOM."""
    files = {
        "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false",
                                                                            "checkForUpdates": False},
    }
    for name, body in files.items():
        path = settings_dir / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(body))


def notebook(cells: list[str]) -> dict:
    """A notebook (nbformat 4 JSON) of code cells, with the Python 3 kernel."""
    return {"cells": [{"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
                       "outputs": [], "source": src} for i, src in enumerate(cells)],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def app_namespace(path: Path) -> dict:
    """Run an app notebook's code cells in this process (the shadow of the app a browser shows)."""
    cells = json.loads(path.read_text())["cells"]
    namespace: dict[str, Any] = {}
    for cell in cells:
        if cell["cell_type"] == "code":
            exec(compile("".join(cell["source"]), str(path), "exec"), namespace)  # our own app notebook
    return namespace
