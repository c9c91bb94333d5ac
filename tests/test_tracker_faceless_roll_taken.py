"""A roll read with one die faceless is taken on the third reading of it, before the checkers move.

Helper game 71501 (1280x720), frames 920-942: dark's flat 5-2, the 2 read with no face (only its side face was
seen: vision.dice_two_faces.lone_side_face), was looked at in three readings (the first and two fresh looks) and
taken only on the fourth, the first still reading after his hand had played 8/1 with the dice still down. A lone
checker gone from a sure point and one more on a doubted stack are misreads, not a move, so the roll's board was
the board as played and at the lift nothing seemed to have moved: his play went unannounced, and light's 1-1 after
it was weighed on the board before dark's play. A die not made out in three readings of the still scene is not
read by a fourth; the roll is taken on the third (the one die read, the play tells the other), as ONE_DIE_READS
says: readings, not looks after the first. The tracker's state before frame 921 and the readings to frame 988
are kept in tracker_g71501_f915.json.
"""

from __future__ import annotations

from tests.test_tracker_die_gone import light_played
from tests.tracker_fixtures import replay_fixture
from vision.observation import DieReading

FIXTURE = "tracker_g71501_f915.json"
# the positions the render's labels give (GNU Backgammon Position IDs, the mover's side)
DARK_BEFORE, DARK_AFTER = "h64MoBiPIXiAFQ", "h64MoBgfA3iAFQ"
LIGHT_BEFORE = "HwN4gBWHrgygGA"


def test_dark_s_play_made_with_the_dice_down_after_three_faceless_readings_is_judged():
    events = [e for ev in replay_fixture(FIXTURE).values() for e in ev]
    plays = [e for e in events if e["type"] == "play"]
    assert [(e["player"], e["play"], e["legal"], sorted(e["dice"])) for e in plays] == [
        ("dark", "8/1", True, [2, 5]), ("light", "10/8 10/9 6/5", True, [1, 1])]
    assert (plays[0]["before"], plays[0]["after"]) == (DARK_BEFORE, DARK_AFTER)
    assert plays[1]["before"] == LIGHT_BEFORE
    assert not [e for e in events if e.get("alert_id") or e["type"] == "warning"]


def _die(value, x: float) -> DieReading:
    return DieReading(value=value, flat=True, center=[x, 400.0], half="left")


def test_a_faceless_die_read_on_the_third_reading_gives_the_whole_roll():
    r, light = light_played()
    board = light.swap()
    for _ in range(2):
        r.show(board, "dark", (_die(None, 300.0), _die(5, 420.0)))
    r.show(board, "dark", (_die(2, 300.0), _die(5, 420.0)))
    rolls = [e for e in r.events if e["type"] == "roll" and e["player"] == "dark"]
    assert [sorted(e["dice"]) for e in rolls] == [[2, 5]] and not rolls[0].get("inferred")
