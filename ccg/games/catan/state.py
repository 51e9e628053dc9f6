"""CatanState: the flat, clonable position of a Catan (optionally Oil Springs) game."""
from __future__ import annotations

from ccg.core.action import Action
from ccg.core.rng import Rng
from ccg.core.state import GameState

from . import turn
from .actions import OVER, PHASES, SETUP_SETTLE
from .board import Board, board_for
from .building import harbour_mask
from .data import DEV_TYPES, GOODS, board_kind
from .layouts import resolve_layout
from .params import Params
from .roads import longest_road
from .scoring import public_vp, vp

# list fields copied by _copy (flat lists of ints)
LISTS = ("node_owner", "node_level", "edge_owner", "hand", "bank", "dev", "dev_new", "deck", "knights",
         "n_road", "n_settle", "n_city", "n_metro", "hmask", "road_len", "discard", "oil", "seq", "numbers",
         "destroyed")
SCALARS = ("phase", "active", "cur", "turn", "first", "setup_i", "setup_node", "lr", "la", "robber", "dice",
           "dev_played", "rolled", "built", "free_roads", "offer", "accepted", "offers_made", "sbp_left", "supply", "removed",
           "marker", "metro_pool", "champ", "oil_used", "seq_done", "pending", "trigger", "over", "winner", "lost",
           "pyrrhic", "disasters", "floods", "spring_hits", "oil_used_total", "last_disaster")


class CatanState(GameState):
    """A Catan position. Seats 0..n-1 play clockwise; ids: hexes H*, intersections N*, paths E*."""

    game = "catan"
    hidden_information = True
    __slots__ = ("board", "P", "spots") + LISTS + SCALARS

    # ---- protocol hooks ---------------------------------------------------------------------
    @property
    def current_player(self):
        return None if self.over else self.cur

    def _legal_actions(self):
        return [] if self.over else turn.legal(self)

    def _apply(self, action):
        turn.apply(self, action)

    def _copy(self):
        new = CatanState.__new__(CatanState)
        new.board = self.board
        new.P = self.P
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
        new.n_road = self.n_road[:]
        new.n_settle = self.n_settle[:]
        new.n_city = self.n_city[:]
        new.n_metro = self.n_metro[:]
        new.hmask = self.hmask[:]
        new.road_len = self.road_len[:]
        new.discard = self.discard[:]
        new.oil = self.oil[:]
        new.seq = self.seq[:]
        new.numbers = self.numbers[:]
        new.destroyed = self.destroyed[:]  # entries are never mutated
        new.phase = self.phase
        new.active = self.active
        new.cur = self.cur
        new.turn = self.turn
        new.first = self.first
        new.setup_i = self.setup_i
        new.setup_node = self.setup_node
        new.lr = self.lr
        new.la = self.la
        new.robber = self.robber
        new.dice = self.dice
        new.dev_played = self.dev_played
        new.rolled = self.rolled
        new.built = self.built
        new.free_roads = self.free_roads
        new.offer = self.offer  # a tuple, replaced, never mutated
        new.accepted = self.accepted
        new.offers_made = self.offers_made
        new.sbp_left = self.sbp_left
        new.supply = self.supply
        new.removed = self.removed
        new.marker = self.marker
        new.metro_pool = self.metro_pool
        new.champ = self.champ
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
        return "oil_springs" if self.P.oil else None

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
        from .explain import why_illegal

        return why_illegal(self, action)

    def __str__(self) -> str:
        from .explain import summary

        return summary(self)

    # ---- serialisation ---------------------------------------------------------------------------
    def _state_dict(self):
        from .serial import state_dict

        return state_dict(self)

    @classmethod
    def _from_state_dict(cls, data, num_players, options):
        from .serial import from_state_dict

        return from_state_dict(cls, data, num_players, options)

    def _observe(self, seat):
        from .hidden import observe

        return observe(self, seat)

    def _resample_hidden(self, seat, rng):
        from .hidden import resample

        resample(self, seat, rng)

    def check_invariants(self):
        from .invariants import check

        check(self)


def blank(players: int, seed: int, options: dict, layout: dict) -> CatanState:
    """A state with every field at its start-of-game value for ``layout``."""
    s = CatanState.__new__(CatanState)
    s._init_base(players, seed, options)
    P = s.P = Params(options.get("rules"), players, options.get("scenario"))
    b: Board = board_for(layout)
    s.board = b
    s.spots = None
    n = players
    kind = board_kind(players)
    s.node_owner = [-1] * b.n_node
    s.node_level = [0] * b.n_node
    s.edge_owner = [-1] * b.n_edge
    s.hand = [0] * (5 * n)
    s.bank = [P.bank_size] * 5
    s.dev = [0] * (5 * n)
    s.dev_new = [0] * 5
    s.deck = [t for t, name in enumerate(DEV_TYPES) for _ in range(kind["dev_deck"][name])]
    s.knights = [0] * n
    s.n_road = [0] * n
    s.n_settle = [0] * n
    s.n_city = [0] * n
    s.n_metro = [0] * n
    s.hmask = [0] * n
    s.road_len = [0] * n
    s.discard = [0] * n
    s.oil = [0] * n
    s.seq = [0] * n
    s.numbers = list(b.numbers0)
    s.destroyed = []
    s.phase = SETUP_SETTLE
    s.active = s.cur = s.first = 0
    s.turn = 0
    s.setup_i = 0
    s.setup_node = -1
    s.lr = s.la = -1
    s.robber = b.robber0
    s.dice = 0
    s.dev_played = s.rolled = s.built = False
    s.free_roads = 0
    s.offer = None
    s.accepted = 0  # bitmask of the seats that accepted the open offer (CAT-7.2)
    s.offers_made = 0
    s.sbp_left = 0
    s.supply = P.oil_tokens if P.oil else 0
    s.removed = 0
    s.marker = 0
    s.metro_pool = P.metros if P.oil else 0
    s.champ = -1
    s.oil_used = s.seq_done = s.pending = False
    s.trigger = -1
    s.over = s.lost = False
    s.winner = s.pyrrhic = -1
    s.disasters = s.floods = s.spring_hits = s.oil_used_total = 0
    s.last_disaster = None
    return s


def create(players: int, seed: int, options: dict) -> CatanState:
    """A new game: layout (seeded if variable), shuffled deck, starting player by seeded lot (CAT-3.6)."""
    rng = Rng(seed)
    params = Params(options.get("rules"), players, options.get("scenario"))
    layout = resolve_layout(options.get("layout"), players, options.get("scenario"), rng, params.spiral_cw,
                            params.random_numbers)
    s = blank(players, seed, options, layout)
    s.rng = rng
    rng.shuffle(s.deck)
    s.first = s.active = s.cur = rng.below(players)
    return s


def recompute_derived(s: CatanState) -> None:
    """Counts, harbour access and road lengths from the pieces on the board (used by the loader)."""
    n = s.num_players
    s.spots = None
    s.n_road = [0] * n
    s.n_settle = [0] * n
    s.n_city = [0] * n
    s.n_metro = [0] * n
    for o in s.edge_owner:
        if o >= 0:
            s.n_road[o] += 1
    for x, o in enumerate(s.node_owner):
        if o >= 0:
            lv = s.node_level[x]
            if lv == 1:
                s.n_settle[o] += 1
            else:
                s.n_city[o] += 1
                if lv == 3:
                    s.n_metro[o] += 1
    s.hmask = [harbour_mask(s, p) for p in range(n)]
    s.road_len = [longest_road(s, p) for p in range(n)]


__all__ = ["CatanState", "create", "blank", "OVER"]
