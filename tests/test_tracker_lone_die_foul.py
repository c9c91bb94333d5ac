"""A roll read with one die only, and a play no roll with that die allows: illegal whatever the unseen die shows.

Why: the reader misses a die now and then (a white die on a cream board, a red die on red felt), and every play on
such a roll went unjudged, fouls as well (render 24535 frame 563: light's 13/9 with three checkers on the bar, his
4 never found). When the board is read whole, exactly as read, and no roll holding the die that was read leads
there, the foul rests on no guess; it is said with the die read only (``dice: [5]``, ``other_die_unseen: true``).
"""

from __future__ import annotations

from device.events import describe
from rules.position import Position
from tests.test_tracker_faults import light_played
from vision.observation import DieReading

LONE_FIVE = (DieReading(5, True, [350.0, 400.0], "left"),)  # dark's right-hand half is the image's left


def _dark_plays_two_ones(reads: int) -> tuple[list[dict], list[dict]]:
    """Light opened 3-1 (8/5 6/5); dark's roll is read with its 5 only, ``reads`` times, then dark plays 6/5(2):
    two 1s, which no roll with a 5 holds."""
    r, after = light_played()
    for _ in range(reads):
        r.show(after.swap(), "dark", LONE_FIVE)
    mine = list(after.swap().player)
    mine[5], mine[4] = mine[5] - 2, mine[4] + 2
    played = Position(tuple(mine), after.swap().opponent)
    r.show(played, "dark", LONE_FIVE)
    out = r.show(played, "dark")  # the die lifted: the play is final
    return out, r.alarms()


def test_a_play_no_roll_with_the_die_read_allows_is_illegal_whatever_the_other_die():
    out, alarms = _dark_plays_two_ones(reads=5)
    plays = [e for e in out if e["type"] == "play"]
    assert len(plays) == 1
    play = plays[0]
    assert play["player"] == "dark" and play["legal"] is False
    assert play["dice"] == [5] and play["other_die_unseen"] is True  # the other die was never read: none is made up
    assert play["reason"] == ("the checkers moved (6/5 6/5) fit no roll with a 5 (only the 5 of the roll was read: "
                              "the play is illegal whatever the other die shows)")
    assert play["closest"] == []  # the legal plays nearest depend on the die not seen
    assert describe(play).startswith("ILLEGAL dark 5-?: the checkers moved (6/5 6/5) fit no roll with a 5")
    assert len(alarms) == 1
    assert not any(e["type"] == "roll" for e in out)  # no roll is announced on a guessed die


def test_a_lone_die_seen_in_a_few_readings_only_calls_no_foul():
    """A die seen alone in a few readings may be the first of a roll still landing: no foul on it."""
    out, alarms = _dark_plays_two_ones(reads=1)
    assert not any(e["type"] == "play" and e["legal"] is False for e in out)
    assert alarms == []


def test_a_reading_that_shows_part_of_a_legal_play_of_some_roll_with_the_die_calls_no_foul():
    """Dark's 5 read, the other die unseen, and the board shows 8/7 only: part of 13/8 8/7 (a 5-1) with one move
    unseen, as a referee that missed a die may well have missed a move (judging game 13535 frame 1085)."""
    r, after = light_played()
    for _ in range(5):
        r.show(after.swap(), "dark", LONE_FIVE)
    mine = list(after.swap().player)
    mine[7], mine[6] = mine[7] - 1, mine[6] + 1  # 8/7: a 1 alone, no roll with a 5 allows it
    played = Position(tuple(mine), after.swap().opponent)
    r.show(played, "dark", LONE_FIVE)
    out = r.show(played, "dark")
    assert not any(e["type"] == "play" and e["legal"] is False for e in out)
    assert r.alarms() == []
