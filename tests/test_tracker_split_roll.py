"""A roll split over the halves while the last play waits for its verdict is the next roll (issue 6, R10).

bo8181 frame 1164: dark lifted his 4-4 while his play was still weighed (two points read with doubt), and light
rolled 4-2 with the 4 on dark's half. Only two dice on the opponent's half ended the mover's turn, so the tracker
took the split dice for dark's own still down: no verdict and no re-roll until light picked them up again. Once a
reading showed the roll's dice gone, two dice one on each half, neither where a die of the roll lay, are the
opponent's roll: the play is final, and a die on the wrong half calls the re-roll.
"""

from __future__ import annotations

import dataclasses

from tests.daemon_scenes import die
from tests.test_tracker_faults import START, SEATING, Reader, _play

NINE = SEATING.geometric("dark", 9)  # where dark's 13/9 lands


def _dark_plays_then_light_rolls(split_at: tuple[float, float]):
    r = Reader()
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    r.show(after, "light")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    r.unsure = {NINE}  # the checker dark put on his 9-point is read with doubt, as none: a play to look at again
    lifted = r.show(played, "dark", wrong={NINE: 0})
    assert not [e for e in lifted if e["type"] == "play"]
    wrong_half = dataclasses.replace(die(2, "left"), center=list(split_at))  # light's 2 lands on dark's half
    out = []
    for _ in range(2):
        out += r.show(played.swap(), "light", (die(5, "right"), wrong_half))
    return r, out


def test_a_split_roll_after_the_lift_ends_the_turn_and_calls_the_re_roll():
    r, out = _dark_plays_then_light_rolls((250.0, 250.0))
    assert [e["type"] for e in out if e["type"] in ("play", "reroll", "roll")][-1:] == ["reroll"]
    assert [(e["type"], e["player"], e.get("reason")) for e in r.alarms()] == [("reroll", "light", "wrong_half")]
    assert [e["player"] for e in r.events if e["type"] == "play"] == ["light", "dark"]


def test_a_die_where_the_roll_lay_is_not_taken_for_the_next_roll():
    # the die on dark's half lies where dark's dice lay: it may be one of them, read again: nothing is called
    r, out = _dark_plays_then_light_rolls((350.0, 400.0))
    assert r.alarms() == []
