"""A hit the referee missed is no foul of the player hit (issue 6, G3).

A held-out game: dark's play ``bar/23* 15/14*`` hit two light blots, but the tracker believed a play without the
hits (the light checkers on the bar were not read), with light's two checkers guessed on his 1-point. Light rolled
6-2 and entered one of them, ``bar/23*``; the reading showed the other still on the bar, which the believed board
could only explain as 'a checker moved backwards, 1/bar 1/23': an illegal-play alarm on a legal play. A player
never sends his own checker to the bar, and checkers never come back from the trays: such a reading says the
believed board is wrong. It is said as 'not sure' (a warning), never an alarm, and the board as read is believed.
The same holds for a board changed after a play was judged (a correction): one no play makes is not judged.
"""

from __future__ import annotations

from rules.position import Position
from device.tracker import _board_json
from tests.daemon_scenes import die
from tests.test_tracker_faults import SEATING, START, Reader, _play

DARK = {2: 1, 6: 5, 8: 3, 13: 4, 14: 1, 23: 1}  # dark's checkers, in dark's numbering (14 and 23 hit light's blots)
TRUE = Position.from_points({6: 5, 8: 3, 13: 5}, DARK, player_bar=2)  # light on roll, both hit checkers on the bar


def _light_to_roll_believing(believed: Position) -> Reader:
    """A game under way, light to roll next, with the tracker believing ``believed`` (as a missed hit leaves it)."""
    r = Reader()
    r.start(6, 2)
    r.show(_play(START, (6, 2), "24/18 13/11"), "light")
    st = r.tracker.state
    st.turn, st.board = "light", _board_json(SEATING.board(believed, "light"))
    return r


def _light_enters(r: Reader) -> Position:
    r.show(TRUE, "light", (die(6, "right"), die(2, "right")))
    after = _play(TRUE, (6, 2), "bar/23*")  # the only play: the 6 is blocked by dark's 6-point
    for _ in range(4):
        r.show(after, "light")
    return after


def test_an_own_checker_on_the_bar_after_a_missed_hit_is_not_judged_and_no_alarm():
    r = _light_to_roll_believing(Position.from_points({1: 2, 6: 5, 8: 3, 13: 5}, DARK))
    after = _light_enters(r)
    assert r.alarms() == []
    said = [(e["type"], e.get("code"), e.get("player")) for e in r.events[3:]]
    assert said == [("roll", None, "light"), ("warning", "unsure_reading", "light")]
    assert "hit" in r.events[-1]["message"]
    st = r.tracker.state
    assert (st.phase, st.turn) == ("awaiting", "dark")
    assert st.board == _board_json(SEATING.board(after, "light"))  # the board as read (all sure) is believed
    r.show(after.swap(), "dark", (die(3, "left"), die(1, "left")))
    r.show(_play(after.swap(), (3, 1), "bar/22 6/5"), "dark")
    plays = [(e["player"], e["play"], e["legal"]) for e in r.events if e["type"] == "play"]
    assert plays[-1] == ("dark", "bar/22 6/5", True)  # judged again from the board as read
    assert r.alarms() == []


def test_a_foul_on_a_board_believed_right_is_still_called():
    r = _light_to_roll_believing(TRUE)
    r.show(TRUE, "light", (die(6, "right"), die(2, "right")))
    mine = list(_play(TRUE, (6, 2), "bar/23*").player)
    mine[7], mine[5] = mine[7] - 1, mine[5] + 1  # and 8/6 as well: a 2 the roll does not give again
    foul = Position(tuple(mine), _play(TRUE, (6, 2), "bar/23*").opponent)
    for _ in range(4):
        r.show(foul, "light")
    assert [(e["type"], e.get("player"), e.get("legal")) for e in r.alarms()] == [("play", "light", False)]


def _light_changes_his_play(to_bar: bool) -> Reader:
    """Light's 3-1 judged as 8/5 6/5; before dark rolls the board shows 24/23 13/10 instead, with one of light's
    back checkers on the bar or not."""
    r = Reader()
    r.start(3, 1)
    after = _play(START, (3, 1), "8/5 6/5")
    for _ in range(2):
        r.show(after, "light")
    changed = list(_play(START, (3, 1), "24/23 13/10").player)
    if to_bar:
        changed[23], changed[24] = changed[23] - 1, changed[24] + 1  # his 24-point checker on the bar
    shown = Position(tuple(changed), after.opponent).swap()
    for _ in range(4):
        r.show(shown, "dark")
    for _ in range(3):
        r.show(shown, "dark", (die(6, "left"), die(4, "left")))
    return r


def test_a_change_after_the_verdict_that_no_play_makes_is_not_judged():
    moved, knocked = _light_changes_his_play(False), _light_changes_his_play(True)
    assert [(e["play"], e.get("corrected")) for e in moved.events if e["type"] == "play"][-1] == (
        "24/23 13/10", True)  # a play changed before the opponent rolls is judged again
    assert knocked.alarms() == []
    assert [(e["type"], e.get("code")) for e in knocked.events[3:]] == [("warning", "unsure_reading"), ("roll", None)]
