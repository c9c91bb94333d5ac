"""A checker entered from the bar that the reader does not find where it landed is judged at the lift.

J7 game 1717, frame 448: dark entered bar/15 on 6-4 and lifted his dice; the lone checker on his 15-point went
unseen. The reading lacked one of his checkers, which the tracker took for a knock to be told by more readings,
and the play was judged only at light's roll, ten frames late. A checker that left the bar is a play the reading
shows (like a checker on a new point): the verdict comes at the lift, the missed checker weighed as a lone one.
"""

from __future__ import annotations

from tests.daemon_scenes import die
from tests.test_tracker_faults import START, Reader, _play


class UnsureTrays(Reader):
    """The trays read empty, the reader unsure of them (as the real reader says of a tray it cannot see well)."""

    def read_trays(self, obs) -> None:
        obs.off = {"light": 0, "dark": 0}
        obs.extra["off_confidence"] = {"light": 0.2, "dark": 0.2}


def test_a_checker_entered_unseen_is_judged_when_the_dice_are_lifted():
    r = UnsureTrays()  # the checker is missing, not borne off
    r.start(3, 1)
    light = _play(START, (3, 1), "8/5 6/5")
    r.show(light, "light")
    r.show(light.swap(), "dark", (die(6, "left"), die(4, "left")))
    dark = _play(light.swap(), (6, 4), "24/18 13/9")
    r.show(dark, "dark")
    r.show(dark.swap(), "light", (die(2, "right"), die(1, "right")))
    hit = _play(dark.swap(), (2, 1), "13/11 8/7*")
    r.show(hit, "light")
    r.show(hit.swap(), "dark", (die(6, "left"), die(4, "left")))
    entered = _play(hit.swap(), (6, 4), "bar/15")
    lift = r.show(entered, "dark", wrong={25 - 15: 0})  # the dice lifted; the checker on his 15 not found
    plays = [(e["player"], e["play"], e["legal"]) for e in lift if e["type"] == "play"]
    assert plays == [("dark", "bar/15", True)]
    assert r.alarms() == []
