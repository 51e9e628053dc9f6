"""Setup (CAT-3, OIL-2): a new game with its layout, bank, deck and starting player; the rule values."""
from __future__ import annotations

from ccg.core.rng import Rng
from ccg.core.rules import resolve_rules

from .board import Board, board_for
from .data import DEV_TYPES, board_kind
from .layouts import resolve_layout
from .params import RULES
from .phases import SETUP_SETTLE
from .state import CatanState


def precompute_rule_values(s: CatanState, players: int, scenario: str | None) -> None:
    """The values of ``s.rules`` that depend on several keys, the player count or the scenario (see CatanState):
    the scenario's parameter table by player count (OIL-1.7; 5-6 players add the extension, OIL-11.1)."""
    rules = s.rules
    big = players >= 5
    s.oil_springs = scenario == "oil_springs"
    s.vp_to_win = rules["oil.vp_to_win"] if s.oil_springs else rules["vp_to_win"]
    s.oil_limit = 10 ** 6 if rules["oil.no_limit"] else rules["oil.limit"] or (6 if big else 4)  # OIL-3.3, OIL-11.2
    s.oil_tokens = rules["oil.tokens"] or (21 if big else 15)  # OIL-1.1
    s.oil_metropolises = rules["oil.metropolises"] or (6 if big else 4)  # OIL-1.2
    s.oil_destroyed_to_end = rules["oil.destroyed_to_end"] or (8 if big else 5)  # OIL-8.10, OIL-11.7
    s.oil_convert_mixed = rules["oil.convert_mixed"] and rules["oil.convert_gives"] == 2  # OIL-6.2 note A11


def blank(players: int, seed: int, options: dict, layout: dict) -> CatanState:
    """A state with every field at its start-of-game value for ``layout``."""
    s = CatanState.__new__(CatanState)
    s._init_base(players, seed, options)
    s.rules = resolve_rules(RULES, options.get("rules"))
    precompute_rule_values(s, players, options.get("scenario"))
    s.board = board_for(layout)
    _empty_board(s, s.board)
    _empty_hands_and_full_bank(s, players, board_kind(players))
    _before_the_first_placement(s)
    _oil_springs_at_start(s)
    return s


def _empty_board(s: CatanState, b: Board) -> None:
    """No pieces on the board; the number tokens as laid out, the robber on its start hex."""
    s.spots = None
    s.node_owner = [-1] * b.n_node
    s.node_level = [0] * b.n_node
    s.edge_owner = [-1] * b.n_edge
    s.numbers = list(b.numbers0)
    s.destroyed = []
    s.robber = b.robber0


def _empty_hands_and_full_bank(s: CatanState, n: int, kind: dict) -> None:
    """The bank holds every resource card (CAT-1.4, CAT-12.4) and the development deck (CAT-1.5, CAT-12.1);
    players hold nothing and have built nothing."""
    s.hand = [0] * (5 * n)
    s.bank = [kind["bank"]] * 5
    s.dev = [0] * (5 * n)
    s.dev_new = [0] * 5
    s.deck = [t for t, name in enumerate(DEV_TYPES) for _ in range(kind["dev_deck"][name])]
    s.knights = [0] * n
    s.roads_built = [0] * n
    s.settlements_built = [0] * n
    s.cities_built = [0] * n
    s.metropolises_built = [0] * n
    s.harbour_access = [0] * n
    s.road_len = [0] * n
    s.discard = [0] * n
    s.oil = [0] * n
    s.sequestered = [0] * n


def _before_the_first_placement(s: CatanState) -> None:
    """Setup's first settlement to place (CAT-3.7); no roll, no offer, no title holder, nobody has won."""
    s.phase = SETUP_SETTLE
    s.active = s.seat_to_move = s.first = 0
    s.turn = 0
    s.setup_step = 0
    s.setup_node = -1
    s.longest_road_holder = s.largest_army_holder = -1
    s.dice = 0
    s.dev_played = s.rolled = s.built = False
    s.free_roads = 0
    s.offer = None
    s.accepted = 0  # bitmask of the seats that accepted the open offer (CAT-7.2)
    s.offers_made = 0
    s.special_build_left = 0
    s.trigger = -1
    s.over = s.lost = False
    s.winner = s.pyrrhic = -1


def _oil_springs_at_start(s: CatanState) -> None:
    """Oil Springs: every oil token in the supply (OIL-2.6), the disaster marker at 0 (OIL-2.5), the metropolises
    in their pool; no champion, no disaster yet. In the base game the oil counts stay 0."""
    s.supply = s.oil_tokens if s.oil_springs else 0
    s.removed = 0
    s.marker = 0
    s.metro_pool = s.oil_metropolises if s.oil_springs else 0
    s.champion = -1
    s.oil_used = s.seq_done = s.pending = False
    s.disasters = s.floods = s.spring_hits = s.oil_used_total = 0
    s.last_disaster = None


def create(players: int, seed: int, options: dict) -> CatanState:
    """A new game: layout (seeded if variable), shuffled deck, starting player by seeded lot (CAT-3.6)."""
    rng = Rng(seed)
    rules = resolve_rules(RULES, options.get("rules"))
    layout = resolve_layout(options.get("layout"), players, options.get("scenario"), rng, bool(rules["spiral_clockwise"]),
                            bool(rules["random_numbers"]))
    s = blank(players, seed, options, layout)
    s.rng = rng
    rng.shuffle(s.deck)  # CAT-3.5, OIL-2.7: bank stacks as in blank, the deck shuffled face down
    s.first = s.active = s.seat_to_move = rng.below(players)
    return s
