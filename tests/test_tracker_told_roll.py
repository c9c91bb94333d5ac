"""No illegal call on a roll the referee inferred (issue 6, render 1642 at 960x540: the dice were never read).

Frame 53: light's 3-2 was not read and the reading showed his play half-done (13/10 only); the play told the roll
as the one roll that makes it, 2-1. His whole 13/11 13/10 read next was then judged again as a correction on that
2-1 when dark rolled: 'illegal', a false alarm. A corrected board is told again from the dice read (none: any
roll); when exactly one roll makes it, that play is legal, else it is said, never an alarm.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import Reader, _play, light_played


def _dark_half_then_whole(r: Reader, after: Position) -> Position:
    """Dark's 3-2 unread: 13/10 seen first (told as 2-1), then 13/11 13/10; returns the whole play's position."""
    half = _play(after.swap(), (2, 1), "13/10")
    r.show(half, "dark")
    whole = _play(after.swap(), (3, 2), "13/11 13/10")
    r.show(whole, "dark")
    return whole


def test_a_play_told_half_done_and_then_read_whole_is_told_again_not_called_illegal():
    r, after = light_played()
    whole = _dark_half_then_whole(r, after)
    told = [(e["type"], e.get("dice"), e.get("legal")) for e in r.events if e["type"] in ("roll", "play")]
    assert told[-2:] == [("roll", [2, 1], None), ("play", [2, 1], True)]  # the half play, told as a 2-1
    out = r.show(whole.swap(), "light", (die(5, "right"), die(2, "right")))
    assert [(e["type"], e.get("dice"), e.get("legal"), e.get("corrected")) for e in out] == [
        ("play", [3, 2], True, True), ("roll", [5, 2], None, None)]
    assert r.alarms() == []


def test_a_correction_of_a_play_whose_roll_was_read_is_still_judged():
    r, after = light_played()
    r.show(after.swap(), "dark", (die(2, "left"), die(1, "left")))
    half = _play(after.swap(), (2, 1), "13/10")
    r.show(half, "dark")  # dice lifted: 13/10 on a 2-1, legal
    whole = _play(after.swap(), (3, 2), "13/11 13/10")
    r.show(whole, "dark")  # then another checker moved before light rolls
    out = r.show(whole.swap(), "light", (die(5, "right"), die(2, "right")))
    assert [(e["type"], e.get("legal"), e.get("corrected")) for e in out if e["type"] == "play"] == [
        ("play", False, True)]


def test_a_lone_die_first_read_off_its_place_and_then_read_whole_with_the_other_is_no_late_reroll():
    # the brief's 960x540 false alarm: a 6 read alone for several readings, the dice then lost for a reading (as
    # if lifted, nothing moved), then 6-4 read whole where they lay. The first reading of the 6 (under the leaving
    # hand) put it two die sides off: its later readings, not that one, say where it lies
    from vision.observation import DieReading

    r, after = light_played()
    r.show(after.swap(), "dark", (DieReading(6, True, [350.0, 400.0], "left"),))
    for _ in range(4):
        r.show(after.swap(), "dark", (DieReading(6, True, [280.0, 330.0], "left"),))
    r.show(after.swap(), "dark")  # the dice not read: nothing moved
    both = (DieReading(6, True, [281.0, 331.0], "left"), DieReading(4, True, [230.0, 420.0], "left"))
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [6, 4])]
    assert r.alarms() == []
