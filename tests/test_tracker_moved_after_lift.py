"""Checkers moved after the dice were lifted with nothing played are no "no checker was moved" foul.

Judging game 41434 frame 818: light's 1-1 was read with a cocked die taken for flat; he lifted the dice with nothing
played (the roll did not count), rolled 3-2 (unread: dice of a few pixels) and played 10/5, read at frame 800. At
dark's roll the 1-1 was judged as a roll not played: 'no checker was moved, but 1-1 can be played', a false alarm.
His checkers moved after the lift, before the opponent rolled: he rolled again unseen. Not judged, said as such. A
roll truly left unplayed, nothing moving before the opponent rolls, is still called.
"""

from __future__ import annotations

from tests.test_tracker_faults import _play, die, light_played


def _dark_lifts_a_roll_unplayed():
    r, after = light_played()
    board = after.swap()
    r.show(board, "dark", (die(6, "left"), die(4, "left")))
    r.show(board, "dark", (die(6, "left"), die(4, "left")))
    r.show(board, "dark")  # lifted, nothing played
    r.show(board, "dark")
    return r, board


def test_checkers_moved_after_the_lift_are_no_foul_of_the_roll_lifted():
    r, board = _dark_lifts_a_roll_unplayed()
    played = _play(board, (5, 2), "13/11 13/8")  # his roll again, unseen, and played
    r.show(played, "dark")
    r.show(played, "dark")
    light = played.swap()
    r.show(light, "light", (die(3, "right"), die(1, "right")))
    assert r.alarms() == []
    assert any(e.get("code") == "unsure_reading" and e.get("player") == "dark" and "rolled again unseen"
               in e.get("message", "") for e in r.events)


def test_a_roll_left_unplayed_is_still_called_at_the_opponents_roll():
    r, board = _dark_lifts_a_roll_unplayed()
    r.show(board.swap(), "light", (die(3, "right"), die(1, "right")))
    assert [(e["type"], e["player"], e["code"]) for e in r.alarms()] == [("play", "dark", "no_play_made")]
