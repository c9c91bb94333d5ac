"""Verdicts at the lift when the reading of the mover's checkers is enough (issue 6, G7: within 3 frames).

g1641 frame 721: light's 7/2 6/2 was read exactly at the lift, but two of dark's blots went unseen in that reading;
the tracker waited for the missing checkers and judged the play only when dark rolled, ten frames late. In the
mover's turn the opponent's checkers only leave points for the bar, so his checkers the reader misses say nothing
about the play: the mover's checkers read exactly as one legal result is that play, judged at once. Never an
illegal call on such a reading.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import START, Reader, _play


def _light_blots() -> tuple[Reader, Position]:
    """Light opened 3-1 with 24/21 6/5 (blots on his 21 and 5, geometric 21 and 5), seen; dark rolled 6-4."""
    r = Reader()
    r.start(3, 1)
    after = _play(START, (3, 1), "24/21 6/5")
    r.show(after, "light")
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    return r, after


def test_the_movers_play_read_exactly_is_judged_at_the_lift_though_the_opponents_blots_go_unseen():
    r, after = _light_blots()
    played = _play(after.swap(), (6, 4), "24/18 13/9")
    out = r.show(played, "dark", wrong={21: 0, 5: 0})  # the lift: light's two blots not found, with confidence
    assert [(e["type"], e.get("play"), e.get("legal")) for e in out if e["type"] == "play"] == [
        ("play", "24/18 13/9", True)]
    assert r.alarms() == []


def test_an_illegal_play_read_with_the_opponents_blots_unseen_is_no_verdict_at_the_lift():
    r, after = _light_blots()
    mine = list(after.swap().player)
    mine[12], mine[10] = mine[12] - 1, mine[10] + 1  # 13/11: one checker two pips on a 6-4
    board = Position(tuple(mine), after.swap().opponent)
    out = r.show(board, "dark", wrong={21: 0, 5: 0})
    assert [e for e in out if e["type"] == "play"] == []
    assert r.alarms() == []
