"""A guess corrected by later readings is no correction of the play judged on it.

Judging game 73535 (session 33's, 960x540), frames 529-596: the believed board was a guess (a play not judged before)
with a light checker on geometric point 7 and two on point 8, where the reader saw none and three at every look.
Light played a legal 20/14 13/10 on 6-3 from that guess, judged legal at frame 555. When dark rolled (frame 565) the
readings had shown points 7 and 8 otherwise twice, so the guess was corrected there (``_guess_corrected``); taken as
light putting his play right, the changed board was judged again from the guess's board before: "a checker moved
backwards, from point 7 to point 8", a false alarm. The points changed were ones the guess was unsure of and the
play did not touch. The tracker's state at frame 529 and the readings to 596 are in tracker_g73535_f525.json.
"""

from __future__ import annotations

from device.tracker import GameTracker
from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g73535_f525.json"


def _events(out: dict) -> list:
    return [(f, e) for f, ev in out.items() for e in ev]


def test_the_guess_corrected_when_dark_rolls_is_not_judged_as_light_s_correction():
    out = _events(replay_fixture(FIXTURE))
    plays = [(f, e["player"], e["play"], e["legal"]) for f, e in out if e["type"] == "play"]
    assert plays == [(555, "light", "20/14 13/10", True), (596, "dark", "6/2 3/1*", True)]
    assert not [e for _, e in out if e["type"] == "play" and e.get("corrected")]


def test_without_the_rule_the_corrected_guess_is_judged_again_and_called(monkeypatch):
    monkeypatch.setattr(GameTracker, "_guess_fix_only", lambda self, last, judged, board: False)
    out = _events(replay_fixture(FIXTURE))
    called = [(f, e["play"]) for f, e in out if e["type"] == "play" and e.get("corrected")]
    assert called == [(565, None)]
    assert [e["legal"] for f, e in out if e["type"] == "play" and e.get("corrected")] == [False]
