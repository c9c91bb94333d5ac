import pytest

from rules.errors import InvalidPosition, InvalidPositionID
from rules.position import Position


def test_start_position_id_matches_gnubg():
    assert Position.start().position_id() == "4HPwATDgc/ABMA"


def test_after_opening_31_id_from_the_side_now_on_roll():
    start = Position.start()
    mover = list(start.player)
    mover[7] -= 1  # 8/5
    mover[5] -= 1  # 6/5
    mover[4] += 2
    after = Position(tuple(mover), start.opponent).swap()
    assert after.position_id() == "sGfwATDgc/ABMA"
    assert Position.from_position_id("sGfwATDgc/ABMA") == after


def test_round_trip_and_hash():
    pos = Position.from_points({6: 5, 1: 2}, {23: 3, 3: 1}, player_bar=1, opponent_bar=2)
    again = Position.from_position_id(pos.position_id())
    assert again == pos and hash(again) == hash(pos)
    assert pos.player_off == 7 and pos.opponent_off == 9
    assert pos.swap().swap() == pos


def test_pip_counts_of_start():
    assert Position.start().pip_count() == (167, 167)


def test_both_colours_on_one_point_is_named():
    with pytest.raises(InvalidPosition, match="point 6"):
        Position.from_points({6: 2}, {19: 1})


def test_too_many_checkers_is_named():
    with pytest.raises(InvalidPosition, match="16 checkers"):
        Position.from_points({6: 16}, {})


@pytest.mark.parametrize("bad", ["", "4HPwATDgc/ABM", "4HPwATDgc/AB!A", "//////////////"])
def test_bad_ids_raise(bad):
    with pytest.raises((InvalidPositionID, InvalidPosition)):
        Position.from_position_id(bad)


def test_diagram_shows_both_sides():
    text = str(Position.start())
    assert "X" in text and "O" in text and "4HPwATDgc/ABMA" in text
