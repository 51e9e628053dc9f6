"""Editing a position by name: the generic part of ``ccg.edit(state)`` and ``ccg.board_of(state)``.

An editor works on a copy of the serialised position (``state.to_dict()``), never on the state: each
game's editor (``SPEC.edit``, a module with an ``Editor`` class) maps named fields — a player's
coins, a region's plants, a company's trains — onto that copy, and moves conserved amounts from their
natural source (a resource given to a player leaves the bank) unless the user sets the source
explicitly too. :meth:`PositionEditor.commit` checks the game's named facts, then loads the copy
through the game's own loader and invariants (``ccg.core.positions.state_from_dict``): the result
is a new state marked edited (not replayable); the original is never touched, and a rejected edit
raises :class:`InvalidPositionError` naming the broken fact and changes nothing.

Chance set-ups ("the next roll is 7") are edits too: a deck in the state is reordered, or the
state's generator is moved to a state whose next draws give the wanted result (:func:`seek_draws`);
the seed and the generator stay hidden from the user.
"""
from __future__ import annotations

import copy
import importlib
from typing import TYPE_CHECKING, Any, Callable, Iterator, Sequence

from .errors import InvalidPositionError
from .positions import state_from_dict
from .registry import get_spec
from .rng import MASK64, Rng, mix64
from .state import GameState

if TYPE_CHECKING:
    from .state import GameState

__all__ = ["Counts", "PositionEditor", "board_of", "edit", "seek_draws"]

SEEK_LIMIT = 1_000_000  # generator states tried before a chance set-up is declared impossible


class Counts:
    """Named counts of one holder (``hand["wood"]``), read and written through its editor.

    >>> c = Counts(("wood", "ore"), {"wood": 1, "ore": 0}.__getitem__, lambda k, v: None, "hand")
    >>> c["wood"], dict(c)
    (1, {'wood': 1, 'ore': 0})
    """

    __slots__ = ("_names", "_get", "_set", "_what")

    def __init__(self, names: Sequence[str], get: Callable[[str], int], set_: Callable[[str, int], None],
                 what: str) -> None:
        self._names = tuple(names)
        self._get = get
        self._set = set_
        self._what = what

    def _key(self, name: str) -> str:
        if name not in self._names:
            raise KeyError(f"{self._what} has no {name!r}; it counts {', '.join(self._names)}")
        return name

    def __getitem__(self, name: str) -> int:
        return self._get(self._key(name))

    def __setitem__(self, name: str, value: int) -> None:
        self._set(self._key(name), whole(value, f"{self._what}[{name!r}]"))

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def keys(self) -> tuple[str, ...]:
        return self._names

    def items(self) -> list[tuple[str, int]]:
        return [(k, self._get(k)) for k in self._names]

    def update(self, values: dict[str, int] | None = None, **more: int) -> None:
        """Set several counts at once: ``hand.update(wood=2, ore=1)``."""
        for k, v in {**(values or {}), **more}.items():
            self[k] = v

    def __repr__(self) -> str:
        return f"{self._what}({', '.join(f'{k}={v}' for k, v in self.items())})"


def whole(value: Any, field: str) -> int:
    """``value`` as a whole number, or InvalidPositionError naming ``field``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidPositionError(f"{field} must be a whole number, got {value!r}")
    return value


def choose(value: Any, choices: Sequence[str], what: str) -> str:
    """``value`` if it is one of ``choices`` (case forgiven), else InvalidPositionError listing them."""
    if isinstance(value, str):
        for c in choices:
            if c.lower() == value.lower():
                return c
    raise InvalidPositionError(f"{what} must be one of {', '.join(map(str, choices))}, got {value!r}")


class PositionEditor:
    """The base of every game's editor: a copy of the position, pools that follow, one commit.

    Subclasses read and write ``self.data`` (the game's ``_state_dict`` form, a private copy) and
    call :meth:`take` when an amount moves between a holder and its natural source. ``commit`` runs
    :meth:`_settle` (derived fields), :meth:`_facts` (named checks), then the game's loader.
    """

    def __init__(self, state: GameState) -> None:
        self._original = state
        self._full = state.to_dict()
        self._full["replayable"] = False
        self.data: dict[str, Any] = self._full["state"]
        self.players = state.num_players
        # conserved pools: name -> net amount taken out of the pool by the edits so far
        self._taken: dict[str, int] = {}
        self._explicit: set[str] = set()
        self._committed = False

    # ---- pools ------------------------------------------------------------------------------
    def take(self, pool: str, amount: int) -> None:
        """Record that ``amount`` left ``pool`` (negative: returned to it); applied at commit unless
        the pool was set explicitly."""
        self._taken[pool] = self._taken.get(pool, 0) + amount

    def set_explicitly(self, pool: str) -> None:
        """The user set ``pool`` by hand: it no longer follows the holders' changes."""
        self._explicit.add(pool)

    def follows(self, pool: str) -> bool:
        return pool not in self._explicit

    # ---- a few common fields by name, for forms (the Table's Setup tab) ----------------------------
    def seat_fields(self) -> tuple[str, ...]:
        """The common per-seat fields a form offers, as paths on ``player(seat)``: ``"cash"``, ``"hand.ore"``."""
        return ()

    def chance_setups(self) -> dict[str, Callable[[], None]]:
        """The chance set-ups this position offers, by label ("next roll: 7"); calling one records it."""
        return {}

    def player(self, seat: int) -> Any:  # pragma: no cover - every game's editor defines it
        raise NotImplementedError

    def seat_field(self, seat: int, path: str) -> int:
        """The value of ``seat_fields()`` entry ``path`` for ``seat``."""
        holder, key = self._resolve(seat, path)
        return int(holder[key] if isinstance(holder, Counts) else getattr(holder, key))

    def set_seat_field(self, seat: int, path: str, value: int) -> None:
        """Set ``seat_fields()`` entry ``path`` of ``seat`` (conserved totals follow as for the named field)."""
        holder, key = self._resolve(seat, path)
        if isinstance(holder, Counts):
            holder[key] = value
        else:
            setattr(holder, key, value)

    def _resolve(self, seat: int, path: str) -> tuple[Any, str]:
        if path not in self.seat_fields():
            raise InvalidPositionError(f"{path!r} is not a seat field here; the fields are {', '.join(self.seat_fields())}")
        holder: Any = self.player(seat)
        *parts, last = path.split(".")
        for part in parts:
            holder = getattr(holder, part)
        return holder, last

    # ---- hooks ------------------------------------------------------------------------------
    def _settle(self) -> None:
        """Apply the pools' changes and recompute derived fields (ppm, income …) in ``self.data``."""

    def _facts(self) -> list[str]:
        """The broken facts of the edited position, in words (empty: all hold)."""
        return []

    def _after_load(self, state: GameState) -> None:
        """Chance set-ups that act on the loaded state's generator (see :func:`seek_draws`)."""

    # ---- commit -------------------------------------------------------------------------------
    def commit(self) -> GameState:
        """The edited position as a new state (marked edited); InvalidPositionError if it breaks a rule.

        The original state is untouched either way; an editor commits once.
        """
        if self._committed:
            raise InvalidPositionError("this editor was already committed; start a new one with ccg.edit(state)")
        saved = copy.deepcopy(self._full)  # a rejected commit leaves the editor as it was, to fix and retry
        try:
            self._settle()
            broken = self._facts()
            if broken:
                raise InvalidPositionError("the edited position is invalid: " + "; ".join(broken))
            try:
                state = state_from_dict(self._full)
            except InvalidPositionError as e:
                raise InvalidPositionError(f"the edited position is invalid: {e}") from None
        except InvalidPositionError:
            self.data.clear()
            self.data.update(saved.pop("state"))
            self._full.update(saved)
            raise
        self._after_load(state)
        state.mark_edited()
        self._committed = True
        return state

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of a {self._original.game} position; commit() gives the edited state>"


def seek_draws(state: int, wanted: Callable[[Rng], bool]) -> int:
    """A generator state from which ``wanted(rng)`` is true: the next draws give the wanted outcome.

    ``wanted`` makes the draws exactly as the game's action will (``lambda r: r.die() + r.die() == 7``).
    The candidates are a fixed sequence derived from ``state``, so the answer is deterministic; raises
    InvalidPositionError if none of the first ``SEEK_LIMIT`` candidates works (an impossible wish).

    >>> s = seek_draws(12345, lambda r: r.die() == 6)
    >>> Rng(state=s).die()
    6
    """
    for k in range(1, SEEK_LIMIT + 1):
        candidate = mix64((state + k * 0x632BE59BD9B4E019) & MASK64)
        if wanted(Rng(state=candidate)):
            return candidate
    raise InvalidPositionError("no generator state gives the wanted chance outcome")


def _spec_module(game: str, hook: str) -> Any:
    name = getattr(get_spec(game), hook)
    if name is None:
        raise ValueError(f"the game {game!r} offers no {'position editor' if hook == 'edit' else 'board map'}")
    return importlib.import_module(name)


def edit(state: GameState) -> PositionEditor:
    """A named editor of ``state``'s position (``state.edit()`` is the same); ``commit()`` gives the new state.

    >>> import ccg
    >>> s = ccg.new_game("chicago_express", players=3, seed=1)
    >>> e = ccg.edit(s)
    >>> e.player(0).cash += 10          # paid by the bank
    >>> t = e.commit()
    >>> t.to_dict()["state"]["cash"][0] - s.to_dict()["state"]["cash"][0], t.replayable
    (10, False)
    """
    if not isinstance(state, GameState):
        raise ValueError(f"ccg.edit needs a game state, got {type(state).__name__}")
    editor: PositionEditor = _spec_module(state.game, "edit").Editor(state)
    return editor


def board_of(game_or_state: Any) -> Any:
    """The read-only board of a game (its name) or of a state (its own map, e.g. a Catan layout).

    >>> import ccg
    >>> b = ccg.board_of("chicago_express")
    >>> b.hexes["Q7"].terrain, sorted(b.hexes["Q7"].neighbours)[:2]
    ('start', ['P6', 'P7'])
    """
    if isinstance(game_or_state, GameState):
        return _spec_module(game_or_state.game, "board_map").board_map(game_or_state)
    if isinstance(game_or_state, str):
        return _spec_module(game_or_state, "board_map").board_map(None)
    raise ValueError(f"ccg.board_of needs a game name or a state, got {type(game_or_state).__name__}")
