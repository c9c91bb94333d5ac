"""Dice read in the reading the start was first seen in, before anybody rolled: something on the board (issue 6).

Start-of-game render 7020: a dark checker's highlight, on two checkers of a stack in a corner, was read as a die
showing 1 from the first frame; both 'dice' on one half made a 'wrong half' re-roll before anyone had rolled (a
false alarm), and beside the real opening dice they made four dice, so the opening roll went unread.
"""

from __future__ import annotations

from device.seating import Seating
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import Driver, die
from vision.observation import DieReading

START = Position.start()


def _highlight(y: float) -> DieReading:
    return DieReading(value=1, flat=True, center=[881.0, y], half="right")


def test_dice_lying_there_when_the_start_is_seen_are_no_roll_and_do_not_hide_the_opening_roll():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    marks = (_highlight(582.0), _highlight(614.0))
    for _ in range(4):
        d.show(START, "light", marks)
    assert d.types() == ["setup"]  # no re-roll: nobody has rolled
    opening = (die(3, seating.right_half("light")), die(1, seating.right_half("dark")))
    d.show(START, "light", opening + marks[1:])
    assert d.events[-1]["type"] == "opening_roll"
    assert (d.events[-1]["light"], d.events[-1]["dark"], d.events[-1]["first"]) == (3, 1, "light")
    after = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(after, "light", opening + marks[1:])
    d.show(after, "light", marks[1:])  # the dice lifted; the mark stays
    plays = [e for e in d.events if e["type"] == "play"]
    assert len(plays) == 1 and plays[0]["legal"] is True and plays[0]["play"] == "8/5 6/5"
    assert not any(e["type"] == "reroll" for e in d.events)


def test_opening_dice_already_down_when_the_start_is_seen_are_still_the_opening_roll():
    # the camera first sees the start with the opening roll lying there: the roll is taken from that reading
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    opening = (die(3, seating.right_half("light")), die(1, seating.right_half("dark")))
    d.show(START, "light", opening)
    d.show(START, "light", opening)
    assert [e["type"] for e in d.events][:2] == ["setup", "opening_roll"]
    after = next(p.position for p in legal_plays(START, 3, 1) if p.notation() == "8/5 6/5")
    d.show(after, "light", opening)
    d.show(after, "light")
    assert [e["type"] for e in d.events][-1] == "play" and d.events[-1]["legal"] is True
