"""Nothing a visitor of a Voila app can send freezes the server.

Voila 0.5.13 reads every binary websocket frame it writes as the v1 kernel protocol. A page that connects to its
kernel with the older v0 protocol (no subprotocol) and receives a kernel message with binary buffers makes the
server loop on a garbage offset count: it answers nothing and its memory grows. A board widget once answered the
front end's ``{"event": "need-plotly"}`` with plotly.js as such a buffer. This test is that visitor: a plain
websocket client (no browser) speaking v0 to a real ``voila`` server, sending the message, then asking the server
for a page and the kernel for its info, each within a bounded time.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import sys
import urllib.request
import uuid
from pathlib import Path

import pytest

websockets = pytest.importorskip("websockets", reason="the websocket client comes with uvicorn[standard]")

from browser_env import Server, free_port, jupyter_env, notebook  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
ANSWER_S = 20  # a server that answers at all answers a page or kernel_info in well under this on 2 busy cores

BOARD = """\
import plotly.graph_objects as go
from ccg.ui.figure_view import FigureView
FigureView(go.Figure(go.Scatter(x=[0, 1], y=[1, 0])))
"""


@pytest.fixture(scope="module")
def voila(tmp_path_factory):
    apps = tmp_path_factory.mktemp("apps")
    (apps / "board.ipynb").write_text(json.dumps(notebook([BOARD])))
    home = tmp_path_factory.mktemp("voila-home")
    env = jupyter_env(home, VENV_BIN)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])  # the kernel runs this tree
    port = free_port()
    cmd = [str(VENV_BIN / "voila"), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--ServerApp.port_retries=0", str(apps)]
    server = Server(cmd, apps, f"http://127.0.0.1:{port}", env=env)
    try:
        yield server
    finally:
        server.close()


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=ANSWER_S) as response:
        return response.read().decode()


def _message(msg_type: str, content: dict) -> dict:
    return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "visitor",
                       "session": uuid.uuid4().hex, "version": "5.3", "date": "2026-01-01T00:00:00Z"},
            "parent_header": {}, "metadata": {}, "content": content, "channel": "shell", "buffers": []}


def _plotly_answers(texts: list[dict]) -> list[dict]:
    return [m["content"]["data"]["content"] for m in texts if m["msg_type"] == "comm_msg"
            and m["content"].get("data", {}).get("method") == "custom"]


async def _visit(ws_url: str, comm_id: str) -> tuple[list[dict], int]:
    """Send need-plotly over v0, then kernel_info; read until both are answered: (text messages, binary frames)."""
    texts: list[dict] = []
    binary = 0
    async with websockets.connect(ws_url, max_size=None, open_timeout=ANSWER_S) as ws:
        assert ws.subprotocol is None  # the v0 protocol
        await ws.send(json.dumps(_message("comm_msg", {"comm_id": comm_id, "data": {
            "method": "custom", "content": {"event": "need-plotly"}}})))
        info = _message("kernel_info_request", {})
        await ws.send(json.dumps(info))
        while True:
            frame = await asyncio.wait_for(ws.recv(), ANSWER_S)
            if isinstance(frame, bytes):
                binary += 1
                continue
            msg = json.loads(frame)
            texts.append(msg)
            replied = any(m["msg_type"] == "kernel_info_reply"
                          and m["parent_header"].get("msg_id") == info["header"]["msg_id"] for m in texts)
            if replied and _plotly_answers(texts):
                return texts, binary


def test_need_plotly_over_v0_leaves_the_server_answering(voila):
    page = _get(f"{voila.url}/voila/render/board.ipynb")
    kernel_id = re.search(r'"kernelId":\s*"([0-9a-f-]+)"', page).group(1)
    model_ids = set(re.findall(r'"model_id":\s*"([0-9a-f]+)"', page))
    assert len(model_ids) == 1, model_ids  # the board's view is the page's one widget
    ws_url = f"ws://127.0.0.1:{voila.url.rsplit(':', 1)[1]}/api/kernels/{kernel_id}/channels" \
             f"?session_id={uuid.uuid4().hex}"
    texts, binary = asyncio.run(_visit(ws_url, model_ids.pop()))
    answers = _plotly_answers(texts)
    assert binary == 0, "the kernel sent a binary frame to a v0 page"
    assert [a["event"] for a in answers] == ["plotly-js"] and "Plotly" in answers[0]["source"][:5000]
    # the server still serves: a fresh page renders (its kernel starts) within the bound
    assert '"kernelId"' in _get(f"{voila.url}/voila/render/board.ipynb")
