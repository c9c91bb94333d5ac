"""Every rule of legal play generation on hand-made positions (mover's numbering for both sides)."""

from __future__ import annotations

import pytest

from rules.errors import InvalidPosition, InvalidRoll
from rules.moves import Move, apply_play, legal_plays, legal_results
from rules.notation import InvalidPlay, format_play, parse_play
from rules.position import Position


def P(mine: dict, theirs: dict, bar: int = 0, their_bar: int = 0) -> Position:
    """A position with the opponent's checkers given on the MOVER's point numbers."""
    return Position.from_points(mine, {25 - p: n for p, n in theirs.items()}, bar, their_bar)


def texts(position: Position, d1: int, d2: int) -> set[str]:
    return {p.notation() for p in legal_plays(position, d1, d2)}


START = Position.start()


def test_opening_31_has_16_distinct_results_and_gnu_notation():
    plays = legal_plays(START, 3, 1)
    assert len(plays) == 16
    assert "8/5 6/5" in texts(START, 3, 1)
    assert "24/20" in texts(START, 3, 1)  # one checker moving on is merged
    assert len({p.position for p in plays}) == 16


def test_opening_doubles_counts():
    # the standard counts of distinct results for opening doubles
    assert len(legal_plays(START, 6, 6)) == 11
    assert len(legal_plays(START, 2, 2)) == 75
    assert "13/7(4)" in texts(START, 6, 6)
    assert "8/4(2)" not in texts(START, 6, 6)


def test_same_position_by_two_routes_is_one_result():
    pos = P({13: 1}, {1: 2})
    # 13/8/5 and 13/10/5 reach the same position: one result, written merged
    assert texts(pos, 5, 3) == {"13/5"}


def test_bar_enters_first():
    pos = P({13: 5, 6: 5, 8: 3, 24: 1}, {19: 2, 20: 2}, bar=1)
    for play in legal_plays(pos, 4, 1):
        assert play.moves[0].from_point == 25
    assert texts(pos, 6, 5) == set()  # 19 and 20 held: nothing else may move
    assert all(t.startswith("bar/") for t in texts(pos, 3, 1))


def test_two_on_the_bar_enter_before_anything_else():
    pos = P({13: 5, 6: 5}, {19: 2, 21: 2, 23: 2}, bar=2)
    assert texts(pos, 6, 4) == set()
    assert texts(pos, 5, 3) == {"bar/22 bar/20"}
    assert texts(pos, 6, 1) == {"bar/24"}  # the 6 cannot enter: the second checker stays out, nothing else moves


def test_blocked_points_cannot_be_landed_on_but_can_be_jumped():
    pos = P({13: 1}, {7: 2, 8: 2, 10: 3})
    assert texts(pos, 6, 5) == set()  # 13/7 and 13/8 both land on held points
    pos = P({13: 1}, {8: 2, 10: 3})
    assert texts(pos, 6, 5) == {"13/2"}  # through 7


def test_hitting_a_blot_sends_it_to_the_bar():
    pos = P({13: 2}, {10: 1})
    results = legal_results(pos, 3, 1)
    hit = [p for p in results.values() if p.notation() == "13/12 13/10*"]
    assert hit and hit[0].position.opponent_bar == 1
    assert hit[0].position.opponent[25 - 10 - 1] == 0


def test_hit_and_continue_is_chained():
    pos = P({13: 1, 6: 2}, {7: 1})
    assert "13/7*/5" in texts(pos, 6, 2)
    assert "13/7*/5" == legal_results(pos, 6, 2)[apply_play(pos, [(13, 7), (7, 5)])].notation()


def test_whole_roll_must_be_used_even_if_only_one_order_allows_it():
    # 10/7 is blocked, but 10/9 then 9/6 uses both dice: that is the only legal play
    pos = P({10: 1, 1: 14}, {7: 2})
    assert texts(pos, 3, 1) == {"10/6"}


def test_larger_die_when_only_one_can_be_played():
    # the runner can play 6 (24/18) or 5 (24/19) but not both (13 held); the low checkers can use neither
    pos = P({24: 1, 1: 7, 2: 7}, {13: 2, 12: 2})
    assert texts(pos, 6, 5) == {"24/18"}


def test_smaller_die_when_the_larger_cannot_be_played():
    pos = P({24: 1, 1: 7, 2: 7}, {18: 2, 14: 2, 13: 2})
    assert texts(pos, 6, 5) == {"24/19"}


def test_doubles_play_as_many_as_possible():
    pos = P({24: 1, 1: 14}, {16: 2})
    # 24/20/16 blocked: only one 4 can be played by the runner, the rest cannot move
    assert texts(pos, 4, 4) == {"24/20"}
    pos = P({24: 2, 1: 13}, {16: 2})
    assert texts(pos, 4, 4) == {"24/20(2)"}


def test_bear_off_only_when_all_home():
    pos = P({10: 1, 6: 2, 3: 2}, {20: 2})
    assert texts(pos, 2, 1) and all("off" not in t for t in texts(pos, 2, 1))
    # once the straggler is home, the other die may bear off
    assert "7/1 3/off" in texts(P({7: 1, 6: 2, 3: 2}, {20: 2}), 6, 3)
    home = P({6: 2, 3: 2}, {20: 2})
    assert texts(home, 6, 6) == {"6/off(2) 3/off(2)"}


def test_bear_off_exact_or_higher_from_the_highest_point():
    pos = P({5: 1, 3: 2}, {20: 2})
    # a 6 bears off from the highest point (5); a 3 from the 3
    assert texts(pos, 6, 3) == {"5/off 3/off", "5/2 3/off"}
    # a 4 cannot bear off from the 3 while a checker stands on the 5
    assert texts(pos, 4, 1) == {"5/1 3/2", "5/off"}


def test_checker_hit_while_bearing_off_must_come_home_first():
    pos = P({6: 3, 4: 3, 2: 3}, {18: 3, 23: 1}, bar=1)
    for play in legal_plays(pos, 6, 2):
        assert "off" not in play.notation()
        assert play.moves[0].from_point == 25


def test_no_legal_play_is_empty_list_and_unchanged_position():
    pos = P({6: 2}, {19: 2, 20: 2, 21: 2, 22: 2, 23: 2, 24: 2}, bar=1)
    assert legal_plays(pos, 6, 6) == []
    assert list(legal_results(pos, 6, 6)) == [pos]


def test_dice_outside_1_to_6_are_refused():
    with pytest.raises(InvalidRoll):
        legal_plays(START, 0, 3)
    with pytest.raises(InvalidRoll):
        legal_plays(START, 3, 7)


# ----------------------------------------------------------------------------------------------- notation
@pytest.mark.parametrize(
    "moves, text",
    [
        ([Move(24, 18), Move(13, 10, True)], "24/18 13/10*"),
        ([Move(25, 22)], "bar/22"),
        ([Move(6, 0)], "6/off"),
        ([Move(8, 5), Move(8, 5)], "8/5(2)"),
        ([Move(13, 7, True), Move(7, 5)], "13/7*/5"),
        ([Move(24, 18), Move(18, 13)], "24/13"),
        ([Move(6, 5, True), Move(6, 5)], "6/5*(2)"),
        ([Move(8, 5), Move(8, 5), Move(5, 2)], "8/2 8/5"),
        ([], "(no play)"),
    ],
)
def test_format_play_as_gnubg_writes(moves, text):
    assert format_play(moves) == text


def test_parse_play_round_trips_every_legal_play():
    positions = [START, P({13: 1, 6: 2}, {7: 1, 3: 1}), P({6: 2, 5: 3, 2: 3}, {20: 2}),
                 P({13: 5, 6: 5, 8: 3}, {19: 2, 22: 1}, bar=2)]
    for pos in positions:
        for dice in [(3, 1), (6, 2), (2, 2), (5, 5), (6, 6), (4, 3)]:
            for play in legal_plays(pos, *dice):
                again = parse_play(play.notation(), pos, dice)
                assert again.position == play.position and again.notation() == play.notation()


def test_parse_play_accepts_unmerged_and_refuses_illegal():
    assert parse_play("24/18 18/13", START, (6, 5)).notation() == "24/13"
    assert parse_play("8/5 6/5", START, (3, 1)).notation() == "8/5 6/5"
    with pytest.raises(InvalidPlay):
        parse_play("24/20", START, (6, 5))
    with pytest.raises(InvalidPlay):
        parse_play("24/x", START, (6, 5))


def test_apply_play_refuses_impossible_moves():
    with pytest.raises(InvalidPosition):
        apply_play(START, [(23, 20)])
    with pytest.raises(InvalidPosition):
        apply_play(START, [(6, 1)])
