"""A die seen where it lay with no face made out stays in doubt, though a later look reads the roll's face again.

Judging game 59535, frame 46 (dice of 10 px at 960x540): dark's 6 was read 4 when the roll was taken, faceless in
the three looks after, and 4 again in the next. The look that read 4 again confirmed the roll, and his 24/18 8/3 on
6-5 was called 'do not match the roll 5-4': a false alarm. A die too small or blurred to read is misread alike
every time, so a look that saw it faceless keeps it in doubt: a foul that another face of it makes legal is not
judged. A foul no face of that die makes legal is still called, and a roll whose dice were always read is judged as
before.
"""

from __future__ import annotations

from rules.position import Position
from tests.test_tracker_die_gone import dark_rolled, foul_from_24_is_called, play_is_not_judged
from tests.test_tracker_faults import Reader, _play
from vision.observation import DieReading


def _die(value, x: float) -> DieReading:
    return DieReading(value=value, flat=True, center=[x, 400.0], half="left")


def _dark_rolls_read(first: int, second: int, faceless: bool = True) -> tuple[Reader, Position]:
    """Light's opening 3-1 played; dark's roll read first-second; the first die faceless in looks after (or not),
    then read with the roll's face again."""
    r, board = dark_rolled(first, second)
    for _ in range(3):
        r.show(board, "dark", (_die(None if faceless else first, 300.0), _die(second, 420.0)))
    r.show(board, "dark", (_die(first, 300.0), _die(second, 420.0)))  # the same face read on it again
    return r, board


def test_a_play_legal_with_another_face_of_a_faceless_die_is_not_judged():
    r, board = _dark_rolls_read(4, 5)  # a 6-5 read 4-5, the 6 faceless in three looks
    play_is_not_judged(r, _play(board, (6, 5), "24/18 13/8"))


def test_the_same_foul_on_dice_always_read_is_called():
    r, board = _dark_rolls_read(4, 5, faceless=False)
    played = _play(board, (6, 5), "24/18 13/8")
    for _ in range(3):
        r.show(played, "dark")
    assert [(e["type"], e["player"], e["legal"]) for e in r.alarms()] == [("play", "dark", False)]


def test_a_foul_no_face_of_the_faceless_die_makes_legal_is_still_called():
    r, board = _dark_rolls_read(4, 5)
    foul_from_24_is_called(r, board, 11)  # 24/11: thirteen pips, no face with a 5 plays it
