"""A play weighed only once the opponent's dice are down, on a reading short of a checker (issue 6, race game 4242).

Dark's play could not be weighed while his dice lay (a reading short of one of his checkers, the trays unsure);
light rolled and played, and dark's play was judged on his own checkers only, on the reading with light's dice
down and light's play already on the board. Two things went wrong there: light's roll in that same reading was
never taken (so dark's next roll was called 'out of turn'), and light's moved checkers were kept as the reader's
steady misread of the believed board (so light's play read as 'no checker moved'). Exact events, no alarm.
"""

from __future__ import annotations

from rules.position import Position
from tests.daemon_scenes import die, scene
from tests.test_tracker_faults import SEATING, START, Reader, _play, light_played

UNSURE_TRAYS = {"light": 0.2, "dark": 0.2}  # the reader's trays unsure: no evidence either way


def _show(r: Reader, position: Position, mover: str, dice: tuple = (), short: int = 0) -> list[dict]:
    """The scene as read with ``short`` checkers missed on dark's 6-point stack and both trays read unsure."""
    obs = scene(SEATING, position, mover, dice, confidence=[0.95] * 24)
    six = next(i for i, n in enumerate(obs.points) if n == -5 and SEATING.board(position, mover).points[i] == -5)
    obs.points[six] += short
    obs.off, obs.extra["off_confidence"] = {"light": 0, "dark": 0}, dict(UNSURE_TRAYS)
    r.frame += 5
    out = r.tracker.feed(obs, r.frame, r.frame / 10)
    r.events.extend(out)
    return out


def test_the_opponents_roll_in_the_verdicts_reading_is_taken_and_his_play_judged():
    r = Reader()
    r.start(3, 1)
    light = _play(START, (3, 1), "8/5 6/5")
    r.show(light, "light")
    r.show(light.swap(), "dark", (die(6, "left"), die(4, "left")))
    dark = _play(light.swap(), (6, 4), "24/14")
    _show(r, dark, "dark", (die(6, "left"), die(4, "left")), short=1)  # dark's dice down, his 6-point read short
    light2 = _play(dark.swap(), (5, 2), "13/8 6/4")
    out = _show(r, light2, "light", (die(5, "right"), die(2, "right")), short=1)  # light rolled and played
    assert [(e["type"], e.get("player"), e.get("play") or e.get("dice")) for e in out] == [
        ("play", "dark", "24/14"), ("roll", "light", [5, 2])]
    out = _show(r, light2, "light", short=1)  # light's dice lifted
    assert [(e["type"], e.get("player"), e.get("play"), e.get("legal")) for e in out] == [
        ("play", "light", "13/8 6/4", True)]
    out = _show(r, light2.swap(), "dark", (die(3, "left"), die(3, "left")), short=1)
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out] == [("roll", "dark", [3, 3])]
    assert r.alarms() == []


def _waited_through_turns(last_seen: str) -> tuple[Reader, Position]:
    """Light played 8/5 6/5, dark rolled 6-4; dark's play went unweighed while light's roll, dark's next roll and
    (``last_seen`` "light") light's next were seen. Then the dice are lifted on a board that holds those plays."""
    from tests.test_tracker_issue6_alarms import _obs

    r, after = light_played()
    r.show(after.swap(), "dark", (die(6, "left"), die(4, "left")))
    t = r.tracker
    t._note_turns(_obs(r, after, (die(3, "right"), die(1, "right"))))  # light's roll
    t._note_turns(_obs(r, after, (die(5, "left"), die(2, "left"))))  # dark's next
    if last_seen == "light":
        t._note_turns(_obs(r, after, (die(4, "right"), die(4, "right"))))  # and light's next
    assert t._turn_passed()
    wrong = list(after.swap().player)
    wrong[12], wrong[10] = wrong[12] - 1, wrong[10] + 1  # not one play of a 6-4: the board holds later plays
    board = Position(tuple(wrong), after.swap().opponent)
    out = r.show(board, "dark")
    assert [(e["type"], e.get("code")) for e in out] == [("warning", "unsure_reading")]
    return r, board


def test_after_turns_went_by_unweighed_the_player_whose_dice_were_not_seen_last_rolls():
    r, board = _waited_through_turns("light")  # light's dice seen last, now lifted: dark is on roll
    out = r.show(board, "dark", (die(2, "left"), die(1, "left")))
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out] == [("roll", "dark", [2, 1])]
    assert r.alarms() == []


def test_after_turns_went_by_unweighed_with_the_movers_dice_seen_last_his_opponent_rolls():
    r, board = _waited_through_turns("dark")
    out = r.show(board.swap(), "light", (die(2, "right"), die(1, "right")))
    assert [(e["type"], e.get("player"), e.get("dice")) for e in out] == [("roll", "light", [2, 1])]
    assert r.alarms() == []
