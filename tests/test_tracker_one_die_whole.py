"""A roll first read with one die and made whole by the second die read later is checked like a roll read whole
at once: a later look reading the second die with another face where it lay leaves no foul on that roll.

Render 10515 frame 48: dark's 2-1 read with the 1 alone first, then the 2 read as a 1 while it settled (1-1, said
late); the 2 read where it lay in every look after, but the roll kept only the first die's place, so no look could
doubt it, and his legal 13/11 8/7 was called illegal for 1-1 ("13/12 lands on point 12")."""

from __future__ import annotations

from tests.test_tracker_faults import _play, light_played
from tests.test_tracker_one_misread_die import DARK_A, DARK_B, _die


def _dark_one_die_then_1_1() -> tuple:
    r, after = light_played()
    assert r.show(after.swap(), "dark", (_die(1, DARK_A, "left"),)) == []  # one die: the roll goes on with it
    settling = [DARK_B[0] - 2.0, DARK_B[1] - 6.0]  # the second die read as it settles, a few pixels off
    out = r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, settling, "left")))
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [1, 1])]
    return r, after


def test_the_second_die_read_with_another_face_where_it_lay_leaves_no_foul_on_the_roll():
    r, after = _dark_one_die_then_1_1()
    r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(2, DARK_B, "left")))  # the look reads a 2 there
    played = _play(after.swap(), (2, 1), "13/11 6/5")  # legal for 2-1, not a play of 1-1
    out = r.show(played, "dark")
    assert r.alarms() == []
    # legal with the 2 the look read on that die: the roll is corrected and the play judged on it
    assert [(e["type"], e.get("dice"), e.get("corrected"), e.get("legal")) for e in out] == [
        ("roll", [2, 1], True, None), ("play", [2, 1], None, True)]


def test_the_whole_roll_read_again_as_rolled_keeps_its_foul():
    r, after = _dark_one_die_then_1_1()
    r.show(after.swap(), "dark", (_die(1, DARK_A, "left"), _die(1, DARK_B, "left")))  # both read as rolled
    played = _play(after.swap(), (2, 1), "13/11 6/5")
    r.show(played, "dark")
    assert [(e["type"], e.get("legal")) for e in r.alarms()] == [("play", False)]
