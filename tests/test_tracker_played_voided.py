"""A roll called for a re-roll and played anyway is followed (issue 6: recover, never cry foul from a stale board).

A flat die misread as cocked gets a re-roll call; players who see it flat play the roll. Judging game 88535: light's
5-5 called cocked, played '13/3 8/3(2)' with the dice down and lifted; the board after it was taken for misreads, so
light's next play, 6-2 '24/22* 8/2*', was weighed from the board before the 5-5 and called illegal. Now a board read
at the voided dice's lift that is a legal result of exactly those dice, and of no other roll, is taken as played.
"""

from __future__ import annotations

from tests.daemon_scenes import die
from tests.test_tracker_faults import _play, light_played


def _cocked_five_five_played():
    r, after = light_played()
    dark = _play(after.swap(), (6, 4), "24/18 13/9")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    r.show(dark, "dark")  # dark's 6-4 judged; light to roll
    cocked = (die(5, "right"), die(5, "right", flat=False))
    for _ in range(3):
        r.show(dark.swap(), "light", cocked)
    assert [e["reason"] for e in r.events if e["type"] == "reroll"] == ["cocked"]
    played = _play(dark.swap(), (5, 5), "13/3 8/3(2)")
    r.show(played, "light", cocked)  # he plays the roll anyway, the dice still down
    return r, played


def test_a_voided_roll_played_anyway_is_followed_and_the_next_play_judged_from_it():
    r, played = _cocked_five_five_played()
    r.show(played, "light")  # the dice lifted
    r.lift()
    plays = [(e["player"], e["dice"], e["play"], e["legal"]) for e in r.events if e["type"] == "play"]
    assert plays[-1] == ("light", [5, 5], "13/3 8/3(2)", True)
    assert r.tracker.state.turn == "dark"
    dark2 = _play(played.swap(), (2, 1), "13/11 6/5")
    r.show(played.swap(), "dark", (die(2, "left"), die(1, "left")))
    r.show(dark2, "dark")
    light2 = _play(dark2.swap(), (6, 2), "24/18 13/11")
    r.show(dark2.swap(), "light", (die(6, "right"), die(2, "right")))
    out = r.show(light2, "light")
    assert [(e["play"], e["legal"]) for e in out if e["type"] == "play"] == [("24/18 13/11", True)]
    assert [e for e in r.alarms() if e["type"] != "reroll"] == []


def test_a_change_at_the_voided_lift_that_is_no_play_of_those_dice_is_still_a_misread():
    r, after = light_played()
    dark = _play(after.swap(), (6, 4), "24/18 13/9")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    r.show(dark, "dark")
    cocked = (die(5, "right"), die(5, "right", flat=False))
    for _ in range(3):
        r.show(dark.swap(), "light", cocked)
    other = _play(dark.swap(), (2, 1), "13/11 6/5")  # a board no 5-5 makes: read at the lift, no play of the roll
    r.show(other, "light")
    assert r.tracker.state.turn == "light"  # still his to roll again
    assert [e for e in r.events if e["type"] == "play" and e["player"] == "light"][-1]["dice"] == [3, 1]
