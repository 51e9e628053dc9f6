"""Rendering shared by the environments: ``"ansi"`` text, ``"rgb_array"`` frames, ``"human"`` display.

``"rgb_array"``: the Plotly board of ``ccg.plot.board`` (as the notebooks show it, from the seat's view in
the single-learner environment) drawn into an ``(H, W, 3)`` uint8 array by :mod:`ccg.env.raster` — no
browser, so video wrappers (Gymnasium's ``RecordVideo``) record anywhere. ``"human"``: in a Jupyter kernel
the board is displayed; elsewhere (a terminal, a script) the text summary is printed.
"""
from __future__ import annotations

import sys
from typing import Any

import numpy as np

from ..plot import board

RENDER_MODES = ("ansi", "human", "rgb_array")
FRAME_WIDTH = 640  # pixels; the height follows the board figure's aspect (fixed per game and configuration)


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, got {mode!r}")
    return mode


def in_notebook() -> bool:
    """True inside a Jupyter kernel (where a displayed figure appears)."""
    shell = sys.modules.get("IPython") and sys.modules["IPython"].get_ipython()
    return shell is not None and type(shell).__name__ == "ZMQInteractiveShell"


def frame(state: Any, seat: int | None = None, width: int = FRAME_WIDTH, height: int | None = None) -> np.ndarray:
    """The board as an RGB array (``seat``: drawn from that seat's observation; None: the referee's view).

    ``height``: fixed (the drawing fits it); None: the figure's aspect."""
    from .raster import figure_to_array  # Pillow (the rl extra) loads for rgb_array frames only

    return figure_to_array(board(state, seat=seat), width=width, height=height)


def render(state: Any, mode: str | None, seat: int | None = None, sizes: dict | None = None) -> Any:
    """What ``env.render()`` returns for ``mode`` (None after a warning when no mode was chosen).

    ``sizes`` (an environment's own dict) keeps every ``rgb_array`` frame the size of its first one, as video
    writers need, even where a board's figure changes height during a game."""
    if mode is None:
        from gymnasium import logger  # optional: the rl extra

        logger.warn("render() called without a render_mode; pass render_mode='ansi', 'rgb_array' or 'human'")
        return None
    if mode == "ansi":
        return str(state)
    if mode == "rgb_array":
        image = frame(state, seat, height=None if sizes is None else sizes.get("height"))
        if sizes is not None:
            sizes["height"] = image.shape[0]
        return image
    if in_notebook():
        from IPython.display import display  # inside Jupyter only

        display(board(state, seat=seat))
    else:
        print(state)
    return None
