"""The opponent's roll with a die off the board ends the mover's turn and is called, as a split roll is.

Render 16003 (session 16), frames 799-825: dark's 2-2 could not be played (no play); his dice were lifted at 799.
At 807 light rolled 6-1, the 1 on his half and the 6 off the board. Only two dice on the opponent's half, or one
on each half (``_split_roll``), were taken as his roll while the mover's play waited: a die off the board kept the
scene 'the mover's dice still down', dark's no play was said at 816 and light's off-board re-roll never called.
The tracker's state before 799 and the readings to 825 are kept in tracker_g16003_f799.json (the reading of 807
is fed twice, as the look the tracker asks for reads the still scene: frame 808).
"""

from __future__ import annotations

from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g16003_f799.json"


def test_the_roll_with_a_die_off_the_board_ends_the_turn_and_is_called():
    out = replay_fixture(FIXTURE)
    assert [(e["type"], e.get("player"), e.get("play"), e.get("legal")) for e in out[807]] == [
        ("play", "dark", "(no play)", True)]
    assert [(e["type"], e.get("player"), e.get("reason")) for e in out[808]] == [("reroll", "light", "off_board")]


def test_the_roll_after_the_reroll_is_light_s():
    out = replay_fixture(FIXTURE)
    assert not [e for e in out[816] if e["type"] == "reroll"]  # called once
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out[825]] == [("roll", "light", [5, 4])]
