import pytest

from rules.cube import MAX_CUBE, Cube, CubeError


def test_centred_cube_either_player_may_double_and_taker_owns_at_twice():
    cube = Cube()
    assert cube.may_double(0) and cube.may_double(1)
    offered = cube.offer(0)
    assert offered.offered_by == 0 and offered.value == 1
    taken = offered.take(1)
    assert (taken.value, taken.owner, taken.offered_by) == (2, 1, None)
    assert not taken.may_double(0)
    assert "owns the cube" in taken.why_not_double(0)
    again = taken.offer(1).take(0)
    assert (again.value, again.owner) == (4, 0)


def test_pass_gives_the_doubler_the_value_before_the_double():
    assert Cube(value=4, owner=1).offer(1).pass_(0) == 4


def test_no_double_in_crawford_or_past_64():
    with pytest.raises(CubeError, match="Crawford"):
        Cube().offer(0, crawford=True)
    top = Cube(value=MAX_CUBE, owner=0)
    with pytest.raises(CubeError, match="cannot go past 64"):
        top.offer(0)
    assert Cube(value=32, owner=0).offer(0).take(1).value == 64


def test_answers_need_an_offer_and_the_other_player():
    with pytest.raises(CubeError, match="no double"):
        Cube().take(1)
    offered = Cube().offer(0)
    with pytest.raises(CubeError, match="his own double"):
        offered.take(0)
    with pytest.raises(CubeError, match="already waiting"):
        offered.offer(1)
    with pytest.raises(CubeError, match="power of two"):
        Cube(value=3)
