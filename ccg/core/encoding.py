"""Fixed action universes and observation tensors: what a game's ``encoding`` module declares.

A game opts in by naming a module in ``SPEC.encoding`` that defines
``make_encoding(state) -> Encoding``. The encoding depends on the
*configuration* only (players, options, the board's geometry, the component
file), never on the position or the seed; :func:`encoding_for` builds it once
per configuration and caches it.

* The **action universe** is a tuple of notations in a documented order;
  index ``i`` is the action whose ``str()`` is ``actions[i]``. Lookups go
  through a dict built from that tuple, so hash order never matters.
* The **observation tensor** is built from ``state.observation(seat)`` — the
  redacted dict — by a :class:`Schema` of small field encoders, so it cannot
  contain anything the seat may not see. Every key of the observation is
  either encoded or listed in ``Schema.skipped`` with the reason; the schema's
  :meth:`~Schema.describe` lists every field with its offset and length.

Field encoders write plain numbers (counts are raw, not scaled); categorical
values are one-hot; a value hidden from the seat (``None``) sets a "hidden"
flag and leaves its slots 0.
"""
from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

import numpy as np

from .errors import IllegalActionError
from .registry import get_spec, list_games

if TYPE_CHECKING:
    from .action import Action
    from .state import GameState

__all__ = [
    "Encoding", "EncodingError", "Schema", "Num", "Vec", "OneHot", "MultiHot", "Maybe", "Record", "Each",
    "Padded", "Counts", "Custom", "encoded_games", "encoding_for", "has_encoding", "TENSOR_LOW", "TENSOR_HIGH",
    "normalize",
]


# every tensor entry lies in [TENSOR_LOW, TENSOR_HIGH]: one-hot blocks and flags are 0/1, raw numbers (counts,
# CO2's VP, which penalties can make negative, "-1 = none" markers) stay far inside (tested on sampled games)
TENSOR_LOW, TENSOR_HIGH = -1e6, 1e6


class EncodingError(ValueError):
    """A value the encoding cannot represent (an action outside the universe, a list beyond its cap)."""


# ---- field encoders ------------------------------------------------------------------------------
class Field:
    """One part of the tensor: ``size`` numbers written by ``write(value, out)`` (a list it extends)."""

    size: int = 0
    doc: str = ""

    def write(self, value: Any, out: list[float]) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        """Write ``value`` into ``out[pos:pos + size]`` (zeros on entry); the next position.

        The fast path of :meth:`write` (same numbers, tested): only the non-zero entries are set."""
        block: list[float] = []
        self.write(value, block)
        out[pos:pos + self.size] = block
        return pos + self.size

    def parts(self, name: str) -> list[tuple[str, int, str]]:
        """(name, length, doc) rows for the documentation."""
        return [(name, self.size, self.doc)]

    def binary(self) -> list[bool]:
        """Per entry: True where the value is always 0 or 1 (one-hot slots, flags), False for raw numbers."""
        return [False] * self.size


class Num(Field):
    """One number (bools as 0/1; None as 0)."""

    size = 1

    def __init__(self, doc: str = "") -> None:
        self.doc = doc

    def write(self, value: Any, out: list[float]) -> None:
        out.append(0.0 if value is None else float(value))

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        if value:
            out[pos] = value
        return pos + 1


class Vec(Field):
    """A list of exactly ``n`` numbers (None entries as 0)."""

    def __init__(self, n: int, doc: str = "") -> None:
        self.size, self.doc = n, doc

    def write(self, value: Any, out: list[float]) -> None:
        if len(value) != self.size:
            raise EncodingError(f"expected {self.size} numbers, got {len(value)}")
        out.extend(value if None not in value else [0.0 if v is None else v for v in value])

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        if len(value) != self.size:
            raise EncodingError(f"expected {self.size} numbers, got {len(value)}")
        out[pos:pos + self.size] = value if None not in value else [0.0 if v is None else v for v in value]
        return pos + self.size


class OneHot(Field):
    """A value out of ``choices`` as a one-hot block (a value not in ``choices`` is an error)."""

    def __init__(self, choices: Sequence[Any], doc: str = "") -> None:
        self.choices = tuple(choices)
        self.index = {c: i for i, c in enumerate(self.choices)}
        self.size = len(self.choices)
        self.doc = doc or "one-hot over " + ", ".join(map(str, self.choices))

    def write(self, value: Any, out: list[float]) -> None:
        block = [0.0] * self.size
        try:
            block[self.index[value]] = 1.0
        except (KeyError, TypeError):
            raise EncodingError(f"{value!r} is not one of {list(self.choices)}") from None
        out.extend(block)

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        try:
            out[pos + self.index[value]] = 1.0
        except (KeyError, TypeError):
            raise EncodingError(f"{value!r} is not one of {list(self.choices)}") from None
        return pos + self.size

    def binary(self) -> list[bool]:
        return [True] * self.size


class MultiHot(Field):
    """A collection of items out of ``universe``: 1 where present (``counts=True``: how many times)."""

    def __init__(self, universe: Sequence[Any], doc: str = "", counts: bool = False) -> None:
        self.universe = tuple(universe)
        self.index = {c: i for i, c in enumerate(self.universe)}
        self.size = len(self.universe)
        self.counts = counts
        self.doc = doc

    def write(self, value: Any, out: list[float]) -> None:
        block = [0.0] * self.size
        for item in value:
            try:
                i = self.index[item]
            except (KeyError, TypeError):
                raise EncodingError(f"{item!r} is not one of {list(self.universe)[:8]}…") from None
            block[i] = block[i] + 1.0 if self.counts else 1.0
        out.extend(block)

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        index, counts = self.index, self.counts
        for item in value:
            try:
                i = pos + index[item]
            except (KeyError, TypeError):
                raise EncodingError(f"{item!r} is not one of {list(self.universe)[:8]}…") from None
            out[i] = out[i] + 1.0 if counts else 1.0
        return pos + self.size

    def binary(self) -> list[bool]:
        return [not self.counts] * self.size


def Counts(universe: Sequence[Any], doc: str = "") -> MultiHot:
    """How many times each item of ``universe`` occurs in a list."""
    return MultiHot(universe, doc, counts=True)


class Maybe(Field):
    """A value that may be None: a flag (1 = None: absent or hidden from this seat), then ``inner``."""

    def __init__(self, inner: Field, doc: str = "1 if absent or hidden") -> None:
        self.inner = inner
        self.size = inner.size + 1
        self.doc = doc

    def write(self, value: Any, out: list[float]) -> None:
        if value is None:
            out.append(1.0)
            out.extend([0.0] * self.inner.size)
        else:
            out.append(0.0)
            self.inner.write(value, out)

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        if value is None:
            out[pos] = 1.0
            return pos + self.size
        return self.inner.put(value, out, pos + 1)

    def parts(self, name: str) -> list[tuple[str, int, str]]:
        return [(name + ".none", 1, self.doc)] + self.inner.parts(name)

    def binary(self) -> list[bool]:
        return [True] + self.inner.binary()


class Record(Field):
    """A dict with fixed keys, each with its own encoder (keys not named here are an error)."""

    def __init__(self, fields: Mapping[str, Field], skipped: Mapping[str, str] | None = None) -> None:
        self.fields = dict(fields)
        self.skipped = dict(skipped or {})
        self.size = sum(f.size for f in self.fields.values())

    def write(self, value: Any, out: list[float]) -> None:
        extra = set(value) - set(self.fields) - set(self.skipped)
        if extra:
            raise EncodingError(f"keys not in the schema: {sorted(extra)}")
        for key, f in self.fields.items():
            f.write(value[key], out)

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        if len(value) != len(self.fields) or value.keys() != self.fields.keys():
            extra = set(value) - set(self.fields) - set(self.skipped)
            if extra:
                raise EncodingError(f"keys not in the schema: {sorted(extra)}")
        for key, f in self.fields.items():
            pos = f.put(value[key], out, pos)
        return pos

    def parts(self, name: str) -> list[tuple[str, int, str]]:
        rows = []
        for key, f in self.fields.items():
            rows += f.parts(f"{name}.{key}" if name else key)
        return rows

    def binary(self) -> list[bool]:
        return [b for f in self.fields.values() for b in f.binary()]


class Each(Field):
    """A list of exactly ``n`` items with the same encoder (per seat, per company …)."""

    def __init__(self, n: int, inner: Field, label: str = "") -> None:
        self.n, self.inner, self.label = n, inner, label
        self.size = n * inner.size

    def write(self, value: Any, out: list[float]) -> None:
        if len(value) != self.n:
            raise EncodingError(f"expected {self.n} items, got {len(value)}")
        for item in value:
            self.inner.write(item, out)

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        if len(value) != self.n:
            raise EncodingError(f"expected {self.n} items, got {len(value)}")
        put = self.inner.put
        for item in value:
            pos = put(item, out, pos)
        return pos

    def parts(self, name: str) -> list[tuple[str, int, str]]:
        rows = self.inner.parts(f"{name}[{self.label or 'i'}]")
        return [(r[0], r[1] * self.n, r[2] + f" (× {self.n})") for r in rows] if rows else rows

    def binary(self) -> list[bool]:
        return self.inner.binary() * self.n


class Padded(Field):
    """A list of at most ``cap`` items: its length, then ``cap`` slots (unused slots 0).

    ``cap`` is a bound the game cannot exceed (stated in the encoding module); a longer list is an
    :class:`EncodingError`, never a silent cut.
    """

    def __init__(self, cap: int, inner: Field, doc: str = "") -> None:
        self.cap, self.inner = cap, inner
        self.size = 1 + cap * inner.size
        self.doc = doc

    def write(self, value: Any, out: list[float]) -> None:
        if len(value) > self.cap:
            raise EncodingError(f"a list of {len(value)} items exceeds the cap of {self.cap}")
        out.append(float(len(value)))
        for item in value:
            self.inner.write(item, out)
        out.extend([0.0] * ((self.cap - len(value)) * self.inner.size))

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        if len(value) > self.cap:
            raise EncodingError(f"a list of {len(value)} items exceeds the cap of {self.cap}")
        out[pos] = len(value)
        at = pos + 1
        for item in value:
            at = self.inner.put(item, out, at)
        return pos + self.size

    def parts(self, name: str) -> list[tuple[str, int, str]]:
        rows = [(name + ".length", 1, self.doc or f"number of items (at most {self.cap})")]
        return rows + [(r[0], r[1] * self.cap, r[2] + f" (× {self.cap} slots)")
                       for r in self.inner.parts(f"{name}[k]")]

    def binary(self) -> list[bool]:
        return [False] + self.inner.binary() * self.cap


class Custom(Field):
    """A field written by a function ``fn(value) -> list of size numbers`` (for game-specific shapes)."""

    def __init__(self, size: int, fn: Callable[[Any], Sequence[float]], doc: str = "") -> None:
        self.size, self.fn, self.doc = size, fn, doc

    def write(self, value: Any, out: list[float]) -> None:
        block = self.fn(value)
        if len(block) != self.size:
            raise EncodingError(f"expected {self.size} numbers, got {len(block)}")
        out.extend(block)

    def put(self, value: Any, out: np.ndarray, pos: int) -> int:
        block = self.fn(value)
        if len(block) != self.size:
            raise EncodingError(f"expected {self.size} numbers, got {len(block)}")
        out[pos:pos + self.size] = block
        return pos + self.size


_IMMUTABLE = (int, float, str, bool, type(None))


# ---- the schema of a whole observation -------------------------------------------------------------
@dataclass
class Schema:
    """How an observation dict becomes a tensor: the top-level keys, then ``state``'s keys.

    ``skipped`` names the keys of ``observation["state"]`` that are not encoded and why (constants of
    the configuration, texts, or values repeated elsewhere in the tensor).
    """

    players: int
    state: Mapping[str, Field]
    skipped: Mapping[str, str] = field(default_factory=dict)
    # prepare(observation["state"]) -> the dict the fields read (renamed or regrouped keys; it may only
    # rearrange what the observation holds)
    prepare: Callable[[dict[str, Any]], dict[str, Any]] | None = None

    def __post_init__(self) -> None:
        n = self.players
        self._top = Record({
            "seat": OneHot(range(n), "the observing seat"),
            "current_player": Maybe(OneHot(range(n), "the seat to move"), "1 when the game is over"),
            "ply": Num("actions played so far"),
        })
        self._state = Record(self.state, self.skipped)
        self.size = self._top.size + self._state.size
        offset, self._slots = self._top.size, []
        for key, f in self._state.fields.items():
            self._slots.append((key, f, offset))
            offset += f.size
        # the last (state body, tensor) encoded: the next call re-encodes only the keys whose value changed
        self._last: tuple[dict[str, Any], np.ndarray] | None = None

    def encode(self, observation: dict[str, Any]) -> np.ndarray:
        """The tensor of ``observation``: each field writes its non-zero entries into a zeroed array.

        Incremental: the fields of the state body whose value equals the last call's (any seat, any game of
        this configuration) are copied from the last tensor instead of re-encoded — between two plies most of
        a game stands still. A value that is the very same mutable object as last time is re-encoded (it may
        have changed in place)."""
        body = observation["state"]
        if self.prepare is not None:
            body = self.prepare(body)
        last = self._last
        if last is None or last[0].keys() != body.keys():
            out = np.zeros(self.size, dtype=np.float32)
            pos = self._put_top(observation, out)
            end = self._state.put(body, out, pos)
            if end != self.size:  # pragma: no cover - a field whose put and size disagree
                raise EncodingError(f"wrote {end} numbers, the schema has {self.size}")
        else:
            before, out = last[0], last[1].copy()
            out[:self._top.size] = 0.0
            self._put_top(observation, out)
            for key, f, offset in self._slots:
                value, old = body[key], before[key]
                if value is old and type(value) in _IMMUTABLE or value is not old and value == old:
                    continue
                out[offset:offset + f.size] = 0.0
                f.put(value, out, offset)
        self._last = (body, out)
        return out.copy()

    def encode_reference(self, observation: dict[str, Any]) -> np.ndarray:
        """The same tensor built as a Python list, field by field (the plain definition the tests compare with)."""
        out: list[float] = []
        self._write_top(observation, out)
        body = observation["state"]
        self._state.write(body if self.prepare is None else self.prepare(body), out)
        return np.asarray(out, dtype=np.float32)

    def _put_top(self, observation: dict[str, Any], out: np.ndarray) -> int:
        pos = 0
        for key, f in self._top.fields.items():
            pos = f.put(observation[key], out, pos)
        return pos

    def _write_top(self, observation: dict[str, Any], out: list[float]) -> None:
        for key, f in self._top.fields.items():
            f.write(observation[key], out)

    def binary(self) -> np.ndarray:
        """Per tensor entry: True where the value is always 0 or 1 (see :func:`normalized`)."""
        return np.asarray(self._top.binary() + self._state.binary(), dtype=bool)

    def describe(self) -> list[tuple[str, int, int, str]]:
        """Every field: (name, offset, length, doc), in tensor order."""
        rows, offset = [], 0
        for name, size, doc in self._top.parts("") + self._state.parts("state"):
            rows.append((name, offset, size, doc))
            offset += size
        return rows


# ---- the encoding of one configuration -----------------------------------------------------------------
class Encoding:
    """The action universe and observation schema of one game configuration."""

    def __init__(self, actions: Sequence[str], schema: Schema, notes: str = "") -> None:
        self.actions = tuple(actions)
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            dup = sorted({a for a in self.actions if self.actions.count(a) > 1})
            raise ValueError(f"the action universe lists {dup[:5]} twice")
        self.schema = schema
        self.notes = notes
        self._by_action: dict[Any, int] = {}  # Action -> index (-1 outside the universe), filled as actions appear

    @property
    def num_actions(self) -> int:
        return len(self.actions)

    @property
    def tensor_size(self) -> int:
        return self.schema.size

    def action_index(self, action: Any) -> int:
        text = str(action)
        i = self.index.get(text)
        if i is None:
            raise EncodingError(
                f"{text!r} is not in this configuration's action universe ({len(self.actions)} actions)")
        return i

    def notation(self, index: Any) -> str:
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < len(self.actions):
            raise EncodingError(f"action index must be a whole number 0..{len(self.actions) - 1}, got {index!r}")
        return self.actions[int(index)]

    def legal_indices(self, state: GameState) -> list[int]:
        """Indices of the legal actions that the universe holds, ascending.

        Legal actions outside the universe (a bid above the documented cap) are left out; at least one
        legal action always remains (tested for every configuration)."""
        by_action, index_of = self._by_action, self._index_of
        found = []
        for a in state.legal_actions():
            i = by_action.get(a)
            if i is None:  # first meeting of this Action: its notation is looked up once
                i = index_of(a)
            if i >= 0:
                found.append(i)
        found.sort()
        return found

    def legal_mask(self, state: GameState) -> np.ndarray:
        mask = np.zeros(len(self.actions), dtype=bool)
        mask[self.legal_indices(state)] = True
        return mask

    def action_from_index(self, state: GameState, index: Any) -> Action:
        text = self.notation(index)
        wanted = int(index)
        for a in state.legal_actions():
            if self._index_of(a) == wanted:
                return a
        raise IllegalActionError(f"action {wanted} ({text!r}) is not legal here")

    def _index_of(self, action: Any) -> int:
        """The index of a legal Action (-1 outside the universe), through the Action-keyed cache."""
        i = self._by_action.get(action)
        if i is None:
            i = self.index.get(str(action), -1)
            if len(self._by_action) < 8 * len(self.actions):
                self._by_action[action] = i
        return i

    def observation_tensor(self, state: GameState, seat: int) -> np.ndarray:
        return self.schema.encode(state.observation(seat))

    @property
    def binary(self) -> np.ndarray:
        """Per tensor entry: True where the value is always 0 or 1 (one-hot slots and flags)."""
        mask = self.__dict__.get("_binary")
        if mask is None:
            mask = self.__dict__["_binary"] = self.schema.binary()
        return mask

    def normalized(self, tensor: np.ndarray) -> np.ndarray:
        """``tensor`` scaled into [-1, 1]: 0/1 entries unchanged, raw numbers x as sign(x)·log(1+|x|)/log(1+10⁶).

        The map is monotone and keeps 0 at 0, so order and sign survive; every value the tensor may hold
        (inside ±``TENSOR_HIGH``) lands in [-1, 1], whatever the game's length."""
        return normalize(tensor, self.binary)


_LOG_HIGH = float(np.log1p(TENSOR_HIGH))


def normalize(tensor: np.ndarray, binary: np.ndarray) -> np.ndarray:
    """The normalised tensor (see :meth:`Encoding.normalized`); works on one tensor or a batch (rows)."""
    x = np.asarray(tensor, dtype=np.float32)
    scaled = np.sign(x) * np.log1p(np.abs(x)) / _LOG_HIGH
    return np.clip(np.where(binary, x, scaled), -1.0, 1.0).astype(np.float32, copy=False)


_CACHE: dict[tuple[str, int, str], Encoding] = {}


def configuration_key(state: GameState) -> tuple[str, int, str]:
    """What an encoding may depend on: the game, the player count and the options."""
    return state.game, state.num_players, json.dumps(state.options, sort_keys=True, default=str)


def has_encoding(game: str) -> bool:
    """True if ``game``'s SPEC names an encoding module (an action universe and observation tensors)."""
    return get_spec(game).encoding is not None


def encoded_games() -> list[str]:
    """The registered games with an encoding, the ones the RL environments offer.

    A registered game whose package fails to load is left out here (the environments must still
    import); ``ccg.describe(game)`` or ``ccg.new_game(game)`` shows its error.
    """
    found = []
    for game in list_games():
        try:
            if has_encoding(game):
                found.append(game)
        except Exception:  # any import error of a third-party game package
            continue
    return found


def encoding_for(state: GameState) -> Encoding:
    """The (cached) encoding of ``state``'s configuration; ValueError if the game declares none."""
    key = configuration_key(state)
    enc = _CACHE.get(key)
    if enc is None:
        module = get_spec(state.game).encoding
        if module is None:
            raise ValueError(f"game {state.game!r} declares no encoding (SPEC.encoding): no action indices or tensors")
        enc = importlib.import_module(module).make_encoding(state)
        if len(_CACHE) > 64:
            _CACHE.clear()
        _CACHE[key] = enc
    return enc
