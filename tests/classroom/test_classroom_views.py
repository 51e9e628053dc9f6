"""What a seat is shown depends on its observation only: the page data a seat's browser is sent."""
from __future__ import annotations

import pytest

import ccg
from ccg.agents import make_agent
from ccg.classroom import LiveTable, open_store
from ccg.classroom.dashboard import table_rows
from ccg.classroom.student import describe, seat_page
from ccg.classroom.views import public_move, seat_view
from ccg.plot import board

CONFIGS = [("co2", {"draft": True}), ("co2", {"variant": "expert", "auction": True}),
           ("catan", {"scenario": "oil_springs"}), ("chicago_express", {})]


@pytest.mark.parametrize("game,options", CONFIGS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(CONFIGS)])
def test_a_seat_page_is_the_same_for_every_state_its_observation_allows(game, options):
    """Secrets belong to their seat: the page of a seat is identical for the real state and for
    ``determinize(seat, k)``, which replaces everything that seat cannot see."""
    state = ccg.new_game(game, players=4, seed=3, **options)
    agent = make_agent("random", 5)
    moves = []
    checked = differs = 0
    for ply in range(160):
        if state.is_terminal():
            break
        if ply % 40 == 0:
            for seat in range(4):
                page = seat_page(state, seat, moves=moves)
                for k in (1, 2):
                    other = state.determinize(seat, k)
                    assert seat_page(other, seat, moves=moves) == page, (game, ply, seat, k)
                    if ply == 40 and k == 1:  # the check can fail: the referee's board does change
                        differs += board(other, None).to_plotly_json() != board(state, None).to_plotly_json()
                checked += 1
        from ccg.classroom.store import MoveRow

        action = agent.act(state)
        moves.append(MoveRow(state.ply, state.current_player, str(action), 0.0, "student"))
        state.apply(action)
    assert checked >= 12
    assert differs > 0 or not state.hidden_information


def test_the_secret_draft_pick_is_hidden_from_the_other_seats():
    """CO2-2.18.1: the card kept in the draft is secret; the other seats read only that a card was kept."""
    state = ccg.new_game("co2", players=4, seed=2, draft=True)
    keep = next(a for a in state.legal_actions() if str(a).startswith("keep "))
    from ccg.classroom.store import MoveRow

    move = MoveRow(0, state.current_player, str(keep), 0.0, "student")
    mover = state.current_player
    card = str(keep).split()[1]
    for view_state in (None, state):  # the log's own rule, and the engine's where it has one
        assert str(keep) in public_move("co2", move, mover, view_state)
        assert str(keep) in public_move("co2", move, None, view_state), "the teacher reads everything"
        for seat in range(4):
            if seat != mover:
                line = public_move("co2", move, seat, view_state)
                assert card not in line.split(":", 1)[1] and "keep" in line, line
    after = state.child(keep)
    for seat in range(4):
        if seat != mover:
            assert card not in seat_view(after, seat, moves=[move]).log[0].split(":", 1)[1]


def test_the_own_secrets_are_in_words(tmp_path):
    state = ccg.new_game("co2", players=4, seed=1)
    view = seat_view(state, 2)
    text = " ".join(v for _, v in view.secrets)
    assert f"card {state.goal[2]}:" in text and all(f"card {c}:" in text for c in state.lobby[2])
    for other in (0, 1, 3):
        assert f"card {state.goal[other]}:" not in text
    assert view.gauge["value"] == state.ppm and view.gauge["limit"] == state.rules["ppm.lose"]
    catan = ccg.new_game("catan", players=4, seed=1)
    assert [k for k, _ in seat_view(catan, 1).secrets] == ["Your hand", "Your development cards"]  # in words


@pytest.fixture
def lesson(tmp_path):
    store = open_store(tmp_path)
    table = store.create_table("co2", ["student", "student", "random", "random"], seed=1, lesson="7B")
    return store, table


def test_stalled_tables(lesson):
    store, table = lesson
    live = LiveTable(store, table.id)
    now = live.updated
    row = table_rows([live], now=now + 1)[0]
    assert row.stalled and "not connected" in row.state, "nobody has joined the seat to move"
    store.touch_seat(table.id, live.state.current_player)
    live.refresh_info()
    assert not table_rows([live], now=now + 1)[0].stalled
    late = table_rows([live], now=now + 10_000)[0]
    assert late.stalled and "to move for" in late.state
    assert table_rows([live], now=now + 1)[0].milestone == "decade 1 · round 1"


def test_moves_are_offered_in_the_tables_words_or_their_notation():
    """The page's move list carries each legal move's description (``describe_action``) beside its notation."""
    state = ccg.new_game("co2", players=4, seed=1)
    page = seat_page(state, state.current_player)
    assert [a for a, _ in page["actions"]] == [str(a) for a in state.legal_actions()]
    for notation, words in page["actions"]:
        assert words == describe(state, notation)
        parts = state.describe_action_parts(notation)
        assert words == (str(parts) if parts.described else notation)
    assert seat_page(state, (state.current_player + 1) % 4)["actions"] == [], "only the seat to move gets moves"


def test_the_game_over_line_is_the_games_own_result_where_it_declares_one():
    """``SPEC.result``: CO2's lost planet and Oil Springs' lost island (OIL-10.3) are told in the game's words,
    in the reader's language; a plain win is the generic line."""
    from ccg.i18n import lang

    island = ccg.new_game("catan", players=3, seed=1, scenario="oil_springs")
    gauge = seat_view(island, 1).gauge  # Oil Springs' gauge: number tokens destroyed, the island lost at 5
    assert (gauge["value"], gauge["limit"], gauge["short"]) == (0, 5, "Tokens destroyed")
    assert seat_view(ccg.new_game("catan", players=3, seed=1), 1).gauge is None  # the base game has none
    island.over, island.lost, island.winner = True, True, -1  # the floods took the island (set by hand)
    assert seat_view(island, 0).status == "Game over — the island is lost: nobody wins"
    with lang("cs"):
        assert seat_view(island, 0).status == "Konec hry — ostrov je ztracen: nikdo nevyhrává"
    planet = ccg.new_game("co2", players=2, seed=1)
    while not planet.is_terminal():
        planet.apply(planet.legal_actions()[-1])
    won = seat_view(planet, 0).status
    assert won.endswith("the planet is lost: everyone loses") == planet.lost
    chicago = ccg.new_game("chicago_express", players=3, seed=1)
    while not chicago.is_terminal():
        chicago.apply(chicago.legal_actions()[0])
    assert "you win" in seat_view(chicago, chicago.winners()[0]).status
