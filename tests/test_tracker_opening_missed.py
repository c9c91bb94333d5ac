"""An opening roll never read, with an illegal opening play, must not leave the referee waiting for the opening.

Render 14535 (session 14's judging game): the opening 6 (a blue 13 px die on turquoise felt) was never read and
dark's opening play was illegal, so no opening roll could be told from it (`_missed_opening` tells only legal
plays). The referee waited for an opening roll while 20 later rolls were read, silent until a resync at frame 863.
A roll on one half of a board no longer at the start means play is on: a warning, then the game is followed.
"""

from __future__ import annotations

from device.seating import Seating
from device.tracker import GameTracker
from rules.moves import legal_plays
from rules.position import Position
from tests.daemon_scenes import Driver, die

START = Position.start()


def test_a_roll_after_an_unread_opening_and_an_illegal_opening_play_is_followed():
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    d.show(START, "light")
    d.show(START, "light")
    assert d.types() == ["setup"]
    # light plays as if with 6-6, which no opening roll is: an illegal opening play whose roll was never read
    played = legal_plays(START, 6, 6)[0].position
    d.show(played, "light")
    d.show(played, "light")
    dark = played.swap()
    roll = (die(5, seating.right_half("dark")), die(2, seating.right_half("dark")))
    d.show(dark, "dark", roll)
    d.show(dark, "dark", roll)
    warnings = [e for e in d.events if e["type"] == "warning"]
    assert warnings and "opening roll was not read" in warnings[-1]["message"] and not warnings[-1].get("alert")
    rolls = [e for e in d.events if e["type"] == "roll"]
    assert [(e["player"], sorted(e["dice"])) for e in rolls] == [("dark", [2, 5])]
    after = legal_plays(dark, 5, 2)[0].position
    d.show(after, "dark", roll)
    d.show(after, "dark")
    d.show(after, "dark")
    plays = [e for e in d.events if e["type"] == "play"]
    assert [(e["player"], e["legal"]) for e in plays] == [("dark", True)]
    assert not [e for e in d.events if e.get("alert_id") or e["type"] == "reroll"]  # no alarm anywhere


def test_dice_split_over_the_halves_on_a_moved_board_are_no_roll_to_follow():
    # the opening dice still lying (one on each half) while the opening play is made: the play tells the roll
    seating = Seating("bottom-right")
    d = Driver(GameTracker(), seating)
    d.show(START, "light")
    d.show(START, "light")
    played = legal_plays(START, 6, 6)[0].position
    opening = (die(6, seating.right_half("light")), die(None, seating.right_half("dark")))
    d.show(played, "light", opening)
    d.show(played, "light", opening)
    assert not [e for e in d.events if e["type"] == "warning" and "opening roll was not read" in e["message"]]
