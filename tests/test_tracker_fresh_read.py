"""An illegal board read once is looked at again before it is called (issue 6).

Why: the stabiliser accepts a still scene on two agreeing readings, but the reader answers a frame that looks
unchanged with its last observation (``extra["unchanged"]``), so the second 'reading' is the first again. Render 8181
frame 1520: dark's lone checker beside the bar was missed at confidence 1.0 in one read, found in the next frame's,
and dark's legal 4/1* 2/1 on 1-1 was called illegal as 7/1 4/1. A foul must rest on two reads of the picture.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die
from tests.test_tracker_faults import SEATING, Reader, _play, light_played


def _dark_rolls_6_4() -> tuple[Reader, Position]:
    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    return r, after


def _thirteen_eleven(after: Position) -> Position:
    """13/11 on a 6-4: one checker moved 2 pips, illegal."""
    mine = list(after.swap().player)
    mine[12], mine[10] = mine[12] - 1, mine[10] + 1
    return Position(tuple(mine), after.swap().opponent)


def _show_once(r: Reader, position: Position, mover: str, unchanged: bool) -> list[dict]:
    """One accepted reading of ``position``; ``unchanged``: the reader's answer for a frame that looked unchanged."""
    from tests.daemon_scenes import scene

    obs = scene(SEATING, position, mover, confidence=[0.95] * 24)
    obs.extra["unchanged"] = unchanged
    r.read_trays(obs)
    r.frame += 5
    out = r.tracker.feed(obs, r.frame, r.frame / 10)
    r.events.extend(out)
    return out


def test_an_illegal_board_read_once_waits_for_a_fresh_read_then_is_called():
    r, after = _dark_rolls_6_4()
    illegal = _thirteen_eleven(after)
    out = _show_once(r, illegal, "dark", unchanged=True)
    assert not any(e["type"] == "play" for e in out)  # read once: not yet a foul
    assert r.tracker.needs_reread  # the referee makes the reader look again
    r.tracker.needs_reread = False
    out = _show_once(r, illegal, "dark", unchanged=False)  # the fresh read shows the same board
    assert [(e["type"], e["legal"]) for e in out if e["type"] == "play"] == [("play", False)]
    assert len(r.alarms()) == 1


def test_an_illegal_board_read_once_that_the_fresh_read_does_not_show_is_no_foul():
    r, after = _dark_rolls_6_4()
    legal = _play(after.swap(), (6, 4), "24/18 13/9")
    misread = _thirteen_eleven(after)  # a misread of some other play
    _show_once(r, misread, "dark", unchanged=True)
    out = _show_once(r, legal, "dark", unchanged=False)
    plays = [e for e in out if e["type"] == "play"]
    assert [(p["play"], p["legal"]) for p in plays] == [("24/18 13/9", True)]
    assert r.alarms() == []


def test_an_illegal_board_read_twice_afresh_is_called_at_once():
    # two full reads agreeing (no 'unchanged' answer): the foul needs no third look, so the verdict is not delayed
    r, after = _dark_rolls_6_4()
    out = _show_once(r, _thirteen_eleven(after), "dark", unchanged=False)
    assert [(e["type"], e["legal"]) for e in out if e["type"] == "play"] == [("play", False)]
