"""A re-roll is called once for the dice it was called on, while they lie.

Render 16004 (session 16), frames 218-236: light's 4-5 with the 5 off the board. The off-board die was read flat at
218, not flat at 220, flat again at 221 and 222, lying where it lay; each reading's dice signature (face, flat,
half) differed from the last, so each was taken for a new roll and 'off_board' was called at 220, 221 and 222: two
false alarms for one re-roll. The dice were lifted at 227 and light rolled 4-3 at 236.
The tracker's state before frame 218 and the readings to 236 are kept in tracker_g16004_f218.json.
"""

from __future__ import annotations

from tests.tracker_fixtures import replay_fixture

FIXTURE = "tracker_g16004_f218.json"


def test_the_off_board_reroll_is_called_once_while_its_dice_lie():
    out = replay_fixture(FIXTURE)
    calls = [(f, e["player"], e["reason"]) for f, events in out.items() for e in events if e["type"] == "reroll"]
    assert calls == [(220, "light", "off_board")]


def test_the_roll_after_the_voided_dice_are_lifted_is_taken():
    out = replay_fixture(FIXTURE)
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out[236]] == [("roll", "light", [4, 3])]
