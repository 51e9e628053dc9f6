"""The position tree (ccg.core.tree): variations, promotion, deletion, exact replay of the cursor."""
import pytest

import ccg
from ccg.core.tree import GameTree


def _line(seed=4, n=40):
    s = ccg.new_game("toy", players=3, seed=seed, rules={"target": 100})
    moves = []
    for _ in range(n):
        if s.is_terminal():
            break
        a = s.legal_actions()[-1 if len(moves) % 3 == 2 else 0]
        moves.append(a)
        s.apply(a)
    return moves, s


def test_play_grows_main_line_and_replays_exactly():
    moves, final = _line()
    assert len(moves) == 40
    tree = GameTree(ccg.new_game("toy", players=3, seed=4, rules={"target": 100}))
    for a in moves:
        tree.play(a)
    assert tree.state == final
    assert [n.move for n in tree.line()[1:]] == moves
    # going back replays from the root or a snapshot: positions equal direct play
    for k in (0, 1, 17, 33, len(moves) - 1):
        tree.go(tree.line()[k])
        expect = ccg.new_game("toy", players=3, seed=4, rules={"target": 100})
        for a in moves[:k]:
            expect.apply(a)
        assert tree.state == expect, k
    tree.to_end()
    assert tree.state == final


def test_variation_promote_and_delete():
    tree = GameTree(ccg.new_game("toy", players=2, seed=1))
    a1 = tree.play("roll")
    main2 = tree.play("roll")
    tree.back()
    assert tree.cursor is a1
    alt = tree.play("hold")  # a different move from an earlier position: a variation
    assert a1.variations == [main2, alt]
    assert not alt.is_mainline() and main2.is_mainline()
    # replaying the same move follows the existing node instead of adding one
    tree.back()
    assert tree.play("hold") is alt and len(a1.variations) == 2
    tree.promote(alt)
    assert a1.variations == [alt, main2] and alt.is_mainline()
    tree.demote(alt)
    assert a1.variations == [main2, alt]
    tree.promote_to_main(alt)
    assert a1.variations[0] is alt
    # deleting the subtree holding the cursor moves the cursor to the parent
    tree.go(alt)
    tree.play(tree.state.legal_actions()[0])
    tree.delete(alt)
    assert tree.cursor is a1 and a1.variations == [main2]
    with pytest.raises(ValueError):
        tree.go(alt)  # gone
    with pytest.raises(ValueError):
        tree.delete(tree.root)


def test_illegal_move_changes_nothing():
    tree = GameTree(ccg.new_game("toy", players=2, seed=1))
    before = tree.state.to_json()
    with pytest.raises(ccg.IllegalActionError):
        tree.play("hold")  # nothing to hold yet
    assert tree.state.to_json() == before and len(tree) == 1 and tree.cursor is tree.root


def test_add_variation_keeps_cursor_and_back_forward_bounds():
    tree = GameTree(ccg.new_game("toy", players=2, seed=2))
    n1 = tree.play("roll")
    side = tree.add_variation(tree.root, "roll")
    assert side is n1  # already there
    tree.back(5)
    assert tree.cursor is tree.root
    tree.forward(5)
    assert tree.cursor is n1


def test_tree_json_round_trip_and_validation():
    tree = GameTree(ccg.new_game("toy", players=2, seed=9))
    tree.play("roll")
    tree.play("roll")
    tree.back()
    tree.play("hold")
    text = tree.to_json()
    again = GameTree.from_json(text)
    assert again.to_json() == text and again.state == tree.state
    bad = tree.to_dict()
    bad["moves"][0][1].append(["fly", []])
    with pytest.raises(ccg.InvalidPositionError, match="fly"):
        GameTree.from_dict(bad)
    with pytest.raises(ccg.InvalidPositionError):
        GameTree.from_json("[1, 2]")


def test_a_long_line_round_trips_and_a_hopelessly_deep_tree_is_refused():
    tree = GameTree(ccg.new_game("toy", players=2, seed=9))
    for _ in range(60):  # each ply nests the saved moves two levels deeper
        if tree.state.is_terminal():
            break
        tree.play(tree.state.legal_actions()[0])
    text = tree.to_json()
    assert GameTree.from_json(text).to_json() == text
    with pytest.raises(ccg.InvalidPositionError, match="nested deeper"):
        GameTree.from_json('{"format": "ccg-tree", "moves": ' + "[" * 100_000 + "]" * 100_000 + "}")
