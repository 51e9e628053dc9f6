"""Loading positions and replaying records — untrusted input, validated field by field."""
from __future__ import annotations

import base64
import json
import zlib
from typing import Any

from .errors import IllegalActionError, InvalidPositionError
from .registry import check_players, get_spec
from .rules import validate_options
from .state import FORMAT, FORMAT_VERSION, GameState

_MAX_TEXT = 20_000_000  # characters; a real position is far smaller


def _need(data: dict, key: str, kind: type | tuple, what: str) -> Any:
    if key not in data:
        raise InvalidPositionError(f"invalid position: missing field {key!r}")
    value = data[key]
    if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise InvalidPositionError(f"invalid position: {key!r} must be {what}, got {value!r}")
    if not isinstance(value, kind):
        raise InvalidPositionError(f"invalid position: {key!r} must be {what}, got {type(value).__name__}")
    return value


def _parse_json(text: Any) -> dict:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidPositionError(f"invalid position: not UTF-8 text ({e})") from None
    if not isinstance(text, str):
        raise InvalidPositionError(f"invalid position: expected JSON text, got {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise InvalidPositionError("invalid position: text is too long")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InvalidPositionError(f"invalid position: not valid JSON ({e})") from None
    if not isinstance(data, dict):
        raise InvalidPositionError("invalid position: expected a JSON object at the top level")
    return data


def _header(data: dict) -> tuple:
    """Validate the fields every saved position and record share."""
    game = _need(data, "game", str, "a game name")
    try:
        spec = get_spec(game)
    except ValueError as e:
        raise InvalidPositionError(f"invalid position: {e}") from None
    players = _need(data, "players", int, "a whole number")
    seed = _need(data, "seed", int, "a whole number")
    options = _need(data, "options", dict, "an object")
    try:
        players = check_players(spec, players)
        canonical = validate_options(spec.name, spec.options, options)
    except ValueError as e:
        raise InvalidPositionError(f"invalid position: {e}") from None
    if canonical != options:
        raise InvalidPositionError("invalid position: 'options' are not in canonical form")
    return spec, players, seed, canonical


def state_from_dict(data: Any) -> GameState:
    """A state from the dict form of ``GameState.to_dict()``, fully validated."""
    if not isinstance(data, dict):
        raise InvalidPositionError("invalid position: expected an object")
    if data.get("format") != FORMAT:
        raise InvalidPositionError(f"invalid position: 'format' must be {FORMAT!r}")
    if data.get("version") != FORMAT_VERSION:
        raise InvalidPositionError(f"invalid position: unsupported 'version' {data.get('version')!r}")
    expected = {"format", "version", "game", "players", "seed", "options", "rng", "replayable", "history", "state"}
    extra = set(data) - expected
    if extra:
        raise InvalidPositionError(f"invalid position: unknown field(s) {sorted(extra)}")
    spec, players, seed, options = _header(data)
    rng = _need(data, "rng", int, "a whole number")
    if not 0 <= rng < 2**64:
        raise InvalidPositionError("invalid position: 'rng' must be in 0..2**64-1")
    replayable = _need(data, "replayable", bool, "true or false")
    history = _need(data, "history", list, "a list of action notations")
    if not all(isinstance(h, str) for h in history):
        raise InvalidPositionError("invalid position: 'history' must hold notation strings")
    body = _need(data, "state", dict, "an object")
    try:
        state = spec.state_class._from_state_dict(body, players, options)
        state.seed = seed
        state.rng.state = rng
        state._replayable = replayable
        node = None
        for h in history:
            node = (node, h)
        state._history = node
        state._ply = len(history)
        state._legal = None
        state.check_invariants()
    except InvalidPositionError:
        raise
    except AssertionError as e:
        raise InvalidPositionError(f"invalid position: breaks a rule invariant: {e}") from None
    except (KeyError, TypeError, IndexError, ValueError, AttributeError, OverflowError, RecursionError) as e:
        raise InvalidPositionError(f"invalid position: malformed {spec.name} state ({type(e).__name__}: {e})") from None
    # a canonical position serialises back to exactly what was given
    if json.dumps(state._state_dict(), sort_keys=True) != json.dumps(body, sort_keys=True):
        raise InvalidPositionError(f"invalid position: the {spec.name} state has unknown, missing or non-canonical fields")
    return state


def load_state(text: str | bytes) -> GameState:
    """A state from ``GameState.to_json()`` text. Raises InvalidPositionError (a ValueError) naming the problem."""
    return state_from_dict(_parse_json(text))


def replay(record: dict | str) -> GameState:
    """Replay a record (``GameState.record()``, or its JSON) from the seed."""
    if isinstance(record, (str, bytes, bytearray)):
        record = _parse_json(record)
    if not isinstance(record, dict):
        raise InvalidPositionError("invalid record: expected an object")
    extra = set(record) - {"game", "players", "seed", "options", "actions"}
    if extra:
        raise InvalidPositionError(f"invalid record: unknown field(s) {sorted(extra)}")
    spec, players, seed, options = _header(record)
    actions = _need(record, "actions", list, "a list of action notations")
    state = spec.create(players, seed, options)
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise InvalidPositionError(f"invalid record: action {i + 1} is not notation text")
        try:
            state.apply(state.parse_action(text))
        except IllegalActionError as e:
            raise InvalidPositionError(f"invalid record: action {i + 1} ({text!r}) is illegal: {e}") from None
    return state


# ---- compact URL-safe position strings -------------------------------------------------
def to_position_string(state: GameState) -> str:
    """A compact, URL-safe string for the full position (zlib + base64url)."""
    raw = zlib.compress(state.to_json().encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def from_position_string(text: str) -> GameState:
    """The state of a position string made by :func:`to_position_string`."""
    if not isinstance(text, str):
        raise InvalidPositionError("invalid position string: expected text")
    text = text.strip()
    if not text or len(text) > 4_000_000:
        raise InvalidPositionError("invalid position string: empty or too long")
    cut_off = (f"invalid position string: incomplete — it ends too early ({len(text)} characters); "
               "it was probably cut off when copied, so copy the whole string again")
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (ValueError, TypeError):
        if len(text) % 4 == 1 and set(text) <= _BASE64URL:
            raise InvalidPositionError(cut_off) from None
        raise InvalidPositionError("invalid position string: not base64url text") from None
    try:
        d = zlib.decompressobj()
        body = d.decompress(raw, _MAX_TEXT)
        if d.unconsumed_tail:
            raise InvalidPositionError("invalid position string: decompresses to too much data")
    except zlib.error:
        raise InvalidPositionError("invalid position string: corrupted (not a ccg position)") from None
    if not d.eof:  # a valid start of a compressed stream that stops: the string was cut short
        raise InvalidPositionError(cut_off)
    return load_state(body)


_BASE64URL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
