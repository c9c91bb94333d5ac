"""A late re-roll is called only on evidence that the dice were rolled again (issue 6, G2).

On small boards the reader often sees one die of a roll for a few readings, then both. A die of the later reading
lying where the lone die lay (within about a die's side: a die's edge is a 33rd of the board here, 30 px) with its
face was not rolled again: the same roll. Another face there is a re-roll (the recorded demo game: a re-rolled die
landed 9 px from the die it replaced), as is a die that landed elsewhere (see test_tracker_issue6_alarms)."""

from __future__ import annotations

from rules.position import Position
from tests.test_tracker_faults import START, Reader, _play, light_played
from vision.observation import DieReading


def _dark_lone_die_then_lifted(value: int) -> tuple[Reader, Position]:
    r = Reader()
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    r.show(after, "light")  # dice lifted: light's play judged, dark to roll
    for _ in range(2):  # the lone die seen in two readings (not a die caught before it came to rest)
        r.show(after.swap(), "dark", (DieReading(value, True, [350.0, 400.0], "left"),))
    r.show(after.swap(), "dark")  # no die read, nothing moved
    return r, after


def test_the_lone_die_read_again_within_a_die_side_is_the_same_roll():
    r, after = _dark_lone_die_then_lifted(5)
    both = (DieReading(5, True, [370.0, 412.0], "left"), DieReading(2, True, [300.0, 470.0], "left"))  # 23 px off
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out] == [("roll", "dark", [5, 2])]
    assert r.alarms() == []


def test_a_die_where_the_lone_die_lay_with_another_face_is_a_late_reroll():
    r, after = _dark_lone_die_then_lifted(6)
    both = (DieReading(4, True, [351.0, 399.0], "left"), DieReading(6, True, [250.0, 300.0], "left"))
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("reason"), e.get("late")) for e in out if e.get("alert_id")] == [
        ("reroll", "unseen_die", True)]


def test_dice_landed_away_from_the_lone_die_are_a_late_reroll():
    r, after = _dark_lone_die_then_lifted(6)
    both = (DieReading(4, True, [300.0, 470.0], "left"), DieReading(6, True, [250.0, 300.0], "left"))  # 86 px off
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("reason"), e.get("late")) for e in out if e.get("alert_id")] == [
        ("reroll", "unseen_die", True)]


def test_the_lone_die_is_looked_for_where_it_was_read_last():
    r, after = light_played()
    r.show(after.swap(), "dark", (DieReading(5, True, [350.0, 400.0], "left"),))  # first read off its centre
    r.show(after.swap(), "dark", (DieReading(5, True, [378.0, 400.0], "left"),))  # then where it lies
    r.show(after.swap(), "dark")
    both = (DieReading(5, True, [405.0, 400.0], "left"), DieReading(2, True, [300.0, 470.0], "left"))  # 27 px on
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [5, 2])]
    assert r.alarms() == []
