"""No alarm on misreads that add up to a whole board, nor on a die seen once (issue 6, G2): exact events per rule.

Render 1818 called 'moved backwards' on two 5-stacks read 4 (each read unsure in the readings before), and a flat
die read cocked on one reading; the short game h303 called a late re-roll on a lone die seen in one reading that
was the first die of the next roll. Each rule has its test where the alarm must not sound, and one where it must.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import START, Reader, _play, light_played
from vision.observation import DieReading


def _dark_rolls_6_4(r: Reader) -> Position:
    """Light opens 3-1 with 24/23 13/10; dark rolls 6-4 (dark's 4 and 3 points are geometric 21 and 22)."""
    r.start(3, 1)
    after = _play(START, (3, 1), "24/23 13/10")
    r.show(after, "light")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    return after.swap()


def _five_moved(before: Position) -> Position:
    """24/18 8/3 for dark: a 6-4 with a 5 moved (differs from the legal 24/18 8/4 on dark's 4 and 3 only)."""
    legal = _play(before, (6, 4), "24/18 8/4")
    player = list(legal.player)
    player[3], player[2] = player[3] - 1, player[2] + 1
    return Position(tuple(player), legal.opponent)


def test_an_illegal_reading_that_differs_from_a_legal_play_only_where_the_reader_doubted_is_not_sure():
    r = Reader(unsure={21, 22})  # both points read unsure while dark rolled
    before = _dark_rolls_6_4(r)
    r.unsure = set()
    out = r.show(_five_moved(before), "dark")  # read with confidence on the lift: a whole board
    for _ in range(3):
        out += r.show(_five_moved(before), "dark")
    assert [(e["type"], e.get("code")) for e in out] == [("warning", "unsure_reading")]
    assert r.alarms() == []
    assert r.tracker.state.guessed is False  # the legal result is believed, not a guess


def test_the_same_illegal_reading_is_called_where_the_reader_was_sure():
    r = Reader()
    before = _dark_rolls_6_4(r)
    out = r.show(_five_moved(before), "dark")
    assert [(e["type"], e.get("legal")) for e in out] == [("play", False)]
    assert len(r.alarms()) == 1


def test_a_lone_die_seen_once_whose_face_shows_in_the_next_roll_is_no_reroll():
    r, after = light_played()
    r.show(after.swap(), "dark", (DieReading(5, True, [350.0, 400.0], "left"),))  # one reading only
    r.show(after.swap(), "dark")  # gone again, nothing moved
    both = (DieReading(5, True, [250.0, 300.0], "left"), DieReading(2, True, [300.0, 420.0], "left"))
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [5, 2])]
    assert r.alarms() == []


def test_a_lone_die_seen_once_with_another_face_than_the_next_roll_is_a_late_reroll():
    r, after = light_played()
    r.show(after.swap(), "dark", (DieReading(3, True, [350.0, 400.0], "left"),))
    r.show(after.swap(), "dark")
    both = (DieReading(5, True, [250.0, 300.0], "left"), DieReading(2, True, [300.0, 420.0], "left"))
    out = r.show(after.swap(), "dark", both)
    assert [(e["type"], e.get("reason"), e.get("late")) for e in out if e.get("alert_id")] == [
        ("reroll", "unseen_die", True)]


# dark's 5 read flat, and the 1 beside it read cocked
COCKED = (DieReading(5, True, [350.0, 400.0], "left"), DieReading(1, False, [300.0, 420.0], "left"))


def _dark_one_die(r: Reader, after: Position) -> None:
    for _ in range(2):
        r.show(after.swap(), "dark", (DieReading(5, True, [350.0, 400.0], "left"),))


def test_a_second_die_read_cocked_once_then_flat_is_the_roll():
    r, after = light_played()
    _dark_one_die(r, after)
    assert r.show(after.swap(), "dark", COCKED) == []  # looked at again first
    flat = (DieReading(5, True, [350.0, 400.0], "left"), DieReading(1, True, [300.0, 420.0], "left"))
    out = r.show(after.swap(), "dark", flat)
    assert [(e["type"], e.get("dice")) for e in out] == [("roll", [5, 1])]
    assert r.alarms() == []


def test_a_second_die_read_cocked_twice_is_a_reroll():
    r, after = light_played()
    _dark_one_die(r, after)
    r.show(after.swap(), "dark", COCKED)
    out = r.show(after.swap(), "dark", COCKED)
    assert [(e["type"], e.get("reason")) for e in out] == [("reroll", "cocked")]
