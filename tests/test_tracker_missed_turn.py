"""A reading that shows the mover's legal play and then the opponent's is a missed turn, never an illegal play."""

from __future__ import annotations

from device.tracker import _opponent_played_on
from rules.moves import legal_results
from rules.position import Position


def test_a_legal_play_then_the_opponents_play_is_a_missed_turn():
    start = Position.start()
    mine = next(iter(legal_results(start, 3, 1)))  # any legal play of 3-1
    theirs = next(iter(legal_results(mine.swap(), 6, 5))).swap()  # then the opponent plays 6-5
    assert theirs not in legal_results(start, 3, 1)
    assert _opponent_played_on(start, (3, 1), theirs)


def test_an_illegal_play_alone_is_not_taken_for_a_missed_turn():
    start = Position.start()
    wrong = next(iter(legal_results(start, 6, 6)))  # 6-6 played on a 3-1: the opponent's checkers untouched
    assert wrong not in legal_results(start, 3, 1)
    assert not _opponent_played_on(start, (3, 1), wrong)
