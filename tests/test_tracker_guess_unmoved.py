"""'No checker was moved' is no foul on a board the referee had to guess where the mover's checkers stood.

Race game 4242 (today's reader), frame 1614: dark's 1/off(2) on 4-3 was read as the board before his roll, a guess
left by a play not judged whose doubt covered his 1-point and the trays; when light rolled, dark was called for
'no checker was moved, but 4-3 can be played': a false alarm. A guess doubting only the opponent's points still
lets it be called.
"""

from __future__ import annotations

from tests.daemon_scenes import die
from tests.test_tracker_faults import Reader
from tests.test_tracker_guess_points import light_opens_on_a_guess

DARK_6 = 25 - 6  # geometric (dark sits at the top: his point p is 25 - p)


def _dark_moves_nothing_on_a_guess(unsure_points: list[int], doubted: set[int]) -> Reader:
    r = Reader()
    after = light_opens_on_a_guess(r, unsure_points, doubted)
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    for _ in range(2):
        r.show(after.swap(), "dark")  # the dice lifted, nothing moved
    r.show(after, "light", (die(2, "right"), die(1, "right")))  # and light rolls
    return r


def test_nothing_moved_on_a_guess_doubting_the_movers_points_is_not_judged():
    r = _dark_moves_nothing_on_a_guess([DARK_6 - 1], {DARK_6})
    assert r.alarms() == []
    assert any(e.get("code") == "unsure_reading" and e.get("player") == "dark" for e in r.events)


def test_nothing_moved_on_a_guess_doubting_only_the_opponents_points_is_called():
    r = _dark_moves_nothing_on_a_guess([4, 5], {5, 6})  # light's 5- and 6-points (0-based 4, 5)
    assert [(e["type"], e["player"], e["legal"]) for e in r.alarms()] == [("play", "dark", False)]
