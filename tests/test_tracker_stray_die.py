"""A die read beside the roll's dice on the opponent's half is no die of the mover's: his lift is still seen.

Render 10404 frame 481: a '1' printed on dark's half was read beside light's 3-1 and in every reading after; taken
for light's dice still down, no lift was ever seen and the referee said nothing for four turns (frames 491-680).
The same mark, taken at frame 264 for a roll of dark's read with one die, then made 'light rolled before dark
lifted the dice' when light rolled: a roll taken from one die, the other never seen, is no proof of dice down.
"""

from __future__ import annotations

from tests.daemon_scenes import die
from tests.test_tracker_faults import _play, light_played
from vision.observation import DieReading

MARK = DieReading(1, True, [300.0, 300.0], "left")  # on dark's half (light's right half is "right")


def test_a_mark_read_beside_the_movers_dice_does_not_hide_the_lift():
    r, after = light_played()
    waiting = after.swap()
    r.show(waiting, "dark", (die(6, "left"), die(4, "left")))
    played = _play(waiting, (6, 4), "24/18 13/9")
    r.show(played.swap(), "light", (die(2, "right"), die(1, "right")))  # dark judged; light rolls 2-1
    light_after = _play(played.swap(), (2, 1), "13/11 6/5")
    r.show(light_after, "light", (die(2, "right"), die(1, "right"), MARK))  # moved, dice down, the mark read
    out = r.show(light_after, "light", (MARK,))  # lifted: only the mark is read
    assert [(e["type"], e.get("player"), e.get("play"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", "light", "13/11 6/5", True)]
    assert r.alarms() == []


def test_a_die_first_read_after_the_lift_on_the_opponents_half_is_still_his_roll():
    r, after = light_played()
    waiting = after.swap()
    r.show(waiting, "dark", (die(6, "left"), die(4, "left")))
    played = _play(waiting, (6, 4), "24/18 13/9")
    r.show(played.swap(), "light", (die(2, "right"), die(1, "right")))
    light_after = _play(played.swap(), (2, 1), "13/11 6/5")
    r.show(light_after, "light", (die(2, "right"), die(1, "right")))
    out = r.show(light_after, "light", (MARK,))  # one die on dark's half, never seen before: not taken as no dice
    assert [e for e in out if e["type"] == "play"] == []


def test_no_early_roll_alarm_on_a_roll_read_with_one_die():
    r, after = light_played()
    waiting = after.swap()
    r.show(waiting, "dark", (MARK,))  # dark's 'roll': one die read (a mark on his half), the other never seen
    r.show(waiting, "dark", (MARK,))
    out = r.show(waiting, "dark", (MARK, die(2, "right"), die(1, "right")))  # light rolls; the mark still there
    assert [e for e in out if e.get("code") == "early_roll"] == []
