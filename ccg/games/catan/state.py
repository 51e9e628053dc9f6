"""CatanState: the flat, clonable position of a Catan (optionally Oil Springs) game, and its protocol hooks."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ccg.core.action import Action
from ccg.core.state import GameState

from . import actions, turn
from .data import DEV_TYPES, GOODS
from .hidden import observe, resample
from .invariants import check
from .phases import PHASES
from .scoring import public_vp, vp
from .serial import from_state_dict, state_dict
from .text import summary, why_illegal

if TYPE_CHECKING:
    from .board import Board

# the rule values and the values precomputed from them (see CatanState), shared by every copy
RULE_VALUES = ("rules", "oil_springs", "vp_to_win", "oil_limit", "oil_tokens", "oil_metropolises",
               "oil_destroyed_to_end", "oil_convert_mixed")
# list fields copied by _copy (flat lists of ints)
LISTS = ("node_owner", "node_level", "edge_owner", "hand", "bank", "dev", "dev_new", "deck", "knights",
         "roads_built", "settlements_built", "cities_built", "metropolises_built", "harbour_access", "road_len",
         "discard", "oil", "sequestered", "numbers", "destroyed")
SCALARS = ("phase", "active", "seat_to_move", "turn", "first", "setup_step", "setup_node", "longest_road_holder",
           "largest_army_holder", "robber", "dice", "dev_played", "rolled", "built", "free_roads", "offer", "accepted",
           "offers_made", "special_build_left", "supply", "removed", "marker", "metro_pool", "champion", "oil_used",
           "seq_done", "pending", "trigger", "over", "winner", "lost", "pyrrhic", "disasters", "floods", "spring_hits",
           "oil_used_total", "last_disaster")


class CatanState(GameState):
    """A Catan position. Seats 0..n-1 play clockwise; ids: hexes H*, intersections N*, paths E*.

    ``rules`` is the game's rule values, read as ``s.rules["<key>"]`` with the key of params.RULES (shared
    by every copy, never mutated). Values that depend on several keys, the player count or the scenario
    are precomputed once (setup.blank), each named after its rule key:

    - ``oil_springs``: the scenario option is "oil_springs";
    - ``vp_to_win``: rule "vp_to_win", or "oil.vp_to_win" in the scenario (CAT-11.2, OIL-10.2);
    - ``oil_limit``: rule "oil.limit" (0 = printed: 4, or 6 with 5-6 players), unlimited under "oil.no_limit";
    - ``oil_tokens``, ``oil_metropolises``, ``oil_destroyed_to_end``: rules "oil.tokens", "oil.metropolises",
      "oil.destroyed_to_end" (0 = printed: 15 / 21, 4 / 6, 5 / 8);
    - ``oil_convert_mixed``: rule "oil.convert_mixed", only with the printed "oil.convert_gives" 2.
    """

    game = "catan"
    hidden_information = True
    __slots__ = ("board", "spots") + RULE_VALUES + LISTS + SCALARS
    # the fields of __slots__ (RULE_VALUES, LISTS, SCALARS above; the board and the building-spot cache)
    board: Board
    spots: dict[int, Any] | None
    rules: dict[str, Any]
    oil_springs: bool
    vp_to_win: int
    oil_limit: int
    oil_tokens: int
    oil_metropolises: int
    oil_destroyed_to_end: int
    oil_convert_mixed: bool
    node_owner: list[int]
    node_level: list[int]
    edge_owner: list[int]
    hand: list[int]
    bank: list[int]
    dev: list[int]
    dev_new: list[int]
    deck: list[int]
    knights: list[int]
    roads_built: list[int]  # per seat: pieces on the board (derived: serial.recompute_derived)
    settlements_built: list[int]  # per seat
    cities_built: list[int]  # per seat (metropolises included)
    metropolises_built: list[int]  # per seat (OIL)
    harbour_access: list[int]  # per seat: bitmask of the harbour types the seat reaches (CAT-8.7; derived)
    road_len: list[int]
    discard: list[int]
    oil: list[int]
    sequestered: list[int]  # per seat: oil tokens sequestered (OIL-9.1)
    numbers: list[int]
    destroyed: list[list[int]]
    phase: int
    active: int
    seat_to_move: int  # the seat to act (discards, trade answers, special building), -1 nobody
    turn: int
    first: int
    setup_step: int  # set-up placements made so far (CAT-3.7)
    setup_node: int
    longest_road_holder: int  # the seat holding Longest Road (CAT-10.1), -1 nobody
    largest_army_holder: int  # the seat holding Largest Army (CAT-10.4), -1 nobody
    robber: int
    dice: int
    dev_played: bool
    rolled: bool
    built: bool
    free_roads: int
    offer: tuple[int, ...] | None
    accepted: int
    offers_made: int
    special_build_left: int  # seats still to build in the special building phase (CAT-12.8)
    supply: int
    removed: int
    marker: int
    metro_pool: int
    champion: int  # the seat holding the Champion of the Environment (OIL-9.5), -1 nobody
    oil_used: bool
    seq_done: bool
    pending: bool
    trigger: int
    over: bool
    winner: int
    lost: bool
    pyrrhic: int
    disasters: int
    floods: int
    spring_hits: int
    oil_used_total: int
    last_disaster: list[int] | None

    # ---- protocol hooks ---------------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.over else self.seat_to_move

    def _legal_actions(self):
        return [] if self.over else actions.legal(self)

    def _apply(self, action) -> None:
        turn.apply(self, action)

    def _copy(self):
        new = CatanState.__new__(CatanState)
        new.board = self.board
        new.rules = self.rules
        new.oil_springs = self.oil_springs
        new.vp_to_win = self.vp_to_win
        new.oil_limit = self.oil_limit
        new.oil_tokens = self.oil_tokens
        new.oil_metropolises = self.oil_metropolises
        new.oil_destroyed_to_end = self.oil_destroyed_to_end
        new.oil_convert_mixed = self.oil_convert_mixed
        new.spots = self.spots  # cache of building spots; replaced (never mutated) when the board changes
        new.node_owner = self.node_owner[:]
        new.node_level = self.node_level[:]
        new.edge_owner = self.edge_owner[:]
        new.hand = self.hand[:]
        new.bank = self.bank[:]
        new.dev = self.dev[:]
        new.dev_new = self.dev_new[:]
        new.deck = self.deck[:]
        new.knights = self.knights[:]
        new.roads_built = self.roads_built[:]
        new.settlements_built = self.settlements_built[:]
        new.cities_built = self.cities_built[:]
        new.metropolises_built = self.metropolises_built[:]
        new.harbour_access = self.harbour_access[:]
        new.road_len = self.road_len[:]
        new.discard = self.discard[:]
        new.oil = self.oil[:]
        new.sequestered = self.sequestered[:]
        new.numbers = self.numbers[:]
        new.destroyed = self.destroyed[:]  # entries are never mutated
        new.phase = self.phase
        new.active = self.active
        new.seat_to_move = self.seat_to_move
        new.turn = self.turn
        new.first = self.first
        new.setup_step = self.setup_step
        new.setup_node = self.setup_node
        new.longest_road_holder = self.longest_road_holder
        new.largest_army_holder = self.largest_army_holder
        new.robber = self.robber
        new.dice = self.dice
        new.dev_played = self.dev_played
        new.rolled = self.rolled
        new.built = self.built
        new.free_roads = self.free_roads
        new.offer = self.offer  # a tuple, replaced, never mutated
        new.accepted = self.accepted
        new.offers_made = self.offers_made
        new.special_build_left = self.special_build_left
        new.supply = self.supply
        new.removed = self.removed
        new.marker = self.marker
        new.metro_pool = self.metro_pool
        new.champion = self.champion
        new.oil_used = self.oil_used
        new.seq_done = self.seq_done
        new.pending = self.pending
        new.trigger = self.trigger
        new.over = self.over
        new.winner = self.winner
        new.lost = self.lost
        new.pyrrhic = self.pyrrhic
        new.disasters = self.disasters
        new.floods = self.floods
        new.spring_hits = self.spring_hits
        new.oil_used_total = self.oil_used_total
        new.last_disaster = self.last_disaster
        return new

    def is_terminal(self):
        return self.over

    def scores(self):
        """The referee's truth: every seat's VP, hidden Victory Point cards included (CAT-9.7).

        Not for a seat's eyes before the game ends: a seat sees ``observation(seat)["state"]["public_vp"]``.
        """
        return [float(vp(self, p)) for p in range(self.num_players)]

    def winners(self):
        return [self.winner] if self.over and self.winner >= 0 else []

    # ---- conveniences ---------------------------------------------------------------------------
    @property
    def scenario(self) -> str | None:
        return "oil_springs" if self.oil_springs else None

    def vp(self, seat: int) -> int:
        """All VP of ``seat`` (hidden VP cards included)."""
        return vp(self, seat)

    def public_vp(self, seat: int) -> int:
        return public_vp(self, seat)

    @property
    def phase_name(self) -> str:
        return PHASES[self.phase]

    def hand_of(self, seat: int) -> dict:
        """Resource cards of ``seat`` by name."""
        return {GOODS[r]: self.hand[seat * 5 + r] for r in range(5)}

    def dev_of(self, seat: int) -> dict:
        return {DEV_TYPES[t]: self.dev[seat * 5 + t] for t in range(5)}

    def _parse(self, text):
        """An Action from notation (maybe illegal), so that a rejection can say why."""
        parts = text.split()
        if not parts:
            return None
        args = tuple(int(x) if x.lstrip("-").isdigit() else (x.upper() if x[:1] in "nhe" and x[1:].isdigit() else x)
                     for x in parts[1:])
        return Action(parts[0], args)

    def _why_illegal(self, action):
        return why_illegal(self, action)

    def __str__(self) -> str:
        return summary(self)

    # ---- serialisation ---------------------------------------------------------------------------
    def _state_dict(self):
        return state_dict(self)

    @classmethod
    def _from_state_dict(cls, data, num_players, options):
        return from_state_dict(cls, data, num_players, options)

    def _observe(self, seat):
        return observe(self, seat)

    def _resample_hidden(self, seat, rng) -> None:
        resample(self, seat, rng)

    def check_invariants(self) -> None:
        check(self)
