"""After a play not judged the referee goes on from the likelier board, and a legal board needing one soft misread
more than an illegal one is the likelier: players make legal plays far more often than illegal ones.

Judging game 69434 (session 32's), frames 600-710: dark played 11/6 8/7 on 5-1 and his 7-stack was read 6 at
every look; the cheapest illegal board fitted the reading one soft misread better than the legal play, so the play
was not judged (rightly: "cannot read points 18 clearly"), but the board believed from then on was that illegal
one, his stack a checker short. Light's 13/10*/4 at frame 671 was then announced from a wrong position, and dark's
next play was not judged for "the board before dark's roll was not read clearly". The tracker's state before frame
600 and the readings to 710 are kept in tracker_g69434_f600.json.
"""

from __future__ import annotations

import device.matching as matching
from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g69434_f600.json"
# the positions the render's labels give around light's play (GNU Backgammon Position IDs, the mover's side)
LIGHT_BEFORE, LIGHT_AFTER = "ib9kCBCwW+SAGA", "ib9kAEhot8iAGA"


def _events(out: dict) -> list:
    return [(f, e) for f, ev in out.items() for e in ev]


def test_light_s_play_after_the_play_not_judged_is_weighed_on_the_board_as_it_stood():
    out = _events(replay_fixture(FIXTURE))
    assert [(f, e["code"]) for f, e in out if e["type"] == "warning"][0] == (626, "unsure_reading")
    plays = [e for _, e in out if e["type"] == "play"]
    assert [(e["player"], e["play"], e["legal"]) for e in plays] == [("light", "13/10*/4", True)]
    assert (plays[0]["before"], plays[0]["after"]) == (LIGHT_BEFORE, LIGHT_AFTER)


def test_going_on_from_the_cheaper_illegal_board_weighed_light_s_play_on_a_wrong_position(monkeypatch):
    monkeypatch.setattr(matching, "LEGAL_MARGIN", 0)  # (the legal board given no margin, as before)
    plays = [e for _, e in _events(replay_fixture(FIXTURE)) if e["type"] == "play"]
    assert [(e["player"], e["play"]) for e in plays] == [("light", "13/10*/4")]
    assert plays[0]["before"] != LIGHT_BEFORE
