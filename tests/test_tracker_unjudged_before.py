"""A roll read late after the opponent's play not judged is judged from where the roller's checkers stood.

Render 19502 (session 16), frames 410-448: dark's 5-1 (bar/24 6/1*, hitting light's blot) was not judged at 427
(point 23 unclear); light's 2-2 was read only then, once light had made bar/23* already. The board believed as
read held light's entered checker, so his 13/7 on the three 2s left was called 'plays only 3 of the four 2s' at
448: a false alarm. In dark's turn light's checkers do not move (but for the blot dark hit), so light's play is
judged from where they stood on the board dark's play was made from (as ``_before_unseen`` does when the
opponent's roll was not read, session 15's 9f8ebb7).
The tracker's state before frame 410 and the readings to 448 are kept in tracker_g19502_f410.json.
"""

from __future__ import annotations

from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g19502_f410.json"


def test_the_late_read_roll_is_judged_from_the_roller_s_checkers_before_the_unjudged_play():
    out = replay_fixture(FIXTURE)
    assert [(e["type"], e.get("code"), e.get("player")) for e in out[427]] == [
        ("warning", "unsure_reading", "dark"), ("roll", None, "light")]
    plays = [e for e in out[448] if e["type"] == "play"]
    assert [(e["player"], e["dice"], e["legal"]) for e in plays] == [("light", [2, 2], True)]
