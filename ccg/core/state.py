"""The protocol every game state implements.

A game subclasses :class:`GameState` and fills in the underscored hooks; the
public API (``apply``, ``child``, ``clone``, ``to_json``, ``record`` …) is
written once here so that agents, analysis and the UI never see a
game-specific method.

Hooks a game implements (all required unless marked optional)::

    current_player          property: seat to decide, None when terminal
    _legal_actions()        list[Action] in a deterministic order
    _apply(action)          mutate; called only with a legal action
    _copy()                 a new state with the game's own fields copied
    is_terminal(), scores(), winners()
    _state_dict()           JSON-able dict of the game's own fields, in fresh containers
                            (the caller may edit it; ccg.testing checks)
    _from_state_dict(d, num_players, options)   classmethod, validates everything the rules
                            code relies on: a state that loads must play
    check_invariants()      raise BrokenInvariantError (naming the field) when a law is broken;
                            explicit checks, never ``assert``: positions are untrusted and ``python -O``
                            strips asserts
    _observe(seat)          optional: redacted _state_dict (default: all), fresh containers
    _resample_hidden(seat, rng)  optional: resample hidden info in place, consistently with
                            everything ``seat`` knows (the result passes check_invariants)
    _why_illegal(action)    optional: a readable reason, or None
    _parse(text)            optional: build an action that may be illegal
    _secret_action(action)  optional: True if only its actor may read the action's arguments
                            (default: its kind is one of ``SPEC.secret_moves``)
"""
from __future__ import annotations

import difflib
import html
import importlib
import json
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, NoReturn

from mypy_extensions import mypyc_attr

from .action import Action
from .chance import chance_outcomes
from .describe import describe_action_parts
from .encoding import encoding_for
from .errors import IllegalActionError, InvalidPositionError
from .frozen import freeze, thaw
from .registry import get_spec
from .rng import Rng

if TYPE_CHECKING:
    from .chance import ChanceOutcome
    from .describe import ActionDescription
    from .edit import PositionEditor

# the actions played, newest first, as a persistent linked list of (previous, action, actor) tuples: clones
# share it; a loaded position holds the notation text of its history (actor None: not known). Typed Any:
# compiled by mypyc (build_native.py), a fixed-length tuple type is unboxed, and a node must stay one object
# (views remember masked nodes by identity, ``_SEEN``); mypyc cannot compile the recursive type either
History = Any

# (id(node), seat) -> (node, the node as that seat saw it): the masked histories of seat views
# (``GameState._history_seen_by``); a key holds its node, so an id is never reused while cached
_SEEN: dict[tuple[int, int], tuple[Any, Any]] = {}
_SEEN_LIMIT = 200_000


FORMAT = "ccg-state"
FORMAT_VERSION = 1


# A caller's value the method checks itself (an action as an Action or its notation, a seat, an index, a seed):
# compiled (build_native.py), a parameter's annotated type is enforced on entry with a TypeError, before the
# method's own clear error could name what is wrong
Checked = Any

# the fields every game state has (``GameState``'s own)
BASE_FIELDS = ("num_players", "seed", "options", "rng", "_history", "_ply", "_legal", "_replayable", "_view_seat")


# compiled by mypyc (build_native.py) as a native class, which the games' states written in Python may extend
@mypyc_attr(allow_interpreted_subclasses=True)
class GameState:
    """Base class of every game's state. See the module docstring for the hooks."""

    game: ClassVar[str] = ""
    hidden_information: ClassVar[bool] = False
    # True when the legal actions of the seat to move read nothing ``_resample_hidden`` changes for that seat's
    # view: ``determinize`` then hands the view the legal actions already listed here instead of listing them
    # again (agents build a view per decision). A game that sets it tests it (view and real state agree).
    view_keeps_legal: ClassVar[bool] = False

    __slots__ = BASE_FIELDS  # (a native class, compiled, has its fields without __slots__: BASE_FIELDS names them)
    num_players: int
    seed: int
    options: Any  # read-only (ccg.core.frozen), shared by clones
    rng: Rng
    _history: History | None
    _ply: int
    _legal: list[Action] | None
    _replayable: bool
    _view_seat: int | None

    # ---- construction helpers -------------------------------------------------
    def _init_base(self, num_players: int, seed: int, options: dict[str, Any]) -> None:
        """Called by a game's constructor. ``options`` are kept read-only (shared by clones)."""
        self.num_players = num_players
        self.seed = seed
        self.options = freeze(options)
        self.rng = Rng(seed)
        self._history = None  # persistent linked list: (previous, action)
        self._ply = 0
        self._legal = None
        self._replayable = True
        self._view_seat = None

    # ---- hooks (overridden by games) -----------------------------------------------
    @property
    def current_player(self) -> int | None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _legal_actions(self) -> list[Action]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _apply(self, action: Action) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _copy(self) -> "GameState":  # pragma: no cover - abstract
        raise NotImplementedError

    def is_terminal(self) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def scores(self) -> list[float]:  # pragma: no cover - abstract
        raise NotImplementedError

    def winners(self) -> list[int]:  # pragma: no cover - abstract
        raise NotImplementedError

    def _state_dict(self) -> dict[str, Any]:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def _from_state_dict(cls, data: dict[str, Any], num_players: int, options: dict[str, Any]) -> "GameState":  # pragma: no cover
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise BrokenInvariantError (naming the field) if the position breaks a law of its rules."""

    def _observe(self, seat: int) -> dict[str, Any]:
        return self._state_dict()

    def _resample_hidden(self, seat: int, rng: Rng) -> None:
        return None

    def _why_illegal(self, action: Action) -> str | None:
        return None

    def _parse(self, text: str) -> Action | None:
        return None

    def _secret_action(self, action: Action) -> bool:
        """Only the mover may read the action's arguments: by default, its kind is one of ``SPEC.secret_moves``."""
        return bool(action.args) and action.kind in get_spec(self.game).secret_moves

    # ---- the public protocol ---------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The legal actions of ``current_player``, in a deterministic order (empty when terminal)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return list(legal)

    def apply(self, action: Checked) -> None:
        """Play ``action`` (an Action or its notation) for the current player.

        Raises :class:`IllegalActionError` and leaves the state unchanged if the
        action is not legal here.
        """
        if not isinstance(action, Action):
            action = self.parse_action(action) if isinstance(action, str) else self._reject(action)
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        if action not in legal:
            # an Action built by hand may lack ``where``: match on kind and args
            for candidate in legal:
                if candidate[0] == action[0] and candidate[1] == action[1]:
                    action = candidate
                    break
            else:
                self._reject(action)
        self._legal = None
        actor = self.current_player
        self._apply(action)
        self._history = (self._history, action, actor)
        self._ply += 1

    def child(self, action: Checked) -> "GameState":
        """A new state with ``action`` applied; this one is untouched."""
        new = self.clone()
        new.apply(action)
        return new

    def clone(self) -> "GameState":
        """A cheap, fully independent copy (random generator included)."""
        new = self._copy()
        # every search and strategist candidate clones; compiled (build_native.py), each line is a C field's copy
        new.num_players = self.num_players
        new.seed = self.seed
        new.options = self.options
        new._history = self._history
        new._ply = self._ply
        new._legal = self._legal
        new._replayable = self._replayable
        new._view_seat = self._view_seat
        new.rng = self.rng.clone()
        return new

    @property
    def ply(self) -> int:
        """How many actions have been applied since the start."""
        return self._ply

    @property
    def replayable(self) -> bool:
        """True if ``record()`` replays to this position from the seed (not determinized or edited)."""
        return self._replayable

    def mark_edited(self) -> None:
        """Declare that this state was changed by hand (outside ``apply``): ``record()`` then refuses.

        Call it after editing a state's fields directly (it also drops the cached legal actions, so
        the next ``legal_actions()`` sees the edit); loading decides it by itself (a saved position
        is replayable only if its history replayed from its seed reproduces it).
        """
        self._replayable = False
        self._legal = None

    def edit(self) -> "PositionEditor":
        """A named editor of this position (``ccg.edit(state)``); its ``commit()`` gives the edited copy."""
        from .edit import edit  # edit.py builds on this module

        return edit(self)

    def history(self) -> list[str]:
        """The notation of every action played so far, oldest first."""
        out: list[str] = []
        node = self._history
        while node is not None:
            node, action, _ = node
            out.append(str(action))
        out.reverse()
        return out

    def notation_seen_by(self, action: Checked, actor: Checked, seat: Checked) -> str:
        """The notation of ``action`` (played by ``actor``, None if unknown) as ``seat`` may read it.

        The referee (``seat=None``) and the actor read it whole; another seat reads a secret action
        (a game's ``_secret_action``, e.g. a card kept in a draft) as its kind followed by ``?``.
        """
        text = str(action)
        if seat is None or (actor is not None and actor == seat):
            return text
        if isinstance(action, str):
            action = self._parse(" ".join(action.split()).lower()) or Action(text)
        return f"{action.kind} ?" if action.args and self._secret_action(action) else text

    def describe_action(self, action: Checked, seat: Checked = None) -> str:
        """A legal action in plain words, ending with the rule that allows it (``SPEC.describe``), e.g.
        "Propose a Recycling project in Asia, on the research cooperation space, for its grant: hire or move a
        scientist (CO2-6.1.1)". ``seat``: as that seat may read it (another seat's secret choice stays secret)."""
        return str(self.describe_action_parts(action, seat))

    def describe_action_parts(self, action: Checked, seat: Checked = None) -> ActionDescription:
        """``describe_action`` as data: the sentence, the rule id, the notation (ccg/core/describe.py)."""
        return describe_action_parts(self, action, seat)

    def parse_action(self, text: Checked) -> Action:
        """The legal action whose notation is ``text`` (case and spacing are forgiven)."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action must be given as notation text, got {text!r}")
        key = " ".join(text.split()).lower()
        legal = self.legal_actions()
        for action in legal:
            if str(action).lower() == key:
                return action
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {text!r} cannot be played")
        candidate = self._parse(key)
        if candidate is not None:
            self._reject(candidate)
        names = [str(a) for a in legal]
        close = difflib.get_close_matches(key, names, n=3, cutoff=0.6)
        hint = f" Did you mean {', '.join(map(repr, close))}?" if close else ""
        raise IllegalActionError(
            f"{text!r} is not a legal action for seat {self.current_player} here.{hint} "
            f"Legal actions: {_summarise(names)}"
        )

    def _reject(self, action: Any) -> NoReturn:
        if self.is_terminal():
            raise IllegalActionError(f"the game is over; {action} cannot be played")
        reason = self._why_illegal(action) if isinstance(action, Action) else None
        if reason is None:
            names = [str(a) for a in self.legal_actions()]
            reason = f"{action} is not legal for seat {self.current_player} here. Legal actions: {_summarise(names)}"
        raise IllegalActionError(reason)

    # ---- records and positions ------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """Seed, options and the notation of every action: replays with ``ccg.replay``."""
        if not self._replayable:
            raise ValueError(
                "this state was determinized or edited by hand, so its actions no longer replay from its seed"
            )
        return {
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": thaw(self.options),
            "actions": self.history(),
        }

    def to_dict(self) -> dict[str, Any]:
        """The full position as JSON-able data (random generator included); a fresh copy to edit freely."""
        d = self._full_dict()
        d["options"] = thaw(self.options)
        return d

    def _full_dict(self) -> dict[str, Any]:
        """``to_dict`` with the shared, read-only options (for serialising without a copy)."""
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "game": self.game,
            "players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "rng": self.rng.state,
            "replayable": self._replayable,
            "history": self.history(),
            "state": self._state_dict(),
        }

    def to_json(self) -> str:
        """The full position as a JSON string; ``ccg.load_state`` reads it back exactly."""
        return json.dumps(self._full_dict(), separators=(",", ":"))

    def observation(self, seat: Checked) -> dict[str, Any]:
        """What ``seat`` may see: hidden cards, the seed and the generator are left out."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")
        return {
            "game": self.game,
            "players": self.num_players,
            "seat": seat,
            "ply": self._ply,
            "current_player": self.current_player,
            "options": thaw(self.options),
            "state": self._observe(seat),
        }

    def determinize(self, seat: Checked, seed: Checked) -> "GameState":
        """A seat view: a state consistent with ``seat``'s observation, hidden information resampled.

        It is fair by construction: the cards ``seat`` cannot see are drawn from what it knows, future
        chance (dice, decks) is reseeded from ``seed``, ``seed`` replaces the game's seed, and its
        history keeps what the seat saw (public moves and its own secret ones; another seat's secret
        move reads as its kind followed by ``?``). So neither the position nor a replay of
        ``history()`` from ``seed`` reveals the real hidden cards or the real future. Agents are handed
        such a view (:class:`ccg.agents.Agent`); ``view_seat`` names its seat.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0..{self.num_players - 1}, got {seat!r}")
        new = self.clone()
        new.seed = seed
        new.rng = Rng(seed)
        new._history = self._history_seen_by(seat)
        new._resample_hidden(seat, new.rng)
        new._legal = self._legal if self.view_keeps_legal and seat == self.current_player else None
        new._replayable = False
        new._view_seat = seat
        return new

    @property
    def view_seat(self) -> int | None:
        """The seat this state is a view for (``determinize``), or None for the referee's real state."""
        return self._view_seat

    def _history_seen_by(self, seat: int) -> "History | None":
        """The history as ``seat`` saw it: others' secret moves masked (an unknown actor's too).

        Unmasked stretches are shared with this state's history, and each masked node is remembered
        (``_SEEN``), so a view costs a walk back to the last node seen before, not the whole game."""
        if type(self)._secret_action is GameState._secret_action:
            return self._history  # the game has no secret moves
        node = self._history
        pending = []
        base = None
        while node is not None:
            hit = _SEEN.get((id(node), seat))
            if hit is not None and hit[0] is node:
                base = hit[1]
                break
            pending.append(node)
            node = node[0]
        if len(_SEEN) > _SEEN_LIMIT:
            _SEEN.clear()
        for k in range(len(pending) - 1, -1, -1):  # by index: mypyc cannot compile reversed() of this list
            current = pending[k]
            prev, action, actor = current
            seen = action if actor == seat else self._seen_text(action)
            masked = current if seen is action and base is prev else (base, seen, actor)
            _SEEN[(id(current), seat)] = (current, masked)
            base = masked
        return base

    def _seen_text(self, action: Action | str) -> Action | str:
        """``action`` as another seat reads it: the action itself, or its kind and ``?`` when secret."""
        if isinstance(action, str):  # a loaded history: notation text
            if action.endswith(" ?"):
                return action
            parsed = self._parse(" ".join(action.split()).lower())
            return f"{parsed.kind} ?" if parsed is not None and parsed.args and self._secret_action(parsed) else action
        return f"{action.kind} ?" if action.args and self._secret_action(action) else action

    # ---- fixed action space, tensors, exact chance (ccg/core/encoding.py, ccg/core/chance.py) ----
    def action_index(self, action: Checked) -> int:
        """The index of ``action`` in this configuration's action universe (``SPEC.encoding``)."""
        return encoding_for(self).action_index(action)

    def action_from_index(self, index: Checked) -> Action:
        """The legal action with universe index ``index`` (IllegalActionError if it is not legal here)."""
        return encoding_for(self).action_from_index(self, index)

    def legal_mask(self) -> Any:
        """A numpy bool array over the action universe: True where the action is legal now."""
        return encoding_for(self).legal_mask(self)

    def observation_tensor(self, seat: Checked) -> Any:
        """``observation(seat)`` as a fixed-length numpy float32 vector (fields: ``docs/environments.md``)."""
        return encoding_for(self).observation_tensor(self, seat)

    def chance_outcomes(self, action: Checked) -> list[ChanceOutcome] | None:
        """Every result of ``action`` with its exact probability (``ChanceOutcome(label, probability,
        state)``); one outcome for a deterministic action, None when its chance is too large to list."""
        return chance_outcomes(self, action)

    # ---- conveniences -------------------------------------------------------------------
    def returns(self) -> list[float]:
        """1 for each winner shared equally, 0 otherwise (terminal states)."""
        won = self.winners()
        share = 1.0 / len(won) if won else 0.0
        return [share if p in won else 0.0 for p in range(self.num_players)]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._full_dict() == other._full_dict()

    def __getstate__(self) -> dict[str, Any]:
        """Pickling and deep copies: every field of the state, GameState's and its game's (compiled or not)."""
        return {name: getattr(self, name) for name in _fields_of(type(self)) if hasattr(self, name)}

    def __setstate__(self, fields: dict[str, Any]) -> None:
        for name, value in fields.items():
            setattr(self, name, value)

    def __hash__(self) -> int:  # positions change as they are played: unhashable, like a list
        # (a method, not ``__hash__ = None``: mypyc, build_native.py, would make that a field of every state)
        raise TypeError(f"unhashable type: '{type(self).__name__}'")

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, Any]:
        """Jupyter display: the board drawing the game declares (``SPEC.plot``), else the text."""
        text = str(self)
        try:
            bundle = self._board_bundle(include, exclude)
        except ImportError as e:  # the text summary still shows; a failing view raises
            if not _plotly_missing(e):
                raise
            bundle = None
        if bundle is None:
            bundle = {"text/html": f"<pre>{html.escape(text)}</pre>"}
        bundle["text/plain"] = text
        return bundle

    def _board_bundle(self, include: Any, exclude: Any) -> dict[str, Any] | None:
        """The mime bundle of the game's board drawing (``SPEC.plot``, imported on first display), or None."""
        view = get_spec(self.game).plot
        if view is None:
            return None
        fig = importlib.import_module(view).board(self)
        bundle = dict(fig._repr_mimebundle_(include, exclude) or {})
        if not bundle:  # no default renderer outside a notebook: the plain Plotly mimetype
            import plotly.io as pio  # the game's board drawing has loaded Plotly already

            bundle = dict(pio.renderers["plotly_mimetype"].to_mimebundle(fig.to_dict()))
        return bundle

    def __iter__(self) -> Iterator[Any]:  # pragma: no cover - guard against accidental unpacking
        raise TypeError(f"{type(self).__name__} is not iterable")


def to_move(state: GameState) -> int:
    """The seat to move of a position that is not over (a RuntimeError if the game names none)."""
    seat = state.current_player
    if seat is None:
        raise RuntimeError(f"{state.game}: no seat to move in a position that is not over")
    return seat


_FIELDS_OF: dict[type, tuple[str, ...]] = {}


def _fields_of(cls: type) -> tuple[str, ...]:
    """The fields of a state class: ``__slots__`` of the classes written in Python, ``__mypyc_attrs__`` of those
    compiled as native classes (build_native.py), along its bases."""
    names = _FIELDS_OF.get(cls)
    if names is None:
        found: dict[str, None] = {}
        for klass in reversed(cls.__mro__):
            slots = klass.__dict__.get("__mypyc_attrs__", klass.__dict__.get("__slots__", ()))
            for name in (slots,) if isinstance(slots, str) else slots:
                if name not in ("__dict__", "__weakref__"):
                    found[name] = None
        names = _FIELDS_OF[cls] = tuple(found)
    return names


def _plotly_missing(e: ImportError) -> bool:
    """True for the ImportError of plotly itself not being installed (not of a broken board drawing module)."""
    name = getattr(e, "name", None) or ""
    return name == "plotly" or name.startswith("plotly.")


def _summarise(names: list[str], limit: int = 12) -> str:
    if not names:
        return "(none)"
    if len(names) <= limit:
        return ", ".join(names)
    return ", ".join(names[:limit]) + f", … ({len(names)} in all)"


def position_error(field: str, problem: str) -> InvalidPositionError:
    """An InvalidPositionError naming the field, for games' loaders."""
    return InvalidPositionError(f"invalid position: {field}: {problem}")
