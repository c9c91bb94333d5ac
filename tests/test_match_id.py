import pytest

from rules.errors import InvalidPositionID
from rules.matchid import GameState, MatchState, decode, encode

# The GNU Backgammon manual's worked example: 9-point match, score 2-4, player 0 owns a 2-cube, player 1 has
# just rolled 52.
MANUAL = MatchState(
    cube=2, cube_owner=0, move=1, crawford=False, game_state=GameState.PLAYING, turn=1, doubled=False,
    resigned=0, dice=(5, 2), length=9, score=(2, 4),
)


def test_manual_worked_example_bit_for_bit():
    assert encode(MANUAL) == "QYkqASAAIAAA"
    assert decode("QYkqASAAIAAA") == MANUAL


def test_manual_key_bytes():
    import base64

    assert base64.b64decode("QYkqASAAIAAA") == bytes([0x41, 0x89, 0x2A, 0x01, 0x20, 0x00, 0x20, 0x00, 0x00])


def test_dice_written_high_first_like_gnubg():
    assert encode(MatchState(dice=(2, 5), length=9, score=(2, 4), cube=2, cube_owner=0, move=1, turn=1)) == (
        "QYkqASAAIAAA"
    )


def test_money_game_not_started():
    state = decode("cAgAAAAAAAAA")
    assert state.cube == 1 and state.cube_owner is None
    assert state.move == 1 and state.turn == 1 and state.game_state is GameState.NONE
    assert state.length == 0 and state.dice == (0, 0) and state.jacoby
    assert encode(state) == "cAgAAAAAAAAA"
    assert decode("MAAAAAAAAAAA").move == 0


@pytest.mark.parametrize(
    "state",
    [
        MatchState(cube=64, cube_owner=1, move=0, turn=1, doubled=True, length=25, score=(24, 23), jacoby=False),
        MatchState(crawford=True, length=7, score=(6, 3), dice=(6, 6), game_state=GameState.PLAYING),
        MatchState(game_state=GameState.DROPPED, cube=8, cube_owner=None, resigned=3, move=1, turn=0),
    ],
)
def test_round_trip(state):
    text = encode(state)
    assert len(text) == 12 and decode(text) == state


@pytest.mark.parametrize("bad", ["", "QYkqASAAIAA", "QYkqASAAIAA!", "QYkqASAAIA/A"])
def test_bad_ids_name_the_fault(bad):
    with pytest.raises(InvalidPositionID):
        decode(bad)


from hypothesis import given, settings
from hypothesis import strategies as st


@st.composite
def match_states(draw):
    length = draw(st.integers(0, 64))
    score = (draw(st.integers(0, length)), draw(st.integers(0, length))) if length else (0, 0)
    rolled = draw(st.booleans())
    dice = (draw(st.integers(1, 6)), draw(st.integers(1, 6))) if rolled else (0, 0)
    return MatchState(
        cube=2 ** draw(st.integers(0, 15)),
        cube_owner=draw(st.sampled_from([None, 0, 1])),
        move=draw(st.integers(0, 1)),
        crawford=bool(length) and draw(st.booleans()),
        game_state=draw(st.sampled_from(list(GameState))),
        turn=draw(st.integers(0, 1)),
        doubled=draw(st.booleans()),
        resigned=draw(st.integers(0, 3)),
        dice=(max(dice), min(dice)),
        length=length,
        score=score,
        jacoby=draw(st.booleans()),
    )


@settings(max_examples=150, deadline=None)
@given(match_states())
def test_every_state_round_trips(state):
    text = encode(state)
    assert len(text) == 12 and decode(text) == state
