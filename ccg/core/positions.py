"""Loading positions and replaying records — untrusted input, validated field by field.

Nothing here opens a file or trusts a claim: options are checked with ``saved=True`` (component
data and layouts travel as data, never as paths), the JSON is size- and depth-checked before it is
decoded, and a position counts as replayable only if its history, replayed from its seed,
reproduces it.

Two kinds of position string (both zlib + base64url of JSON):

* the **full** position (``to_position_string``): every hand, the deck order and the random
  generator, from which every future die follows. For the referee (a teacher), never for a seat.
* a **seat view** (``to_seat_position_string(state, seat)``, format ``ccg-seat-view``): what that
  seat may see and nothing else. It is a determinization for the seat (``state.determinize``):
  the cards the seat cannot see are a sample drawn from what it knows, future chance is reseeded
  from a seed derived from the observation alone, and the move history is left out (other seats'
  secret choices, such as a CO2 draft pick, are written in it). It loads like any position, as a
  state that is not replayable, so "Go to position" can explore it.
"""
from __future__ import annotations

import base64
import hashlib
import json
import zlib
from typing import Any

from .errors import BrokenInvariantError, IllegalActionError, InvalidPositionError
from .files import MAX_DEPTH, reject_constant, too_deep
from .registry import GameSpec, check_players, get_spec
from .rules import validate_options
from .state import FORMAT, FORMAT_VERSION, GameState, History

SEAT_VIEW = "ccg-seat-view"
_MAX_TEXT = 20_000_000  # characters; a real position is far smaller
_MAX_STRING = 4_000_000  # characters of a position string
_FIELDS = ("format", "version", "game", "players", "seed", "options", "rng", "replayable", "history", "state")


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise InvalidPositionError(f"invalid position: missing field {key!r}")
    value = data[key]
    if isinstance(value, bool) and kind is not bool and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise InvalidPositionError(f"invalid position: {key!r} must be {what}, got {value!r}")
    if not isinstance(value, kind):
        raise InvalidPositionError(f"invalid position: {key!r} must be {what}, got {type(value).__name__}")
    return value


def _parse_json(text: Any, max_depth: int = MAX_DEPTH) -> dict[str, Any]:
    if isinstance(text, (bytes, bytearray)):
        if len(text) > _MAX_TEXT:
            raise InvalidPositionError("invalid position: text is too long")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise InvalidPositionError(f"invalid position: not UTF-8 text ({e})") from None
    if not isinstance(text, str):
        raise InvalidPositionError(f"invalid position: expected JSON text, got {type(text).__name__}")
    if len(text) > _MAX_TEXT:
        raise InvalidPositionError("invalid position: text is too long")
    if too_deep(text, max_depth):  # the decoder recurses: refuse deep nesting before decoding
        raise InvalidPositionError(f"invalid position: nested deeper than {max_depth} levels")
    try:
        data = json.loads(text, parse_constant=reject_constant)
    except (ValueError, RecursionError) as e:
        raise InvalidPositionError(f"invalid position: not valid JSON ({e})") from None
    if not isinstance(data, dict):
        raise InvalidPositionError("invalid position: expected a JSON object at the top level")
    return data


def _header(data: dict[str, Any]) -> tuple[GameSpec, int, int, dict[str, Any]]:
    """Validate the fields every saved position and record share (options as untrusted saved data)."""
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
        canonical = validate_options(spec.name, spec.options, options, saved=True)
    except (ValueError, TypeError, RecursionError) as e:
        raise InvalidPositionError(f"invalid position: {' '.join(str(e).split())}") from None
    if canonical != options:
        raise InvalidPositionError(f"invalid position: 'options' are not in canonical form: "
                                   f"{differing_fields(options, canonical, 'options')}")
    return spec, players, seed, canonical


def state_from_dict(data: Any) -> GameState:
    """A state from the dict form of ``GameState.to_dict()`` (or a seat view), fully validated."""
    seat_view = _is_seat_view(data)
    spec, players, seed, options = _header(data)
    rng = _need(data, "rng", int, "a whole number")
    if not 0 <= rng < 2**64:
        raise InvalidPositionError("invalid position: 'rng' must be in 0..2**64-1")
    claimed = _need(data, "replayable", bool, "true or false")
    history = _need(data, "history", list, "a list of action notations")
    if not all(isinstance(h, str) for h in history):
        raise InvalidPositionError("invalid position: 'history' must hold notation strings")
    if seat_view:
        _check_seat_view(data, players, history, claimed)
    body = _need(data, "state", dict, "an object")
    state = _playable_state(spec, body, players, options, seed, rng, history)
    # a canonical position serialises back to exactly what was given
    canonical = state._state_dict()
    if json.dumps(canonical, sort_keys=True) != json.dumps(body, sort_keys=True):
        raise InvalidPositionError(f"invalid position: the {spec.name} state has unknown, missing or non-canonical "
                                   f"fields: {differing_fields(body, canonical)}")
    # replayable is decided here, not read: the history replayed from the seed must give this very state
    state._replayable = claimed and _replays_to(state, spec, history)
    return state


def _is_seat_view(data: Any) -> bool:
    """Whether the position is a seat view (else a full position); its format and version checked, no unknown
    field."""
    if not isinstance(data, dict):
        raise InvalidPositionError("invalid position: expected an object")
    form: object = data.get("format")
    if form not in (FORMAT, SEAT_VIEW):
        raise InvalidPositionError(f"invalid position: 'format' must be {FORMAT!r} or {SEAT_VIEW!r}")
    if data.get("version") != FORMAT_VERSION:
        raise InvalidPositionError(f"invalid position: unsupported 'version' {data.get('version')!r}")
    expected = set(_FIELDS) | ({"seat"} if form == SEAT_VIEW else set())
    extra = set(data) - expected
    if extra:
        raise InvalidPositionError(f"invalid position: unknown field(s) {sorted(extra)}")
    return form == SEAT_VIEW


def _check_seat_view(data: dict[str, Any], players: int, history: list[Any], claimed: bool) -> None:
    """A seat view names its seat, and has no history and is not replayable."""
    seat = _need(data, "seat", int, "a seat number")
    if not 0 <= seat < players:
        raise InvalidPositionError(f"invalid position: 'seat' must be 0..{players - 1}, got {seat}")
    if history or claimed:
        raise InvalidPositionError("invalid position: a seat view has no history and is not replayable")


def _playable_state(spec: GameSpec, body: dict[str, Any], players: int, options: dict[str, Any], seed: int, rng: int,
                    history: list[str]) -> GameState:
    """The game's state from its ``state`` object, with the generator and history given; it keeps the rule
    invariants and, unless over, has a legal action (a broken invariant is an invalid position)."""
    try:
        state = spec.state_class._from_state_dict(body, players, options)
        state.seed = seed
        state.rng.state = rng
        node: History | None = None
        for h in history:
            node = (node, h, None)
        state._history = node
        state._ply = len(history)
        state._legal = None
        state._replayable = False
        state.check_invariants()
        if not state.is_terminal() and not state.legal_actions():
            raise InvalidPositionError(f"invalid position: seat {state.current_player} is to move but has no legal action")
    except BrokenInvariantError as e:
        raise InvalidPositionError(f"invalid position: breaks a rule invariant: {e}") from None
    return state


def differing_fields(given: Any, canonical: Any, where: str = "", limit: int = 5) -> str:
    """The paths where ``given`` differs from its ``canonical`` form (``trains.PRR: given [...], canonical
    [...]``), for a loader's error message; at most ``limit`` of them."""
    out: list[str] = []

    def walk(a: Any, b: Any, path: str) -> None:
        if len(out) >= limit or json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True):
            return
        if isinstance(a, dict) and isinstance(b, dict):
            for k in sorted(set(a) | set(b), key=str):
                sub = f"{path}.{k}" if path else str(k)
                if k not in b:
                    out.append(f"{sub} (unknown)")
                elif k not in a:
                    out.append(f"{sub} (missing)")
                else:
                    walk(a[k], b[k], sub)
            return
        if isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and sorted(map(str, a)) != sorted(map(str, b)):
            for i, (x, y) in enumerate(zip(a, b)):
                walk(x, y, f"{path}[{i}]")
            return
        shown = json.dumps(a)[:80], json.dumps(b)[:80]
        out.append(f"{path or 'the value'} (given {shown[0]}, canonical {shown[1]})")

    walk(given, canonical, where)
    return "; ".join(out) if out else "(none found)"


def _replays_to(state: GameState, spec: GameSpec, history: list[str]) -> bool:
    """True if ``history`` played from ``state``'s seed and options reproduces ``state`` exactly."""
    if len(history) > spec.max_actions:
        return False
    try:
        again = spec.create(state.num_players, state.seed, state.options)
        for text in history:
            again.apply(again.parse_action(text))
    except (IllegalActionError, ValueError):
        return False
    return again.rng.state == state.rng.state and again._state_dict() == state._state_dict()


def load_state(text: str | bytes) -> GameState:
    """A state from ``GameState.to_json()`` text. Raises InvalidPositionError (a ValueError) naming the problem."""
    return state_from_dict(_parse_json(text))


def replay(record: dict[str, Any] | str | bytes | bytearray) -> GameState:
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


# ---- seat views ------------------------------------------------------------------------------
def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """What ``seat`` may see, as a loadable position (format ``ccg-seat-view``; see the module doc)."""
    observation = state.observation(seat)  # validates seat
    digest = hashlib.sha256(json.dumps(observation, sort_keys=True).encode("utf-8")).digest()
    sample_seed = int.from_bytes(digest[:8], "big") >> 1  # from public data only
    sample = state.determinize(seat, sample_seed)
    data = sample.to_dict()
    return {
        "format": SEAT_VIEW, "version": FORMAT_VERSION, "game": data["game"], "players": data["players"],
        "seat": seat, "seed": sample_seed, "options": data["options"], "rng": data["rng"],
        "replayable": False, "history": [], "state": data["state"],
    }


# ---- compact URL-safe position strings -------------------------------------------------
def _encode(data: dict[str, Any]) -> str:
    raw = zlib.compress(json.dumps(data, separators=(",", ":")).encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def to_position_string(state: GameState) -> str:
    """A compact, URL-safe string for the full position (zlib + base64url): for the referee only."""
    raw = zlib.compress(state.to_json().encode("utf-8"), 9)
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def to_seat_position_string(state: GameState, seat: int) -> str:
    """A position string of what ``seat`` may see (no hidden cards of others, no generator, no history)."""
    return _encode(seat_view(state, seat))


def read_position_string(text: str) -> tuple[GameState, int | None]:
    """(state, seat): the state of a position string and, for a seat view, the seat it shows (else None)."""
    if not isinstance(text, str):
        raise InvalidPositionError("invalid position string: expected text")
    text = text.strip()
    if not text or len(text) > _MAX_STRING:
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
    data = _parse_json(body)
    state = state_from_dict(data)
    return state, (data["seat"] if data.get("format") == SEAT_VIEW else None)


def from_position_string(text: str) -> GameState:
    """The state of a position string made by :func:`to_position_string` (or a seat view)."""
    return read_position_string(text)[0]


_BASE64URL = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
