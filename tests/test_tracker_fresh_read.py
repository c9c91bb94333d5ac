"""A foul on a roll read with one die is called on two reads of the picture, not one read twice (issue 6).

Why: the stabiliser accepts a still scene on two agreeing readings, but the reader answers a frame that looks
unchanged with its last observation (``extra["unchanged"]``), so the second 'reading' may be the first again. Render
8181 frame 1520: dark's 1-1 read with one die, his lone checker beside the bar missed at confidence 1.0 in one read
(found in the next frame's), and his legal 4/1* 2/1 was called illegal as 7/1 4/1 "whatever the other die shows".
A foul that already rests on a turn the reader sees badly (one die unread) must show in a fresh read too.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING, Reader, _play, light_played
from tests.test_tracker_lone_die_foul import LONE_FIVE


def _show(r: Reader, position: Position, mover: str, dice: tuple = (), unchanged: bool = False) -> list[dict]:
    """One accepted reading of ``position``; ``unchanged``: the reader's answer for a frame that looked unchanged
    (its last observation again)."""
    obs = scene(SEATING, position, mover, dice, confidence=[0.95] * 24)
    obs.extra["unchanged"] = unchanged
    r.read_trays(obs)
    r.frame += 5
    out = r.tracker.feed(obs, r.frame, r.frame / 10)
    r.events.extend(out)
    return out


def _dark_rolls_a_lone_five() -> tuple[Reader, Position]:
    """Light opened 3-1 (8/5 6/5); dark's roll is read with its 5 only, in many readings."""
    r, after = light_played()
    for _ in range(5):
        _show(r, after.swap(), "dark", LONE_FIVE)
    return r, after


def _two_ones(after: Position) -> Position:
    """Dark's 6/5(2): two 1s, which no roll with a 5 holds."""
    mine = list(after.swap().player)
    mine[5], mine[4] = mine[5] - 2, mine[4] + 2
    return Position(tuple(mine), after.swap().opponent)


def _fouls(r: Reader) -> list[dict]:
    return [e for e in r.events if e["type"] == "play" and e["legal"] is False]


def test_a_lone_die_foul_read_once_waits_for_a_fresh_read_then_is_called():
    r, after = _dark_rolls_a_lone_five()
    played = _two_ones(after)
    _show(r, played, "dark", LONE_FIVE)
    out = _show(r, played, "dark", unchanged=True)  # the dice lifted; this 'reading' is the last one again
    assert not any(e["type"] == "play" for e in out)  # read once: not yet a foul
    assert r.tracker.needs_reread  # the referee makes the reader look again
    r.tracker.needs_reread = False
    _show(r, played, "dark")  # the fresh read shows the same board
    fouls = _fouls(r)
    assert len(fouls) == 1 and fouls[0]["other_die_unseen"] is True
    assert len(r.alarms()) == 1


def test_a_lone_die_foul_the_fresh_read_does_not_show_is_no_foul():
    r, after = _dark_rolls_a_lone_five()
    misread = _two_ones(after)  # what one read made of dark's legal 13/8 6/5 on 5-1
    _show(r, misread, "dark", LONE_FIVE)
    _show(r, misread, "dark", unchanged=True)
    _show(r, _play(after.swap(), (5, 1), "13/8 6/5"), "dark")  # the fresh read
    assert _fouls(r) == [] and r.alarms() == []
    plays = [e for e in r.events if e["type"] == "play"]
    assert [(p["play"], p["legal"]) for p in plays[-1:]] == [("13/8 6/5", True)]


def test_a_lone_die_foul_read_afresh_twice_is_called_at_once():
    # two full reads agreeing (no 'unchanged' answer): no third look, the verdict is not delayed
    r, after = _dark_rolls_a_lone_five()
    played = _two_ones(after)
    _show(r, played, "dark", LONE_FIVE)
    _show(r, played, "dark")
    assert len(_fouls(r)) == 1


def test_a_foul_on_a_roll_read_whole_is_called_on_the_accepted_reading():
    # both dice read: the foul rests on the roll and the board read whole, and is not held for another look
    # (a fresh read of a whole board differs somewhere as often as not: holding every foul made 13 verdicts late)
    r, after = light_played()
    _show(r, after.swap(), "dark", (die(6, "left"), die(4, "left")))
    mine = list(after.swap().player)
    mine[12], mine[10] = mine[12] - 1, mine[10] + 1  # 13/11 on a 6-4
    out = _show(r, Position(tuple(mine), after.swap().opponent), "dark", unchanged=True)
    assert [(e["type"], e["legal"]) for e in out if e["type"] == "play"] == [("play", False)]
