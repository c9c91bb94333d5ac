import pytest

from rules.errors import InvalidPosition, InvalidPositionID
from rules.position import Position
from rules.xgid import XGID, decode, encode

START = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"


def test_starting_position():
    state = decode(START)
    assert state.position == Position.start()
    assert state.turn == 1 and state.dice == (0, 0) and state.cube == 1 and state.cube_owner is None
    assert state.length == 0 and not state.jacoby
    assert encode(state) == START


def test_o_on_roll_sees_its_own_side():
    # X (player 1) opened 31 with 8/5 6/5; now O (player 0) is on roll with 42
    x_side = {24: 2, 13: 5, 8: 2, 6: 4, 5: 2}
    after_31 = Position.from_points(x_side, {24: 2, 13: 5, 8: 3, 6: 5}).swap()
    state = XGID(position=after_31, turn=0, dice=(4, 2), length=7, score=(1, 3), cube=2, cube_owner=1)
    text = encode(state)
    fields = text[len("XGID="):].split(":")
    assert fields[0] == "-b---BD-B---eE---c-e----B-"
    assert fields[1:] == ["1", "1", "-1", "42", "3", "1", "0", "7", "10"]
    assert decode(text) == state


def test_board_characters_for_a_known_position():
    # X: 2 on its bar, 3 on its 1 point; O: 1 on its bar, 4 on O's 6 point (X's 19)
    pos = Position.from_points({1: 3}, {6: 4}, player_bar=2, opponent_bar=1)
    text = encode(XGID(position=pos, turn=1, dice=(3, 1)))
    assert text.split(":")[0] == "XGID=a" + "C" + "-" * 17 + "d" + "-" * 5 + "B"
    assert decode(text).position == pos


def test_double_offered_and_crawford_and_money_flags():
    pos = Position.start()
    offered = XGID(position=pos, turn=0, doubled=True, cube=2, cube_owner=0, length=5, score=(2, 1))
    text = encode(offered)
    assert text.endswith(":1:-1:-1:D:1:2:0:5:10")
    assert decode(text) == offered
    crawford = XGID(position=pos, turn=1, length=5, score=(4, 2), crawford=True)
    assert encode(crawford).endswith(":0:0:1:00:2:4:1:5:10")
    money = XGID(position=pos, jacoby=True, beavers=True)
    assert encode(money).endswith(":3:0:10") and decode(encode(money)) == money


@pytest.mark.parametrize(
    "bad",
    [
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0",
        "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10",
        "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10",
        "XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10",
    ],
)
def test_bad_xgids_are_named(bad):
    with pytest.raises(InvalidPositionID):
        decode(bad)


def test_too_many_checkers_is_a_position_error():
    with pytest.raises(InvalidPosition, match="X has 16"):
        decode("XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")


from hypothesis import given, settings
from hypothesis import strategies as st


@st.composite
def positions(draw):
    """Random legal boards: each side's 15 checkers spread over points and bar, never sharing a point."""
    sides = [[0] * 25, [0] * 25]
    for side in (0, 1):
        for _ in range(draw(st.integers(0, 15))):
            slot = draw(st.integers(0, 24))
            other = sides[1 - side]
            if slot < 24 and other[23 - slot]:
                continue
            sides[side][slot] += 1
    return Position(tuple(sides[0]), tuple(sides[1]))


@settings(max_examples=100, deadline=None)
@given(positions(), st.integers(0, 1), st.sampled_from([(0, 0), (6, 1), (3, 3)]), st.integers(0, 11))
def test_random_states_round_trip(position, turn, dice, length):
    state = XGID(position=position, turn=turn, dice=dice, length=length, score=(0, min(length, 3)) if length else (0, 0))
    text = encode(state)
    assert decode(text) == state
