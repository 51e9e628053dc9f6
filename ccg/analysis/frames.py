"""Turn plain result rows and trajectory records into pandas DataFrames; Parquet or CSV output.

Output files are checked before any game is played (``check_output``): the format comes from the
file's ending (``.parquet``/``.pq`` or ``.csv``), the directory must exist and the file must be
writable, so a long run never ends in a traceback with its results lost.
"""
from __future__ import annotations

import os
import re
import warnings
from typing import Any, Iterable

import numpy as np
import pandas as pd

from .jobs import INDEX_KEYS


def games_frame(rows: list[dict]) -> pd.DataFrame:
    """One row per game; ``winners`` stays a tuple of seats; score columns kept together."""
    df = pd.DataFrame(rows)
    scores = sorted((c for c in df.columns if c.startswith("score_") and c[6:].isdigit()), key=lambda c: int(c[6:]))
    if scores:
        cols = [c for c in df.columns if c not in scores]
        at = list(df.columns).index("score_0") if "score_0" in df.columns else len(cols)
        at = min(at, len(cols))
        df = df[cols[:at] + scores + cols[at:]]
    return df


_SEAT_SUFFIX = re.compile(r"^(.+)_(\d+)$")


def trajectories_frame(records: Iterable[tuple], extra: dict | None = None) -> pd.DataFrame:
    """The long (tidy) frame of trajectory records ``(game, step, ply, metrics)``.

    Columns: ``game``; ``step`` (record number within the game); ``ply``
    (actions played when recorded; <NA> when the game kept its own per-phase
    table); the index labels the game gives (``decade``, ``round``, ``turn``,
    ``phase``) and any text-valued metric as label columns; then ``metric``,
    ``seat`` and ``value`` (float). Per-seat metrics are recognised by a
    ``_<seat>`` suffix (``vp_2`` -> metric ``vp``, seat 2) or a list value;
    whole-game metrics have seat <NA>. ``extra`` adds constant columns in front.
    """
    # one tuple per output row, the columns built at the end (a dict per row costs more than the games)
    rows: list[tuple] = []
    label_keys: dict[str, None] = {}  # label columns in order of first appearance
    names: dict[str, tuple[str, int | None]] = {}
    for game, step, ply, metrics in records:
        labels = {k: v for k, v in metrics.items() if isinstance(v, str) or k in INDEX_KEYS}
        for k in labels:
            label_keys.setdefault(k)
        for name, value in metrics.items():
            if name in labels:
                continue
            if isinstance(value, (list, tuple)):
                for seat, v in enumerate(value):
                    rows.append((game, step, ply, labels, name, seat, _num(v)))
            elif isinstance(value, dict):
                for sub, v in value.items():
                    rows.append((game, step, ply, labels, f"{name}.{sub}", None, _num(v)))
            else:
                split = names.get(name)
                if split is None:  # "vp_2" -> ("vp", 2); parsed once per name, not once per record
                    m = _SEAT_SUFFIX.match(name)
                    split = names[name] = (m.group(1), int(m.group(2))) if m else (name, None)
                rows.append((game, step, ply, labels, split[0], split[1],
                             float("nan") if value is None else float(value)))
    if not rows:
        return pd.DataFrame(columns=[*(extra or {}), "game", "step", "ply", "metric", "seat", "value"])
    nan = float("nan")
    columns: dict[str, Any] = {k: [v] * len(rows) for k, v in (extra or {}).items()}
    columns["game"] = [r[0] for r in rows]
    columns["step"] = [r[1] for r in rows]
    columns["ply"] = pd.array([r[2] for r in rows], dtype="Int64")
    for key in label_keys:
        if key not in columns:
            columns[key] = [r[3].get(key, nan) for r in rows]
    columns["metric"] = [r[4] for r in rows]
    columns["seat"] = pd.array([r[5] for r in rows], dtype="Int64")
    columns["value"] = np.array([r[6] for r in rows], dtype=float)
    return pd.DataFrame(columns)


def _num(v: Any) -> float:
    if v is None:
        return float("nan")
    return float(v)


def warn_truncated(df: pd.DataFrame, limit: int, stacklevel: int = 3) -> None:
    if len(df) and "truncated" in df and df["truncated"].any():
        warnings.warn(
            f"{int(df['truncated'].sum())} of {len(df)} games hit the {limit}-action safety net and have no result",
            RuntimeWarning,
            stacklevel=stacklevel,
        )


FORMATS = {".parquet": "parquet", ".pq": "parquet", ".csv": "csv"}


def output_format(path: str | os.PathLike, what: str = "out") -> str:
    """'parquet' or 'csv' from the file's ending; a ValueError naming ``what`` otherwise."""
    if not isinstance(path, (str, os.PathLike)) or not os.fspath(path):
        raise ValueError(f"{what} must be a file name ending in .parquet or .csv, got {path!r}")
    ext = os.path.splitext(os.fspath(path))[1].lower()
    if ext not in FORMATS:
        raise ValueError(f"{what}: {os.fspath(path)!r} must end in .parquet (or .pq) or .csv, the format to write")
    return FORMATS[ext]


def check_output(path: str | os.PathLike, what: str = "out") -> str:
    """Before any work: the format is known (and its writer installed) and ``path`` can be written.

    Returns the format. Raises ValueError (ImportError for a missing pyarrow) naming ``what``.
    """
    fmt = output_format(path, what)
    if fmt == "parquet":
        _need_pyarrow()
    name = os.fspath(path)
    folder = os.path.dirname(os.path.abspath(name))
    if not os.path.isdir(folder):
        raise ValueError(f"{what}: the directory {folder!r} does not exist")
    if os.path.exists(name) and not os.path.isfile(name):
        raise ValueError(f"{what}: {name!r} exists and is not a regular file")
    existed = os.path.exists(name)
    try:
        with open(name, "ab"):
            pass
    except OSError as e:
        raise ValueError(f"{what}: cannot write {name!r}: {e.strerror or e}") from None
    if not existed:
        os.remove(name)
    return fmt


def _need_pyarrow() -> None:
    try:
        import pyarrow  # noqa: F401  (an optional library, the dask extra: looked for only when Parquet is written)
    except ImportError:
        raise ImportError(
            "writing Parquet needs pyarrow: pip install 'ccg[dask]' (or pip install pyarrow); or write .csv"
        ) from None


def write_frame(df: pd.DataFrame, path: str | os.PathLike) -> None:
    """Write ``df`` as Parquet or CSV, by the file's ending. In CSV, tuple cells (``winners``) are
    written as their items separated by spaces ("0 2"; empty for none)."""
    if output_format(path) == "csv":
        out = df.copy()
        for col in out.columns:
            if out[col].dtype == object and out[col].map(lambda v: isinstance(v, tuple)).any():
                out[col] = out[col].map(lambda v: " ".join(map(str, v)) if isinstance(v, tuple) else v)
        out.to_csv(path, index=False)
    else:
        to_parquet(df, path)


def to_parquet(df: pd.DataFrame, path: str | os.PathLike) -> None:
    """Write ``df`` to Parquet (``winners`` as a list column). Needs pyarrow."""
    _need_pyarrow()
    out = df.copy()
    for col in out.columns:
        if out[col].dtype == object and out[col].map(lambda v: isinstance(v, tuple)).any():
            out[col] = out[col].map(lambda v: list(v) if isinstance(v, tuple) else v)
    out.to_parquet(path, index=False)
