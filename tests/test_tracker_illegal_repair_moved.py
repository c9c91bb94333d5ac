"""An illegal call's board made whole from a short reading gives way when later readings show the checkers it added
standing elsewhere.

Judging game 73434 (session 33's, 1280x720), frames 284-364: light played bar/23 bar/22 24/22 8/6 on 2-2 (illegal).
The reader missed his lone checker on geometric point 11 at the lift, so the reading lacked one light checker; the
cheapest whole board put it on his 5-stack (point 18) as a sixth, and the foul was rightly called. Believed for sure,
the checker the reader then saw on point 11 (and the stack read 5) passed for a misread, and light's legal
24/20 22/16 at frame 356 was weighed on the wrong board and called "do not match the roll": a false alarm. The
tracker's state before frame 284 and the readings to 364 are in tracker_g73434_f280.json.
"""

from __future__ import annotations

import device.tracker as tracker_module
from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g73434_f280.json"


def _plays() -> list:
    out = replay_fixture(FIXTURE)
    return [(f, e["player"], e["legal"], e.get("play")) for f, ev in out.items() for e in ev if e["type"] == "play"]


def test_the_foul_stands_and_light_s_next_play_is_judged_on_the_checker_seen_on_11():
    plays = _plays()
    assert [(f, p, legal) for f, p, legal, _ in plays[:2]] == [(286, "light", False), (320, "dark", True)]
    assert [(p, legal, play) for _, p, legal, play in plays[2:]] == [("light", True, "24/20 22/16")]


def test_without_the_move_the_added_checker_makes_light_s_legal_play_a_false_alarm(monkeypatch):
    monkeypatch.setattr(tracker_module, "REPAIR_SEEN", 99)
    plays = _plays()
    assert [(p, legal) for _, p, legal, _ in plays[2:]] == [("light", False)]
