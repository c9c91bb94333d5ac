"""A roll read late after the opponent's judged play is judged from where the roller's checkers stood when that
play ended.

Judging game 13535 (session 13's), frames 1040-1085, read with session 27's lone-die second look: dark's 6-3 (24/18*,
hitting light's blot) was judged legal at 1038; light threw 5-1 at 1046, but his dice were read only at 1076, once he
had entered bar/20. The board as read then held that checker, so his 13/12* on the 1 left was called 'plays only
one die of 5-1': a false alarm. In dark's turn light's checkers do not move but for the blot dark hit, which the
judged board holds; a play legal from there is legal (as ``_before_unjudged`` does after a play not judged).
The tracker's state before frame 1040 and the readings to 1085 are kept in tracker_g13535_f1040.json.
"""

from __future__ import annotations

import device.tracker as tracker_mod
from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g13535_f1040.json"


def _plays(out: dict) -> list:
    return [(e["player"], e["dice"], e["legal"], e.get("play")) for ev in out.values() for e in ev if e["type"] == "play"]


def test_the_late_read_roll_is_judged_from_the_roller_s_checkers_after_the_judged_play():
    out = replay_fixture(FIXTURE)
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out[1076]] == [("roll", "light", [5, 1])]
    assert _plays(out) == [("light", [5, 1], True, "bar/20 13/12*")]


def test_from_the_board_read_at_the_late_roll_the_same_play_was_a_false_alarm(monkeypatch):
    monkeypatch.setattr(tracker_mod.GameTracker, "_before_judged", lambda self, roller, board: None)
    assert [(p, d, legal) for p, d, legal, _ in _plays(replay_fixture(FIXTURE))] == [("light", [5, 1], False)]
