"""A reading short of several checkers of the player on roll is no play of his: the belief stands, the turn too.

Judging game 44434 frame 200: dark, on roll, doubled; in the readings of that moment his 4-stack on a black
triangle beside the bar (and his blots beside it) read as none for sure. No roll was read, so the change was taken
for a play whose roll the reader missed (not judged), the turn passed to light, and the double, dark's take and
roll were all given to the wrong player. A play never takes the roller's checkers off the board unless he bears
off; the next readings showed the stack again. A play whose roll the reader missed is still told as before.
"""

from __future__ import annotations

from tests.test_tracker_faults import _play, die, light_played


def test_a_stack_of_the_player_on_roll_read_as_none_is_no_play_of_his():
    r, after = light_played()
    board = after.swap()
    # dark's 6-point (geometric 19, five checkers) read as none and his 8-point (three) as one: as a play whose roll
    # was missed, the likeliest without being sure
    for _ in range(3):
        r.show(board, "dark", wrong={19: 0, 17: -1})
    r.show(board, "dark")  # seen again
    r.show(board, "dark", (die(6, "left"), die(4, "left")))
    r.show(_play(board, (6, 4), "24/18 13/9"), "dark")
    plays = [(e["player"], e.get("play"), e.get("legal")) for e in r.events if e["type"] == "play"]
    assert plays == [("light", "8/5 6/5", True), ("dark", "24/18 13/9", True)]
    assert not [e for e in r.events if e.get("code") == "unsure_reading"]
    assert r.alarms() == []


def test_the_turn_stays_with_the_player_on_roll():
    r, after = light_played()
    for _ in range(3):
        r.show(after.swap(), "dark", wrong={19: -1, 17: -1})  # seven of dark's checkers unseen
    assert r.tracker.state.turn == "dark"


def test_a_play_whose_roll_was_missed_is_still_told():
    r, after = light_played()
    board = after.swap()
    played = _play(board, (6, 4), "24/18 13/9")
    r.show(played, "dark")  # the roll never read
    r.show(played, "dark")
    plays = [(e["player"], e.get("play"), e.get("legal")) for e in r.events if e["type"] == "play"]
    assert plays == [("light", "8/5 6/5", True), ("dark", "24/18 13/9", True)]


def test_a_play_read_short_where_checkers_arrived_still_passes_the_turn():
    r, after = light_played()
    board = after.swap()
    played = _play(board, (6, 4), "24/18 13/9")
    for _ in range(3):  # his roll never read; his 6-point (geometric 19, five checkers) read three
        r.show(played, "dark", wrong={19: -3})
    assert r.tracker.state.turn == "light"
    assert r.alarms() == []
