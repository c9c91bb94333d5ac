"""A play not judged whose reading shows every checker: the referee goes on from that reading.

Render 43002 (session 23's helper doubt23, 960x540), frames 657-806: the referee had missed a turn (dark's 6-2
that could not be played and light's 6-2), so the board it believed before dark's 4-3 was wrong. Dark's bar/21*
11/8 was read at frame 660 exactly as it stood, all 30 checkers, and could not be judged from the wrong belief
("cannot read points 6, 17, 19, 23, 24 clearly": a warning, right). But the board it went on from was the
likeliest board weighed against that wrong belief, which keeps the belief's errors where the reader read a
point alike since: light's next two plays (bar/21* 13/8 at 696, bar/22 7/2 at 796), each read exactly, were not
judged either, and dark's 1-1 between them was missed. Going on from the reading that accounts for every checker
judges them.
The tracker's state before frame 657 and the readings to 806 are kept in tracker_g43002_f657.json.
"""

from __future__ import annotations

from device.seating import Board
from device.tracker import _read_whole
from tests.daemon_scenes import scene
from tests.test_tracker_faults import SEATING, START
from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g43002_f657.json"


def test_after_a_play_not_judged_the_next_plays_read_whole_are_judged():
    out = replay_fixture(FIXTURE)
    assert [(e["type"], e.get("code"), e.get("player")) for e in out[660]] == [("warning", "unsure_reading", "dark")]
    plays = [(e["player"], e["play"], e["legal"]) for frame in sorted(out) for e in out[frame] if e["type"] == "play"]
    assert plays == [("light", "bar/21* 13/8", True), ("dark", "bar/24 8/7*/6 2/1", True),
                     ("light", "bar/22 7/2", True)]
    assert not any(e["type"] == "warning" and e.get("code") == "unsure_reading"
                   for frame in out if frame > 660 for e in out[frame])
    assert not any(e.get("alert_id") for frame in out for e in out[frame])


def test_a_reading_short_of_a_checker_is_not_whole():
    start = Board.from_observation(scene(SEATING, START, "light"))
    assert start is not None
    obs = scene(SEATING, START, "light")
    assert _read_whole(obs, [start]) == start
    short = scene(SEATING, START, "light")
    short.points[short.points.index(2)] = 1  # a checker of a 2-stack missed
    assert _read_whole(short, [start]) is None  # (the trays read empty: one light checker seen nowhere)
    short.off = {"light": None, "dark": None}  # the trays unread: the missing checker would pass for one borne off
    assert _read_whole(short, [start]) is None
    filled = scene(SEATING, START, "light")
    filled.extra["filled_points"] = [1]
    assert _read_whole(filled, [start]) is None
