"""An illegal call waiting for one more agreeing reading takes one that shows its board but for a lone checker.

J7 game 1717, frame 974: dark's bar/23* 12/9 on 3-1 (illegal) read with his checker on 23 unsure (here: his 24/14
8/3 on 6-4, the checker on his 14 read as two, unsure): an illegal call
resting on a doubtful point waits for one more reading of the same board. The next (975) read that checker as
none, with confidence, and every legal result still needed a confident misread: it showed the foul's board but
for one lone checker missed, yet the call waited for the reading after (977), a frame past the 3 allowed.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_bar_entry import UnsureTrays
from tests.test_tracker_faults import START, _play

DARK_14, DARK_3 = 25 - 14, 25 - 3  # geometric points (dark sits at the top: his point p is 25 - p)


def _foul_read(second: dict[int, int]) -> tuple[UnsureTrays, list[int]]:
    r = UnsureTrays()
    r.start(3, 1)
    light = _play(START, (3, 1), "8/5 6/5")
    r.show(light, "light")
    r.show(light.swap(), "dark", (die(6, "left"), die(4, "left")))
    mine = list(light.swap().player)
    mine[23], mine[13], mine[7], mine[2] = mine[23] - 1, mine[13] + 1, mine[7] - 1, mine[2] + 1
    foul = Position(tuple(mine), light.swap().opponent)  # 24/14 8/3: a 10 and a 5 played on 6-4
    frames = []
    r.unsure = {DARK_14}
    r.show(foul, "dark", wrong={DARK_14: -2})  # the lift: the checker on his 14 read as two, unsure
    frames.append(r.frame)
    r.unsure = set()
    r.show(foul, "dark", wrong=second)
    frames.append(r.frame)
    return r, frames


def test_a_reading_of_the_foul_but_for_a_lone_checker_missed_confirms_it():
    r, frames = _foul_read({DARK_14: 0})  # the lone checker read as none, with confidence
    assert [(e["type"], e["player"], e["legal"], e["frame"]) for e in r.alarms()] == [
        ("play", "dark", False, frames[1])]


def test_a_reading_that_departs_from_the_foul_elsewhere_does_not():
    r, frames = _foul_read({DARK_14: 0, DARK_3: 0})  # and the checker on his 3-point missed too
    assert r.alarms() == []
