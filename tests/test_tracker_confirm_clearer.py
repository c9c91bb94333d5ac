"""An illegal call waiting for an agreeing reading is called on a look that reads its doubtful point clearly.

Render 11001 (session 13), frame 129: dark's 6-5 played 'bar/20 13/5' (illegal). At frame 130 the reader read his
5-point 2 at confidence 0 (it held 1): an illegal board, which waits for one more agreeing reading. At 132 the
5-point was read 1 clearly, every other point as at 130: a foul on a board the model made otherwise, so the wait
started over and the call came at 133, a frame late. The two readings agree but for the point the first doubted
and the second read with confidence: the foul rests on two readings, as with the same board read twice.
The tracker's state before frame 130 and the three readings are kept in tracker_g11001_f130.json.
"""

from __future__ import annotations

from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g11001_f130.json"


def test_the_foul_is_called_on_the_look_that_reads_the_doubted_point_clearly():
    out = replay_fixture(FIXTURE)
    assert out[130] == []  # the first reading doubts the 5-point: it waits
    assert [(e["type"], e.get("player"), e.get("legal"), e.get("dice")) for e in out[132]] == [
        ("play", "dark", False, [6, 5])]
    assert not [e for e in out[133] if e["type"] == "play"]  # said once

