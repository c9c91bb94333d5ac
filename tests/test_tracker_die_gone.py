"""A foul that another face of a die no look found again makes legal rests on that die: not judged, no alarm.

Rendered game g2703, frame 735: light's 4-1 was read 1-1 in the roll's readings (the 4 read as 1), and every later
look at the dice found the 1 where it lay and the other die nowhere (the reader misses dice: a die gone while the
other lies is no evidence against the roll, and a roll is corrected only on other faces read where it lay). His
bar/24* (legal on 4-1) was called 'plays only 1 of the four 1s of 1-1' at frame 761: a false alarm. A real foul
that no other face of the lost die makes legal is still called (bo8181 frame 298: a 6 beside the 4 unread for
good, three real fouls).
"""

from __future__ import annotations

from rules.position import Position
from tests.test_tracker_faults import Reader, _play, light_played
from vision.observation import DieReading


def _die(value: int, x: float) -> DieReading:
    return DieReading(value=value, flat=True, center=[x, 400.0], half="left")


def dark_rolled(first: int, second: int) -> tuple[Reader, Position]:
    """Light's opening 3-1 played 8/5 6/5; dark's roll read first-second (first at x 300, second at x 420)."""
    r, light = light_played()
    board = light.swap()
    r.show(board, "dark", (_die(first, 300.0), _die(second, 420.0)))
    return r, board


def _dark_rolls_read(first: int, second: int) -> tuple[Reader, Position]:
    """Light's opening 3-1 played; dark's roll read first-second, later looks finding only the second die."""
    r, board = dark_rolled(first, second)
    for _ in range(3):
        r.show(board, "dark", (_die(second, 420.0),))  # the other die not found again
    return r, board


def play_is_not_judged(r: Reader, played: Position) -> None:
    """Dark's play shown in three readings: no alarm, said not judged."""
    for _ in range(3):
        r.show(played, "dark")
    assert r.alarms() == []
    assert any(e.get("code") == "unsure_reading" and e.get("player") == "dark" for e in r.events)


def foul_from_24_is_called(r: Reader, board: Position, to: int) -> None:
    """Dark's checker moved from his 24-point to ``to`` (pips no face of the die in doubt plays), shown in three
    readings: called."""
    mine = list(board.player)
    mine[23], mine[to - 1] = mine[23] - 1, mine[to - 1] + 1
    foul = Position(tuple(mine), board.opponent)
    for _ in range(3):
        r.show(foul, "dark")
    assert [(e["type"], e["player"], e["legal"]) for e in r.alarms()] == [("play", "dark", False)]


def test_a_play_legal_with_another_face_of_the_die_lost_is_not_judged():
    r, board = _dark_rolls_read(1, 1)  # a 4-1 read 1-1
    play_is_not_judged(r, _play(board, (4, 1), "13/9 6/5"))


def test_a_foul_no_face_of_the_die_lost_makes_legal_is_still_called():
    r, board = _dark_rolls_read(6, 4)
    foul_from_24_is_called(r, board, 13)  # 24/13: eleven pips, no face with a 4 plays it
